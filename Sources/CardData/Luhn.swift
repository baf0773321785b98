/// The Luhn (mod 10) check every payment card number carries in its last digit.
public enum Luhn {
    /// Whether `digits` is a string of at least two ASCII digits whose Luhn checksum is valid.
    ///
    /// Anything that is not an ASCII digit makes the number invalid rather than being
    /// skipped, so a typo never turns into a "valid" number.
    public static func isValid(_ digits: some StringProtocol) -> Bool {
        guard digits.utf8.count >= 2 else { return false }
        var sum = 0
        var doubling = false
        for byte in digits.utf8.reversed() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            var digit = Int(byte - UInt8(ascii: "0"))
            if doubling {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
            doubling.toggle()
        }
        return sum % 10 == 0
    }
}
