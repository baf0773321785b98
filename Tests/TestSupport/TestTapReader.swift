import CardData
import Foundation

/// Stands in for a phone's card reader in gateway tests: makes the `generalCardData` and
/// `paymentCardData` a tap of a test card produces, sealed to the gateway's key.
public struct TestTapReader: Sendable {
    public let gatewayKey: SealingKey
    public var readerId = "test-reader-1"

    public init(gatewayKey: SealingKey) { self.gatewayKey = gatewayKey }

    /// A tap of `pan` for `amount` minor units of the currency with ISO numeric code
    /// `currencyCode` (978 = EUR, 840 = USD); nil amount leaves tags 9F02/5F2A out.
    public func tap(
        pan: String = TestCards.visaApproved.pan, amount: UInt64? = 10_000, currencyCode: Int = 840,
        kind: CardRead.Kind = .purchase, readAt: Date, readId: String = UUID().uuidString.lowercased(),
        pin: String? = nil, pinToken: String? = nil, funding: String = "credit"
    ) throws -> SealedCardData {
        var read = CardRead(readId: readId, readAt: readAt, pan: pan, expiry: try CardExpiry(month: 12, year: 2030), kind: kind)
        read.readerId = readerId
        read.track2 = Self.track2(pan)
        read.cryptogram = Data([0x9A, 0x1B, 0x2C, 0x3D, 0x4E, 0x5F, 0x60, 0x71])
        read.applicationTransactionCounter = Data([0x00, 0x17])
        read.terminalVerificationResults = Data([0x00, 0x00, 0x00, 0x00, 0x00])
        read.cvmResults = Data([0x1F, 0x03, 0x02])
        if let amount {
            read.amount = amount
            read.currencyCode = currencyCode
        }
        read.pinToken = pinToken
        let brand = CardBrand(bin: pan)
        let aid = brand == .mastercard ? "A0000000041010" : "A0000000031010"
        let general = GeneralCardData(read: read, applicationId: aid, applicationLabel: brand.displayName.uppercased(), funding: funding)
        return try SealedCardData.seal(read, general: general, pin: try pin.map { try PIN($0) }, to: gatewayKey)
    }

    /// Track 2 equivalent data: PAN, separator D, YYMM, service code 201, discretionary data.
    public static func track2(_ pan: String) -> Data {
        var nibbles = pan.utf8.map { $0 - 0x30 } + [0x0D, 3, 0, 1, 2, 2, 0, 1, 1, 2, 3, 4, 5]
        if !nibbles.count.isMultiple(of: 2) { nibbles.append(0x0F) }
        return Data(stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] })
    }

    /// The JSON body of a Halo `/transactions/apple` or `submitPinApple` request.
    public static func appleBody(_ sealed: SealedCardData, merchantReference: String = "INV-12345") -> String {
        #"{"merchantReference":"\#(merchantReference)","generalCardData":"\#(sealed.generalCardData)","paymentCardData":"\#(sealed.paymentCardData)"}"#
    }
}
