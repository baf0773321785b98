import Foundation

/// What the gateway said about a refused request: its error envelope, kept whole so an
/// app can branch on ``code`` (`invalid_amount`, `card_read_replayed`, …) and show ``message``.
public struct APIProblem: Sendable, Equatable {
    /// The HTTP status, or nil when the SDK refused the input before sending anything.
    public var httpStatus: Int?
    /// The gateway's stable error code (see the README's error table).
    public var code: String
    public var message: String
    /// The request field at fault, for validation errors.
    public var field: String?
    /// The payment's current status, for refused moves (409).
    public var status: String?
    /// The transaction the error is about, when the gateway recorded one.
    public var transactionId: String?

    public init(httpStatus: Int?, code: String, message: String, field: String? = nil, status: String? = nil,
                transactionId: String? = nil) {
        self.httpStatus = httpStatus
        self.code = code
        self.message = message
        self.field = field
        self.status = status
        self.transactionId = transactionId
    }

    /// A problem the SDK found in a method's input, before any network call.
    static func invalidInput(_ field: String, _ message: String) -> APIProblem {
        APIProblem(httpStatus: nil, code: "invalid_request", message: message, field: field)
    }
}
