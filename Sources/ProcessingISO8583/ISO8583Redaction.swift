import CardData

/// How each field is shown in logs: the card number masked to its first 6 and last 4
/// digits, track data, PIN block and chip data left out with only their length, everything
/// else as it is. The rules are by field number, so they hold whatever table a message was
/// read with.
public enum ISO8583Redaction {
    /// Fields never shown, not even in part: track 2 (35), track 3 (36), track 1 (45), PIN
    /// block (52), ICC data (55, which can hold the PAN and track 2 equivalent), and the
    /// reader's sealed card data passed through (120), and the MAC (64, 128): not a secret,
    /// but nothing a reader of logs needs, and a log that never shows one cannot help forge one;
    /// and a key exchange's key block (125), a key enciphered under the zone master key.
    public static let removedFields: Set<Int> = [35, 36, 45, 52, 55, 64, 120, 125, 128]
    /// Fields shown masked: the PAN (2), and the extended PAN (34).
    public static let maskedFields: Set<Int> = [2, 34]

    /// What a log may show of field `number` holding `value`.
    public static func render(_ number: Int, _ value: ISO8583FieldValue) -> String {
        if removedFields.contains(number) {
            return "<removed, \(value.length) \(value.bytes == nil ? "characters" : "bytes")>"
        }
        switch value {
        case .text(let text) where maskedFields.contains(number):
            // Malformed numbers come back fully starred from PAN.masked.
            return PAN.masked(text)
        case .binary where maskedFields.contains(number):
            return "<removed, \(value.length) bytes>"
        case .text(let text):
            // Quoted and escaped: padding stays visible and a control character cannot
            // forge a log line.
            return text.debugDescription
        case .binary(let bytes):
            return "0x" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        }
    }
}
