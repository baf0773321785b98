/// A card as entered by hand or read from a card: number, expiry and optional security code.
///
/// In memory only: it is deliberately not `Codable`, and every way of printing it
/// (`description`, `debugDescription`, `dump`, string interpolation) shows the masked
/// number and never the full PAN or the security code.
public struct KeyedCard: Equatable, Sendable {
    /// The full card number, digits only. Never log or store it.
    public let pan: String
    public let expiry: CardExpiry
    /// CVV/CVC/CID, 3 or 4 digits. Never log or store it.
    public let securityCode: String?

    /// Validates and normalises the card: PAN (spaces and dashes allowed, 12–19 digits,
    /// Luhn), expiry (two- or four-digit year) and security code (3 or 4 digits).
    ///
    /// Whether the card has expired depends on today's date, so it is checked separately
    /// with `expiry.isValid(at:)`.
    public init(pan: String, expiryMonth: Int, expiryYear: Int, securityCode: String? = nil) throws(CardDataError) {
        self.pan = try PAN.validated(pan)
        self.expiry = try CardExpiry(month: expiryMonth, year: expiryYear)
        if let securityCode {
            let isDigits = securityCode.allSatisfy { $0.isASCII && $0.isNumber }
            guard isDigits, (3...4).contains(securityCode.count) else { throw .invalidSecurityCode }
        }
        self.securityCode = securityCode
    }

    /// 1–12.
    public var expiryMonth: Int { expiry.month }
    /// Four-digit year.
    public var expiryYear: Int { expiry.year }
    /// First 6 and last 4 digits, e.g. "424242******4242".
    public var maskedPAN: String { PAN.masked(pan) }
    public var brand: CardBrand { CardBrand(bin: pan) }
    public var lastFour: String { String(pan.suffix(4)) }
}

extension KeyedCard: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "\(brand) \(maskedPAN) exp \(expiry)" + (securityCode == nil ? "" : " cvv ***")
    }

    public var debugDescription: String { "KeyedCard(\(description))" }

    /// What `dump` and debuggers see: only the non-sensitive parts.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "maskedPAN": maskedPAN,
            "brand": brand,
            "expiryMonth": expiryMonth,
            "expiryYear": expiryYear,
            "hasSecurityCode": securityCode != nil,
        ], displayStyle: .struct)
    }
}
