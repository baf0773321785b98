import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Every way the provider's token service can fail the gateway: the device gets a 503
/// `reader_token_service_unavailable` in the error envelope, and nothing is written (the
/// device's login is not recorded).
@Suite("Reader tokens: the provider's token service failing")
struct RemoteReaderTokenFaultTests {
    /// A failure: how the service runs and how the gateway is pointed at it.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var fault = "none"
        var down = false
        var client: String? = "gateway"
        var trustService = true
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "garbage", fault: "garbage"),
        Fault(name: "slow", fault: "slow"),
        Fault(name: "huge", fault: "huge"),
        Fault(name: "error", fault: "error"),
        Fault(name: "close", fault: "close"),
        Fault(name: "nothing listening", down: true),
        Fault(name: "no client certificate", client: nil),
        Fault(name: "a stranger's client certificate", client: "stranger"),
        Fault(name: "the service's certificate not trusted", trustService: false),
    ]

    @Test(arguments: faults)
    func theDeviceGetsA503AndNothingIsWritten(_ fault: Fault) async throws {
        let service = fault.down ? try TokenServiceProcess.pkiOnly() : try TokenServiceProcess.start(fault: fault.fault)
        let environment = service.environment(client: fault.client, trustService: fault.trustService, timeout: 1)
        let harness = try await GatewayHarness.make(configuration: try ConfigurationOverrides().resolve(environment: environment))
        try await harness.test { (session: TestSession) async throws in
            try await session.activeDevice()
            let before = try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: TestSession.phone) }
            harness.clock.advance(by: 60)
            let reply = try await session.send(.post, APIPath.readerToken(TestSession.phone))
            #expect(reply.status == 503, "\(reply.text)")
            #expect(reply.error?.code == "reader_token_service_unavailable", "\(reply.text)")
            #expect(reply.error?.message.contains("no token was issued and nothing was written, retry later") == true, "\(reply.text)")
            let after = try await harness.store.read { try await $0.device(merchantId: harness.merchantId, deviceId: TestSession.phone) }
            #expect(after == before, "no login was recorded")
            #expect(try service.journal().isEmpty, "the service issued no token")
        }
        await service.stop()
    }
}
