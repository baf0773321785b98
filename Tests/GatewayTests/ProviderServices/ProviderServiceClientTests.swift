import Foundation
import InteropSupport
import Testing

@testable import Gateway

/// The client the provider's token and decryption services are reached with, against a real
/// HTTPS service process (samples/provider_service.py) with mutual TLS and fault modes.
@Suite(.enabled(if: PythonPeer.isAvailable("cryptography")))
struct ProviderServiceClientTests {
    private let body = Data(#"{"paymentCardData":"c2VhbGVk","merchantId":"m_1"}"#.utf8)

    private func client(
        _ url: String, _ pki: ProviderTestPKI, certificate: String? = nil, key: String? = nil, ca: String? = nil,
        trustCA: Bool = true, timeout: Duration = .seconds(60)
    ) throws -> ProviderServiceClient {
        // A generous deadline: these tests prove refusals, not timing, and CI runs them beside
        // 1,500 others on two cores, where a handshake once took longer than 5 s.
        ProviderServiceClient(endpoint: try ProviderServiceEndpoint(
            url: url, clientCertificateFile: certificate, clientKeyFile: key, caFile: ca ?? (trustCA ? pki.ca : nil),
            timeout: timeout, flag: "--test-service"))
    }

    /// The reason `client`'s post failed, or nil when it answered.
    private func failure(_ client: ProviderServiceClient) async -> ProviderServiceError? {
        do {
            _ = try await client.post(body)
            return nil
        } catch {
            return error
        }
    }

    private func isUnreachable(_ error: ProviderServiceError?) -> Bool {
        if case .unreachable = error { return true }
        return false
    }

    @Test func mutualTLSExchangeAnswersTheServiceBody() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki)
        let answer = try await client(service.url, pki, certificate: pki.gatewayCertificate, key: pki.gatewayKey).post(body)
        let echoed = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
        #expect((echoed?["echo"] as? [String: String]) == ["paymentCardData": "c2VhbGVk", "merchantId": "m_1"])
        await service.stop()
    }

    @Test func aServiceAskingForAClientCertificateRefusesNoneAndAStrangers() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki)
        #expect(isUnreachable(await failure(try client(service.url, pki))))
        let stranger = try client(service.url, pki, certificate: pki.strangerCertificate, key: pki.strangerKey)
        #expect(isUnreachable(await failure(stranger)))
        await service.stop()
    }

    @Test func aServiceCertificateNotFromTheGivenAuthorityIsRefused() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki, mutual: false)
        // The system's roots do not know the sample CA, and neither does the stranger's CA.
        let untrusted = await failure(try client(service.url, pki, trustCA: false))
        #expect(isUnreachable(untrusted), "\(String(describing: untrusted))")
        let stranger = await failure(try client(service.url, pki, ca: pki.strangerCA))
        #expect(isUnreachable(stranger), "\(String(describing: stranger))")
        await service.stop()
    }

    @Test(arguments: [("error", ProviderServiceError.status(500)), ("huge", .tooLarge(64 * 1024))])
    func aFailingServiceGivesItsReason(fault: String, expected: ProviderServiceError) async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki, mutual: false, fault: fault)
        #expect(await failure(try client(service.url, pki)) == expected)
        await service.stop()
    }

    @Test func aRedirectIsRefusedNotFollowed() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki, mutual: false, status: 307)
        #expect(await failure(try client(service.url, pki)) == .status(307))
        await service.stop()
    }

    @Test func aServiceThatDoesNotAnswerInTimeTimesOut() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki, mutual: false, fault: "slow")
        let slow = await failure(try client(service.url, pki, timeout: .milliseconds(300)))
        #expect(slow == .timedOut, "\(String(describing: slow))")
        await service.stop()
    }

    @Test func aClosedConnectionOrAStoppedServiceIsUnreachable() async throws {
        let pki = try ProviderTestPKI.shared()
        let closing = try EchoServiceProcess(pki, mutual: false, fault: "close")
        #expect(isUnreachable(await failure(try client(closing.url, pki))))
        await closing.stop()
        #expect(isUnreachable(await failure(try client(closing.url, pki))))
    }

    @Test func garbageIsTheCallersToRefuse() async throws {
        let pki = try ProviderTestPKI.shared()
        let service = try EchoServiceProcess(pki, mutual: false, fault: "garbage")
        #expect(try await client(service.url, pki).post(body) == Data("<html>not json</html>".utf8))
        await service.stop()
    }
}
