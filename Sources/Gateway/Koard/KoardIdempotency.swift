import GatewayAPI

/// Koard names a request's identity in its body: without an `Idempotency-Key` header, the
/// body's `transaction_id` (sale, preauth), else its `event_id`, is the key. Each is kept
/// in its own namespace, so it cannot collide with an `Idempotency-Key` or with the other.
enum KoardIdempotency {
    static let maxIdLength = 200

    static func key(transactionId: String?, eventId: String?) throws -> String? {
        try check(transactionId, field: "transaction_id")
        try check(eventId, field: "event_id")
        if let transactionId { return "koard:transaction_id:" + transactionId }
        return eventId.map { "koard:event_id:" + $0 }
    }

    private static func check(_ id: String?, field: String) throws {
        guard let id else { return }
        guard !id.isEmpty, id.count <= maxIdLength else {
            throw GatewayFailure.invalid(field, "\(field) must be 1 to \(maxIdLength) characters")
        }
    }
}
