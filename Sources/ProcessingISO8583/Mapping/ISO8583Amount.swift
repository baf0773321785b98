import PaymentCore

/// Amounts as ISO 8583 writes them: minor units, zero-filled digits.
enum ISO8583Amount {
    /// Twelve digits (fields 4 and 95); nil for a negative amount or one over twelve digits,
    /// which the request builder refuses rather than send.
    static func twelveDigits(_ minorUnits: Int64) -> String? {
        guard minorUnits >= 0, minorUnits <= 999_999_999_999 else { return nil }
        return String(minorUnits).leftPadded(to: 12)
    }

    /// Field 49: the currency's three-digit numeric code.
    static func currencyCode(_ currency: Currency) -> String {
        String(currency.numericCode).leftPadded(to: 3)
    }

    /// Reads a field 4 an acquirer sent: twelve digits, nil for anything else.
    static func minorUnits(_ text: String?) -> Int64? {
        guard let text, text.utf8.count == 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}
