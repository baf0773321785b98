/// Which earlier payment a `capture_pre_auth` or `cancel` request is about: the one search
/// criterion left after the protocol's precedence rules, so a performer never has to apply
/// them again.
///
/// When a request carries several, `shortOrderCode` wins over `orderCode`, and `orderCode`
/// wins over `referenceNumber`; the others are ignored, as the protocol says.
///
/// How a Tapline performer resolves each one:
/// - ``orderCode(_:)``: the Tapline transaction id of the payment.
/// - ``shortOrderCode(_:)``: the first 10 characters of that id, looked up among this
///   device's own transactions only (a short code is not unique across devices).
/// - ``referenceNumber(_:)``: the merchant reference the original payment was created with.
public enum TransactionMatch: Sendable, Hashable {
    /// The full order code: a Tapline transaction id.
    case orderCode(String)
    /// The short order code: the first 10 characters of a Tapline transaction id, searched
    /// among this device's transactions.
    case shortOrderCode(String)
    /// The merchant reference the original payment was created with.
    case referenceNumber(String)

    /// The request parameter that carries this criterion.
    public var parameterName: String {
        switch self {
        case .orderCode: return "orderCode"
        case .shortOrderCode: return "shortOrderCode"
        case .referenceNumber: return "referenceNumber"
        }
    }

    /// The value searched for.
    public var value: String {
        switch self {
        case .orderCode(let value), .shortOrderCode(let value), .referenceNumber(let value): return value
        }
    }

    /// The criterion that counts among those given, or nil when none is.
    public static func resolving(orderCode: String?, shortOrderCode: String?, referenceNumber: String?) -> TransactionMatch? {
        if let shortOrderCode, !shortOrderCode.isEmpty { return .shortOrderCode(shortOrderCode) }
        if let orderCode, !orderCode.isEmpty { return .orderCode(orderCode) }
        if let referenceNumber, !referenceNumber.isEmpty { return .referenceNumber(referenceNumber) }
        return nil
    }
}
