import PaymentCore
import Processing

/// How the Halo routes answer a domain failure, decided here by case: a processor that
/// failed on the payment is a declined payment (the failed row, rendered by `HaloResponse`
/// with error code 209), a provider never reached is `HaloUnreachable`'s decline (209, ISO 91),
/// an anticipated refusal below 500 is the canonical envelope, and
/// anything else is Halo's bare 500 (`HaloServerErrorMiddleware`).
enum HaloFailures {
    /// The row a processor error or timeout ended `failed`, which Halo shows as a decline
    /// instead of a 502/504; nil for every other error.
    static func declinedRow(_ error: any Error) -> Transaction? {
        guard case GatewayFailure.processorFailed(let processorError, let failed, _) = error else { return nil }
        switch processorError {
        case .unavailable, .noAnswer: return failed
        // Nothing reached the processor: `HaloUnreachable` answers it (209, ISO 91).
        case .notConnected: return nil
        }
    }

    /// Whether the canonical envelope answers `error` on a Halo route: a refusal the gateway
    /// anticipated, below 500, or the card-data decryption service's 503, which tells the
    /// device to tap again shortly rather than that the gateway broke.
    static func passesToEnvelope(_ error: any Error) -> Bool {
        if case GatewayFailure.cardDataServiceUnavailable = error { return true }
        guard let canonical = GatewayError.canonical(error) else { return false }
        return canonical.status.code < 500
    }

    /// Runs an operation and returns its row; when the processor failed, the failed row is
    /// the answer (shown as declined, 209) instead of a 502/504.
    static func finishedRow(_ operation: () async throws -> Transaction) async throws -> Transaction {
        do {
            return try await operation()
        } catch {
            guard let row = declinedRow(error) else { throw error }
            return row
        }
    }
}
