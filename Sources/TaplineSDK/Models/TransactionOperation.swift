import Foundation
import GatewayAPI
import PaymentCore

/// A follow-up the payment allows now (ARISE `TransactionOperation` / `AvailableOperation`).
public struct TransactionOperation: Sendable, Equatable {
    /// What the follow-up does: `capture`, `incrementalAuthorization`, `tipAdjustment`,
    /// `void`, `reversal` or `refund`.
    public var operationType: TransactionType
    /// The most it can move now, in major units; nil where it has no upper bound.
    public var availableAmount: Decimal?
    /// For a tip adjustment: tips at the merchant's suggested percentages.
    public var suggestedTips: [TipSuggestion]?

    init(_ resource: AvailableOperationResource, currency: Currency) {
        operationType = resource.operationType
        availableAmount = resource.availableAmount.map { AmountConversion.decimal($0, currency) }
        suggestedTips = resource.suggestedTips?.map { TipSuggestion($0, currency: currency) }
    }
}
