import Foundation

/// Why an inter-app request or result URL was refused. Every case names the parameter at
/// fault, so the calling app's developer can fix the URL from the callback's message alone.
public enum InterAppError: Error, Sendable, Equatable {
    /// The URL is not an inter-app request for this app: wrong scheme, host or path.
    case notAnInterAppRequest(String)
    /// A parameter's value has a broken percent-escape.
    case invalidEncoding(parameter: String)
    /// A parameter appears more than once; which copy the caller meant cannot be known.
    case duplicateParameter(String)
    /// A required parameter is absent.
    case missingParameter(String)
    /// A parameter that must have a value was sent empty (`merchantKey=`).
    case emptyParameter(String)
    /// `action` is not one of `sale`, `pre_auth`, `capture_pre_auth`, `cancel`.
    case unknownAction(String)
    /// An amount is not a whole number of minor units written with digits only.
    case invalidAmount(parameter: String, value: String)
    /// An amount that must be larger than zero is zero.
    case amountNotPositive(parameter: String)
    /// `tipAmount` is larger than `amount`, which the protocol forbids.
    case tipExceedsAmount(tip: Int64, amount: Int64)
    /// `currency` is not an ISO 4217 code Tapline accepts.
    case unknownCurrency(String)
    /// A boolean parameter is neither `true` nor `false`.
    case invalidBoolean(parameter: String, value: String)
    /// A date is not ISO 8601 with a time and a UTC offset.
    case invalidDate(parameter: String, value: String)
    /// `txnDateTo` was given without `txnDateFrom`.
    case dateToWithoutDateFrom
    /// `txnDateFrom` is later than `txnDateTo`, so no transaction could match.
    case dateRangeReversed(from: String, to: String)
    /// A `capture_pre_auth` or `cancel` names no payment: none of `orderCode`,
    /// `shortOrderCode` or `referenceNumber`, and not `amount` with `txnDateFrom` either.
    /// Acting on "the latest payment" instead could capture or cancel the wrong one.
    case paymentNotNamed(action: InterAppAction)
    /// The parameter has no meaning for this action (a tip on a capture, an order code on a sale).
    case parameterNotAllowed(parameter: String, action: InterAppAction)
    /// `callback` is neither a URL scheme nor an absolute URL.
    case invalidCallback(String)
    /// A result's `status` is neither `success` nor `fail`.
    case invalidStatus(String)
    /// `accountNumber` is not a masked card number (first 6, stars, last 4). The value is
    /// deliberately not kept: it may be a full card number.
    case invalidAccountNumber
    /// `tid` is empty or longer than 12 characters.
    case invalidTerminalId(String)

    /// The request or result parameter the error is about, when there is one.
    public var parameter: String? {
        switch self {
        case .notAnInterAppRequest: return nil
        case .invalidEncoding(let name), .duplicateParameter(let name), .missingParameter(let name),
             .emptyParameter(let name), .invalidAmount(let name, _), .amountNotPositive(let name),
             .invalidBoolean(let name, _), .invalidDate(let name, _), .parameterNotAllowed(let name, _):
            return name
        case .unknownAction: return "action"
        case .paymentNotNamed: return "orderCode"
        case .tipExceedsAmount: return "tipAmount"
        case .unknownCurrency: return "currency"
        case .dateToWithoutDateFrom: return "txnDateFrom"
        case .dateRangeReversed: return "txnDateTo"
        case .invalidCallback: return "callback"
        case .invalidStatus: return "status"
        case .invalidAccountNumber: return "accountNumber"
        case .invalidTerminalId: return "tid"
        }
    }
}

extension InterAppError: LocalizedError {
    /// A sentence for the calling app's developer, naming the parameter at fault.
    public var errorDescription: String? {
        switch self {
        case .notAnInterAppRequest(let reason):
            return "The URL is not an inter-app payment request: \(reason)."
        case .invalidEncoding(let name):
            return "The parameter '\(name)' has an invalid percent-encoding."
        case .duplicateParameter(let name):
            return "The parameter '\(name)' appears more than once."
        case .missingParameter(let name):
            return "The parameter '\(name)' is required."
        case .emptyParameter(let name):
            return "The parameter '\(name)' must not be empty."
        case .unknownAction(let value):
            return "The parameter 'action' must be sale, pre_auth, capture_pre_auth or cancel, not '\(value)'."
        case .invalidAmount(let name, let value):
            return "The parameter '\(name)' must be a whole number of minor units (digits only), not '\(value)'."
        case .amountNotPositive(let name):
            return "The parameter '\(name)' must be larger than zero."
        case .tipExceedsAmount(let tip, let amount):
            return "The parameter 'tipAmount' (\(tip)) must not be larger than 'amount' (\(amount))."
        case .unknownCurrency(let value):
            return "The parameter 'currency' must be a supported ISO 4217 code, not '\(value)'."
        case .invalidBoolean(let name, let value):
            return "The parameter '\(name)' must be 'true' or 'false', not '\(value)'."
        case .invalidDate(let name, let value):
            return "The parameter '\(name)' must be an ISO 8601 date and time with a UTC offset, not '\(value)'."
        case .dateToWithoutDateFrom:
            return "The parameter 'txnDateTo' requires 'txnDateFrom'."
        case .dateRangeReversed(let from, let to):
            return "The parameter 'txnDateFrom' (\(from)) must not be later than 'txnDateTo' (\(to))."
        case .paymentNotNamed(let action):
            return "The action '\(action.rawValue)' must name its payment: give orderCode, shortOrderCode or referenceNumber (the STAN), "
                + "or the payment's amount with txnDateFrom."
        case .parameterNotAllowed(let name, let action):
            return "The parameter '\(name)' is not allowed with the action '\(action.rawValue)'."
        case .invalidCallback(let value):
            return "The parameter 'callback' must be a URL scheme or an absolute URL, not '\(value)'."
        case .invalidStatus(let value):
            return "The parameter 'status' must be 'success' or 'fail', not '\(value)'."
        case .invalidAccountNumber:
            return "The parameter 'accountNumber' must be a masked card number: the first 6 digits, stars, the last 4 digits."
        case .invalidTerminalId(let value):
            return "The parameter 'tid' must be 1 to 12 characters, not '\(value)'."
        }
    }
}
