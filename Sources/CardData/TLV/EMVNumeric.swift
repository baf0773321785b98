import Foundation

/// EMV format "n": decimal digits packed two per byte (BCD), right-justified with leading
/// zeros, e.g. amount 9F02 (n12, 6 bytes: 1234 is 00 00 00 00 12 34), currency 5F2A
/// (n3 in 2 bytes), transaction type 9C (n2), dates 5F24 and 9A (YYMMDD, n6).
public enum EMVNumeric {
    /// `value` as `digits` BCD digits, in (digits + 1) / 2 bytes; an odd digit count gets a
    /// leading zero nibble, as n3 currency codes do.
    ///
    /// Returns nil when `value` has more digits than `digits`, or `digits` is outside 1 to 40
    /// (no EMV numeric field comes near 40; the bound keeps a bad argument from allocating).
    public static func encode(_ value: UInt64, digits: Int) -> Data? {
        guard (1...40).contains(digits) else { return nil }
        var nibbles = [UInt8](repeating: 0, count: digits + digits % 2)
        var remaining = value
        for index in nibbles.indices.reversed() {
            nibbles[index] = UInt8(remaining % 10)
            remaining /= 10
        }
        // Anything left over did not fit in `digits` digits.
        guard remaining == 0, digits % 2 == 0 || nibbles[0] == 0 else { return nil }
        var data = Data()
        for index in stride(from: 0, to: nibbles.count, by: 2) {
            data.append(nibbles[index] << 4 | nibbles[index + 1])
        }
        return data
    }

    /// The number the BCD bytes spell, e.g. 00 00 00 00 12 34 is 1234.
    ///
    /// Returns nil when a nibble is above 9, when `data` is empty, or when the number does
    /// not fit in a `UInt64`.
    public static func decode(_ data: Data) -> UInt64? {
        guard !data.isEmpty, let digits = digits(data) else { return nil }
        var value: UInt64 = 0
        for digit in digits.utf8 {
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = sum
        }
        return value
    }

    /// Every digit the BCD bytes hold, leading zeros kept, e.g. "301231" for an expiry
    /// date; nil when a nibble is above 9. Empty data gives "".
    public static func digits(_ data: Data) -> String? {
        var characters: [UInt8] = []
        characters.reserveCapacity(data.count * 2)
        for byte in data {
            let high = byte >> 4, low = byte & 0x0F
            guard high <= 9, low <= 9 else { return nil }
            characters.append(UInt8(ascii: "0") + high)
            characters.append(UInt8(ascii: "0") + low)
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
