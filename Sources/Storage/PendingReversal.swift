import Foundation

/// A reversal owed to the acquirer (store and forward). The link writes one when a request
/// got no answer, because the acquirer may have approved it, and deletes it when the acquirer
/// acknowledges the reversal (0410), however many tries and restarts that takes.
///
/// `message` holds what the link needs to build the 0400 (and its 0401 repeats) without the
/// lost request in memory, in a form the link defines (JSON or a field string); stores keep
/// it as opaque text, meant for a few KB at most. Callers must never put card data in it: no
/// PAN, track data, PIN block, security code or EMV data (fields 2, 14, 35, 52, 55). A
/// reversal names the lost request by field 90 and carries no card data, and Tapline stores
/// none (docs/architecture.md, "Security").
public struct PendingReversal: Sendable, Equatable {
    /// The transaction id of the operation that got no answer: one reversal per operation.
    public var id: String
    public var merchantId: String
    /// The acquirer terminal id (field 41) the lost request went out under.
    public var terminalId: String
    /// The link's own description of the reversal to send; never card data (see above).
    public var message: String
    /// How many times the reversal was sent without an acknowledgement.
    public var attempts: Int
    public var createdAt: Date
    /// When it is next due to be sent.
    public var nextAttemptAt: Date
    /// The acquirer link that owes it (its `ProcessorIdentity` id): only that link sends it.
    public var processorId: String

    public init(
        id: String, merchantId: String, terminalId: String, message: String, attempts: Int = 0, createdAt: Date,
        nextAttemptAt: Date? = nil, processorId: String = PendingReversal.singleLinkProcessorId
    ) {
        self.processorId = processorId
        self.id = id
        self.merchantId = merchantId
        self.terminalId = terminalId
        self.message = message
        self.attempts = attempts
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt ?? createdAt
    }

    /// The one link of `--processor iso8583://…` (`ProcessorIdentity.iso8583Acquirer`), the
    /// owner of every reversal owed before there were several links.
    public static let singleLinkProcessorId = "5c0e6d3b-8f27-4a19-b6d4-2e91f7a0c843"
}

extension StoreReader {
    /// The due reversals of the one link of `--processor iso8583://…`.
    public func duePendingReversals(at date: Date, limit: Int) async throws -> [PendingReversal] {
        try await duePendingReversals(at: date, processorId: PendingReversal.singleLinkProcessorId, limit: limit)
    }
}
