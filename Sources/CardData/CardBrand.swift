/// A card scheme, recognised from the first digits of the card number (the BIN).
public enum CardBrand: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case visa
    case mastercard
    case amex
    case discover
    case jcb
    case unionpay
    case diners
    case maestro
    case unknown

    /// Detects the brand from a PAN or a BIN (its first 6 or more digits).
    ///
    /// Ranges needing more digits than `digits` has are skipped, so a short prefix only
    /// matches the ranges it can decide. Non-digit input is `.unknown`.
    public init(bin digits: some StringProtocol) {
        let text = String(digits)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            self = .unknown
            return
        }
        self = CardBrand.ranges.first { $0.matches(text) }?.brand ?? .unknown
    }

    /// The scheme's name as printed on receipts ("Visa", "American Express").
    public var displayName: String {
        switch self {
        case .visa: return "Visa"
        case .mastercard: return "Mastercard"
        case .amex: return "American Express"
        case .discover: return "Discover"
        case .jcb: return "JCB"
        case .unionpay: return "UnionPay"
        case .diners: return "Diners Club"
        case .maestro: return "Maestro"
        case .unknown: return "Unknown"
        }
    }

    public var description: String { rawValue }

    /// An inclusive range of prefixes of one fixed length.
    private struct PrefixRange: Sendable {
        let length: Int
        let range: ClosedRange<Int>
        let brand: CardBrand

        init(_ range: ClosedRange<Int>, length: Int, _ brand: CardBrand) {
            self.range = range
            self.length = length
            self.brand = brand
        }

        func matches(_ digits: String) -> Bool {
            guard digits.count >= length, let prefix = Int(digits.prefix(length)) else { return false }
            return range.contains(prefix)
        }
    }

    /// The schemes' published BIN ranges. They do not overlap, so their order does not
    /// matter; all of 62 is UnionPay, including the part Discover also accepts.
    private static let ranges: [PrefixRange] = [
        PrefixRange(4...4, length: 1, .visa),
        PrefixRange(51...55, length: 2, .mastercard),
        PrefixRange(222_100...272_099, length: 6, .mastercard),
        PrefixRange(34...34, length: 2, .amex),
        PrefixRange(37...37, length: 2, .amex),
        PrefixRange(6011...6011, length: 4, .discover),
        PrefixRange(644...649, length: 3, .discover),
        PrefixRange(65...65, length: 2, .discover),
        PrefixRange(3528...3589, length: 4, .jcb),
        PrefixRange(62...62, length: 2, .unionpay),
        PrefixRange(300...305, length: 3, .diners),
        PrefixRange(3095...3095, length: 4, .diners),
        PrefixRange(36...36, length: 2, .diners),
        PrefixRange(38...39, length: 2, .diners),
        PrefixRange(50...50, length: 2, .maestro),
        PrefixRange(56...58, length: 2, .maestro),
        PrefixRange(6304...6304, length: 4, .maestro),
        PrefixRange(6759...6759, length: 4, .maestro),
        PrefixRange(6761...6763, length: 4, .maestro),
    ]
}
