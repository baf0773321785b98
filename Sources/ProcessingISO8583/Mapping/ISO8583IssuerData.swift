import CardData
import Foundation

/// What of an answer's field 55 goes back to the card: issuer authentication data (91) and
/// issuer scripts (71 before, 72 after the second GENERATE AC), in the order received.
/// Anything else there is dropped, and a 55 that is not BER-TLV gives nothing: the issuer's
/// data are extras for the card, never a reason to doubt the decision in 39.
enum ISO8583IssuerData {
    static let tags: Set<TLVTag> = [TLVTag(0x91), TLVTag(0x71), TLVTag(0x72)]

    /// The kept objects re-encoded as BER-TLV; nil when there are none.
    static func read(_ field: ISO8583FieldValue?) -> Data? {
        guard case .binary(let bytes)? = field, let objects = try? BERTLV.decode(Data(bytes), maxDepth: 2) else { return nil }
        let kept = objects.filter { tags.contains($0.tag) }
        return kept.isEmpty ? nil : BERTLV.encode(kept)
    }
}
