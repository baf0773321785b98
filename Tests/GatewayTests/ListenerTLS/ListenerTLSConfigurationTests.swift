import Foundation
import InteropSupport
import Testing

@testable import Gateway

/// `--tls-certificate`, `--tls-key` and `--tls-client-ca`: read at start, and a file that
/// cannot be used stops it with one line naming the file and where it was set.
@Suite(.enabled(if: PythonPeer.isAvailable("cryptography")))
struct ListenerTLSConfigurationTests {
    private func resolve(_ flags: [ServerSetting: String], environment: [String: String] = [:]) throws -> GatewayConfiguration {
        var overrides = ConfigurationOverrides()
        overrides.flags = flags
        return try overrides.resolve(environment: environment)
    }

    private func refusal(_ flags: [ServerSetting: String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try resolve(flags, environment: environment)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func aCertificateAndItsKeyServeTLSWithSecureCookies() throws {
        let pki = try ProviderTestPKI.shared()
        let configuration = try resolve([.tlsCertificate: pki.serviceCertificate, .tlsKey: pki.serviceKey, .tlsClientCA: pki.ca])
        #expect(configuration.tls == ListenerTLSSettings(
            certificateFile: pki.serviceCertificate, keyFile: pki.serviceKey, clientCAFile: pki.ca))
        #expect(configuration.dashboard.secureCookies, "served over TLS, the dashboard's cookies are Secure")
        let plain = try resolve([.tlsCertificate: pki.serviceCertificate, .tlsKey: pki.serviceKey],
                                environment: ["TAPLINE_DASHBOARD_SECURE_COOKIES": "false"])
        #expect(!plain.dashboard.secureCookies, "the operator's own choice stands")
        #expect(try resolve([:]).tls == nil)
        #expect(try !resolve([:]).dashboard.secureCookies)
    }

    @Test func theEnvironmentNamesTheFilesToo() throws {
        let pki = try ProviderTestPKI.shared()
        let configuration = try resolve([:], environment: ["TAPLINE_TLS_CERTIFICATE": pki.serviceCertificate, "TAPLINE_TLS_KEY": pki.serviceKey])
        #expect(configuration.tls?.certificateFile == pki.serviceCertificate)
        #expect(refusal([:], environment: ["TAPLINE_TLS_CERTIFICATE": "/nowhere/cert.pem", "TAPLINE_TLS_KEY": pki.serviceKey])
            == "TAPLINE_TLS_CERTIFICATE: /nowhere/cert.pem cannot be read (missing, or no permission)")
    }

    @Test func aFileThatCannotBeUsedIsNamedWithWhereItWasSet() throws {
        let pki = try ProviderTestPKI.shared()
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("not-pem-\(UUID().uuidString).pem").path
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: notPEM))
        defer { try? FileManager.default.removeItem(atPath: notPEM) }
        let cert = pki.serviceCertificate, key = pki.serviceKey
        let cases: [([ServerSetting: String], String)] = [
            ([.tlsCertificate: "/nowhere/cert.pem", .tlsKey: key], "--tls-certificate: /nowhere/cert.pem cannot be read (missing, or no permission)"),
            ([.tlsCertificate: notPEM, .tlsKey: key], "--tls-certificate: \(notPEM) is not a PEM certificate chain"),
            ([.tlsCertificate: cert, .tlsKey: "/nowhere/key.pem"], "--tls-key: /nowhere/key.pem cannot be read (missing, or no permission)"),
            ([.tlsCertificate: cert, .tlsKey: notPEM], "--tls-key: \(notPEM) is not a PEM private key (an encrypted key is not read)"),
            ([.tlsCertificate: cert, .tlsKey: pki.gatewayKey], "--tls-key: \(pki.gatewayKey) is not the key of the certificate \(cert)"),
            ([.tlsCertificate: cert, .tlsKey: key, .tlsClientCA: notPEM], "--tls-client-ca: \(notPEM) cannot be read as PEM certificates"),
            ([.tlsCertificate: cert], "--tls-certificate needs --tls-key (its private key)"),
            ([.tlsKey: key], "--tls-key needs --tls-certificate (the certificate the API serves)"),
            ([.tlsClientCA: pki.ca], "--tls-client-ca needs --tls-certificate (the certificate the API serves)"),
        ]
        for (flags, message) in cases {
            #expect(refusal(flags) == message)
        }
    }

    @Test func aReloadThatFailsKeepsThePairInUse() throws {
        let pki = try ProviderTestPKI.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cert = folder.appendingPathComponent("cert.pem"), key = folder.appendingPathComponent("key.pem")
        try FileManager.default.copyItem(atPath: pki.serviceCertificate, toPath: cert.path)
        try FileManager.default.copyItem(atPath: pki.serviceKey, toPath: key.path)
        let certificate = try ServingCertificate(ListenerTLSSettings(certificateFile: cert.path, keyFile: key.path))
        let before = certificate.fingerprint
        try FileManager.default.removeItem(at: key)
        try FileManager.default.copyItem(atPath: pki.gatewayKey, toPath: key.path)
        #expect(throws: ListenerTLSFileError(file: .key, path: key.path, problem: "is not the key of the certificate \(cert.path)")) {
            try certificate.reload()
        }
        #expect(certificate.fingerprint == before)
        #expect(before.count == 64)
    }
}
