import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing
import TestSupport

/// `--card-data pass-through`: the reader's sealed data goes unopened to the acquirer in field
/// 120, with the merchant and device in 121, and the acquirer (the test host with the
/// gateway's key file, scripts/acquirer_sealed.py) opens and checks it. The gateway keeps what
/// the general data and the answer say.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerPassThroughTests {
    static let otherDevice = "5c0ffee0-0000-4000-8000-000000000002"

    /// A harness whose host opens sealed data with the gateway's own card-data keys; `body`
    /// also gets the folder of the key file (and of a SQLite store it may open there).
    static func withPassThrough(store: (@Sendable (URL) async throws -> any Store)? = nil,
                                _ body: (AcquirerHarness, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pass-through-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let opened = try await store?(directory)
        let keys = GatewayKeys.generate()
        let keyFile = directory.appendingPathComponent("tapline-keys.json").path
        try keys.write(to: keyFile)
        let host = try AcquirerHostProcess(flags: ["--card-keys", keyFile])
        let harness: AcquirerHarness
        do {
            harness = try await AcquirerHarness.make(store: opened, host: host, keys: keys, cardData: .passThrough)
        } catch {
            await host.stop()
            throw error
        }
        do {
            try await body(harness, directory)
            await harness.stop()
        } catch {
            await harness.stop()
            throw error
        }
    }

    static func post(_ session: TestSession, _ path: String, _ sealed: SealedCardData, extra: String = #","amount":2500,"currency":"USD""#,
                     device: String = TestSession.deviceId) async throws -> TestReply {
        try await session.send(.post, path, json: TapRouteTests.body(sealed, extra: extra), headers: [TestSession.deviceHeader: device])
    }

    /// A tap read `readAgo` seconds ago by the real clock, which the host checks the read's age
    /// against (the gateway cannot see it, so its test clock does not matter).
    static func tap(_ session: TestSession, pan: String = TestCards.visaApproved.pan, amount: UInt64 = 2_500,
                    kind: CardRead.Kind = .purchase, readAgo: TimeInterval = 1, device: String = TestSession.deviceId,
                    pin: String? = nil, pinToken: String? = nil) throws -> SealedCardData {
        try session.reader(for: device).tap(
            pan: pan, amount: amount, kind: kind, readAt: Date().addingTimeInterval(-readAgo), pin: pin, pinToken: pinToken)
    }

    @Test func theAcquirerOpensTheSealedDataAndTheGatewayKeepsWhatItMaySee() async throws {
        try await Self.withPassThrough { acquirer, _ in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                let reply = try await Self.post(session, APIPath.sale, try Self.tap(session, amount: 2_500))
                #expect(reply.status == 201, "\(reply.text)")
                let sale = try reply.decode(TransactionResource.self)
                #expect(sale.status == .captured)
                #expect(sale.card?.maskedPan == "424242******4242" && sale.card?.brand == "visa")
                let row = try #require(try await acquirer.gateway.store.read { try await $0.transaction(id: sale.id, merchantId: acquirer.gateway.merchantId) })
                #expect(row.card?.panHash == "", "no PAN, no PAN hash")
                let expiry = try #require(row.card)
                #expect(expiry.expiryMonth > 0 && expiry.expiryYear >= 2026, "the expiry comes with the acquirer's answer")
                let declined = try await Self.post(session, APIPath.sale, try Self.tap(session, pan: TestCards.doNotHonour.pan, amount: 2_500))
                #expect(try declined.decode(TransactionResource.self).processor?.responseCode == "05", "\(declined.text)")
            }
            let sales = try acquirer.host.received("0200")
            #expect(sales.count == 2)
            for sale in sales {
                #expect((sale["120"] as? String)?.hasPrefix("<removed, ") == true, "the journal shows no sealed data")
                #expect(["2", "14", "35", "52", "55"].allSatisfy { sale[$0] == nil }, "nothing of the card but the sealed data")
                #expect(sale["22"] as? String == "071" && sale["25"] as? String == "00")
                let context = try #require(sale["121"] as? String)
                #expect(context.hasPrefix("MI\(String(acquirer.gateway.merchantId.utf8.count).leftPaddedForTest(4))\(acquirer.gateway.merchantId)DI0036\(TestSession.deviceId)"))
            }
            let journal = acquirer.host.journalText()
            #expect(!journal.contains(TestCards.visaApproved.pan))
            #expect(!acquirer.linkLogs.all.joined(separator: "\n").contains(TestCards.visaApproved.pan))
            #expect(!acquirer.gateway.logs.all.joined(separator: "\n").contains(TestCards.visaApproved.pan))
        }
    }

    @Test func theAcquirerRefusesAReadForAnotherDeviceAStaleReadAndDataItCannotOpen() async throws {
        try await Self.withPassThrough { acquirer, _ in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                try await session.activateDevice(Self.otherDevice)
                let elsewhere = try Self.tap(session, device: Self.otherDevice)
                let stolen = try await Self.post(session, APIPath.sale, elsewhere)
                #expect(try stolen.decode(TransactionResource.self).status == .declined)
                #expect(try stolen.decode(TransactionResource.self).processor?.responseCode == "58", "\(stolen.text)")
                let stale = try await Self.post(session, APIPath.sale, try Self.tap(session, readAgo: 120))
                #expect(try stale.decode(TransactionResource.self).processor?.responseCode == "58", "\(stale.text)")
                let otherAmount = try await Self.post(session, APIPath.sale, try Self.tap(session, amount: 9_900))
                #expect(try otherAmount.decode(TransactionResource.self).processor?.responseCode == "13", "\(otherAmount.text)")
                var garbage = try Self.tap(session, amount: 2_500)
                garbage.paymentCardData = Data("not a JWE at all".utf8).base64EncodedString()
                let unopened = try await Self.post(session, APIPath.sale, garbage)
                #expect(try unopened.decode(TransactionResource.self).processor?.responseCode == "88", "\(unopened.text)")
            }
        }
    }

    @Test func theGatewayRefusesWhatItCanCheckBeforeWritingAnything() async throws {
        try await Self.withPassThrough { acquirer, _ in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                let sealed = try Self.tap(session, amount: 2_500)
                #expect(try await Self.post(session, APIPath.sale, sealed).status == 201)
                let replay = try await Self.post(session, APIPath.sale, sealed)
                #expect(replay.status == 409 && replay.error?.code == "card_read_replayed", "\(replay.text)")
                let noAmount = try await Self.post(session, APIPath.sale, try Self.tap(session, amount: 2_500), extra: "")
                #expect(noAmount.status == 400 && noAmount.error?.field == "amount", "\(noAmount.text)")
                #expect(noAmount.error?.message.contains("pass-through") == true)
                let halo = try await session.send(
                    .post, APIPath.appleTransaction, json: TestTapReader.appleBody(try Self.tap(session, amount: 2_500)),
                    headers: [TestSession.deviceHeader: TestSession.deviceId])
                #expect(halo.status == 400 && halo.error?.field == "amount", "Halo's request names no amount: \(halo.text)")
                var unnamed = try Self.tap(session, amount: 2_500)
                unnamed.generalCardData = GeneralCardData(applicationId: "A0000000031010", brand: "visa").tlvList().encoded.base64EncodedString()
                let anonymous = try await Self.post(session, APIPath.sale, unnamed)
                #expect(anonymous.status == 400 && anonymous.error?.field == "generalCardData", "\(anonymous.text)")
                var notBase64 = try Self.tap(session, amount: 2_500)
                notBase64.paymentCardData = "not base64!"
                #expect(try await Self.post(session, APIPath.sale, notBase64).error?.field == "paymentCardData")
            }
            #expect(try acquirer.host.received("0200").count == 1, "only the first tap reached the acquirer")
            let rows = try await acquirer.gateway.store.read { try await $0.transactions(TransactionQuery(merchantId: acquirer.gateway.merchantId)) }
            #expect(rows.items.count == 1)
        }
    }

    @Test func aTappedRefundGoesBackToTheCardThatPaidAsFarAsTheGatewayCanSee() async throws {
        try await Self.withPassThrough { acquirer, _ in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                let sale = try await Self.post(session, APIPath.sale, try Self.tap(session, amount: 2_500)).decode(TransactionResource.self)
                let other = try await Self.post(
                    session, APIPath.tapRefund, try Self.tap(session, pan: TestCards.mastercardApproved.pan, amount: 1_000, kind: .refund),
                    extra: #","amount":1000,"currency":"USD","originalTransactionId":"\#(sale.id)""#)
                #expect(other.status == 400 && other.error?.code == "card_mismatch", "\(other.text)")
                let refund = try await Self.post(
                    session, APIPath.tapRefund, try Self.tap(session, amount: 1_000, kind: .refund),
                    extra: #","amount":1000,"currency":"USD","originalTransactionId":"\#(sale.id)""#)
                #expect(refund.status == 201, "\(refund.text)")
                #expect(try refund.decode(FollowUpResponse.self).payment.amounts?.refunded == 1_000)
            }
        }
    }

    /// Single tap and PIN: the PIN read passes on sealed too, and the acquirer deciphers the PIN
    /// from it and checks it was entered under the PIN token the payment gave (121 `PT`).
    @Test func aPINTryPassesOnSealedAndTheAcquirerDecidesIt() async throws {
        try await Self.withPassThrough { acquirer, _ in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                try await session.activateDevice()
                let pan = TestCards.pinRequired.pan
                let soft = try await Self.post(session, APIPath.sale, try Self.tap(session, pan: pan, amount: 4_000), extra: #","amount":4000,"currency":"USD""#)
                    .decode(TransactionResource.self)
                #expect(soft.status == .pinRequired && soft.processor?.responseCode == "65")
                let token = try #require(soft.pin?.pinToken)
                let pin = { (entered: String, token: String) async throws -> TestReply in
                    try await Self.post(session, APIPath.pin(soft.id), try Self.tap(session, pan: pan, amount: 4_000, pin: entered, pinToken: token), extra: "")
                }
                let forged = try await pin("1234", "a-token-this-payment-never-gave")
                #expect(try forged.decode(TransactionResource.self).processor?.responseCode == "58", "\(forged.text)")
                let soft2 = try await Self.post(session, APIPath.sale, try Self.tap(session, pan: pan, amount: 4_100), extra: #","amount":4100,"currency":"USD""#)
                    .decode(TransactionResource.self)
                let token2 = try #require(soft2.pin?.pinToken)
                let wrong = { (entered: String) async throws -> TestReply in
                    try await Self.post(session, APIPath.pin(soft2.id), try Self.tap(session, pan: pan, amount: 4_100, pin: entered, pinToken: token2), extra: "")
                }
                let missed = try await wrong("9999")
                #expect(try missed.decode(TransactionResource.self).processor?.responseCode == "55", "\(missed.text)")
                #expect(try missed.decode(TransactionResource.self).status == .pinRequired, "another try is allowed")
                let right = try await wrong("1234")
                #expect(right.status == 200, "\(right.text)")
                #expect(try right.decode(TransactionResource.self).status == .captured)
            }
            let tries = try acquirer.host.received("0200").filter { ($0["121"] as? String)?.contains("PT") == true }
            #expect(tries.count == 3, "each PIN try is a request of its own, with the payment's PIN token")
            #expect(tries.allSatisfy { $0["52"] == nil }, "the PIN stays inside the sealed data")
        }
    }
}

private extension String {
    func leftPaddedForTest(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
