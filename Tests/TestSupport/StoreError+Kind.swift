import Storage

extension StoreError {
    /// The case without its message, so tests can expect "a duplicate" without matching
    /// each store's wording.
    public enum Kind: Sendable, Equatable {
        case duplicate, notFound, corrupt, unavailable, batchTotalsTooLarge
    }

    public var kind: Kind {
        switch self {
        case .duplicate: return .duplicate
        case .notFound: return .notFound
        case .corrupt: return .corrupt
        case .unavailable: return .unavailable
        case .batchTotalsTooLarge: return .batchTotalsTooLarge
        }
    }
}
