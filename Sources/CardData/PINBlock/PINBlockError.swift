/// Why a PIN block could not be built or opened.
///
/// Cases and messages never carry PIN digits, PAN digits or key bytes. When deciphering,
/// a wrong key or a PAN other than the one the block was built with turns the PIN field
/// into noise, which shows up as one of the field errors below (format 0 binds the PAN
/// less tightly: see ``PINBlockFormat0``).
public enum PINBlockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PAN is not ASCII digits of a length the format takes: 1 to 19 for format 4,
    /// 12 to 19 (a card number's length) for format 0.
    case invalidPAN
    /// The key is not an AES key; carries its size in bits.
    case invalidKeySize(bitCount: Int)
    /// The random fill is not 8 bytes; carries the byte count.
    case invalidFillLength(Int)
    /// The enciphered block is not the format's length (16 bytes for format 4, 8 for
    /// format 0); carries the byte count and the length expected.
    case invalidBlockLength(Int, expected: Int)
    /// The deciphered PIN field's control nibble is not 4; carries the nibble.
    case notFormat4(controlNibble: UInt8)
    /// The deciphered format 0 PIN block's control nibble is not 0; carries the nibble.
    case notFormat0(controlNibble: UInt8)
    /// The deciphered PIN field's length nibble is outside 4 to 12.
    case invalidPINLength
    /// A deciphered PIN digit is not 0 to 9.
    case invalidPINDigit
    /// The deciphered PIN field's fill nibbles after the PIN are not all the format's
    /// pad: 0xA in format 4, 0xF in format 0.
    case invalidFill

    public var description: String {
        let hint = "(wrong key, wrong PAN or not an ISO 9564 PIN block of that format)"
        switch self {
        case .invalidPAN:
            return "PAN for a PIN block must be digits only, 1 to 19 of them for format 4 and 12 to 19 for format 0"
        case .invalidKeySize(let bitCount):
            return "PIN block key has \(bitCount) bits; expected an AES key of 128, 192 or 256 bits"
        case .invalidFillLength(let count):
            return "PIN block random fill has \(count) bytes; expected 8"
        case .invalidBlockLength(let count, let expected):
            return "PIN block has \(count) bytes; expected \(expected)"
        case .notFormat4(let nibble):
            return "deciphered PIN field has control nibble 0x\(String(nibble, radix: 16, uppercase: true)), not 4 \(hint)"
        case .notFormat0(let nibble):
            return "deciphered format 0 PIN block has control nibble 0x\(String(nibble, radix: 16, uppercase: true)), not 0 \(hint)"
        case .invalidPINLength:
            return "deciphered PIN field declares a PIN length outside 4 to 12 \(hint)"
        case .invalidPINDigit:
            return "deciphered PIN field holds a PIN digit that is not 0 to 9 \(hint)"
        case .invalidFill:
            return "deciphered PIN field's fill after the PIN is not the format's pad (0xA in format 4, 0xF in format 0) \(hint)"
        }
    }
}
