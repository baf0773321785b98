import Foundation

extension InterAppResponse {
    /// The result as the URL to open: `callback://result?…` when the callback is a bare
    /// scheme, the callback URL with the result added to its query otherwise.
    public func url(callback: String) throws(InterAppError) -> URL {
        let query = InterAppQuery.encode([
            ("status", status.rawValue), ("message", message), ("action", action?.rawValue),
            ("clientTransactionId", clientTransactionId), ("amount", amount.map(String.init)),
            ("cardType", cardType), ("accountNumber", accountNumber), ("orderCode", orderCode),
            ("shortOrderCode", shortOrderCode), ("tid", tid), ("transactionDate", transactionDate?.iso8601String),
            ("transactionId", transactionId),
        ])
        guard let url = InterAppCallback.resultURL(callback, query: query) else { throw .invalidCallback(callback) }
        return url
    }

    /// Reads a result URL, as the calling app does on its callback. Only the query counts:
    /// the scheme, host and path are the caller's own. A result whose `accountNumber` is
    /// not masked is refused rather than masked, because its sender is broken.
    public init(url: URL) throws(InterAppError) {
        let query = InterAppQuery(percentEncoded: URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        guard let statusText = try query.value("status") else { throw .missingParameter("status") }
        guard let status = Status(rawValue: statusText) else { throw .invalidStatus(statusText) }
        var action: InterAppAction?
        if let actionText = try query.value("action") {
            guard let known = InterAppAction(rawValue: actionText) else { throw .unknownAction(actionText) }
            action = known
        }
        var amount: Int64?
        if let amountText = try query.value("amount") {
            guard amountText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(amountText) else {
                throw .invalidAmount(parameter: "amount", value: amountText)
            }
            amount = value
        }
        let accountNumber = try query.value("accountNumber")
        if let accountNumber, !Self.isMasked(accountNumber) { throw .invalidAccountNumber }
        var transactionDate: InterAppTimestamp?
        if let dateText = try query.value("transactionDate") {
            guard let parsed = InterAppTimestamp(iso8601: dateText) else {
                throw .invalidDate(parameter: "transactionDate", value: dateText)
            }
            transactionDate = parsed
        }
        try self.init(
            status: status, message: try query.value("message") ?? "", action: action,
            clientTransactionId: try query.value("clientTransactionId"), amount: amount,
            cardType: try query.value("cardType"), accountNumber: accountNumber,
            orderCode: try query.value("orderCode"), shortOrderCode: try query.value("shortOrderCode"),
            tid: try query.value("tid"), transactionDate: transactionDate, transactionId: try query.value("transactionId"))
    }
}
