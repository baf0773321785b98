/// Who the merchant is at its acquirer: the ids an acquirer link sends with every request
/// (ISO 8583 field 42, card acceptor id, and field 41, terminal id), and whose they are;
/// and what it is and where, for the fields schemes require (18, the MCC; 43, name and place).
///
/// The simulator ignores them; a link to a real acquirer refuses a request without them.
public struct AcquirerIdentity: Sendable, Equatable, Hashable {
    /// Tapline's merchant id, so what the link keeps (a reversal it owes) names its owner.
    public var merchantId: String
    /// The acquirer's id for the merchant (ISO 8583 field 42).
    public var cardAcceptorId: String
    /// The acquirer's terminal id (ISO 8583 field 41).
    public var terminalId: String
    /// The merchant category code (ISO 18245, ISO 8583 field 18): four digits; the
    /// merchant's setting, ``defaultMerchantCategoryCode`` when it has none.
    public var merchantCategoryCode: String
    /// The merchant's name and place (ISO 8583 field 43); nil sends no 43.
    public var location: CardAcceptorLocation?

    /// 5999, "miscellaneous and specialty retail stores": the MCC of a merchant that set none.
    public static let defaultMerchantCategoryCode = "5999"

    public init(merchantId: String, cardAcceptorId: String, terminalId: String,
                merchantCategoryCode: String = AcquirerIdentity.defaultMerchantCategoryCode, location: CardAcceptorLocation? = nil) {
        self.merchantId = merchantId
        self.cardAcceptorId = cardAcceptorId
        self.terminalId = terminalId
        self.merchantCategoryCode = merchantCategoryCode
        self.location = location
    }
}
