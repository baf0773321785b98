/// Helpers for the primary account number (the card number).
public enum PAN {
    /// Shortest and longest card numbers ISO/IEC 7812 allows.
    public static let lengthRange: ClosedRange<Int> = 12...19

    /// The digits of a card number as typed ("4242 4242-4242 4242" → "4242424242424242").
    ///
    /// Spaces and dashes are dropped; anything else that is not a digit is refused, as is
    /// a length outside 12–19. The Luhn check is left to ``validated(_:)``.
    public static func normalized(_ input: some StringProtocol) throws(CardDataError) -> String {
        var digits = ""
        digits.reserveCapacity(input.utf8.count)
        for character in input {
            if character == " " || character == "-" { continue }
            guard character.isASCII, character.isNumber else { throw .invalidCharacters }
            digits.append(character)
        }
        guard lengthRange.contains(digits.count) else { throw .invalidLength(digits.count) }
        return digits
    }

    /// ``normalized(_:)`` plus the Luhn check: the digits of a plausible card number.
    public static func validated(_ input: some StringProtocol) throws(CardDataError) -> String {
        let digits = try normalized(input)
        guard Luhn.isValid(digits) else { throw .failedLuhnCheck }
        return digits
    }

    /// The first 6 and last 4 digits with every digit between replaced by `*`
    /// ("4242424242424242" → "424242******4242").
    ///
    /// Input that is not 12–19 digits comes back fully starred, so a malformed value can
    /// still be shown without revealing any of it.
    public static func masked(_ pan: some StringProtocol) -> String {
        let isPAN = lengthRange.contains(pan.count) && pan.allSatisfy { $0.isASCII && $0.isNumber }
        guard isPAN else { return String(repeating: "*", count: pan.count) }
        return pan.prefix(6) + String(repeating: "*", count: pan.count - 10) + pan.suffix(4)
    }
}
