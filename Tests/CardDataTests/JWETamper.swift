@testable import CardData
import Foundation

/// Builds altered compact JWEs for the refusal tests: each changes one segment and leaves
/// the rest as sealed.
enum JWETamper {
    static func parts(_ compact: String) -> [String] {
        compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// `compact` with segment `index` replaced by `segment`.
    static func replacing(_ index: Int, with segment: String, in compact: String) -> String {
        var parts = parts(compact)
        parts[index] = segment
        return parts.joined(separator: ".")
    }

    /// `compact` with one bit flipped in byte `byte` (negative counts from the end) of the
    /// decoded segment `index`.
    static func flipping(byte: Int, ofSegment index: Int, in compact: String) -> String {
        var bytes = Base64URL.decode(parts(compact)[index])!
        let offset = byte >= 0 ? byte : bytes.count + byte
        bytes[bytes.startIndex + offset] ^= 0x01
        return replacing(index, with: Base64URL.encode(bytes), in: compact)
    }

    /// `compact` with segment `index` decoded, resized by `transform`, and re-encoded.
    static func resizing(segment index: Int, in compact: String, _ transform: (Data) -> Data) -> String {
        replacing(index, with: Base64URL.encode(transform(Base64URL.decode(parts(compact)[index])!)), in: compact)
    }

    /// The decoded protected header of `compact`, as JSON text.
    static func headerText(_ compact: String) -> String {
        String(decoding: Base64URL.decode(parts(compact)[0])!, as: UTF8.self)
    }

    /// `compact` with its header replaced by `text`, encoded as sent.
    static func withHeaderText(_ text: String, in compact: String) -> String {
        replacing(0, with: Base64URL.encode(Data(text.utf8)), in: compact)
    }

    /// `compact` with its header decoded, changed by `change`, and re-encoded.
    static func editingHeader(_ compact: String, _ change: (inout [String: Any]) -> Void) -> String {
        let data = Base64URL.decode(parts(compact)[0])!
        var header = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        change(&header)
        let edited = try! JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        return replacing(0, with: Base64URL.encode(edited), in: compact)
    }
}
