/// An ISO 4217 currency: its alphabetic code, numeric code and minor-unit exponent.
///
/// Only currencies in ``Currency/all`` exist; an unknown code is refused where it enters
/// the system, so nothing downstream has to guess how many decimals an amount has.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// Alphabetic code, upper case ("USD").
    public let code: String
    /// ISO 4217 numeric code (840 for USD), as EMV tag 5F2A carries it.
    public let numericCode: Int
    /// Digits after the decimal point in the minor unit (2 for USD, 0 for JPY, 3 for KWD).
    public let exponent: Int

    private init(_ code: String, _ numericCode: Int, _ exponent: Int) {
        self.code = code
        self.numericCode = numericCode
        self.exponent = exponent
    }

    /// Looks a currency up by its alphabetic code, case-insensitively.
    public init?(code: String) {
        guard let found = Currency.byCode[code.uppercased()] else { return nil }
        self = found
    }

    /// Looks a currency up by its ISO 4217 numeric code.
    public init?(numericCode: Int) {
        guard let found = Currency.all.first(where: { $0.numericCode == numericCode }) else { return nil }
        self = found
    }

    public var description: String { code }

    /// The largest amount Tapline takes in this currency (``Money/largestMinorUnits`` minor units).
    public var largestAmount: Money { Money(minorUnits: Money.largestMinorUnits, currency: self) }

    public static let usd = Currency("USD", 840, 2)
    public static let eur = Currency("EUR", 978, 2)
    public static let gbp = Currency("GBP", 826, 2)
    public static let zar = Currency("ZAR", 710, 2)
    public static let jpy = Currency("JPY", 392, 0)
    public static let kwd = Currency("KWD", 414, 3)

    /// Every currency Tapline accepts.
    public static let all: [Currency] = [
        .usd, .eur, .gbp, .zar, .jpy, .kwd,
        Currency("CAD", 124, 2), Currency("AUD", 36, 2), Currency("NZD", 554, 2),
        Currency("CHF", 756, 2), Currency("SEK", 752, 2), Currency("NOK", 578, 2),
        Currency("DKK", 208, 2), Currency("PLN", 985, 2), Currency("CZK", 203, 2),
        Currency("HUF", 348, 2), Currency("MXN", 484, 2), Currency("BRL", 986, 2),
        Currency("INR", 356, 2), Currency("SGD", 702, 2), Currency("HKD", 344, 2),
        Currency("AED", 784, 2), Currency("SAR", 682, 2), Currency("KRW", 410, 0),
        Currency("BHD", 48, 3), Currency("OMR", 512, 3), Currency("JOD", 400, 3),
    ]

    private static let byCode: [String: Currency] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
}

extension Currency: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown currency \(code)")
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
