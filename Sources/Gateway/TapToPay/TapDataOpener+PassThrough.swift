import CardData
import Crypto
import Foundation
import Storage

extension TapDataOpener {
    /// The longest `paymentCardData` that passes on: what ISO 8583 field 120 holds.
    static let longestSealedCardData = 9999

    /// `--card-data pass-through`: the reader's data goes to the acquirer unopened, so what
    /// the payment keeps of the card (masked number, brand, AID, label, funding) comes from
    /// `generalCardData`, and the expiry later from the acquirer's answer. The read id is the
    /// SHA-256 of the sealed text, so the same data sent twice is refused as a replay (409
    /// `card_read_replayed`). The binding to merchant and device, the read's age, the amount
    /// and a PIN's token are checked by the acquirer that opens it, against what fields 4 and
    /// 121 carry (docs/iso8583.md, "Sealed card data").
    static func sealedTap(_ paymentCardData: String, general generalCardData: String, on device: Device) throws -> OpenedTap {
        guard paymentCardData.utf8.count <= longestSealedCardData else {
            throw GatewayFailure.invalid(
                "paymentCardData", "paymentCardData must be at most \(longestSealedCardData) characters to pass on to the acquirer", .cardData)
        }
        guard paymentCardData.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), Data(base64Encoded: paymentCardData) != nil else {
            throw GatewayFailure.invalid("paymentCardData", "paymentCardData must be base64", .cardData)
        }
        let general = try general(generalCardData)
        guard let masked = general.maskedPAN, isMaskedPAN(masked), let brand = general.brand.flatMap(CardBrand.init(rawValue:)) else {
            throw GatewayFailure.invalid(
                "generalCardData", "generalCardData must carry the masked card number (first 6 and last 4 digits) and the brand: "
                    + "with --card-data pass-through they are all the gateway learns of the card", .cardData)
        }
        let binding = ReaderBinding(merchantId: device.merchantId, deviceId: device.deviceId)
        let sealed = SealedCard(paymentCardData: paymentCardData, maskedPAN: masked, brand: brand, binding: binding)
        let digest = Data(SHA256.hash(data: Data(paymentCardData.utf8))).hexString
        var tap = OpenedTap(card: .sealed(sealed), readId: "sha256:" + digest, readerId: nil, kind: nil)
        tap.applicationId = general.applicationId
        tap.applicationLabel = general.applicationLabel
        tap.funding = general.funding
        return tap
    }

    /// 12 to 19 characters, the first 6 and last 4 digits, `*` between.
    private static func isMaskedPAN(_ text: String) -> Bool {
        let characters = Array(text.utf8)
        guard (12...19).contains(characters.count) else { return false }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        return characters.prefix(6).allSatisfy(isDigit) && characters.suffix(4).allSatisfy(isDigit)
            && characters.dropFirst(6).dropLast(4).allSatisfy { $0 == UInt8(ascii: "*") }
    }
}
