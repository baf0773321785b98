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
}
