import Foundation

/// Every rule of a dispute's life. The merchant answers only while a response is needed;
/// the acquirer moves it on; a closed dispute never changes again.
public enum DisputeLifecycle {
    /// The merchant accepts the dispute: closed as `accepted`, the amount debited.
    public static func accept(_ dispute: inout Dispute, now: Date) throws(DisputeError) {
        guard dispute.status == .needsResponse else { throw .notAwaitingResponse(dispute.status) }
        dispute.status = .accepted
        dispute.updatedAt = now
        dispute.closedAt = now
    }

    /// The merchant submits evidence: the dispute goes `underReview` until the acquirer decides.
    public static func submitEvidence(_ dispute: inout Dispute, text: String?, now: Date) throws(DisputeError) {
        guard dispute.status == .needsResponse else { throw .notAwaitingResponse(dispute.status) }
        dispute.status = .underReview
        dispute.evidenceText = text
        dispute.evidenceSubmittedAt = now
        dispute.updatedAt = now
    }

    /// The acquirer's status for the dispute (an imported file, the simulator). Returns
    /// whether anything changed: the same status again is no change.
    public static func report(_ status: DisputeStatus, on dispute: inout Dispute, now: Date) throws(DisputeError) -> Bool {
        guard status != dispute.status else { return false }
        guard !dispute.status.isClosed else { throw .alreadyClosed(dispute.status) }
        guard status != .needsResponse else { throw .cannotReopen(dispute.status) }
        dispute.status = status
        dispute.updatedAt = now
        if status.isClosed { dispute.closedAt = now }
        return true
    }
}
