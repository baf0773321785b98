/// Why sealed or general card data from a reader was refused. Cases never carry card
/// data, so they can be logged and sent back as they are.
public enum CardReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field is not base64.
    case notBase64(field: String)
    /// `paymentCardData` did not open (not a JWE, wrong algorithm or key, tampered, …).
    case sealed(SealedDataError)
    /// The TLV inside is malformed.
    case tlv(field: String, TLVError)
    /// A tag the read must have is missing.
    case missingTag(TLVTag)
    /// A tag's value is not what EMV says it must be.
    case invalidTag(TLVTag, String)
    /// The PIN block did not decipher to a PIN.
    case pinBlock(PINBlockError)

    public var description: String {
        switch self {
        case .notBase64(let field): return "\(field) is not base64"
        case .sealed(let error): return "paymentCardData: \(error)"
        case .tlv(let field, let error): return "\(field) holds malformed TLV: \(error)"
        case .missingTag(let tag): return "the card data has no \(tag.name ?? "tag") (\(tag))"
        case .invalidTag(let tag, let reason): return "the card data's \(tag.name ?? "tag") (\(tag)) \(reason)"
        case .pinBlock(let error): return "the PIN block: \(error)"
        }
    }
}
