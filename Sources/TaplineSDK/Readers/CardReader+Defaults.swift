extension CardReader {
    /// Most readers have no educational content of their own.
    @MainActor
    public func showEducationalInfo(from presenter: AnyObject) async throws(CardReaderError) {
        throw .notSupported
    }
}
