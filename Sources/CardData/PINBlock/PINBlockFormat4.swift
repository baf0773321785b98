import Crypto
import Foundation
import _CryptoExtras

/// ISO 9564-1:2017 PIN block format 4: the AES PIN block, bound to the PAN.
///
/// Two 16-byte plaintext fields go in:
/// - PIN field: control nibble 4, PIN length nibble (4 to 12), the PIN digits, fill
///   nibbles 0xA up to 16 nibbles, then 8 random bytes.
/// - PAN field: a nibble holding the PAN length minus 12 (0 for 12 digits or fewer), the
///   PAN digits, left-padded with zeros to 12 when shorter, then zero nibbles up to 32.
///
/// The block is E(K, E(K, PIN field) XOR PAN field), E being one AES block encryption.
/// Deciphering reverses it and checks the PIN field's format, so a wrong key or PAN is
/// reported rather than yielding a random PIN (noise passes every check about once in
/// 17 million attempts).
public enum PINBlockFormat4 {
    /// The enciphered 16-byte block for `pin`, with fresh random fill from the system's
    /// secure generator.
    ///
    /// - Parameters:
    ///   - pan: The card number the PIN belongs to, 1 to 19 ASCII digits, as in
    ///     ``KeyedCard/pan``.
    ///   - key: AES-128, AES-192 or AES-256.
    public static func encipher(pin: PIN, pan: String, key: SymmetricKey) throws(PINBlockError) -> Data {
        var generator = SystemRandomNumberGenerator()
        let fill = (0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try encipher(pin: pin, pan: pan, key: key, fill: fill)
    }

    /// The enciphered block with the given 8 fill bytes, for known-answer tests.
    ///
    /// In production the fill must be random: it is what makes two blocks for the same
    /// PIN and PAN differ. Use ``encipher(pin:pan:key:)``.
    public static func encipher(pin: PIN, pan: String, key: SymmetricKey, fill: [UInt8]) throws(PINBlockError) -> Data {
        guard fill.count == 8 else { throw .invalidFillLength(fill.count) }
        let panField = try panField(pan)
        try checkKey(key)
        var block = pinField(pin, fill: fill)
        try aes(&block, key: key, forward: true)
        xor(&block, panField)
        try aes(&block, key: key, forward: true)
        return Data(block)
    }

    /// The PIN inside a format 4 block enciphered under `key` for `pan`.
    ///
    /// - Throws: ``PINBlockError``; a wrong key or PAN shows up as a malformed PIN field
    ///   (control nibble, length, digits or fill).
    public static func decipher(_ block: Data, pan: String, key: SymmetricKey) throws(PINBlockError) -> PIN {
        guard block.count == 16 else { throw .invalidBlockLength(block.count, expected: 16) }
        let panField = try panField(pan)
        try checkKey(key)
        var field = Array(block)
        try aes(&field, key: key, forward: false)
        xor(&field, panField)
        try aes(&field, key: key, forward: false)
        return try pin(in: field)
    }

    /// Plaintext PIN field: 4, length, digits, 0xA fill to 8 bytes, then the random fill.
    private static func pinField(_ pin: PIN, fill: [UInt8]) -> [UInt8] {
        var nibbles: [UInt8] = [4, UInt8(pin.digits.utf8.count)]
        nibbles += pin.digits.utf8.map { $0 - UInt8(ascii: "0") }
        nibbles += [UInt8](repeating: 0xA, count: 16 - nibbles.count)
        return pack(nibbles) + fill
    }

    /// Plaintext PAN field: length minus 12, the PAN right-justified in 12 digits, zeros.
    private static func panField(_ pan: String) throws(PINBlockError) -> [UInt8] {
        let digits = Array(pan.utf8)
        guard (1...19).contains(digits.count),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .invalidPAN
        }
        var nibbles: [UInt8] = [UInt8(max(0, digits.count - 12))]
        nibbles += [UInt8](repeating: 0, count: max(0, 12 - digits.count))
        nibbles += digits.map { $0 - UInt8(ascii: "0") }
        nibbles += [UInt8](repeating: 0, count: 32 - nibbles.count)
        return pack(nibbles)
    }

    /// Reads and checks a deciphered PIN field; the last 8 bytes are random and ignored.
    private static func pin(in field: [UInt8]) throws(PINBlockError) -> PIN {
        let nibbles = field.prefix(8).flatMap { [$0 >> 4, $0 & 0x0F] }
        guard nibbles[0] == 4 else { throw .notFormat4(controlNibble: nibbles[0]) }
        let length = Int(nibbles[1])
        guard (4...12).contains(length) else { throw .invalidPINLength }
        let digits = nibbles[2..<(2 + length)]
        guard digits.allSatisfy({ $0 <= 9 }) else { throw .invalidPINDigit }
        guard nibbles[(2 + length)...].allSatisfy({ $0 == 0xA }) else { throw .invalidFill }
        do {
            return try PIN(String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self))
        } catch {
            // Unreachable: length and digits were checked above, as PIN checks them.
            throw .invalidPINLength
        }
    }

    private static func checkKey(_ key: SymmetricKey) throws(PINBlockError) {
        guard [128, 192, 256].contains(key.bitCount) else { throw .invalidKeySize(bitCount: key.bitCount) }
    }

    /// One AES block operation. ECB on a single block is the raw permutation, which
    /// swift-crypto exposes only in _CryptoExtras.
    private static func aes(_ block: inout [UInt8], key: SymmetricKey, forward: Bool) throws(PINBlockError) {
        do {
            if forward {
                try AES.permute(&block, key: key)
            } else {
                try AES.inversePermute(&block, key: key)
            }
        } catch {
            // The block is always 16 bytes and the key size was checked, so only a key
            // swift-crypto still rejects can land here.
            throw .invalidKeySize(bitCount: key.bitCount)
        }
    }

    private static func xor(_ block: inout [UInt8], _ other: [UInt8]) {
        for index in block.indices {
            block[index] ^= other[index]
        }
    }

    private static func pack(_ nibbles: [UInt8]) -> [UInt8] {
        stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }
}
