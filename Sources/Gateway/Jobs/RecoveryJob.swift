import Foundation
import GatewayAPI
import Logging
import PaymentCore
import Processing
import Storage

/// Finishes what a crash left half done: operations still `pending` once no live request can
/// own them are resolved by asking the processor what it decided. That is when their own
/// deadline has passed (`grace`: the processor timeout plus a margin), or at once when every
/// instance alive now started after the row was last changed (its owner died: see
/// ``GatewayInstance``), so a restart finishes a cut request within seconds. One it has no decision for is
/// failed and reversed, never guessed approved: an acquirer cannot be asked by our id, so it
/// may have approved a request whose answer the crash lost. Idempotency keys left in
/// progress get the final answer so a client's retry receives it.
public struct RecoveryJob: Sendable {
    let store: any Store
    /// Each row is asked about, and reversed, where it went (its `processorId`).
    let processors: ProcessorRouter
    let recorder: OutcomeRecorder
    let renderer: TransactionRenderer
    let grace: TimeInterval
    /// This process, alive by definition while it runs this job.
    let instance: GatewayInstance
    /// How old a heartbeat may be for its instance to count as alive.
    let staleAfter: TimeInterval
    let now: @Sendable () -> Date
    let logger: Logger

    /// A request may spend this long before its operation is written (card data service,
    /// token services): an idempotency key with no operation is freed only after it, unless
    /// its instance is known dead.
    static let keyGrace: TimeInterval = 120

    /// Runs one round; returns how many operations it resolved itself.
    @discardableResult
    public func run() async throws -> Int {
        let (cutoff, keyCutoff) = try await cutoffs(at: now())
        let pending = try await store.read { try await $0.pendingTransactions(updatedBefore: cutoff) }
        var resolved = 0
        for row in pending {
            let decision: ProcessorResponse?
            do {
                decision = try await processors.gateway(for: row.processorId).lookup(transactionId: row.id)
            } catch {
                logger.warning("recovery lookup failed; will retry", metadata: ["transaction_id": "\(row.id)"])
                continue
            }
            let outcome = decision?.outcome ?? .failed
            let result = decision?.result
                ?? ProcessorResult(responseCode: "96", message: "not processed: the gateway stopped before the processor was asked")
            // Another instance's recovery may have finished it since the read: not counted twice.
            guard try await recorder.resolve(row, outcome: outcome, result: result) else { continue }
            logger.notice("recovered pending operation", metadata: ["transaction_id": "\(row.id)", "outcome": "\(outcome)"])
            if decision == nil { await reverseUnanswered(row) }
            resolved += 1
        }
        try await finishIdempotencyKeys(createdBefore: cutoff, freeingBefore: keyCutoff)
        return resolved
    }

    /// Rows changed before the first date (keys made before the second) belong to no live
    /// request: their deadline passed, or every live instance started after them. Starts are
    /// compared with times the same instance wrote, so clocks that differ between machines
    /// cannot make a live instance's row look abandoned.
    func cutoffs(at now: Date) async throws -> (operations: Date, keys: Date) {
        let live = try await store.read { [staleAfter] in try await $0.liveInstances(seenSince: now.addingTimeInterval(-staleAfter)) }
        let earliestLiveStart = live.map(\.startedAt).reduce(instance.startedAt, min)
        return (max(now.addingTimeInterval(-grace), earliestLiveStart),
                max(now.addingTimeInterval(-max(grace, Self.keyGrace)), earliestLiveStart))
    }

    /// Describes the operation again from the database (no card data) and reverses it.
    private func reverseUnanswered(_ row: Transaction) async {
        do {
            let (merchant, parent) = try await store.read { reader -> (Merchant?, Transaction?) in
                var parent: Transaction?
                if let parentId = row.parentId { parent = try await reader.transaction(id: parentId, merchantId: row.merchantId) }
                return (try await reader.merchant(id: row.merchantId), parent)
            }
            let acquirer = AcquirerIdentity.of(merchant)
            let request: UnansweredRequest
            if let parent, let operation = ProcessorOperation(followUp: row.type) {
                request = .followUp(operation, FollowUpService.processorRequest(for: row, payment: parent, acquirer: acquirer))
            } else {
                request = .original(transactionId: row.id, kind: AuthorizationRequest.Kind(original: row.type), amount: row.money, trace: row.processorTrace, acquirer: acquirer)
            }
            await processors.gateway(for: row.processorId ?? parent?.processorId).reverseUnanswered(request)
        } catch {
            logger.warning("could not describe an unanswered operation to reverse it", metadata: [
                "transaction_id": "\(row.id)", "reason": "\(error)"])
        }
    }

    private func finishIdempotencyKeys(createdBefore cutoff: Date, freeingBefore keyCutoff: Date) async throws {
        let stale = try await store.read { try await $0.staleIdempotencyRecords(createdBefore: cutoff) }
        for record in stale {
            guard let transactionId = record.transactionId else {
                // Its request may still be opening card data: freed only once it cannot be.
                guard record.createdAt < keyCutoff else { continue }
                // Nothing was started under this key: free it for the client's retry.
                try await store.write { try await $0.deleteIdempotencyRecord(merchantId: record.merchantId, key: record.key) }
                continue
            }
            let format = record.responseFormat.flatMap(ResponseFormat.init(rawValue:)) ?? .v1
            guard let (status, body) = try await finalResponse(transactionId: transactionId, merchantId: record.merchantId, format: format)
            else { continue }
            var finished = record
            finished.state = .completed
            finished.responseStatus = status
            finished.responseBody = body
            let completed = finished
            try await store.write { try await $0.update(completed) }
        }
    }

    /// The response the original request would have given, in its route's shape, once its
    /// transaction is final.
    private func finalResponse(transactionId: String, merchantId: String, format: ResponseFormat) async throws -> (Int, Data)? {
        let found = try await store.read { reader -> (Transaction, Transaction?, Merchant?)? in
            guard let row = try await reader.transaction(id: transactionId, merchantId: merchantId) else { return nil }
            var parent: Transaction?
            if let parentId = row.parentId { parent = try await reader.transaction(id: parentId, merchantId: merchantId) }
            return (row, parent, try await reader.merchant(id: merchantId))
        }
        guard let (row, parent, merchant) = found, row.status != .pending else { return nil }
        switch format {
        case .halo, .haloPIN:
            // The Halo routes answer a failed operation as a decline, never as an error.
            let (status, response) = HaloResponse.render(row, isPINAnswer: format == .haloPIN)
            return (status.code, response.jsonData())
        case .koard:
            // A failed row is a Koard TransactionResponse with status failed, as it is live.
            let response = parent.map { KoardRenderer.render($0, operation: row) } ?? KoardRenderer.render(row)
            return (201, try JSONCoding.encoder.encode(response))
        case .v1:
            if row.status == .failed {
                return try Self.envelope(GatewayError(.processorDidNotComplete(transactionId: row.id, paymentStatus: (parent ?? row).status)))
            }
            let rendered = renderer.render(row, merchant: merchant)
            if let parent {
                let response = FollowUpResponse(operation: rendered, payment: renderer.render(parent, merchant: merchant))
                return (201, try JSONCoding.encoder.encode(response))
            }
            return (201, try JSONCoding.encoder.encode(rendered))
        }
    }

    /// The error the route gives (502 when the processor did not complete the operation), as stored for replay.
    private static func envelope(_ error: GatewayError) throws -> (Int, Data) {
        (error.status.code, try JSONCoding.encoder.encode(ErrorEnvelope(error: error.body)))
    }
}
