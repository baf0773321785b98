import Foundation

/// Errors of authentication (ARISE `AuthenticationError`).
public enum AuthenticationError: Error, Sendable, Equatable {
    /// The client id or secret was refused, or the refresh token is no longer valid.
    case invalidCredentials(APIProblem)
    case networkError(String)
    case invalidResponse(String)
    /// The session ended and cannot be renewed without authenticating again.
    case tokenExpired
    case unknown(String)
}

extension AuthenticationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidCredentials(let problem): return "The credentials were refused: \(problem.message)"
        case .networkError(let detail): return "A network error occurred during authentication: \(detail)"
        case .invalidResponse(let detail): return "The token endpoint returned an unexpected response: \(detail)"
        case .tokenExpired: return "The session has expired."
        case .unknown(let detail): return "Authentication failed: \(detail)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .invalidCredentials: return "Check the client id and secret; a revoked client needs new credentials."
        case .networkError: return "Check the network connection and try again."
        case .invalidResponse: return "This may be a temporary gateway problem; try again after a short delay."
        case .tokenExpired: return "Call refreshAccessToken(), or authenticate(clientId:clientSecret:) again."
        case .unknown: return "Try again, or report the problem if it persists."
        }
    }
}
