/// The binary bitmaps: bit 1 (the most significant bit of the first byte) is field 1, bit 64
/// (the least significant of the eighth) is field 64. Field 1 set means a second bitmap of
/// eight bytes follows, for fields 65–128.
enum ISO8583Bitmap {
    /// Bytes per bitmap.
    static let size = 8

    /// The primary bitmap, followed by the secondary one when any field above 64 is present.
    /// `fieldNumbers` must be within 2–128.
    static func encode(_ fieldNumbers: some Sequence<Int>) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: 2 * size)
        var hasSecondary = false
        for number in fieldNumbers {
            set(number, in: &bits)
            if number > 64 { hasSecondary = true }
        }
        guard hasSecondary else { return Array(bits.prefix(size)) }
        set(1, in: &bits)
        return bits
    }

    /// The field numbers whose bits are set in `bitmap` (eight bytes), counted from
    /// `firstField` (1 for the primary bitmap, 65 for the secondary).
    static func fieldNumbers(in bitmap: ArraySlice<UInt8>, firstField: Int) -> [Int] {
        var numbers: [Int] = []
        for (byteIndex, byte) in bitmap.enumerated() {
            for bit in 0..<8 where byte & (0x80 >> bit) != 0 {
                numbers.append(firstField + byteIndex * 8 + bit)
            }
        }
        return numbers
    }

    private static func set(_ number: Int, in bits: inout [UInt8]) {
        let index = number - 1
        bits[index / 8] |= 0x80 >> (index % 8)
    }
}
