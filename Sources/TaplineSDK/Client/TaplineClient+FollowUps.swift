import Foundation
import GatewayAPI
import PaymentCore

/// The follow-ups on a payment.
///
/// ARISE's two (`captureTransaction`, `refundTransaction`) take ARISE's unit, major units
/// (``MajorUnits``: `5.00`, never an integer literal); the gateway takes minor units of the
/// payment's currency, so such an amount needs that currency: pass `currency:`, or the SDK
/// first fetches the payment (one `GET`, which needs the `getTransactionDetails`
/// permission) to learn it. Tapline's own (`incrementAuthorization`, `adjustTip`,
/// `reverse`) take ``PaymentCore/Money``, minor units with their currency. Either way the
/// currency goes with the amount and the gateway refuses one that is not the payment's
/// (400 `currency_mismatch`), so an amount is never read in the wrong currency.
extension TaplineClient {
    /// Cancels an unsettled authorization or sale (ARISE `voidTransaction`).
    public func voidTransaction(transactionId: String) async throws(TaplineAPIError) -> TransactionResponse {
        try InputCheck.identifier(transactionId, field: "transactionId")
        return try await followUp(transactionId, .void, body: EmptyBody())
    }

    /// Captures an authorization (ARISE `captureTransaction`): all of it, or `amount`, in
    /// which case the rest of the hold is released. A `breakdown` (Koard's, minor units)
    /// replaces the payment's; without an amount its total is captured.
    public func captureTransaction(transactionId: String, amount: MajorUnits? = nil, currency: Currency? = nil,
                                   breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await money(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .capture, body: CaptureBody(
            amount: minor?.minorUnits, breakdown: breakdown.map(BreakdownRequest.init), currency: minor?.currency.code))
    }

    /// Refunds a captured payment (ARISE `refundTransaction`): everything refundable, or
    /// `amount`; several partial refunds are allowed while refunded ≤ captured.
    public func refundTransaction(transactionId: String, amount: MajorUnits? = nil,
                                  currency: Currency? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        let minor = try await money(amount, field: "amount", of: transactionId, currency: currency)
        return try await followUp(transactionId, .refund, body: RefundBody(amount: minor?.minorUnits, currency: minor?.currency.code))
    }

    /// Captures `amount` of an authorization, in the payment's currency (Koard's `capture`,
    /// whose amounts are minor units); the rest of the hold is released.
    public func captureTransaction(transactionId: String, amount: Money,
                                   breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        try checked(amount, field: "amount", of: transactionId)
        return try await followUp(transactionId, .capture, body: CaptureBody(
            amount: amount.minorUnits, breakdown: breakdown.map(BreakdownRequest.init), currency: amount.currency.code))
    }

    /// Refunds `amount` of a captured payment, in the payment's currency (Koard's `refund`).
    public func refundTransaction(transactionId: String, amount: Money) async throws(TaplineAPIError) -> TransactionResponse {
        try checked(amount, field: "amount", of: transactionId)
        return try await followUp(transactionId, .refund, body: RefundBody(amount: amount.minorUnits, currency: amount.currency.code))
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

    /// Raises an authorization's held amount by `amount`, in the payment's currency (Koard
    /// incremental authorization, `auth`). A decline leaves the hold as it was and answers
    /// with status `declined`. A `breakdown` of the new total replaces the payment's once approved.
    public func incrementAuthorization(transactionId: String, amount: Money,
                                       breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        try checked(amount, field: "amount", of: transactionId)
        return try await followUp(transactionId, .increment, body: IncrementBody(
            amount: amount.minorUnits, breakdown: breakdown.map(BreakdownRequest.init), currency: amount.currency.code))
    }

    /// Replaces the tip of a captured, unsettled payment with `tipAmount`, in the payment's
    /// currency (Koard tip adjust); zero removes the tip. A `breakdown` (its tip must be
    /// `tipAmount`) replaces the payment's.
    public func adjustTip(transactionId: String, tipAmount: Money,
                          breakdown: PaymentBreakdown? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        try checked(tipAmount, field: "tipAmount", allowZero: true, of: transactionId)
        return try await followUp(transactionId, .adjustTip, body: AdjustTipBody(
            tipAmount: tipAmount.minorUnits, breakdown: breakdown.map(BreakdownRequest.init), currency: tipAmount.currency.code))
    }

    /// Releases an authorization (Koard reverse): all of it, or `amount` of it, in the
    /// payment's currency.
    public func reverse(transactionId: String, amount: Money? = nil) async throws(TaplineAPIError) -> TransactionResponse {
        try InputCheck.identifier(transactionId, field: "transactionId")
        if let amount { try checked(amount, field: "amount", of: transactionId) }
        return try await followUp(transactionId, .reverse, body: ReverseBody(amount: amount?.minorUnits, currency: amount?.currency.code))
    }

    // MARK: - Internals

    private func followUp(_ transactionId: String, _ operation: APIPath.FollowUp,
                          body: some Encodable) async throws(TaplineAPIError) -> TransactionResponse {
        let response: FollowUpResponse = try await connection.post(APIPath.followUp(transactionId, operation), body: body)
        return try TransactionResponse(response)
    }

    /// Checks the id and the amount, then converts the amount exactly. Everything that can
    /// be checked without the currency is checked before any request, the fetch included.
    private func money(_ amount: MajorUnits?, field: String, of transactionId: String,
                       currency: Currency?) async throws(TaplineAPIError) -> Money? {
        try InputCheck.identifier(transactionId, field: "transactionId")
        guard let amount else { return nil }
        if let currency { return Money(minorUnits: try AmountConversion.minorUnits(amount, currency, field: field), currency: currency) }
        try AmountConversion.precheck(amount, field: field)
        let payment = try await requireTransactionDetails(transactionId)
        return Money(minorUnits: try AmountConversion.minorUnits(amount, payment.currency, field: field), currency: payment.currency)
    }

    /// Checks the id and a `Money` amount: above zero (or zero, with `allowZero`) and at most
    /// the largest amount, before any request.
    private func checked(_ amount: Money, field: String, allowZero: Bool = false, of transactionId: String) throws(TaplineAPIError) {
        try InputCheck.identifier(transactionId, field: "transactionId")
        let lowest: Int64 = allowZero ? 0 : 1
        guard amount.minorUnits >= lowest, amount.minorUnits <= Money.largestMinorUnits else {
            throw .badRequest(.invalidInput(field, "\(field) must be \(lowest) to \(Money.largestMinorUnits) minor units of \(amount.currency.code)"))
        }
    }
}
