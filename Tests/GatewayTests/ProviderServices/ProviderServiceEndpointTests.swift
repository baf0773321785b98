import Foundation
import InteropSupport
import Testing

@testable import Gateway

/// A provider service's settings are checked at start: each mistake is one line naming the
/// flag and the fix.
@Suite(.enabled(if: PythonPeer.isAvailable("cryptography")))
struct ProviderServiceEndpointTests {
    private func refusal(
        _ url: String, certificate: String? = nil, key: String? = nil, ca: String? = nil
    ) -> String? {
        do {
            _ = try ProviderServiceEndpoint(url: url, clientCertificateFile: certificate, clientKeyFile: key, caFile: ca, flag: "--card-data-service")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func onlyHTTPSIsTaken() {
        #expect(refusal("http://localhost:8443/decrypt")?.hasPrefix("--card-data-service must be an https:// URL") == true)
        #expect(refusal("localhost:8443")?.hasPrefix("--card-data-service must be an https:// URL") == true)
        #expect(refusal("https:///decrypt") != nil)
        #expect(refusal("http://user:secret@localhost/decrypt")?.contains("secret") == false)
    }

    @Test func aCertificateNeedsItsKeyAndBothMustRead() throws {
        let pki = try ProviderTestPKI.shared()
        let url = "https://localhost:8443/decrypt"
        #expect(refusal(url) == nil)
        #expect(refusal(url, certificate: pki.gatewayCertificate, key: pki.gatewayKey, ca: pki.ca) == nil)
        #expect(refusal(url, certificate: pki.gatewayCertificate) == "--card-data-service-cert needs --card-data-service-key: mutual TLS takes the client certificate and its key together")
        #expect(refusal(url, key: pki.gatewayKey) == "--card-data-service-key needs --card-data-service-cert: mutual TLS takes the client certificate and its key together")
        #expect(refusal(url, certificate: pki.file("missing.pem"), key: pki.gatewayKey)?.hasPrefix("cannot read --card-data-service-cert") == true)
        #expect(refusal(url, certificate: pki.gatewayKey, key: pki.gatewayKey)?.contains("--card-data-service-cert") == true)
        #expect(refusal(url, certificate: pki.gatewayCertificate, key: pki.gatewayCertificate)?.hasPrefix("cannot read --card-data-service-key") == true)
        #expect(refusal(url, certificate: pki.gatewayCertificate, key: pki.strangerKey)?.contains("is not the key of --card-data-service-cert") == true)
        #expect(refusal(url, ca: pki.gatewayKey)?.hasPrefix("cannot read --card-data-service-ca") == true)
    }
}
