import Foundation

/// A parsed `Tapline-Signature` header: its timestamp and every `v1` signature in it.
/// Unknown schemes (a future `v2=`) are skipped so old receivers keep working.
struct WebhookSignatureHeader {
    let timestamp: Int64
    let signatures: [Data]

    init(parsing header: String) throws {
        var timestamp: Int64?
        var signatures: [Data] = []
        for part in header.split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw WebhookSignatureError.malformedHeader }
            switch pair[0] {
            case "t":
                guard timestamp == nil, let value = Int64(pair[1]) else { throw WebhookSignatureError.malformedHeader }
                timestamp = value
            case "v1":
                // A v1 that is not 64 hex digits cannot match; it is refused like a bad header.
                guard let bytes = Self.hexBytes(pair[1]), bytes.count == 32 else { throw WebhookSignatureError.malformedHeader }
                signatures.append(bytes)
            default:
                continue
            }
        }
        guard let timestamp else { throw WebhookSignatureError.malformedHeader }
        self.timestamp = timestamp
        self.signatures = signatures
    }

    private static func hexBytes(_ text: Substring) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
