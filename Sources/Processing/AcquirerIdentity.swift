/// Who the merchant is at its acquirer: the ids an acquirer link sends with every request
/// (ISO 8583 field 42, card acceptor id, and field 41, terminal id), and whose they are.
///
/// The simulator ignores them; a link to a real acquirer refuses a request without them.
public struct AcquirerIdentity: Sendable, Equatable, Hashable {
    /// Tapline's merchant id, so what the link keeps (a reversal it owes) names its owner.
    public var merchantId: String
    /// The acquirer's id for the merchant (ISO 8583 field 42).
    public var cardAcceptorId: String
    /// The acquirer's terminal id (ISO 8583 field 41).
    public var terminalId: String

    public init(merchantId: String, cardAcceptorId: String, terminalId: String) {
        self.merchantId = merchantId
        self.cardAcceptorId = cardAcceptorId
        self.terminalId = terminalId
    }
}
