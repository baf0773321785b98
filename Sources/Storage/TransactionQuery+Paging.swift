extension TransactionQuery {
    /// The rows to skip and the rows to return for ``page`` and ``pageSize``.
    ///
    /// Negative values count as zero and an offset too large for `Int` lands past the end,
    /// so a nonsense page answers an empty page instead of crashing a store.
    public var pageWindow: (offset: Int, limit: Int) {
        let limit = max(0, pageSize)
        let (offset, overflow) = max(0, page).multipliedReportingOverflow(by: limit)
        return (overflow ? Int.max : offset, limit)
    }
}
