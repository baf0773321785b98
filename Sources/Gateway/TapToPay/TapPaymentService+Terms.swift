import GatewayAPI
import PaymentCore

// `/v1`'s tap request as the terms of ``TakeTapPayment``: the sale and authorization routes
// and the card-present refund read the same body.
extension TapPaymentService.Terms {
    /// The terms of a `/v1` tap request; refuses a field the request got wrong.
    init(_ body: TapTransactionRequest) throws {
        var terms = TapPaymentService.Terms()
        terms.amount = body.amount
        if let code = body.currency {
            guard let currency = Currency(code: code) else {
                throw GatewayFailure.invalid("currency", "unknown currency '\(code)'; use an ISO 4217 code such as USD", .unknownCurrency)
            }
            terms.currency = currency
        }
        terms.amountDetails = try AmountPartsRules.parse(body.amountDetails, breakdown: body.breakdown)
        terms.breakdown = try BreakdownRules.canonical.parse(body.breakdown)
        if let parts = terms.amountDetails {
            terms.tipAmount = try AmountPartsRules.tip(requestTip: body.tipAmount, parts: parts)
        } else {
            terms.tipAmount = try BreakdownRules.canonical.tip(requestTip: body.tipAmount, breakdown: terms.breakdown, tipField: "tipAmount")
        }
        try CardPaymentValidator.checkLength(body.referenceId, field: "referenceId")
        try CardPaymentValidator.checkLength(body.customerId, field: "customerId")
        try CardPaymentValidator.checkLength(body.createdById, field: "createdById")
        terms.referenceId = body.referenceId
        terms.customerId = body.customerId
        terms.customerName = CardPaymentValidator.customerName(body.contactInfo)
        terms.customerEmail = body.contactInfo?.email
        terms.createdById = body.createdById
        terms.additionalInformation = try AdditionalInformationRules.encoded(body.additionalInformation)
        self = terms
    }
}
