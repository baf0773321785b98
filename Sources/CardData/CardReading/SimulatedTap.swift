import Foundation

/// A tap of a test card as a simulated reader makes it: the plaintext read and its general
/// data, with plausible EMV values (an ARQC with its 9F27, a random 9F37, the brand's AID
/// in 84, 9A from `readAt` in UTC). The SDK's simulated reader, the CLI's `reader tap` and
/// the gateway tests all make their taps here, so they agree on what a tap contains.
public struct SimulatedTap: Sendable {
    public var read: CardRead
    public var general: GeneralCardData

    /// A read of `pan` now; `amount` (minor units) and `currencyCode` (ISO 4217 numeric)
    /// are left out of the card data when nil.
    public init(pan: String, amount: UInt64?, currencyCode: Int, kind: CardRead.Kind = .purchase, readAt: Date,
                readId: String = UUID().uuidString.lowercased(), readerId: String, pinToken: String? = nil,
                funding: String = "credit", cvmResults: Data = Data([0x1F, 0x03, 0x02])) throws {
        var read = CardRead(readId: readId, readAt: readAt, pan: pan, expiry: try CardExpiry(month: 12, year: 2030), kind: kind)
        read.readerId = readerId
        read.track2 = Self.track2(pan)
        read.cryptogram = Data((0..<8).map { _ in UInt8.random(in: 0...255) })
        read.applicationTransactionCounter = Data([0x00, 0x17])
        read.terminalVerificationResults = Data(count: 5)
        // Issuer application data as a Visa card sends it (format 0A: derivation key index, version, CVR).
        read.issuerApplicationData = Data([0x06, 0x01, 0x0A, 0x03, 0xA0, 0x00, 0x00])
        read.cvmResults = cvmResults
        if let amount {
            read.amount = amount
            read.currencyCode = currencyCode
        }
        read.pinToken = pinToken
        let brand = CardBrand(bin: pan)
        // What a contactless kernel adds for an online authorization (field 55).
        read.cryptogramInformationData = Data([0x80])
        read.unpredictableNumber = Data((0..<4).map { _ in UInt8.random(in: 0...255) })
        read.terminalCountryCode = Self.countryCode(currencyCode)
        read.transactionDate = CardRead.transactionDate(for: readAt)
        read.applicationInterchangeProfile = Data([0x19, 0x80])
        read.dedicatedFileName = Hex.bytes(Self.applicationId(brand)).map { Data($0) }
        read.panSequenceNumber = 1
        self.read = read
        self.general = GeneralCardData(
            read: read, applicationId: Self.applicationId(brand), applicationLabel: brand.displayName.uppercased(), funding: funding)
    }

    /// Seals the tap for the gateway, with the PIN the cardholder entered when there is one.
    public func sealed(to key: SealingKey, pin: PIN? = nil) throws -> SealedCardData {
        try SealedCardData.seal(read, general: general, pin: pin, to: key)
    }

    /// The brand's usual AID (Mastercard and Visa credit; others use Visa's in the simulator).
    static func applicationId(_ brand: CardBrand) -> String {
        switch brand {
        case .mastercard: return "A0000000041010"
        case .amex: return "A00000002501"
        default: return "A0000000031010"
        }
    }

    /// A terminal country (ISO 3166) that goes with the currency (ISO 4217): the United
    /// States unless the currency is one of a few others'.
    static func countryCode(_ currencyCode: Int) -> Int {
        let countries = [826: 826, 124: 124, 36: 36, 554: 554, 978: 276, 392: 392]
        return countries[currencyCode] ?? 840
    }

    /// Track 2 equivalent data: PAN, separator D, YYMM, service code 201, discretionary data.
    public static func track2(_ pan: String) -> Data {
        var nibbles = pan.utf8.map { $0 - 0x30 } + [0x0D, 3, 0, 1, 2, 2, 0, 1, 1, 2, 3, 4, 5]
        if !nibbles.count.isMultiple(of: 2) { nibbles.append(0x0F) }
        return Data(stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] })
    }
}
