import Foundation

/// What the acquirer said about a closed batch's totals (ISO 8583 0500 and 0510): one line
/// per acquirer terminal and currency. Only a batch closed while an acquirer link decides
/// payments has one; the simulator has no books to compare with.
///
/// The lines and their traces are fixed before the first message goes out, so sending again
/// after a lost answer repeats the same request and the acquirer answers it once.
public struct BatchReconciliation: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        /// Closed; some line has no answer yet. The settlement job sends it again.
        case pending
        /// Every line answered `00`: the acquirer's totals are ours.
        case agreed
        /// Some line answered otherwise: the acquirer counted differently.
        case mismatch
    }

    /// One terminal and currency: our totals, and the acquirer's answer once it came.
    public struct Line: Sendable, Equatable, Codable {
        /// The acquirer link the totals go to (its `ProcessorIdentity` id): the one its
        /// payments went to. Nil on lines made before there were several links: the default's.
        public var processorId: String?
        /// Fields 42 and 41 the totals were sent for.
        public var cardAcceptorId: String
        public var terminalId: String
        public var currency: String
        public var captureCount: Int
        /// Minor units.
        public var captureTotal: Int64
        public var refundCount: Int
        /// Minor units.
        public var refundTotal: Int64
        /// The message's name at the acquirer (STAN and time), fixed before the first send.
        public var trace: String?
        /// Field 39 of the answer; nil until it came.
        public var responseCode: String?
        public var hostCaptureCount: Int?
        public var hostCaptureTotal: Int64?
        public var hostRefundCount: Int?
        public var hostRefundTotal: Int64?

        public init(cardAcceptorId: String, terminalId: String, currency: String, captureCount: Int, captureTotal: Int64,
                    refundCount: Int, refundTotal: Int64) {
            self.cardAcceptorId = cardAcceptorId
            self.terminalId = terminalId
            self.currency = currency
            self.captureCount = captureCount
            self.captureTotal = captureTotal
            self.refundCount = refundCount
            self.refundTotal = refundTotal
        }

        public var isAnswered: Bool { responseCode != nil }
    }

    public var state: State
    public var lines: [Line]
    /// How many times the totals were sent (or a send was tried).
    public var attempts: Int
    /// Why the last try got no answer; nil once every line is answered.
    public var lastError: String?
    /// While pending after a try that got no answer: when to send again.
    public var nextAttemptAt: Date?
    /// When the last line's answer came.
    public var reconciledAt: Date?

    public init(lines: [Line]) {
        self.state = .pending
        self.lines = lines
        self.attempts = 0
    }

    /// `agreed` when every line answered 00, `mismatch` when any answered otherwise,
    /// `pending` while one has no answer.
    public static func state(of lines: [Line]) -> State {
        guard lines.allSatisfy(\.isAnswered) else { return .pending }
        return lines.allSatisfy { $0.responseCode == "00" } ? .agreed : .mismatch
    }
}
