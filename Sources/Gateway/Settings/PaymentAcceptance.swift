import PaymentCore
import Storage

/// What a merchant's payment settings let through: its currencies, card brands and
/// transaction types. Checked in phase 1 of every operation, inside the write that records
/// it, so a refused request leaves nothing behind (and frees its idempotency key).
enum PaymentAcceptance {
    /// Refuses an operation the merchant's settings do not take. `currency` and `brand` (the
    /// card's `CardBrand` raw value) are checked on new payments only: a follow-up's were
    /// accepted when the payment was, and money must be able to go back after a merchant
    /// stops taking them.
    static func check(_ type: TransactionType, currency: Currency?, brand: String?, settings: PaymentSettings) throws {
        if let currency, !settings.currencies.contains(currency) {
            let accepted = settings.currencies.map(\.code).joined(separator: ", ")
            throw GatewayFailure.invalid("currency", "this merchant takes \(accepted), not \(currency.code) (payment settings: currencies)", .currencyNotAccepted)
        }
        if let brand, !settings.cardBrands.contains(brand) {
            throw GatewayFailure.invalid("card", "this merchant does not take \(brand) cards (payment settings: card types)", .cardBrandNotAccepted)
        }
        if let governing = governingType(of: type), !settings.transactionTypes.contains(governing) {
            throw GatewayFailure.forbidden(.transactionTypeNotEnabled(governing))
        }
    }

    /// The settings' transaction type (ARISE's list: authorization, sale, capture, void,
    /// refund) that governs an operation; nil for tip adjustments, which no type covers. A
    /// card verification is a zero-amount authorization, so `authorization` governs it; an
    /// ACH debit takes money at once, as a sale does.
    static func governingType(of type: TransactionType) -> TransactionType? {
        switch type {
        case .sale, .authorization, .capture, .void, .refund: return type
        case .incrementalAuthorization, .cardAuthentication: return .authorization
        case .achDebit: return .sale
        case .reversal: return .void
        // A lost dispute is the acquirer's, not the merchant's: no setting can refuse it.
        case .tipAdjustment, .chargeback: return nil
        }
    }
}
