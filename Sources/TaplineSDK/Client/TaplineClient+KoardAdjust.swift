import Foundation
import GatewayAPI
import PaymentCore

extension TaplineClient {
    /// Koard's adjustment types: a tip, the one there is.
    public enum AdjustmentType: String, Sendable, CaseIterable {
        case tip
    }

    /// Koard's `adjust(transactionId:type:amount:percentage:)`: the new tip of a captured,
    /// unsettled payment, as `amount` minor units or as `percentage` of its subtotal (a
    /// ``Rate``: `.percent(18)`, or Koard's `.fraction(0.18)`), exactly one of the two. The gateway works the percentage out
    /// from the payment's breakdown (or what was captured before the tip), rounded half-up.
    /// Returns the payment as it is after the adjustment.
    public func adjust(
        transactionId: String, type: AdjustmentType = .tip, amount: Int64? = nil, percentage: Rate? = nil
    ) async throws(TaplineAPIError) -> TransactionDetails {
        try InputCheck.identifier(transactionId, field: "transactionId")
        switch (amount, percentage) {
        case (let amount?, nil):
            guard amount >= 0, Money.isWithinLimit(amount) else {
                throw .badRequest(.invalidInput("amount", "amount must be 0 to \(Money.largestMinorUnits) minor units"))
            }
        case (nil, let percentage?):
            guard percentage.problem == nil else {
                throw .badRequest(.invalidInput(
                    "percentage", "percentage must be from 0 % to 100 % in steps of 0.0001 %, not \(percentage)"))
            }
        default:
            throw .badRequest(.invalidInput(amount == nil ? "amount" : "percentage", "give the new tip as amount or percentage, exactly one"))
        }
        // Koard's route takes the percentage as Koard does: a fraction.
        let body = KoardAdjustRequest(type: type.rawValue, amount: amount, percentage: percentage?.fraction)
        let _: KoardTransactionResponse = try await connection.post(APIPath.Koard.adjust(transactionId), body: body)
        guard let payment = try await getTransactionDetails(id: transactionId) else {
            throw .notFound(.invalidInput("transactionId", "transaction \(transactionId) is gone"))
        }
        return payment
    }
}
