import Foundation

/// ISO 9564-1 PIN block format 0 (the "ANSI" PIN block of ANSI X9.8) under a triple DES
/// key: what an acquirer expects in ISO 8583 field 52, enciphered under its zone PIN key.
///
/// The 8-byte clear block is the PIN field XOR the PAN field:
/// - PIN field: control nibble 0, PIN length nibble (4 to 12), the PIN digits, then 0xF
///   nibbles up to 16.
/// - PAN field: four zero nibbles, then the 12 rightmost PAN digits excluding the check
///   digit (the last one), left-padded with zeros when the PAN has fewer.
///
/// The block is that clear block enciphered with triple DES. There is no random fill, so
/// the same PIN, PAN and key always give the same block, and the PAN binds the PIN only
/// through XOR: deciphering with the right key but another PAN can yield another PIN
/// that passes every check (the control and length nibbles are never XORed with PAN
/// digits). A wrong key, in contrast, is reported as a malformed block almost always.
/// Format 0 is kept only because acquirers still ask for it; Tapline's own PIN blocks are
/// format 4 (``PINBlockFormat4``).
public enum PINBlockFormat0 {
    /// The enciphered 8-byte block for `pin` and `pan` under `key`.
    ///
    /// - Parameters:
    ///   - pan: The card number the PIN belongs to, 12 to 19 ASCII digits.
    ///   - key: The zone PIN key (double- or triple-length).
    /// - Throws: ``PINBlockError/invalidPAN`` for a PAN that is not 12 to 19 digits.
    public static func encipher(pin: PIN, pan: String, key: TripleDESKey) throws(PINBlockError) -> Data {
        let clear = pinField(pin) ^ (try panField(pan))
        return Data(DES.bytes(TripleDES.encrypt(clear, key: key)))
    }

    /// The PIN inside a format 0 block enciphered under `key` for `pan`.
    ///
    /// - Throws: ``PINBlockError``: the block is not 8 bytes, the PAN not 12 to 19 digits,
    ///   or the deciphered block is malformed (control nibble, length, digits or fill),
    ///   which is how a wrong key shows.
    public static func decipher(_ block: Data, pan: String, key: TripleDESKey) throws(PINBlockError) -> PIN {
        guard block.count == TripleDES.blockSize else { throw .invalidBlockLength(block.count, expected: TripleDES.blockSize) }
        let panField = try panField(pan)
        let clear = TripleDES.decrypt(DES.bigEndian(Array(block)[...]), key: key) ^ panField
        return try pin(in: clear)
    }

    /// 0, length, digits, 0xF fill: 16 nibbles in one 64-bit value.
    private static func pinField(_ pin: PIN) -> UInt64 {
        var nibbles: [UInt8] = [0, UInt8(pin.digits.utf8.count)]
        nibbles += pin.digits.utf8.map { $0 - UInt8(ascii: "0") }
        nibbles += [UInt8](repeating: 0xF, count: 16 - nibbles.count)
        return pack(nibbles)
    }

    /// 0000, then the 12 rightmost digits before the check digit, zero-padded on the left.
    private static func panField(_ pan: String) throws(PINBlockError) -> UInt64 {
        let digits = Array(pan.utf8)
        guard PAN.lengthRange.contains(digits.count),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .invalidPAN
        }
        let account = digits.dropLast().suffix(12).map { $0 - UInt8(ascii: "0") }
        return pack([UInt8](repeating: 0, count: 16 - account.count) + account)
    }

    /// Reads and checks a clear PIN field.
    private static func pin(in field: UInt64) throws(PINBlockError) -> PIN {
        let nibbles = (0..<16).map { UInt8(truncatingIfNeeded: field >> UInt64(60 - 4 * $0)) & 0x0F }
        guard nibbles[0] == 0 else { throw .notFormat0(controlNibble: nibbles[0]) }
        let length = Int(nibbles[1])
        guard (4...12).contains(length) else { throw .invalidPINLength }
        let digits = nibbles[2..<(2 + length)]
        guard digits.allSatisfy({ $0 <= 9 }) else { throw .invalidPINDigit }
        guard nibbles[(2 + length)...].allSatisfy({ $0 == 0xF }) else { throw .invalidFill }
        do {
            return try PIN(String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self))
        } catch {
            // Unreachable: length and digits were checked above, as PIN checks them.
            throw .invalidPINLength
        }
    }

    private static func pack(_ nibbles: [UInt8]) -> UInt64 {
        nibbles.reduce(0) { $0 << 4 | UInt64($1) }
    }
}
