import PaymentCore
import Processing

/// A processor that failed on a Koard payment or operation is answered in Koard's own
/// shape: the `TransactionResponse` with the failed row (`status` `failed`, the processor's
/// code in `response_code`), as Koard's lifecycle lists `failed` among a transaction's
/// states, instead of the canonical 502/504 envelope. The recovery job replays the same.
enum KoardFailedRow {
    /// The row `error` ended `failed`, when it is a processor failure on a recorded row; nil
    /// for every other error (nothing reached the processor: the gateway's own 503 stands).
    static func row(_ error: any Error) -> Transaction? {
        guard case GatewayFailure.processorFailed(let processorError, let failed, _) = error else { return nil }
        switch processorError {
        case .unavailable, .noAnswer: return failed
        case .notConnected: return nil
        }
    }
}
