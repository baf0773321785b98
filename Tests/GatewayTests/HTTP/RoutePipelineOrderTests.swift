import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// The one order of `RoutePipeline`, observed from outside (docs/architecture.md, "Routes:
/// one table, one order"): authentication, permission, body limit, device, idempotency.
@Suite("Every route checks in one order")
struct RoutePipelineOrderTests {
    static let unknownDevice: HTTPFields = [TestSession.deviceHeader: "till-unknown", IdempotencyRouteTests.key: "order-1"]

    @Test func thePermissionComesBeforeTheDevice() async throws {
        let harness = try await GatewayHarness.make(permissions: [.featureTapToPayOnMobile])
        try await harness.test { (session: TestSession) async throws in
            let refund = try await session.send(.post, APIPath.tapRefund, json: "{}", headers: Self.unknownDevice)
            #expect(refund.status == 403)
            #expect(refund.error?.code == APIErrorCode.forbidden.rawValue)
            let koard = try await session.send(.post, KoardPath.payment, json: "{}", headers: Self.unknownDevice)
            #expect(koard.error?.code == APIErrorCode.forbidden.rawValue)
        }
    }

    @Test func theBodyLimitComesBeforeTheDevice() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let large = #"{"merchantReference":""# + String(repeating: "a", count: 1 << 20) + #""}"#
            let reply = try await session.send(.post, APIPath.appleTransaction, json: large, headers: Self.unknownDevice)
            #expect(reply.status == 413)
        }
    }

    /// A deactivated device is refused before its key is looked at: not 422 for a key reused
    /// with another body, and (MutatingRouteTests) not the stored answer for a retry.
    @Test func theDeviceComesBeforeTheIdempotencyKey() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let headers: HTTPFields = [TestSession.deviceHeader: TestSession.deviceId, IdempotencyRouteTests.key: "order-2"]
            let first = try await session.send(.post, KoardPath.payment, json: TestSession.koardBody(try session.tap(amount: 1_000), amount: 1_000),
                                               headers: headers)
            #expect(first.status == 201, "\(first.text)")
            #expect(try await session.send(.post, APIPath.deactivateTapToPay(TestSession.deviceId)).status == 200)
            let other = try await session.send(.post, KoardPath.payment, json: TestSession.koardBody(try session.tap(amount: 2_000), amount: 2_000),
                                               headers: headers)
            #expect(other.status == 403)
            #expect(other.error?.code == APIErrorCode.tapToPayInactive.rawValue)
        }
    }
}
