import TaplineSDK

extension CommandFailure {
    /// An API call of a command that failed, in one line: what was being done and the
    /// gateway's words (or why there was no answer).
    static func api(_ error: any Error, doing what: String, at address: String) -> CommandFailure {
        guard let error = error as? TaplineAPIError else { return CommandFailure(description: "\(what) failed: \(error)") }
        switch error {
        case .networkError(let detail):
            return CommandFailure(description: "\(what): cannot reach the gateway at \(address) (\(detail))")
        case .unauthorized(let problem):
            return CommandFailure(description: "\(what): the gateway at \(address) refused the credentials: \(problem.message)")
        case .forbidden(let problem):
            return CommandFailure(description: "\(what): the API client lacks a permission: \(problem.message)")
        default:
            return CommandFailure(description: "\(what) failed: \(error.errorDescription ?? "\(error)")")
        }
    }
}
