import CardData
import PaymentCore
import Processing

/// A validated request for a sale or an authorization (keyed or tapped), or an
/// unreferenced refund to a tapped card.
struct NewPayment: Sendable {
    var type: TransactionType
    var currency: Currency
    /// Amount before tip, minor units.
    var baseAmount: Int64
    var tipAmount: Int64
    var card: KeyedCard
    var referenceId: String?
    var customerId: String?
    var customerName: String?
    var customerEmail: String?
    var createdById: String?
    var createMethod: CreateMethod
    /// Set when the card was tapped: the read to remember and what the payment keeps of it.
    var tap: TapProof?
    /// How the total divides, checked against it (``BreakdownRules``).
    var breakdown: PaymentBreakdown? = nil
    /// A tapped card's track 2 and EMV data, for an acquirer that wants them. In memory only.
    var chip: ChipData? = nil

    /// What the processor is asked to authorize.
    var total: Int64 { baseAmount + tipAmount }
}

/// What a tapped card brings to an operation: its read id, recorded in phase 1 so the same
/// sealed payload is never accepted twice, and the card-present details kept on the row.
struct TapProof: Sendable {
    var readId: String
    var panHash: String
    var details: CardPresentDetails
}
