import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Testing
import TestSupport

/// `--card-data remote`: taps opened by the provider's decryption service (the sample,
/// samples/decryption_service.py, a real process over mutual TLS), then checked as Tapline's
/// own: binding, replay, age, amount. A service that cannot answer is a 503 and nothing is
/// written.
@Suite("Remote card data: the provider's decryption service opens the tap", .enabled(if: DecryptionServiceRig.isAvailable))
struct RemoteCardDataTests {
    /// Runs `body` with a gateway whose card data the rig's service (with `fault`) opens. PINs
    /// (hex keys): the service translates them under `pinKeys.service` (or leaves the reader's
    /// block with `leavePINBlock`), the gateway deciphers them under `pinKeys.gateway`.
    static func withService(
        fault: String = "none", pinKeys: (service: String?, gateway: String?) = (nil, nil), leavePINBlock: Bool = false,
        endpoint: ((DecryptionServiceRig, Int) throws -> ProviderServiceEndpoint)? = nil,
        _ body: @escaping @Sendable (TestSession, DecryptionServiceRig) async throws -> Void
    ) async throws {
        let rig = try DecryptionServiceRig.make()
        defer { rig.remove() }
        let service = try rig.startService(fault: fault, pinKey: pinKeys.service, leavePINBlock: leavePINBlock)
        do {
            let harness = try await rig.harness(
                try endpoint?(rig, service.port) ?? rig.endpoint(port: service.port), pinKey: pinKeys.gateway)
            try await harness.test { session in
                try await session.activateDevice()
                try await body(session, rig)
            }
        } catch {
            await service.stop()
            throw error
        }
        await service.stop()
    }

    /// The merchant's transactions: none after a refused tap.
    static func transactionCount(_ session: TestSession) async throws -> Int {
        try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total
    }

    /// The service sees what each route's request asks: `/v1` its amount with tip, Koard its
    /// total, Halo nothing (its request names no amount).
    @Test func theServiceIsToldTheAmountTheRequestAsks() async throws {
        try await Self.withService { session, rig in
            let v1 = try await session.send(
                .post, APIPath.sale, json: TapRouteTests.body(try session.tap(amount: 1_200), extra: #","amount":1000,"tipAmount":200,"currency":"USD""#),
                headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(v1.status == 201, "\(v1.text)")
            #expect(try await session.koardTap(amount: 2_000).status == 201)
            #expect(try await session.apple(try session.tap(amount: 1_250)).status == 200)
            #expect(try rig.journal().map { $0["asked"] } == ["1200 USD", "2000 USD", nil])
        }
    }

    @Test func aTapThroughTheServiceWithMutualTLSIsApprovedAndItsReadIsUsedOnce() async throws {
        try await Self.withService { session, rig in
            let sealed = try session.tap(amount: 1250)
            let reply = try await session.apple(sealed)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.halo?.type == "Approved")
            #expect(reply.halo?.amount == 1250)
            let replay = try await session.apple(sealed, reference: "INV-2")
            #expect(replay.status == 409, "\(replay.text)")
            #expect(replay.error?.code == "card_read_replayed")
            #expect(try await Self.transactionCount(session) == 1)
            // The journal knows who asked and what happened, nothing of the card.
            let journal = try rig.journal()
            #expect(journal.count == 2)
            #expect(journal.first == ["merchantId": session.harness.merchantId, "deviceId": TestSession.deviceId, "outcome": "opened"])
        }
    }

    @Test func aV1SaleThroughTheServiceChecksTheRequestedAmount() async throws {
        try await Self.withService { session, _ in
            let headers: HTTPFields = [TestSession.deviceHeader: TestSession.deviceId]
            let wrong = try await session.send(
                .post, APIPath.sale, json: TapRouteTests.body(try session.tap(amount: 5000), extra: #","amount":4000,"currency":"USD""#),
                headers: headers)
            #expect(wrong.status == 400, "\(wrong.text)")
            #expect(wrong.error?.code == "card_read_mismatch")
            #expect(try await Self.transactionCount(session) == 0)
            let right = try await session.send(
                .post, APIPath.sale, json: TapRouteTests.body(try session.tap(amount: 5000), extra: #","amount":5000,"currency":"USD""#),
                headers: headers)
            #expect(right.status == 201, "\(right.text)")
        }
    }

    @Test func aReadTheServiceSaysWasMadeOnAnotherDeviceIsRefusedAndWritesNothing() async throws {
        try await Self.withService { session, _ in
            let elsewhere = try session.reader(for: TapBindingTests.otherDevice).tap(
                pan: TestCards.visaApproved.pan, amount: 1000, currencyCode: 840, kind: .purchase, readAt: session.harness.clock.now())
            let reply = try await session.apple(elsewhere)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "card_read_wrong_reader")
            #expect(try await Self.transactionCount(session) == 0)
        }
    }

    @Test func aStaleReadIsRefused() async throws {
        try await Self.withService { session, _ in
            let reply = try await session.apple(try session.tap(readAgo: 120))
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "card_read_stale")
            #expect(try await Self.transactionCount(session) == 0)
        }
    }

    @Test func dataTheServiceCannotOpenIsRefusedAsCardData() async throws {
        try await Self.withService { session, rig in
            let sealed = SealedCardData(
                generalCardData: try session.tap().generalCardData, paymentCardData: Data("not a jwe".utf8).base64EncodedString())
            let reply = try await session.apple(sealed)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "invalid_card_data")
            #expect(try rig.journal().map { $0["outcome"] } == ["refused"])
        }
    }

    @Test(arguments: ["garbage", "huge", "error", "close", "slow"])
    func aServiceThatGivesNoUsableAnswerIs503AndWritesNothing(fault: String) async throws {
        try await Self.withService(fault: fault, endpoint: { rig, port in try rig.endpoint(port: port, timeout: .seconds(1)) }) { session, _ in
            try await Self.expectUnavailable(session)
        }
    }

    @Test(arguments: [
        (client: nil, ca: "ca.pem"), (client: "stranger", ca: "ca.pem"), (client: "gateway", ca: "stranger-ca.pem"),
    ] as [(client: String?, ca: String)])
    func aTLSMismatchIs503AndWritesNothing(client: String?, ca: String) async throws {
        try await Self.withService(endpoint: { rig, port in try rig.endpoint(port: port, client: client, ca: ca) }) { session, rig in
            try await Self.expectUnavailable(session)
            #expect(try rig.journal().isEmpty)
        }
    }

    @Test func aServiceThatIsDownIs503AndWritesNothing() async throws {
        let rig = try DecryptionServiceRig.make()
        defer { rig.remove() }
        let service = try rig.startService()
        await service.stop()
        let harness = try await rig.harness(try rig.endpoint(port: service.port))
        try await harness.test { session in
            try await session.activateDevice()
            try await Self.expectUnavailable(session)
        }
    }

    /// A tap on the Halo route and on `/v1` both answer 503 `card_data_service_unavailable`
    /// and leave no transaction behind.
    static func expectUnavailable(_ session: TestSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let halo = try await session.apple(try session.tap())
        #expect(halo.status == 503, "\(halo.text)", sourceLocation: sourceLocation)
        #expect(halo.error?.code == "card_data_service_unavailable", sourceLocation: sourceLocation)
        let v1 = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try session.tap()),
                                        headers: [TestSession.deviceHeader: TestSession.deviceId])
        #expect(v1.status == 503, "\(v1.text)", sourceLocation: sourceLocation)
        #expect(v1.error?.code == "card_data_service_unavailable", sourceLocation: sourceLocation)
        #expect(try await transactionCount(session) == 0, sourceLocation: sourceLocation)
    }
}
