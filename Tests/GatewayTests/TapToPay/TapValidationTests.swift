import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Storage
import Testing
import TestSupport

/// Bad sealed card data and bad device binding: each a 4xx with its own code, nothing
/// written, no card data in the answer.
@Suite("Tap to Pay: refusals")
struct TapValidationTests {
    /// The same request with `paymentCardData` replaced.
    static func withPaymentCardData(_ sealed: SealedCardData, _ compact: String) -> SealedCardData {
        SealedCardData(generalCardData: sealed.generalCardData, paymentCardData: Data(compact.utf8).base64EncodedString())
    }

    static func compact(of sealed: SealedCardData) -> String {
        String(decoding: Data(base64Encoded: sealed.paymentCardData)!, as: UTF8.self)
    }

    /// Re-encodes the protected header with `alg` changed.
    static func withAlgorithm(_ compact: String, _ alg: String) -> String {
        var parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var header = try! JSONSerialization.jsonObject(with: Base64URL.decode(parts[0])!) as! [String: Any]
        header["alg"] = alg
        parts[0] = Base64URL.encode(try! JSONSerialization.data(withJSONObject: header))
        return parts.joined(separator: ".")
    }

    static func tamperedTag(_ compact: String) -> String {
        var parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var tag = Base64URL.decode(parts[4])!
        tag[tag.startIndex] ^= 0x01
        parts[4] = Base64URL.encode(tag)
        return parts.joined(separator: ".")
    }

    static func truncatedTag(_ compact: String) -> String {
        var parts = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[4] = Base64URL.encode(Base64URL.decode(parts[4])!.prefix(8))
        return parts.joined(separator: ".")
    }

    @Test func everyKindOfBadCardDataHasItsOwnCode() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let good = try session.tap()
            let compact = Self.compact(of: good)
            let otherKey = OpeningKey.generate(keyId: "tck_not_ours").sealingKey
            let foreign = try session.reader(sealingTo: otherKey).tap(readAt: harness.clock.now())
            let garbage = try CompactJWE.seal(Data([0x5A, 0x20, 0x01]), to: harness.dependencies.keys.cardDataKeys.current.sealingKey)
            let cases: [(String, SealedCardData, String)] = [
                ("not base64", SealedCardData(generalCardData: good.generalCardData, paymentCardData: "%%% not base64 %%%"), "invalid_card_data"),
                ("not a JWE", Self.withPaymentCardData(good, "hello"), "card_data_not_jwe"),
                ("wrong algorithm", Self.withPaymentCardData(good, Self.withAlgorithm(compact, "RSA-OAEP")), "card_data_unsupported_algorithm"),
                ("alg none", Self.withPaymentCardData(good, Self.withAlgorithm(compact, "none")), "card_data_unsupported_algorithm"),
                ("another key", foreign, "card_data_unknown_key"),
                ("tampered tag", Self.withPaymentCardData(good, Self.tamperedTag(compact)), "card_data_tampered"),
                ("truncated tag", Self.withPaymentCardData(good, Self.truncatedTag(compact)), "card_data_tampered"),
                ("TLV garbage inside", Self.withPaymentCardData(good, garbage), "invalid_card_data"),
                ("stale read", try session.tap(readAgo: harness.configuration.cardReadMaxAge + 1), "card_read_stale"),
                ("read in the future", try session.tap(readAgo: -60), "card_read_stale"),
                ("general data not base64", SealedCardData(generalCardData: "***", paymentCardData: good.paymentCardData), "invalid_card_data"),
            ]
            for (name, sealed, code) in cases {
                let reply = try await session.apple(sealed)
                #expect(reply.status == 400, "\(name): \(reply.text)")
                #expect(reply.error?.code == code, "\(name): \(reply.text)")
                #expect(!reply.text.contains(TestCards.visaApproved.pan))
            }
            let missing = try await session.send(.post, APIPath.appleTransaction, json: #"{"generalCardData":"\#(good.generalCardData)","paymentCardData":"\#(good.paymentCardData)"}"#,
                                                 headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(missing.status == 400)
            #expect(missing.error?.field == "merchantReference")
            let noCard = try await session.send(.post, APIPath.appleTransaction, json: #"{"merchantReference":"A"}"#,
                                                headers: [TestSession.deviceHeader: TestSession.deviceId])
            #expect(noCard.error?.field == "paymentCardData")
            // Nothing was written, and the good read was not burnt by the refusals.
            #expect(try await harness.store.read { try await $0.transactions(TransactionQuery(merchantId: harness.merchantId)) }.total == 0)
            #expect(try await session.apple(good).status == 200)
        }
    }

    @Test func theDeviceMustBeKnownToTheMerchantAndActive() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sealed = try session.tap()
            let noHeader = try await session.apple(sealed, device: nil)
            #expect(noHeader.status == 400)
            #expect(noHeader.error?.code == "device_header_missing")
            let unknown = try await session.apple(sealed, device: "never-registered")
            #expect(unknown.status == 403)
            #expect(unknown.error?.code == "device_not_registered")
            let registered = try await session.send(.post, "/v1/devices", json: #"{"deviceId":"\#(TestSession.deviceId)"}"#)
            #expect(registered.status == 201)
            let inactive = try await session.apple(sealed)
            #expect(inactive.status == 403)
            #expect(inactive.error?.code == "tap_to_pay_inactive")
            // Another merchant's active device is not ours.
            let otherToken = try await harness.otherMerchantToken(session.client)
            let foreign = "5c0ffee0-0000-4000-8000-0000000000ff"
            _ = try await session.send(.post, "/v1/devices", json: #"{"deviceId":"\#(foreign)"}"#, token: otherToken)
            _ = try await session.send(.post, "/v1/devices/\(foreign)/tap-to-pay/activate", token: otherToken)
            let borrowed = try await session.apple(sealed, device: foreign)
            #expect(borrowed.status == 403)
            #expect(borrowed.error?.code == "device_not_registered")
            #expect(try await harness.store.read { try await $0.transactions(TransactionQuery(merchantId: harness.merchantId)) }.total == 0)
        }
    }
}
