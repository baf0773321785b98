import Processing

extension ProcessorResponse {
    /// Outcome and response code in one comparable value, for table-driven tests.
    enum Shape: Equatable, Sendable, CustomStringConvertible {
        case approved(Int64, String)
        case declined(String)
        case pinRequired(String)
        case failed(String)

        var description: String {
            switch self {
            case .approved(let amount, let code): return "approved \(amount) (\(code))"
            case .declined(let code): return "declined \(code)"
            case .pinRequired(let code): return "PIN required \(code)"
            case .failed(let code): return "failed \(code)"
            }
        }
    }

    var shape: Shape {
        switch outcome {
        case .approved(let amount): return .approved(amount, result.responseCode)
        case .declined: return .declined(result.responseCode)
        case .pinRequired: return .pinRequired(result.responseCode)
        case .failed: return .failed(result.responseCode)
        }
    }
}
