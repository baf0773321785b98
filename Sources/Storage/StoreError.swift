/// Failures a store reports in a way the gateway can act on.
public enum StoreError: Error, Equatable, Sendable {
    /// A row with that key exists already.
    case duplicate(String)
    /// The row to update does not exist.
    case notFound(String)
    /// The database answered something the store cannot read (corrupt or foreign data).
    case corrupt(String)
    /// The database cannot be reached or refused the work.
    case unavailable(String)
    /// A batch's kept totals would not fit Int64 (``BatchTotals``): the write is refused
    /// rather than a total wrapping.
    case batchTotalsTooLarge
}
