import CardData

/// The result the payment app sends back on the caller's callback URL:
/// `interapp-callback://result?status=success&message=…&action=…&amount=…&…`.
///
/// ``accountNumber`` is only ever a masked card number (first 6 digits, stars, last 4):
/// ``init(status:message:action:clientTransactionId:amount:cardType:accountNumber:orderCode:shortOrderCode:tid:transactionDate:transactionId:)``
/// masks a full card number it is given, and refuses any other form, so a full number can
/// never leave the payment app in a URL.
public struct InterAppResponse: Sendable, Hashable {
    /// How the request ended.
    public enum Status: String, Sendable, Hashable {
        /// The payment, capture or refund was approved.
        case success
        /// It was declined, refused, or could not be done; ``message`` says why.
        case fail
    }

    /// How the request ended.
    public let status: Status
    /// A sentence about the result for the caller to show or log.
    public let message: String
    /// The action requested, when it could be read.
    public let action: InterAppAction?
    /// The caller's `clientTransactionId`, echoed.
    public let clientTransactionId: String?
    /// The amount processed, in minor units.
    public let amount: Int64?
    /// The card's type as it is shown to people, e.g. `Visa`, `Debit Mastercard`.
    public let cardType: String?
    /// The masked card number, e.g. `537489******1831`.
    public let accountNumber: String?
    /// The order code: the Tapline transaction id of the payment.
    public let orderCode: String?
    /// The first 10 characters of ``orderCode``.
    public let shortOrderCode: String?
    /// The terminal id: at most 12 characters.
    public let tid: String?
    /// When the transaction happened.
    public let transactionDate: InterAppTimestamp?
    /// The id of the transaction this request created: the sale or pre-authorisation
    /// itself, or the capture or refund.
    public let transactionId: String?

    /// A result, checked: a full card number is masked, any other unmasked form is refused,
    /// as are a negative amount and a terminal id longer than 12 characters.
    public init(
        status: Status, message: String, action: InterAppAction? = nil, clientTransactionId: String? = nil,
        amount: Int64? = nil, cardType: String? = nil, accountNumber: String? = nil, orderCode: String? = nil,
        shortOrderCode: String? = nil, tid: String? = nil, transactionDate: InterAppTimestamp? = nil,
        transactionId: String? = nil
    ) throws(InterAppError) {
        if let amount, amount < 0 { throw .invalidAmount(parameter: "amount", value: String(amount)) }
        if let tid, !Self.isTerminalId(tid) { throw .invalidTerminalId(tid) }
        var masked: String?
        if let accountNumber { masked = try Self.maskedAccountNumber(accountNumber) }
        self.status = status
        self.message = message
        self.action = action
        self.clientTransactionId = clientTransactionId
        self.amount = amount
        self.cardType = cardType
        self.accountNumber = masked
        self.orderCode = orderCode
        self.shortOrderCode = shortOrderCode
        self.tid = tid
        self.transactionDate = transactionDate
        self.transactionId = transactionId
    }

    /// A failed result carrying only what is known when a request could not even start,
    /// which can never be refused.
    public static func failure(_ message: String, action: InterAppAction? = nil, clientTransactionId: String? = nil) -> InterAppResponse {
        InterAppResponse(bare: .fail, message: message, action: action, clientTransactionId: clientTransactionId)
    }

    /// A result with only a status, a message and the request's own fields: nothing in it
    /// can break a rule, so it needs no check.
    init(bare status: Status, message: String, action: InterAppAction?, clientTransactionId: String?) {
        self.status = status
        self.message = message
        self.action = action
        self.clientTransactionId = clientTransactionId
        amount = nil
        cardType = nil
        accountNumber = nil
        orderCode = nil
        shortOrderCode = nil
        tid = nil
        transactionDate = nil
        transactionId = nil
    }

    /// `text` as a masked card number: kept when it is already masked (first 6 digits,
    /// at least two stars, last 4, 12–19 characters), masked when it is a full card number,
    /// refused otherwise.
    public static func maskedAccountNumber(_ text: String) throws(InterAppError) -> String {
        if isMasked(text) { return text }
        let isFullNumber = PAN.lengthRange.contains(text.utf8.count) && text.utf8.allSatisfy(isDigit)
        guard isFullNumber else { throw .invalidAccountNumber }
        return PAN.masked(text)
    }

    /// Whether `text` is a masked card number in the protocol's form.
    public static func isMasked(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard PAN.lengthRange.contains(bytes.count) else { return false }
        return bytes.prefix(6).allSatisfy(isDigit) && bytes.suffix(4).allSatisfy(isDigit)
            && bytes.dropFirst(6).dropLast(4).allSatisfy { $0 == UInt8(ascii: "*") }
    }

    static func isTerminalId(_ text: String) -> Bool { (1...12).contains(text.count) }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
