import Foundation
import Logging
import PaymentCore

/// Sends owed messages until the acquirer answers: a reversal never sent goes out as its
/// 0400, one sent before is repeated as 0401 until a 0410 comes; a completion advice whose
/// 0220 got no answer is repeated as 0221 until a 0230 comes; with a growing wait between
/// attempts.
///
/// Copies share what is being sent, so the processor's first send of a reversal and the
/// job scheduler's rounds never put the same reversal on the wire twice at once.
public struct ISO8583ReversalForwarder: Sendable {
    let queue: any ISO8583ReversalQueue
    let transport: any ISO8583Transport
    let timeout: Duration
    let now: @Sendable () -> Date
    let logger: Logger
    /// Transaction ids whose reversal is on the wire now.
    private let sending = LockedBox<Set<String>>([])

    public init(queue: any ISO8583ReversalQueue, transport: any ISO8583Transport, timeout: Duration,
                now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.queue = queue
        self.transport = transport
        self.timeout = timeout
        self.now = now
        self.logger = logger
    }

    /// Seconds a claim outlasts the send's own timeout, so a sender still waiting for the
    /// 0410 keeps it; one that died leaves it due this long after its timeout.
    static let leaseMargin: TimeInterval = 10

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
            if try await forward(reversal) { acknowledged += 1 }
        }
        return acknowledged
    }

    /// Sends `reversal` once and records what came of it; true when the acquirer acknowledged
    /// it. Only a send that reached the wire counts as an attempt: one the link refused (no
    /// connection up) leaves it owed as it was, so a reversal never sent stays a 0400.
    ///
    /// - Throws: the queue's errors; the reversal then stays owed.
    @discardableResult
    func forward(_ reversal: ISO8583PendingReversal) async throws -> Bool {
        let id = reversal.transactionId
        guard sending.withLock({ $0.insert(id).inserted }) else { return false }
        defer { sending.withLock { _ = $0.remove(id) } }
        // The lease in the database: of the instances that found it due, one sends it.
        let claimedAt = now()
        let leaseEnd = claimedAt.addingTimeInterval(Double(timeout.components.seconds) + Self.leaseMargin)
        guard try await queue.claim(transactionId: id, dueAt: claimedAt, until: leaseEnd) else { return false }
        var message = reversal.message
        // ISO 8583 defines 0401 (0221) as the repeat of a 0400 (0220) already sent.
        message.mti = reversal.attempts == 0 ? message.mti.firstSend : message.mti.firstSend.repeated
        let kind = reversal.kind
        let answer: ISO8583Message
        do {
            answer = try await transport.send(message, timeout: timeout)
        } catch {
            switch error {
            case .notSent(let reason):
                try await queue.release(transactionId: id, dueAt: reversal.nextAttemptAt)
                logger.notice("\(kind) not sent; it stays owed", metadata: [
                    "transaction_id": "\(id)", "mti": "\(message.mti)", "reason": "\(reason)"])
            case .unanswered(let reason):
                let attempts = reversal.attempts + 1
                try await queue.recordAttempt(transactionId: id, nextAttemptAt: now().addingTimeInterval(Self.delay(afterAttempts: attempts)))
                logger.warning("\(kind) not acknowledged; will repeat", metadata: [
                    "transaction_id": "\(id)", "mti": "\(message.mti)", "attempts": "\(attempts)", "reason": "\(reason)"])
            }
            return false
        }
        try await queue.acknowledge(transactionId: id)
        logger.info("\(kind) acknowledged", metadata: [
            "transaction_id": "\(id)", "mti": "\(message.mti)", "attempts": "\(reversal.attempts + 1)",
            "response_code": "\(answer[field: 39]?.text ?? "none")"])
        return true
    }
}
