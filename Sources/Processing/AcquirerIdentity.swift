/// Who the merchant is at its acquirer: the ids an acquirer link sends with every request
/// (ISO 8583 field 42, card acceptor id, and field 41, terminal id).
///
/// The simulator ignores them; a link to a real acquirer refuses a request without them.
public struct AcquirerIdentity: Sendable, Equatable, Hashable {
    /// The acquirer's merchant id (ISO 8583 field 42).
    public var merchantId: String
    /// The acquirer's terminal id (ISO 8583 field 41).
    public var terminalId: String

    public init(merchantId: String, terminalId: String) {
        self.merchantId = merchantId
        self.terminalId = terminalId
    }
}
