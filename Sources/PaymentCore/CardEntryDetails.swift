/// How a card reached a payment made over the REST API, beyond its entry mode: whether the
/// customer started it (card-on-file rules), and, for a swipe after a failed chip read, why
/// the terminal fell back (ARISE `EMVFallbackCondition`, `EMVFallbackLastChipRead`).
/// Nothing here is sensitive: no track data, PIN or card number.
public struct CardEntryDetails: Sendable, Equatable, Codable {
    /// ARISE `EMVFallbackCondition`.
    public enum FallbackCondition: String, Sendable, Codable, CaseIterable {
        case iccTerminalError
        case noCandidateList
    }

    /// ARISE `EMVFallbackLastChipRead`.
    public enum LastChipRead: String, Sendable, Codable, CaseIterable {
        case successful
        case failed
        case notAChipTransaction
        case unknown
    }

    /// True when the customer started the payment (CIT), false when the merchant did (MIT).
    public var customerInitiated: Bool?
    public var fallbackCondition: FallbackCondition?
    public var lastChipRead: LastChipRead?

    /// ARISE's names, so the API shows the fields as the request sent them.
    enum CodingKeys: String, CodingKey {
        case customerInitiated = "customerInitiatedTransaction"
        case fallbackCondition = "emvFallbackCondition"
        case lastChipRead = "emvFallbackLastChipRead"
    }

    public init(customerInitiated: Bool? = nil, fallbackCondition: FallbackCondition? = nil, lastChipRead: LastChipRead? = nil) {
        self.customerInitiated = customerInitiated
        self.fallbackCondition = fallbackCondition
        self.lastChipRead = lastChipRead
    }

    /// A swipe after a failed chip read: either fallback field is set.
    public var isFallback: Bool { fallbackCondition != nil || lastChipRead != nil }

    public var isEmpty: Bool { customerInitiated == nil && !isFallback }
}
