/// EMV CVM results (tag 9F34, three bytes): which cardholder verification method was
/// performed, under which condition, and how it ended. ARISE's
/// `cardholderAuthenticationMethod` and `cvmResultMsg` are read from it.
public struct CVMResults: Sendable, Equatable {
    /// The method code: byte 1 without its "apply the next rule on failure" bit.
    public let method: UInt8
    public let condition: UInt8
    public let result: UInt8

    /// Nil unless `hex` is three bytes of hex.
    public init?(hex: String) {
        guard hex.utf8.count == 6 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        method = bytes[0] & 0x3F
        condition = bytes[1]
        result = bytes[2]
    }

    /// The method by name (EMV Book 3, Annex C3).
    public var methodName: String {
        switch method {
        case 0x00: return "Failed CVM processing"
        case 0x01: return "Plaintext PIN verified by the card"
        case 0x02: return "Enciphered PIN verified online"
        case 0x03: return "Plaintext PIN verified by the card and signature"
        case 0x04: return "Enciphered PIN verified by the card"
        case 0x05: return "Enciphered PIN verified by the card and signature"
        case 0x1E: return "Signature"
        case 0x1F: return "No CVM required"
        case 0x3F: return "No CVM performed by the terminal (consumer device CVM when successful)"
        default: return "Method \(String(method, radix: 16, uppercase: true))"
        }
    }

    /// Whether the method asks for the cardholder's signature: signature alone (1E), or a
    /// PIN verified by the card and a signature (03, 05). The terminal cannot judge a
    /// signature, so its result is "unknown" (00) and the merchant must keep the image.
    public var asksForSignature: Bool { [0x03, 0x05, 0x1E].contains(method) }

    /// How it ended, as ARISE's `cvmResultMsg`.
    public var resultMessage: String {
        switch result {
        case 0x01: return "Failed"
        case 0x02: return "Successful"
        default: return "Unknown"
        }
    }
}
