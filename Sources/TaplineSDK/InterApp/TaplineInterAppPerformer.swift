import CardData
import Foundation
import GatewayAPI
import PaymentCore

/// Runs inter-app requests through a ``TaplineClient``: a sale or pre-authorisation is a
/// payment by tap on this device; a capture or cancel finds the original (by order code,
/// short order code on this device, reference number or STAN, or its amount, within the date
/// range; see ``InterAppLookup``) and captures, voids, reverses or refunds it.
///
/// ```swift
/// let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: tapline))
/// if let callback = await handler.handle(url) { await UIApplication.shared.open(callback) }
/// ```
public struct TaplineInterAppPerformer: InterAppPaymentPerformer {
    let client: TaplineClient

    public init(client: TaplineClient) {
        self.client = client
    }

    public func perform(_ request: InterAppRequest) async throws -> InterAppOutcome {
        switch request.action {
        case .sale, .preAuth:
            return try await pay(request)
        case .capturePreAuth, .cancel:
            let payment = try await InterAppLookup(connection: client.connection).original(for: request)
            return try await followUp(request, on: payment)
        }
    }

    private func pay(_ request: InterAppRequest) async throws -> InterAppOutcome {
        guard let total = request.money else { throw InterAppError.missingParameter("amount") }
        let payment = TapPaymentRequest(
            kind: request.action == .sale ? .sale : .authorization, total: total, tip: request.tipAmount ?? 0,
            referenceId: request.clientTransactionId ?? TapToPay.newReference(), originalTransactionId: nil)
        let outcome = try await TapPaymentFlow(ttp: client.ttp).run(payment)
        guard let transaction = outcome.transaction else {
            return InterAppOutcome(approved: false, message: "The transaction was cancelled; nothing was charged")
        }
        return describe(payment: transaction, operation: transaction, approved: outcome.status == .approved,
                        amount: transaction.amounts?.authorized ?? transaction.amount)
    }

    private func followUp(_ request: InterAppRequest, on payment: TransactionResource) async throws -> InterAppOutcome {
        let operation: APIPath.FollowUp
        let body: any Encodable & Sendable
        switch (request.action, payment.status) {
        case (.capturePreAuth, _):
            (operation, body) = (.capture, CaptureBody(amount: request.amount))
        case (.cancel, .authorized):
            (operation, body) = request.amount == nil ? (.void, EmptyBody()) : (.reverse, ReverseBody(amount: request.amount))
        case (.cancel, _):
            (operation, body) = (.refund, RefundBody(amount: request.amount))
        default:
            throw InterAppError.unknownAction(request.action.rawValue)
        }
        let done: FollowUpResponse = try await client.connection.post(APIPath.followUp(payment.id, operation), body: body)
        return describe(payment: done.payment, operation: done.operation, approved: done.operation.status == .approved,
                        amount: done.operation.amount)
    }

    /// A short order code is the start of the payment's id, unique on one device (as Viva's
    /// are per terminal): ids begin with the millisecond they were made (UUID version 7), so
    /// the first 13 characters are that millisecond, and one device takes one payment at a
    /// time. Ten would be the same for every payment of a 4-second span.
    static let shortOrderCodeLength = 13

    private func describe(payment: TransactionResource, operation: TransactionResource, approved: Bool, amount: Int64) -> InterAppOutcome {
        let brand = payment.card.map { CardBrand(rawValue: $0.brand)?.displayName ?? $0.brand }
        let funding = payment.cardPresent?.funding.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let terminal = client.connection.deviceId.replacingOccurrences(of: "-", with: "")
        return InterAppOutcome(
            approved: approved, message: operation.processor?.message ?? (approved ? "Transaction successful" : "Transaction declined"),
            amount: amount, cardType: [funding, brand].compactMap { $0 }.joined(separator: " "), accountNumber: payment.card?.maskedPan,
            orderCode: payment.id, shortOrderCode: String(payment.id.prefix(Self.shortOrderCodeLength)), tid: String(terminal.prefix(12)),
            transactionDate: InterAppTimestamp(date: operation.createdAt), transactionId: operation.id)
    }
}
