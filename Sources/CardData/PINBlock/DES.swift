/// The DES block cipher (FIPS 46-3), one 64-bit block at a time: the building block of
/// ``TripleDES``. Never used alone: single DES is broken, and Tapline needs it only because
/// acquirers still exchange ISO 9564 format 0 PIN blocks under triple DES keys.
///
/// Written for reading against the standard rather than for speed: every step is the
/// bit permutation or S-box look-up the standard describes, with its tables
/// (DES+Tables.swift) copied as printed, bit positions counted from 1 at the most
/// significant bit. A PIN block is one block per payment, so speed does not matter.
enum DES {
    /// The 16 round keys of an 8-byte key, 48 bits each in the low bits. The parity bit of
    /// each key byte (its least significant bit) is ignored, as the standard says.
    static func roundKeys(_ key: ArraySlice<UInt8>) -> [UInt64] {
        precondition(key.count == 8, "a DES key is 8 bytes")
        let permuted = permute(bigEndian(key), width: 64, table: permutedChoice1)
        var left = permuted >> 28
        var right = permuted & mask28
        var keys: [UInt64] = []
        keys.reserveCapacity(16)
        for shift in keyShifts {
            left = rotateLeft28(left, by: shift)
            right = rotateLeft28(right, by: shift)
            keys.append(permute(left << 28 | right, width: 56, table: permutedChoice2))
        }
        return keys
    }

    /// Enciphers `block` with `roundKeys` in order. Deciphering is the same computation with
    /// the round keys reversed, which is why DES is a Feistel network.
    static func crypt(_ block: UInt64, roundKeys: [UInt64]) -> UInt64 {
        let permuted = permute(block, width: 64, table: initialPermutation)
        var left = permuted >> 32
        var right = permuted & mask32
        for key in roundKeys {
            (left, right) = (right, left ^ feistel(right, key: key))
        }
        // The halves are swapped once more before the final permutation.
        return permute(right << 32 | left, width: 64, table: finalPermutation)
    }

    /// The round function: expand the half block to 48 bits, mix in the round key, squeeze
    /// each 6-bit group through its S-box back to 4 bits, then permute the 32 bits.
    private static func feistel(_ half: UInt64, key: UInt64) -> UInt64 {
        let mixed = permute(half, width: 32, table: expansion) ^ key
        var substituted: UInt64 = 0
        for box in 0..<8 {
            let group = Int((mixed >> UInt64(42 - 6 * box)) & 0x3F)
            // The outer two bits choose the row, the inner four the column.
            let row = (group & 0x20) >> 4 | group & 0x01
            let column = (group >> 1) & 0x0F
            substituted = substituted << 4 | UInt64(substitutionBoxes[box][row * 16 + column])
        }
        return permute(substituted, width: 32, table: permutation)
    }

    /// Output bit i (from the most significant) is input bit `table[i]`, counting the
    /// `width` input bits from 1 at the most significant.
    private static func permute(_ input: UInt64, width: Int, table: [UInt8]) -> UInt64 {
        var output: UInt64 = 0
        for position in table {
            output = output << 1 | (input >> UInt64(width - Int(position))) & 1
        }
        return output
    }

    private static func rotateLeft28(_ value: UInt64, by count: Int) -> UInt64 {
        (value << UInt64(count) | value >> UInt64(28 - count)) & mask28
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }

    private static let mask28: UInt64 = 0x0FFF_FFFF
    private static let mask32: UInt64 = 0xFFFF_FFFF
}
