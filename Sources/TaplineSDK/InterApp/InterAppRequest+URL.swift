import Foundation
import PaymentCore

extension InterAppRequest {
    /// The host and path every request URL has: `scheme://pay/v1`.
    static let host = "pay"
    static let path = "/v1"

    /// Parses `scheme://pay/v1?…` and checks it.
    ///
    /// Parameters not in the protocol are ignored, so callers written for a newer version
    /// still work; a parameter given twice is refused, since which copy counts is a guess.
    /// An empty optional parameter counts as absent.
    public init(url: URL, configuration: InterAppConfiguration = InterAppConfiguration()) throws(InterAppError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .notAnInterAppRequest("it cannot be read as a URL")
        }
        guard components.scheme?.lowercased() == configuration.scheme.lowercased() else {
            throw .notAnInterAppRequest("the scheme must be '\(configuration.scheme)', not '\(components.scheme ?? "")'")
        }
        guard components.host?.lowercased() == Self.host, components.percentEncodedPath == Self.path else {
            throw .notAnInterAppRequest("it must start with '\(configuration.scheme)://\(Self.host)\(Self.path)'")
        }
        try self.init(query: InterAppQuery(percentEncoded: components.percentEncodedQuery), configuration: configuration)
    }

    init(query: InterAppQuery, configuration: InterAppConfiguration) throws(InterAppError) {
        guard let callback = try query.value("callback") else { throw .missingParameter("callback") }
        guard query.contains("merchantKey") else { throw .missingParameter("merchantKey") }
        guard let merchantKey = try query.value("merchantKey") else { throw .emptyParameter("merchantKey") }
        guard let actionName = try query.value("action") else { throw .missingParameter("action") }
        guard let action = InterAppAction(rawValue: actionName) else { throw .unknownAction(actionName) }
        let match = TransactionMatch.resolving(
            orderCode: try query.value("orderCode"), shortOrderCode: try query.value("shortOrderCode"),
            referenceNumber: try query.value("referenceNumber"))
        let showReceipt = try Self.boolean(query, "show_receipt")
        try self.init(
            action: action, merchantKey: merchantKey, callback: callback,
            currency: try Self.currency(query) ?? configuration.defaultCurrency,
            appId: try query.value("appId"), clientTransactionId: try query.value("clientTransactionId"),
            amount: try Self.minorUnits(query, "amount"), tipAmount: try Self.minorUnits(query, "tipAmount"),
            match: match, dateRange: try Self.dateRange(query, now: configuration.now),
            showReceipt: showReceipt ?? true,
            // Read even when show_receipt wins, so a malformed value is still reported.
            showTransactionResult: try Self.boolean(query, "show_transaction_result") ?? true,
            protocolName: try query.value("protocol"))
    }

    /// The request as a URL for the payment app registered under `scheme`.
    ///
    /// Every value is percent-encoded; dates are written with their own offset, the amount
    /// as digits, and `currency` always, so the receiver's default currency cannot change
    /// what the request means.
    public func url(scheme: String = InterAppConfiguration.defaultScheme) throws(InterAppError) -> URL {
        guard InterAppCallback.isScheme(scheme) else { throw .notAnInterAppRequest("'\(scheme)' is not a URL scheme") }
        let query = InterAppQuery.encode([
            ("merchantKey", merchantKey), ("appId", appId), ("action", action.rawValue),
            ("clientTransactionId", clientTransactionId), ("amount", amount.map(String.init)),
            ("currency", currency.code), ("tipAmount", tipAmount.map(String.init)),
            (match?.parameterName ?? "orderCode", match?.value),
            ("txnDateFrom", dateRange?.from.iso8601String), ("txnDateTo", dateRange?.to.iso8601String),
            ("show_receipt", String(showReceipt)), ("show_transaction_result", String(showTransactionResult)),
            ("protocol", protocolName), ("callback", callback),
        ])
        guard let url = URL(string: "\(scheme)://\(Self.host)\(Self.path)?\(query)") else {
            throw .notAnInterAppRequest("'\(scheme)' is not a URL scheme")
        }
        return url
    }

    /// Minor units written as digits only: no sign, no decimal point, no spaces.
    private static func minorUnits(_ query: InterAppQuery, _ name: String) throws(InterAppError) -> Int64? {
        guard let text = try query.value(name) else { return nil }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(text) else {
            throw .invalidAmount(parameter: name, value: text)
        }
        return value
    }

    /// An ISO 4217 alphabetic code (`EUR`) or, as some callers send, its numeric code (`978`).
    private static func currency(_ query: InterAppQuery) throws(InterAppError) -> Currency? {
        guard let text = try query.value("currency") else { return nil }
        let numeric = text.utf8.count == 3 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
        let found = numeric ? Int(text).flatMap { Currency(numericCode: $0) } : Currency(code: text)
        guard let found else { throw .unknownCurrency(text) }
        return found
    }

    /// `true` or `false`, in any letter case.
    private static func boolean(_ query: InterAppQuery, _ name: String) throws(InterAppError) -> Bool? {
        guard let text = try query.value(name) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw .invalidBoolean(parameter: name, value: text)
        }
    }

    /// `txnDateFrom` alone runs to now, written in the same offset as `txnDateFrom` so the
    /// window reads naturally; `txnDateTo` alone is refused, as the protocol says.
    private static func dateRange(_ query: InterAppQuery, now: @Sendable () -> Date) throws(InterAppError) -> InterAppDateRange? {
        let from = try timestamp(query, "txnDateFrom")
        let to = try timestamp(query, "txnDateTo")
        guard let from else {
            if to != nil { throw .dateToWithoutDateFrom }
            return nil
        }
        return try InterAppDateRange(from: from, to: to ?? InterAppTimestamp(date: now(), utcOffsetSeconds: from.utcOffsetSeconds))
    }

    private static func timestamp(_ query: InterAppQuery, _ name: String) throws(InterAppError) -> InterAppTimestamp? {
        guard let text = try query.value(name) else { return nil }
        guard let timestamp = InterAppTimestamp(iso8601: text) else { throw .invalidDate(parameter: name, value: text) }
        return timestamp
    }
}
