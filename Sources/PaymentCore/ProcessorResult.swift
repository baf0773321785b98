/// What the processor answered for one request, as kept on the transaction row.
public struct ProcessorResult: Sendable, Equatable, Codable {
    /// ISO 8583 response code ("00" approved, "05" do not honour, …).
    public var responseCode: String
    /// Human message for the response code.
    public var message: String
    public var authorizationCode: String?
    /// The processor's own reference for follow-ups.
    public var reference: String?

    public init(responseCode: String, message: String, authorizationCode: String? = nil, reference: String? = nil) {
        self.responseCode = responseCode
        self.message = message
        self.authorizationCode = authorizationCode
        self.reference = reference
    }
}
