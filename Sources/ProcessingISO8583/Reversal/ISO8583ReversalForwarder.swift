import Foundation
import Logging

/// Repeats unacknowledged reversals as 0401 until the acquirer answers 0410: each due one
/// is sent once per round, with a growing wait between attempts.
public struct ISO8583ReversalForwarder: Sendable {
    let queue: any ISO8583ReversalQueue
    let transport: any ISO8583Transport
    let timeout: Duration
    let now: @Sendable () -> Date
    let logger: Logger

    public init(queue: any ISO8583ReversalQueue, transport: any ISO8583Transport, timeout: Duration,
                now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.queue = queue
        self.transport = transport
        self.timeout = timeout
        self.now = now
        self.logger = logger
    }

    /// Seconds before attempt `attempts + 1`: 10, 20, 40… capped at 10 minutes.
    static func delay(afterAttempts attempts: Int) -> TimeInterval {
        min(600, 10 * pow(2, Double(min(max(attempts - 1, 0), 10))))
    }

    /// Sends every due reversal once; returns how many the acquirer acknowledged. While the
    /// link is down nothing is sent and nothing counts as an attempt.
    @discardableResult
    public func forwardDue(limit: Int = 100) async throws -> Int {
        guard transport.isUp else { return 0 }
        var acknowledged = 0
        for reversal in try await queue.due(at: now(), limit: limit) {
            var repeated = reversal.message
            repeated.mti = .reversalRequestRepeat
            do {
                let answer = try await transport.send(repeated, timeout: timeout)
                try await queue.acknowledge(transactionId: reversal.transactionId)
                acknowledged += 1
                logger.info("reversal acknowledged", metadata: [
                    "transaction_id": "\(reversal.transactionId)", "attempts": "\(reversal.attempts + 1)",
                    "response_code": "\(answer[field: 39]?.text ?? "none")"])
            } catch {
                let next = now().addingTimeInterval(Self.delay(afterAttempts: reversal.attempts + 1))
                try await queue.recordAttempt(transactionId: reversal.transactionId, nextAttemptAt: next)
                logger.warning("reversal not acknowledged; will repeat", metadata: [
                    "transaction_id": "\(reversal.transactionId)", "attempts": "\(reversal.attempts + 1)", "reason": "\(error)"])
            }
        }
        return acknowledged
    }
}
