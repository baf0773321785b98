import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// A keyed sale or authorization does not need `X-Device-Installation-Id`, but the header's
/// documented pattern holds whenever it is sent: a malformed one is 400, a well-formed one is
/// ignored (it names no device that must be registered).
@Suite("The device header on a keyed payment")
struct DeviceHeaderOnKeyedPaymentTests {
    static let header = HTTPField.Name(APIHeader.deviceInstallationId)!

    @Test(arguments: ["sale", "authorization"])
    func aMalformedDeviceHeaderIsRefusedOnKeyedCardData(_ kind: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, "/v1/transactions/\(kind)", json: TestSession.cardBody(), headers: [Self.header: "not a device/id"])
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "device_header_missing" && reply.error?.field == APIHeader.deviceInstallationId)
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0, "nothing was charged")
        }
    }

    @Test func aWellFormedDeviceHeaderIsIgnoredOnKeyedCardData() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: [Self.header: "never-registered-1"])
            #expect(reply.status == 201, "\(reply.text)")
        }
    }
}
