import GatewayAPI
import Hummingbird
import PaymentCore

/// An error with its HTTP status and its place in the error envelope.
struct GatewayError: Error, Sendable {
    var status: HTTPResponse.Status
    var body: APIError

    init(_ status: HTTPResponse.Status, _ code: APIErrorCode, _ message: String, field: String? = nil,
         paymentStatus: String? = nil, transactionId: String? = nil) {
        self.status = status
        self.body = APIError(code: code, message: message, field: field, status: paymentStatus, transactionId: transactionId)
    }

    static func invalid(_ field: String, _ message: String, code: APIErrorCode = .invalidRequest) -> GatewayError {
        GatewayError(.badRequest, code, message, field: field)
    }

    static func unauthorized(_ message: String) -> GatewayError { GatewayError(.unauthorized, .unauthorized, message) }
    static func forbidden(_ message: String) -> GatewayError { GatewayError(.forbidden, .forbidden, message) }
    static func notFound(_ what: String) -> GatewayError { GatewayError(.notFound, .notFound, "\(what) not found") }

    /// The domain's refusal, as the API answers it (409 with the payment's status, or 400).
    init(_ error: PaymentError, paymentStatus: TransactionStatus) {
        switch error {
        case .invalidTransition(_, let status, _):
            self.init(.conflict, .invalidStateTransition, error.description, paymentStatus: status.rawValue)
        case .amountExceedsAvailable:
            self.init(.conflict, .amountExceedsAvailable, error.description, field: "amount", paymentStatus: paymentStatus.rawValue)
        case .operationInProgress(let status):
            self.init(.conflict, .operationInProgress, error.description, paymentStatus: status.rawValue)
        case .authorizationExpired:
            self.init(.conflict, .authorizationExpired, error.description, paymentStatus: TransactionStatus.authorized.rawValue)
        case .invalidAmount(let message), .amountTooLarge(let message):
            self.init(.badRequest, .invalidAmount, message, field: "amount")
        }
    }
}
