import Foundation
import HTTPTypes
import PaymentCore
import Storage

/// An `Idempotency-Key` this request holds. Phase 1 of an operation links the key to the
/// transaction it creates, in the same database transaction, so a crash between the phases
/// can be finished by recovery and the retry still gets the one true answer.
///
/// On a payment route (``IdempotencyRule/claimsInPhaseOne``) the key's record is made by phase
/// 1 itself rather than by a write of its own before the handler, and phase 3 keeps the
/// route's answer (``answer``) in its own write: a keyed payment costs the two commits of its
/// phases, not four.
struct IdempotencyClaim: Sendable {
    let merchantId: String
    let key: String
    let requestHash: String
    let format: ResponseFormat
    let createdAt: Date
    /// Whether phase 1 makes the key's record; otherwise the guard made it before the handler.
    let claimedInPhaseOne: Bool
    /// How the route answers from the operation it finishes, for phase 3 to keep.
    var answer: IdempotentAnswer?
    /// What the phases did with the key, for the guard once the handler returns.
    let progress = IdempotencyProgress()

    /// This claim, with the route's answer for phase 3 to render and keep.
    func answering(with answer: IdempotentAnswer) -> IdempotencyClaim {
        var claim = self
        claim.answer = answer
        return claim
    }

    /// Phase 1: the key now names `transactionId`. Made here on a payment route, where a
    /// record already there (another request with this key got in first) is its answer:
    /// the replay, a 422 for another request, or a 409 while it runs.
    func link(transactionId: String, in writer: any StoreWriter) async throws {
        guard claimedInPhaseOne else {
            try await writer.linkIdempotencyRecord(merchantId: merchantId, key: key, transactionId: transactionId)
            return
        }
        do {
            try await writer.insert(IdempotencyRecord(
                merchantId: merchantId, key: key, requestHash: requestHash, transactionId: transactionId, createdAt: createdAt,
                responseFormat: format.rawValue))
        } catch StoreError.duplicate(_) {
            // Taken since the guard looked (on PostgreSQL, the insert waited for the other
            // request's transaction to end and now sees its row).
            guard let existing = try await writer.idempotencyRecord(merchantId: merchantId, key: key) else { throw IdempotencyGuard.inUse }
            throw IdempotencyReplay(try IdempotencyGuard.answer(of: existing, requestHash: requestHash))
        }
        progress.markLinked()
    }

    /// Phase 3: keeps `answer` as the key's, in the write that finishes the operation.
    func keep(_ answer: IdempotentAnswer.Rendered, in writer: any StoreWriter) async throws {
        try await writer.completeIdempotencyRecord(
            merchantId: merchantId, key: key, responseStatus: Int(answer.status.code), responseBody: answer.body)
        progress.kept(answer)
    }
}

/// A stored answer to a request already made with this key, found by phase 1: the guard
/// replays it as it replays one found before the handler.
struct IdempotencyReplay: Error {
    let status: Int
    let body: Data

    init(_ answer: (status: Int, body: Data)) {
        (status, body) = answer
    }
}

/// What the phases did with a request's key, shared by every copy of its claim.
final class IdempotencyProgress: Sendable {
    private let state = LockedBox(State())

    private struct State {
        var linked = false
        var kept: IdempotentAnswer.Rendered?
    }

    /// Phase 1 made the key's record (a route that claims in phase 1).
    var linked: Bool { state.withLock { $0.linked } }
    /// The answer phase 3 kept as the key's, if it kept one.
    var keptAnswer: IdempotentAnswer.Rendered? { state.withLock { $0.kept } }

    fileprivate func markLinked() { state.withLock { $0.linked = true } }
    fileprivate func kept(_ answer: IdempotentAnswer.Rendered) { state.withLock { $0.kept = answer } }
}
