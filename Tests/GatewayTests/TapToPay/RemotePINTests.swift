import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Testing
import TestSupport

/// Single tap and PIN with `--card-data remote`: the sample decryption service (a real
/// process) translates the reader's format 4 PIN block into a format 0 block under the PIN
/// key it shares with the gateway (`pinBlock`), which the gateway deciphers; the PIN then
/// goes the way a PIN from Tapline's own JWE goes (the simulator takes 1234).
@Suite("Remote card data: single tap and PIN through the provider's PIN translation",
       .enabled(if: DecryptionServiceRig.translatesPINs))
struct RemotePINTests {
    /// The PIN key the service and the gateway share (double-length), and one of another set-up.
    static let pinKey = "0123456789ABCDEFFEDCBA9876543210"
    static let otherKey = "89ABCDEF0123456776543210FEDCBA9889ABCDEF01234567"
    static let pan = TestCards.pinRequired.pan
    static let shared = (service: pinKey as String?, gateway: pinKey as String?)

    static func post(_ session: TestSession, _ path: String, _ sealed: SealedCardData) async throws -> TestReply {
        try await session.send(.post, path, json: TapRouteTests.body(sealed), headers: [TestSession.deviceHeader: TestSession.deviceId])
    }

    /// A `/v1` sale the simulator soft-declines for its PIN.
    static func softDeclined(_ session: TestSession) async throws -> TransactionResource {
        let soft = try await post(session, APIPath.sale, try session.tap(pan: pan)).decode(TransactionResource.self)
        #expect(soft.status == .pinRequired)
        #expect(soft.processor?.responseCode == "65")
        return soft
    }

    /// The payment is still waiting for its PIN with every try left, and nothing was approved.
    static func expectUntouched(_ session: TestSession, _ soft: TransactionResource, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let now = try await session.send(.get, APIPath.transaction(soft.id)).decode(TransactionResource.self)
        #expect(now.status == .pinRequired, sourceLocation: sourceLocation)
        #expect(now.pin?.attemptsRemaining == soft.pin?.attemptsRemaining, sourceLocation: sourceLocation)
        #expect(await session.harness.processor.approvalCount(transactionId: soft.id) == 0, sourceLocation: sourceLocation)
    }

    @Test func onV1AWrongPINIsDeclined55AndTheRightOneApproves() async throws {
        try await RemoteCardDataTests.withService(pinKeys: Self.shared) { session, rig in
            let soft = try await Self.softDeclined(session)
            let token = try #require(soft.pin?.pinToken)
            let wrong = try await Self.post(session, APIPath.pin(soft.id), try session.tap(pan: Self.pan, pin: "9876", pinToken: token))
            let declined = try wrong.decode(TransactionResource.self)
            #expect(declined.processor?.responseCode == "55", "\(wrong.text)")
            #expect(declined.pin?.attemptsRemaining == (soft.pin?.attemptsRemaining ?? 0) - 1)
            let right = try await Self.post(session, APIPath.pin(soft.id), try session.tap(pan: Self.pan, pin: "1234", pinToken: token))
            #expect(right.status == 200, "\(right.text)")
            #expect(try right.decode(TransactionResource.self).status == .captured)
            #expect(try rig.journal().map { $0["pin"] } == [nil, "translated", "translated"])
        }
    }

    @Test func onHaloSubmitPinAppleAWrongPINIsInvalidPINDataAndTheRightOneApproves() async throws {
        try await RemoteCardDataTests.withService(pinKeys: Self.shared) { session, _ in
            let first = try #require(try await session.apple(try session.tap(pan: Self.pan)).halo)
            #expect(first.isSingleTapAndPin)
            let wrong = try #require(try await session.submitPIN(first.haloReference, try session.tap(
                pan: Self.pan, pin: "9999", pinToken: first.pinToken)).halo)
            #expect(wrong.type == "Declined")
            #expect(wrong.isoResponseCode == "55")
            #expect(wrong.isSingleTapAndPin)
            let right = try await session.submitPIN(first.haloReference, try session.tap(pan: Self.pan, pin: "1234", pinToken: first.pinToken))
            #expect(right.status == 201, "\(right.text)")
            #expect(right.halo?.type == "Approved")
            #expect(right.halo?.isoResponseCode == "00")
        }
    }

    /// The service and the gateway were given different keys: the block does not open, which
    /// is the reader's side (400), and the payment still waits with every try.
    @Test func aPINBlockUnderAnotherKeyIsInvalidPINBlockAndChangesNothing() async throws {
        try await RemoteCardDataTests.withService(pinKeys: (Self.otherKey, Self.pinKey)) { session, _ in
            let soft = try await Self.softDeclined(session)
            let reply = try await Self.post(session, APIPath.pin(soft.id), try session.tap(pan: Self.pan, pin: "1234", pinToken: soft.pin?.pinToken))
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "invalid_pin_block")
            #expect(!reply.text.contains("1234") && !reply.text.contains(Self.pan))
            try await Self.expectUntouched(session, soft)
        }
    }

    /// A pinBlock the gateway has no key for, or a reader's block left in the TLV: the set-up
    /// is wrong, not the card; 503 naming the flag, logged, nothing written.
    @Test(arguments: [(RemotePINTests.pinKey, nil, false), (nil, RemotePINTests.pinKey, true)] as [(String?, String?, Bool)])
    func aPINTheGatewayCannotDecipherIs503AndChangesNothing(servicePINKey: String?, gatewayPINKey: String?, leavePINBlock: Bool) async throws {
        try await RemoteCardDataTests.withService(pinKeys: (servicePINKey, gatewayPINKey), leavePINBlock: leavePINBlock) { session, _ in
            let soft = try await Self.softDeclined(session)
            let reply = try await Self.post(session, APIPath.pin(soft.id), try session.tap(pan: Self.pan, pin: "1234", pinToken: soft.pin?.pinToken))
            #expect(reply.status == 503, "\(reply.text)")
            #expect(reply.error?.code == "card_data_service_unavailable")
            #expect(reply.error?.message.contains("--card-data-service-pin-key") == true, "\(reply.text)")
            #expect(session.harness.logs.all.contains { $0.contains("decryption service gave no usable answer") && $0.contains("--card-data-service-pin-key") })
            try await Self.expectUntouched(session, soft)
        }
    }

    /// A service without a PIN key cannot open a PIN read: its 422 is the tap's 400.
    @Test func aServiceWithoutAPINKeyRefusesThePINRead() async throws {
        try await RemoteCardDataTests.withService(pinKeys: (nil, Self.pinKey)) { session, rig in
            let soft = try await Self.softDeclined(session)
            let reply = try await Self.post(session, APIPath.pin(soft.id), try session.tap(pan: Self.pan, pin: "1234", pinToken: soft.pin?.pinToken))
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "invalid_card_data")
            #expect(try rig.journal().last?["outcome"] == "refused")
            try await Self.expectUntouched(session, soft)
        }
    }
}
