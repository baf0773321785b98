/// Why a reader token could not be read.
public enum ReaderTokenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a compact JWT with a JSON header and the reader-token claims.
    case malformed
    /// A JWT of another kind (its `typ` is not `tapline-reader+jwt`), e.g. an access token.
    case notAReaderToken

    public var description: String {
        switch self {
        case .malformed: return "the reader token is not a compact JWT with reader-token claims"
        case .notAReaderToken: return "the token is not a Tapline reader token"
        }
    }
}
