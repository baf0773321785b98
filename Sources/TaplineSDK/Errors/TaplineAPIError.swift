import Foundation

/// Errors of API calls (ARISE `AriseApiError`), with the gateway's code and message kept.
public enum TaplineAPIError: Error, Sendable, Equatable {
    /// 400 from the gateway, or input the SDK refused before sending it.
    case badRequest(APIProblem)
    /// 401: not authenticated, or the session could not be renewed.
    case unauthorized(APIProblem)
    /// 403: the client lacks the permission, or the device may not do this.
    case forbidden(APIProblem)
    /// 404: no such object for this merchant.
    case notFound(APIProblem)
    /// 409 or 422: the payment's state or an idempotency key forbids the request now.
    case conflict(APIProblem)
    /// 5xx: the gateway or its processor failed. ``APIProblem/transactionId`` names the
    /// transaction when one was recorded.
    case serverError(APIProblem)
    /// The gateway answered something the SDK cannot read.
    case invalidResponse(String)
    /// No answer: no connection, DNS failure, timeout.
    case networkError(String)
    case unknown(String)

    /// The gateway's error, when it sent one.
    public var problem: APIProblem? {
        switch self {
        case .badRequest(let problem), .unauthorized(let problem), .forbidden(let problem), .notFound(let problem),
             .conflict(let problem), .serverError(let problem):
            return problem
        case .invalidResponse, .networkError, .unknown:
            return nil
        }
    }

    /// The gateway's error code, e.g. `amount_exceeds_available`.
    public var code: String? { problem?.code }

    /// Maps a refused HTTP answer to its case.
    static func from(status: Int, problem: APIProblem) -> TaplineAPIError {
        switch status {
        case 401: return .unauthorized(problem)
        case 403: return .forbidden(problem)
        case 404: return .notFound(problem)
        case 409, 422: return .conflict(problem)
        case 500...599: return .serverError(problem)
        case 400...499: return .badRequest(problem)
        default: return .unknown("HTTP \(status): \(problem.message)")
        }
    }
}

extension TaplineAPIError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .badRequest(let problem), .unauthorized(let problem), .forbidden(let problem), .notFound(let problem),
             .conflict(let problem), .serverError(let problem):
            return problem.message
        case .invalidResponse(let detail): return "The gateway returned an unexpected response: \(detail)"
        case .networkError(let detail): return "A network error occurred: \(detail)"
        case .unknown(let detail): return "An unexpected error occurred: \(detail)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .badRequest: return "Check the request's parameters (the error names the field) and try again."
        case .unauthorized: return "Call authenticate(clientId:clientSecret:) to start a new session."
        case .forbidden: return "Ask the merchant to grant this API client the permission, or use another client."
        case .notFound: return "Check the identifier: it must belong to this merchant."
        case .conflict: return "Fetch the transaction to see its current state before trying again."
        case .serverError: return "Try again after a short delay; look the transaction up first if one is named."
        case .invalidResponse: return "This may be a temporary gateway problem or a version mismatch; try again shortly."
        case .networkError: return "Check the network connection and try again."
        case .unknown: return "Try again, or report the problem if it persists."
        }
    }
}
