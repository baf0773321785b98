import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import Testing
import TestSupport

/// A sealed read is taken only from the device and merchant of the reader token it was
/// sealed under: card data read on one merchant's phone cannot be charged by another.
@Suite("Sealed card data is bound to its reader's device and merchant")
struct TapBindingTests {
    static let otherDevice = "5c0ffee0-0000-4000-8000-0000000000b2"

    /// Merchant B with an active device (by default the same installation id as A's: one
    /// phone under two merchants), and B's token.
    static func otherMerchant(_ session: TestSession, device: String = TestSession.deviceId) async throws -> String {
        let token = try await session.harness.otherMerchantToken(session.client)
        let registered = try await session.send(.post, APIPath.devices, json: #"{"deviceId":"\#(device)","deviceName":"B's till"}"#, token: token)
        #expect([200, 201].contains(registered.status), "\(registered.text)")
        #expect(try await session.send(.post, APIPath.activateTapToPay(device), token: token).status == 200)
        return token
    }

    @Test(arguments: [TestSession.deviceId, otherDevice])
    func aReadSealedForMerchantAIsRefusedForMerchantBAndWritesNothing(bDevice: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let tokenB = try await Self.otherMerchant(session, device: bDevice)
            let readForA = try session.tap()
            let stolen = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(readForA), token: tokenB,
                                                headers: [TestSession.deviceHeader: bDevice])
            #expect(stolen.status == 400, "\(stolen.text)")
            #expect(stolen.error?.code == "card_read_wrong_reader")
            #expect(stolen.error?.field == "paymentCardData")
            let listedForB = try await session.send(.get, APIPath.transactions, token: tokenB).decode(TransactionList.self)
            #expect(listedForB.total == 0)
            // Nothing was used up: the read is still good on the device it was made for.
            let own = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(readForA),
                                             headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(own.status == 201, "\(own.text)")
        }
    }

    /// Every route that takes sealed card data, with a read made on another device of the same merchant.
    @Test func everyTapRouteRefusesAReadFromAnotherDevice() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            try await session.activateDevice(Self.otherDevice)
            let elsewhere = session.reader(for: Self.otherDevice)
            let now = harness.clock.now()
            let purchase = try elsewhere.tap(readAt: now)
            let refund = try elsewhere.tap(kind: .refund, readAt: now)
            let pin = try elsewhere.tap(pan: TestCards.pinRequired.pan, readAt: now, pin: "1234", pinToken: "pt")
            let routes: [(String, String)] = [
                (APIPath.sale, TapRouteTests.body(purchase)),
                (APIPath.authorization, TapRouteTests.body(purchase)),
                (APIPath.tapRefund, TapRouteTests.body(refund)),
                (APIPath.pin("any"), TapRouteTests.body(pin)),
                (APIPath.appleTransaction, TestTapReader.appleBody(purchase)),
                (APIPath.submitPinApple("any"), TestTapReader.appleBody(pin)),
                (KoardPath.payment, TestSession.koardBody(purchase, amount: 10_000)),
                (KoardPath.preauth, TestSession.koardBody(purchase, amount: 10_000)),
            ]
            for (path, body) in routes {
                let reply = try await session.send(.post, path, json: body, headers: [TestSession.deviceHeader: TestSession.deviceId])
                #expect(reply.status == 400, "\(path): \(reply.text)")
                #expect(reply.text.contains("card_read_wrong_reader"), "\(path): \(reply.text)")
            }
            let listed = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(listed.total == 0)
        }
    }

    @Test func aReadThatNamesNoReaderTokenIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let unbound = TestTapReader(gatewayKey: harness.dependencies.keys.cardDataKeys.current.sealingKey)
            let reply = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try unbound.tap(readAt: harness.clock.now())),
                                               headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(reply.status == 400)
            #expect(reply.error?.code == "card_read_wrong_reader")
            #expect(reply.error?.message.contains("names no reader token") == true)
        }
    }

    @Test func aReadSealedWithTheKeyOfThisDevicesReaderTokenIsApproved() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let token = try await session.send(.post, APIPath.readerToken(TestSession.deviceId)).decode(ReaderTokenResponse.self)
            let key = try ReaderTokenClaims.decodeUnverified(token.token).sealingKey()
            #expect(key.binding == ReaderBinding(merchantId: harness.merchantId, deviceId: TestSession.deviceId))
            let sealed = try SimulatedTap(pan: TestCards.visaApproved.pan, amount: 2_500, currencyCode: 840, readAt: harness.clock.now(),
                                          readerId: "r1").sealed(to: key)
            let reply = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(sealed),
                                               headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(reply.status == 201, "\(reply.text)")
        }
    }
}
