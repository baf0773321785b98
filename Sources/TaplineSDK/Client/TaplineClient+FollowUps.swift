import Foundation
import GatewayAPI
import PaymentCore

/// The follow-ups on a payment. Amounts are `Decimal` major units; the gateway takes minor
/// units of the payment's currency, so an amount needs that currency: pass `currency:`, or
/// the SDK first fetches the payment (one `GET`, which needs the `getTransactionDetails`
/// permission) to learn it. Without an amount nothing is fetched.
extension TaplineClient {
    /// Cancels an unsettled authorization or sale (ARISE `voidTransaction`).
    public func voidTransaction(transactionId: String) async throws(TaplineAPIError) -> TransactionResponse {
        try InputCheck.identifier(transactionId, field: "transactionId")
        return try await followUp(transactionId, .void, body: EmptyBody())
    }

    /// Captures an authorization (ARISE `captureTransaction`): all of it, or `amount`, in
    /// which case the rest of the hold is released. A `breakdown` (Koard's, minor units)
    /// replaces the payment's; without an amount its total is captured.
    public func captureTransaction(transactionId: String, amount: Decimal? = nil, currency: Currency? = nil,
                                   breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await minorUnits(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .capture, body: CaptureBody(amount: minor, breakdown: breakdown.map(BreakdownRequest.init)))
    }

    /// Refunds a captured payment (ARISE `refundTransaction`): everything refundable, or
    /// `amount`; several partial refunds are allowed while refunded ≤ captured.
    public func refundTransaction(transactionId: String, amount: Decimal? = nil,
                                  currency: Currency? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await minorUnits(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .refund, body: RefundBody(amount: minor))
    }

    /// Refunds as ARISE's `refundTransaction(RefundRequest)` asks: the whole refundable
    /// amount when the request has no amount, else that amount.
    public func refundTransaction(_ request: RefundRequest) async throws(TaplineAPIError) -> TransactionResponse {
        try request.check()
        var currency = request.currency
        if request.cardDataSource != nil {
            let payment = try await requireTransactionDetails(request.transactionId)
            try request.check(against: payment)
            currency = payment.currency
        }
        return try await refundTransaction(transactionId: request.transactionId, amount: request.amount, currency: currency)
    }

    /// Raises an authorization's held amount by `amount` (Koard incremental authorization,
    /// `auth`). A decline leaves the hold as it was and answers with status `declined`. A
    /// `breakdown` of the new total replaces the payment's once approved.
    public func incrementAuthorization(transactionId: String, amount: Decimal, currency: Currency? = nil,
                                       breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await minorUnits(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .increment, body: IncrementBody(amount: minor ?? 0, breakdown: breakdown.map(BreakdownRequest.init)))
    }

    /// Replaces the tip of a captured, unsettled payment with `tipAmount` (Koard tip adjust);
    /// zero removes the tip. A `breakdown` (its tip must be `tipAmount`) replaces the payment's.
    public func adjustTip(transactionId: String, tipAmount: Decimal, currency: Currency? = nil,
                          breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await minorUnits(tipAmount, field: "tipAmount", allowZero: true, of: transactionId, currency: currency)
        return try await followUp(transactionId, .adjustTip, body: AdjustTipBody(tipAmount: minor ?? 0, breakdown: breakdown.map(BreakdownRequest.init)))
    }

    /// Releases an authorization (Koard reverse): all of it, or `amount` of it.
    public func reverse(transactionId: String, amount: Decimal? = nil,
                        currency: Currency? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await minorUnits(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .reverse, body: ReverseBody(amount: minor))
    }

    // MARK: - Internals

    /// An empty JSON object, for follow-ups that take no values.

    private func followUp(_ transactionId: String, _ operation: APIPath.FollowUp,
                          body: some Encodable) async throws(TaplineAPIError) -> TransactionResponse {
        let response: FollowUpResponse = try await connection.post(APIPath.followUp(transactionId, operation), body: body)
        return try TransactionResponse(response)
    }

    /// Checks the id and the amount, then converts the amount exactly. Everything that can
    /// be checked without the currency is checked before any request, the fetch included.
    private func minorUnits(_ amount: Decimal?, field: String, allowZero: Bool = false, of transactionId: String,
                            currency: Currency?) async throws(TaplineAPIError) -> Int64? {
        try InputCheck.identifier(transactionId, field: "transactionId")
        guard let amount else { return nil }
        if let currency { return try AmountConversion.minorUnits(amount, currency, field: field, allowZero: allowZero) }
        try AmountConversion.precheck(amount, field: field, allowZero: allowZero)
        let payment = try await requireTransactionDetails(transactionId)
        return try AmountConversion.minorUnits(amount, payment.currency, field: field, allowZero: allowZero)
    }
}
