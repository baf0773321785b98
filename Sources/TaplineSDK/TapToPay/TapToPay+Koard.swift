import Foundation
import GatewayAPI
import PaymentCore

/// Koard's entry points (`KoardMerchantSDK.shared.sale()` / `.preauth()`): amounts in minor
/// units, an optional breakdown, and the merchant's own `transactionId`, which becomes the
/// payment's reference (a lost answer is found again by it).
extension TapToPay {
    /// Koard's payment type: charge now, or hold.
    public enum PaymentType: String, Sendable, CaseIterable {
        case sale
        case preauth
    }

    /// A tapped sale of `amount` minor units (tip and surcharge included; the breakdown, when
    /// given, must add up to it), or a hold when `type` is `.preauth`.
    public func sale(amount: Int64, breakdown: PaymentBreakdown? = nil, currency: String, transactionId: String? = nil,
                     type: PaymentType = .sale) async throws -> TTPTransactionResult {
        try await tap(amount: amount, currency: currency, transactionId: transactionId, breakdown: breakdown,
                      kind: type == .sale ? .sale : .authorization)
    }

    /// A tapped hold of `amount` minor units (Koard preauth); capture it later with
    /// ``TaplineClient/captureTransaction(transactionId:amount:currency:breakdown:)``.
    public func preauth(amount: Int64, currency: String, transactionId: String? = nil,
                        breakdown: PaymentBreakdown? = nil) async throws -> TTPTransactionResult {
        try await tap(amount: amount, currency: currency, transactionId: transactionId, breakdown: breakdown, kind: .authorization)
    }

    private func tap(amount: Int64, currency code: String, transactionId: String?, breakdown: PaymentBreakdown?,
                     kind: TapPaymentRequest.Kind) async throws -> TTPTransactionResult {
        guard let currency = Currency(code: code) else {
            throw TaplineAPIError.badRequest(.invalidInput("currency", "unknown currency '\(code)'; use an ISO 4217 code such as USD"))
        }
        guard amount > 0, Money.isWithinLimit(amount) else {
            throw TaplineAPIError.badRequest(.invalidInput("amount", "amount must be 1 to \(Money.largestMinorUnits) minor units"))
        }
        if let transactionId { try InputCheck.text(transactionId, field: "transactionId") }
        if let breakdown {
            // Each part bounded first, so adding them up cannot overflow.
            do { try breakdown.validate() } catch {
                throw TaplineAPIError.badRequest(.invalidInput("breakdown", "\(error)"))
            }
            guard breakdown.total == amount else {
                throw TaplineAPIError.badRequest(.invalidInput(
                    "breakdown", "the breakdown adds up to \(breakdown.total) minor units, not the amount \(amount)"))
            }
        }
        var request = TapPaymentRequest(
            kind: kind, total: Money(minorUnits: amount, currency: currency), tip: breakdown?.tipAmount ?? 0,
            referenceId: transactionId ?? Self.newReference(), originalTransactionId: nil)
        request.breakdown = breakdown.map(BreakdownRequest.init)
        return Self.result(try await TapPaymentFlow(ttp: self).run(request))
    }
}
