import CardData
import PaymentCore

/// A validated request for a sale or an authorization with keyed card data.
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

    /// What the processor is asked to authorize.
    var total: Int64 { baseAmount + tipAmount }
}
