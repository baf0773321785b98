import PaymentCore
import Storage

extension FollowUpService {
    /// A refund, void or reversal gives the cardholder money back; while they dispute the
    /// payment (open, or lost: the dispute already took it back) that would pay them twice.
    /// A card payment with a dispute costs this one read; a won dispute refuses nothing.
    static func refuseIfDisputed(_ type: TransactionType, payment: Transaction, in writer: any StoreWriter) async throws {
        guard type == .refund || type == .void || type == .reversal, payment.card != nil, payment.capturedAmount > 0 else { return }
        let disputes = try await writer.disputes(paymentId: payment.id, merchantId: payment.merchantId)
        if let blocking = disputes.first(where: { $0.status != .won }) {
            throw GatewayFailure.paymentDisputed(paymentId: payment.id, disputeId: blocking.id)
        }
    }
}
