extension String {
    /// Zeros in front up to `width` characters, as fixed numeric fields and hex bytes are
    /// written; a longer string is left as it is (callers that must fit check first).
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
