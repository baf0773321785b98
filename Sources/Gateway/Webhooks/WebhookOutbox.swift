import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// The transactional outbox: turns a change of a payment into its webhook events and
/// writes them, with one delivery per subscribed endpoint, inside the caller's
/// `store.write`, so an event exists exactly when the change committed.
/// ``eventTypes(before:after:operation:)`` is the one mapping from changes to events.
struct WebhookOutbox: Sendable {
    let renderer: TransactionRenderer
    let makeId: @Sendable () -> String
    let notifier: WebhookNotifier

    /// The events a change is. `before` is the payment before the change (nil when it was
    /// just created), `after` the payment after it, `operation` the finished follow-up row.
    static func eventTypes(before: Transaction?, after: Transaction, operation: Transaction?) -> [WebhookEventType] {
        if let operation {
            switch operation.status {
            case .approved:
                switch operation.type {
                case .capture: return [.captured]
                case .incrementalAuthorization: return [.authorized]
                case .tipAdjustment: return [.adjusted]
                case .void: return [.voided]
                case .reversal: return [.reversed]
                case .refund: return [.refunded]
                // A chargeback's event is its dispute's `dispute.closed`.
                case .sale, .authorization, .cardAuthentication, .achDebit, .chargeback: return []
                }
            case .declined: return [.declined]
            case .failed: return [.failed]
            default: return []
            }
        }
        guard let before else { return [.created] }
        guard before.status != after.status else { return [] }
        switch after.status {
        case .authorized: return [.authorized]
        // A sale approved is captured at once; receivers get the one event.
        case .captured: return [.captured]
        // An unreferenced refund ends `approved`.
        case .approved: return after.type == .refund ? [.refunded] : []
        case .declined: return [.declined]
        case .failed: return [.failed]
        case .expired: return [.expired]
        case .voided: return [.voided]
        case .refunded: return [.refunded]
        case .verified: return [.verified]
        case .scheduled: return [.scheduled]
        case .heldByProcessor: return [.held]
        case .cleared: return [.cleared]
        case .chargedBack: return [.chargedBack]
        // An ACH cancel is its void operation's event; a submission is the batch's `settled`.
        case .cancelled, .inProgress: return []
        // Waiting for a PIN, or a PIN try in flight: the answer is the event.
        case .pending, .pinRequired: return []
        }
    }

    /// Writes the events of a change (none when the change is not one), taking those
    /// `prepared` before the write holds when they were rendered from what the write found.
    func record(
        before: Transaction?, after: Transaction, operation: Transaction? = nil, at now: Date, in writer: any StoreWriter,
        prepared: WebhookPreparedEvents? = nil
    ) async throws {
        for type in Self.eventTypes(before: before, after: after, operation: operation) {
            try await record(type, payment: after, operation: operation, at: now, in: writer, prepared: prepared)
        }
    }

    /// Renders, outside any write, the events a change is expected to be; the write that
    /// makes the change passes them to ``record(before:after:operation:at:in:prepared:)``.
    /// `forAnswer`: the request's answer shows `after` next, so its bytes are kept for it
    /// (``EncodedTransactions``); phase 1's row is never an answer, so it keeps none.
    func prepare(
        before: Transaction?, after: Transaction, operation: Transaction? = nil, merchant: Merchant?, at now: Date, forAnswer: Bool = false
    ) throws -> WebhookPreparedEvents {
        var events: [WebhookEventType: WebhookPreparedEvents.Event] = [:]
        for type in Self.eventTypes(before: before, after: after, operation: operation) {
            let event = try render(type, payment: after, operation: operation, merchant: merchant, at: now)
            events[type] = event
            if forAnswer, let transaction = event.transaction { renderer.encoded.keep(after, merchant: merchant, json: transaction) }
        }
        return WebhookPreparedEvents(after: after, operation: operation, merchant: merchant, at: now, events: events)
    }

    /// Writes one `transaction.settled` for each payment and refund the close of batch
    /// `batchId` settles, from the batch's `members` (the close has read them already).
    /// Called in the close's write before the rows are marked settled; the payloads show
    /// them settled at `now`.
    func recordSettlement(of members: [Transaction], batchId: String, at now: Date, in writer: any StoreWriter) async throws {
        // What moves money in the batch is what settles (captures count on their payment).
        for var row in members where row.settledAt == nil && row.batchMovement != nil {
            row.settledAt = now
            if row.type == .refund, let parentId = row.parentId,
               var payment = try await writer.transaction(id: parentId, merchantId: row.merchantId) {
                payment.settledAt = payment.batchId == batchId ? now : payment.settledAt
                try await record(.settled, payment: payment, operation: row, at: now, in: writer, prepared: nil)
            } else {
                try await record(.settled, payment: row, operation: nil, at: now, in: writer, prepared: nil)
            }
        }
    }

    /// Writes `batch.reconciled` for a closed batch the acquirer has answered, in the write
    /// that records the answer. The event's subject id (`transactionId` in storage) is the batch's.
    func recordReconciliation(of batch: Batch, at now: Date, in writer: any StoreWriter) async throws {
        try await record(.batchReconciled, merchantId: batch.merchantId, subjectId: batch.id, at: now, in: writer) {
            WebhookEventData(batch: BatchResource(batch))
        }
    }

    /// Writes a `dispute.*` event in the write that changed the dispute. Its subject id is the
    /// disputed payment's, so the payment's events list it.
    func recordDispute(_ type: WebhookEventType, _ dispute: Dispute, at now: Date, in writer: any StoreWriter) async throws {
        let files = dispute.evidenceSubmittedAt == nil
            ? [] : try await writer.disputeEvidenceFiles(disputeId: dispute.id, merchantId: dispute.merchantId)
        try await record(type, merchantId: dispute.merchantId, subjectId: dispute.paymentId, at: now, in: writer) {
            WebhookEventData(dispute: DisputeResource(dispute, files: files))
        }
    }

    private func record(
        _ type: WebhookEventType, payment: Transaction, operation: Transaction?, at now: Date, in writer: any StoreWriter,
        prepared: WebhookPreparedEvents?
    ) async throws {
        let merchant = try await writer.merchant(id: payment.merchantId)
        let event = try prepared?.event(type, payment: payment, operation: operation, merchant: merchant, at: now)
            ?? render(type, payment: payment, operation: operation, merchant: merchant, at: now)
        try await insert(event, type, merchantId: payment.merchantId, subjectId: payment.id, at: now, in: writer)
    }

    /// A `transaction.*` event: its id and its payload, the payment (and operation) as the API
    /// shows them, each encoded once (``WebhookEventEnvelope``).
    private func render(_ type: WebhookEventType, payment: Transaction, operation: Transaction?, merchant: Merchant?, at now: Date) throws -> WebhookPreparedEvents.Event {
        let transaction = try renderer.render(payment, merchant: merchant).jsonData()
        let operationJSON = try operation.map { try renderer.render($0, merchant: merchant).jsonData() }
        let eventId = "evt_" + makeId()
        let payload = WebhookEventEnvelope.payload(id: eventId, type: type.rawValue, createdAt: now, transaction: transaction, operation: operationJSON)
        return WebhookPreparedEvents.Event(id: eventId, payload: payload, transaction: transaction)
    }

    private func render(_ type: WebhookEventType, at now: Date, data: () -> WebhookEventData) throws -> WebhookPreparedEvents.Event {
        let eventId = "evt_" + makeId()
        let payload = WebhookEventPayload(id: eventId, type: type.rawValue, createdAt: now, data: data())
        return WebhookPreparedEvents.Event(id: eventId, payload: try APIJSON.encoder.encode(payload), transaction: nil)
    }

    private func record(_ type: WebhookEventType, merchantId: String, subjectId: String, at now: Date, in writer: any StoreWriter,
                        data: () -> WebhookEventData) async throws {
        try await insert(render(type, at: now, data: data), type, merchantId: merchantId, subjectId: subjectId, at: now, in: writer)
    }

    /// Writes the event and one delivery for each endpoint subscribed to it.
    private func insert(
        _ rendered: WebhookPreparedEvents.Event, _ type: WebhookEventType, merchantId: String, subjectId: String, at now: Date,
        in writer: any StoreWriter
    ) async throws {
        let eventId = rendered.id
        let event = WebhookEvent(
            id: eventId, merchantId: merchantId, type: type.rawValue, transactionId: subjectId, createdAt: now, payload: rendered.payload)
        try await writer.insert(event)
        let endpoints = try await writer.webhookEndpoints(merchantId: merchantId).filter { Self.subscribes($0, to: type) }
        for endpoint in endpoints {
            try await writer.insert(WebhookDelivery(
                id: "whd_" + makeId(), eventId: eventId, endpointId: endpoint.id, merchantId: merchantId,
                nextAttemptAt: now, eventCreatedAt: now))
        }
        // Wake the worker once the rows are committed, so its claim (another transaction,
        // perhaps on another connection) can see them.
        if !endpoints.isEmpty { writer.afterCommit { [notifier] in notifier.poke() } }
    }

    static func subscribes(_ endpoint: WebhookEndpoint, to type: WebhookEventType) -> Bool {
        endpoint.events.isEmpty || endpoint.events.contains(WebhookEventType.wildcard) || endpoint.events.contains(type.rawValue)
    }
}
