/// Why BER-TLV data could not be decoded.
///
/// Every case carries the byte offset, counted from the start of the data handed to
/// ``BERTLV/decode(_:maxDepth:)``, so a broken card response can be located in a trace.
/// Cases never carry value bytes: the data being decoded may hold a PAN or track 2.
public enum TLVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data ends inside the tag that starts at `offset`.
    case truncatedTag(offset: Int)
    /// The tag starting at `offset` runs past 4 bytes, more than any EMV tag.
    case tagTooLong(offset: Int)
    /// The data ends at or inside the length field that starts at `offset`.
    case truncatedLength(offset: Int)
    /// The length field at `offset` uses the indefinite form (0x80) or more than 4 length
    /// bytes (0x85 and up), neither of which EMV allows.
    case unsupportedLength(offset: Int)
    /// The length field at `offset` declares more value bytes than remain in the data or
    /// in the enclosing template.
    case valuePastEnd(offset: Int, declared: Int, available: Int)
    /// The object whose tag starts at `offset` is nested deeper than `limit` levels.
    case nestingTooDeep(offset: Int, limit: Int)

    /// Where decoding went wrong, counted in bytes from the start of the data.
    public var offset: Int {
        switch self {
        case .truncatedTag(let offset), .tagTooLong(let offset), .truncatedLength(let offset),
             .unsupportedLength(let offset), .valuePastEnd(let offset, _, _),
             .nestingTooDeep(let offset, _):
            return offset
        }
    }

    public var description: String {
        switch self {
        case .truncatedTag(let offset):
            return "TLV data ends inside the tag starting at byte \(offset)"
        case .tagTooLong(let offset):
            return "TLV tag at byte \(offset) is longer than 4 bytes"
        case .truncatedLength(let offset):
            return "TLV data ends inside the length field at byte \(offset)"
        case .unsupportedLength(let offset):
            return "TLV length at byte \(offset) is indefinite or longer than 4 bytes, which EMV does not allow"
        case .valuePastEnd(let offset, let declared, let available):
            return "TLV length at byte \(offset) declares \(declared) bytes but only \(available) remain"
        case .nestingTooDeep(let offset, let limit):
            return "TLV object at byte \(offset) is nested deeper than \(limit) levels"
        }
    }
}
