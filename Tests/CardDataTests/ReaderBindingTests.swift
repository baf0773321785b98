@testable import CardData
import Foundation
import Testing

/// The merchant and device of a reader token travel with every payload sealed under it, in
/// the authenticated JWE header.
@Suite("Reader binding in sealed card data")
struct ReaderBindingTests {
    let gatewayKey = OpeningKey.generate(keyId: "tck_test")
    let binding = ReaderBinding(merchantId: "m_a", deviceId: "device-1")

    func sealed(_ key: SealingKey) throws -> String {
        let tap = try SimulatedTap(pan: "4242424242424242", amount: 1_000, currencyCode: 840, readAt: Date(), readerId: "r")
        return try tap.sealed(to: key).paymentCardData
    }

    func compact(_ paymentCardData: String) -> String {
        String(decoding: Data(base64Encoded: paymentCardData)!, as: UTF8.self)
    }

    @Test func aReaderTokensKeyBindsWhatItSealsToTheTokensMerchantAndDevice() throws {
        let claims = ReaderTokenClaims(sub: "device-1", mid: "m_a", iat: 0, exp: 60, jti: "j", gatewayKey: ECPublicJWK(gatewayKey.sealingKey))
        let opened = try SealedCardData.open(paymentCardData: sealed(try claims.sealingKey()), keys: OpeningKeyRing(current: gatewayKey))
        #expect(opened.binding == binding)
    }

    @Test func aKeyWithoutABindingSealsAPayloadThatNamesNone() throws {
        let opened = try SealedCardData.open(paymentCardData: sealed(gatewayKey.sealingKey), keys: OpeningKeyRing(current: gatewayKey))
        #expect(opened.binding == nil)
    }

    /// The header is the AAD: naming another merchant breaks the payload instead of moving it.
    @Test(arguments: [("mid", "m_b"), ("did", "device-2")])
    func changingTheBindingInTheHeaderMakesThePayloadFailToOpen(name: String, value: String) throws {
        let compact = compact(try sealed(gatewayKey.sealingKey.bound(to: binding)))
        let header = try #require(Base64URL.decode(JWETamper.parts(compact)[0]))
        var fields = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
        #expect(fields[name] as? String != nil)
        fields[name] = value
        let altered = JWETamper.replacing(0, with: Base64URL.encode(try JSONSerialization.data(withJSONObject: fields)), in: compact)
        #expect(throws: CardReadError.sealed(.authenticationFailed)) {
            try SealedCardData.open(paymentCardData: Data(altered.utf8).base64EncodedString(), keys: OpeningKeyRing(current: gatewayKey))
        }
    }
}
