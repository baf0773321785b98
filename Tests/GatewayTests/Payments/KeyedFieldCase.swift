import Foundation
import GatewayAPI
import Processing
import Testing

/// One row of the keyed-request checklist: a field of ARISE `CardTransactionRequest` (or
/// one Tapline adds), a body that uses it, and what must come of it: applied, seen on the
/// payment, or refused with 400 naming it.
struct KeyedFieldCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        /// 201, and `check` holds on the payment; `shows` says what it proves.
        case applied(shows: String, check: @Sendable (TransactionResource) -> Bool)
        /// 400 naming `field`, for the reason `why`.
        case refused(field: String, why: String)
    }

    var field: String
    /// Fields added to the body; `{"amount":10000,"currency":"USD"}` plus a typed card unless `typedCard` is false.
    var extra: String
    var typedCard = true
    /// A settings PATCH applied first (pricing mode for the rates that need one).
    var settings: String?
    var outcome: Outcome

    var testDescription: String {
        switch outcome {
        case .applied(let shows, _): return "\(field): applied — \(shows)"
        case .refused(_, let why): return "\(field): refused 400 — \(why)"
        }
    }

    var body: String {
        let card = typedCard ? #","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030"# : ""
        return #"{"amount":10000,"currency":"USD"\#(card)\#(extra.isEmpty ? "" : ",")\#(extra)}"#
    }

    static let swipe = #""cardDataSource":"swipe","track2":";4242424242424242=30121010000000000000?""#
}

extension KeyedFieldCase {
    /// Every field of the request: ARISE's 28 and Tapline's 3 (`createdById`,
    /// `createMethodId`, `breakdown`), in ARISE's order, each applied or refused.
    static let all: [KeyedFieldCase] = [
        .init(field: "paymentProcessorId", extra: #""paymentProcessorId":"\#(ProcessorIdentity.simulator.id)""#,
              outcome: .applied(shows: "the merchant's processor is accepted and named on the payment") {
                  $0.paymentProcessorId == ProcessorIdentity.simulator.id && $0.paymentProcessorName == "Tapline Simulator"
              }),
        .init(field: "amount", extra: "", outcome: .applied(shows: "the base amount, charged as priced") {
            $0.amount == 10_000 && $0.amountDetails?.baseAmount == 10_000 && $0.amountDetails?.totalAmount == 10_000
        }),
        .init(field: "currency", extra: "", outcome: .applied(shows: "the payment's currency") { $0.currency == "USD" }),
        .init(field: "cardDataSource", extra: #""cardDataSource":"manual""#,
              outcome: .applied(shows: "manual: a typed card") { $0.card?.entryMode == "manual" }),
        .init(field: "paymentMethodId", extra: #""paymentMethodId":"pm_1""#,
              outcome: .refused(field: "paymentMethodId", why: "no card vault: send the card itself")),
        .init(field: "accountNumber", extra: "", outcome: .applied(shows: "the card, kept masked") { $0.card?.maskedPan == "424242******4242" }),
        .init(field: "expirationMonth", extra: "", outcome: .applied(shows: "the card's expiry month") { $0.card?.expiryMonth == 12 }),
        .init(field: "expirationYear", extra: "", outcome: .applied(shows: "the card's expiry year") { $0.card?.expiryYear == 2030 }),
        .init(field: "securityCode", extra: #""securityCode":"123""#,
              outcome: .applied(shows: "sent to the processor, never kept") { $0.status == .captured }),
        .init(field: "track1", extra: #""track1":"%B4242424242424242^DOE/J^3012101?""#,
              outcome: .refused(field: "track1", why: "carries the cardholder's name: send track2")),
        .init(field: "track2", extra: swipe, typedCard: false, outcome: .applied(shows: "a swipe: card and expiry from the track, never kept") {
            $0.card?.entryMode == "swipe" && $0.card?.maskedPan == "424242******4242" && $0.card?.expiryYear == 2030
                && $0.card?.expiryMonth == 12 && $0.status == .captured
        }),
        .init(field: "emvTags", extra: #""emvTags":["9F2608AABBCCDDEEFF0011"]"#,
              outcome: .refused(field: "emvTags", why: "chip data comes sealed from a card reader (paymentCardData)")),
        .init(field: "emvPaymentAppVersion", extra: #""emvPaymentAppVersion":"0002""#,
              outcome: .refused(field: "emvPaymentAppVersion", why: "belongs to chip data, which comes sealed")),
        .init(field: "customerId", extra: #""customerId":"cust-7""#, outcome: .applied(shows: "kept") { $0.customerId == "cust-7" }),
        .init(field: "tipAmount", extra: #""tipAmount":500"#, outcome: .applied(shows: "added to the price") {
            $0.amount == 10_500 && $0.amounts?.tip == 500 && $0.amountDetails?.tipAmount == 500
        }),
        .init(field: "tipRate", extra: #""tipRate":15"#, outcome: .applied(shows: "15 % of the base, added") {
            $0.amount == 11_500 && $0.amounts?.tip == 1_500 && $0.amountDetails?.tipRate == 15
        }),
        .init(field: "percentageOffRate", extra: #""percentageOffRate":10"#, outcome: .applied(shows: "10 % off the base") {
            $0.amount == 9_000 && $0.amountDetails?.percentageOffAmount == 1_000 && $0.amountDetails?.percentageOffRate == 10
        }),
        .init(field: "surchargeRate", extra: #""surchargeRate":3"#,
              settings: #"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":2}"#,
              outcome: .applied(shows: "replaces the merchant's surcharge rate") {
                  $0.amount == 10_300 && $0.amountDetails?.surchargeAmount == 300 && $0.amountDetails?.surchargeRate == 3
              }),
        .init(field: "useCardPrice", extra: #""useCardPrice":true"#,
              settings: #"{"zeroCostProcessingOption":"dualPricing","defaultDualPricingRate":4}"#,
              outcome: .applied(shows: "dual pricing: the amount is the card price, no surcharge on it") {
                  $0.amount == 10_000 && $0.amountDetails?.surchargeAmount == 0
              }),
        .init(field: "billingAddress", extra: #""billingAddress":{"line1":"1 Main St","postalCode":"22222","countryId":840}"#,
              outcome: .applied(shows: "kept and verified (simulator: 22222 is Z)") {
                  $0.billingAddress?.postalCode == "22222" && $0.billingAddress?.countryId == 840 && $0.avsResponse?.code == "Z"
              }),
        .init(field: "shippingAddress", extra: #""shippingAddress":{"line1":"2 Dock Rd","city":"Leeds","stateName":"West Yorkshire","stateId":9}"#,
              outcome: .applied(shows: "kept, not verified") {
                  $0.shippingAddress?.city == "Leeds" && $0.shippingAddress?.stateId == 9 && $0.avsResponse == nil
              }),
        .init(field: "contactInfo",
              extra: #""contactInfo":{"firstName":"Ada","lastName":"Byron","companyName":"Engines","email":"ada@example.com","mobileNumber":"+44 20 7946 0000","smsNotification":true}"#,
              outcome: .applied(shows: "every part kept, smsNotification too") {
                  $0.customerName == "Ada Byron" && $0.customerEmail == "ada@example.com" && $0.contactInfo?.companyName == "Engines"
                      && $0.contactInfo?.mobileNumber == "+44 20 7946 0000" && $0.contactInfo?.smsNotification == true
              }),
        .init(field: "pin", extra: #""pin":"1234""#, outcome: .refused(field: "pin", why: "never in the clear: the card reader seals it")),
        .init(field: "pinKsn", extra: #""pinKsn":"FFFF9876543210E00001""#, outcome: .refused(field: "pinKsn", why: "no DUKPT PIN blocks")),
        .init(field: "emvFallbackCondition", extra: swipe + #","emvFallbackCondition":"iccTerminalError""#, typedCard: false,
              outcome: .applied(shows: "a fallback swipe, the reason kept") {
                  $0.cardEntry?.fallbackCondition == .iccTerminalError && $0.card?.entryMode == "swipe"
              }),
        .init(field: "emvFallbackLastChipRead", extra: swipe + #","emvFallbackLastChipRead":"failed""#, typedCard: false,
              outcome: .applied(shows: "a fallback swipe, the last chip read kept") { $0.cardEntry?.lastChipRead == .failed }),
        .init(field: "referenceId", extra: #""referenceId":"order-9""#, outcome: .applied(shows: "kept") { $0.referenceId == "order-9" }),
        .init(field: "customerInitiatedTransaction", extra: #""customerInitiatedTransaction":false"#,
              outcome: .applied(shows: "kept (merchant-initiated here)") { $0.cardEntry?.customerInitiated == false }),
        .init(field: "createdById", extra: #""createdById":"terminal-3""#, outcome: .applied(shows: "kept") { $0.createdById == "terminal-3" }),
        .init(field: "createMethodId", extra: #""createMethodId":5"#, outcome: .applied(shows: "kept") { $0.createMethodId == 5 }),
        .init(field: "breakdown", extra: #""tipAmount":700,"breakdown":{"subtotal":10000,"tipAmount":700}"#,
              outcome: .applied(shows: "the client's own price: amount + tip, not repriced") {
                  $0.amount == 10_700 && $0.breakdown?.subtotal == 10_000
                      && $0.amountDetails == AmountResource(baseAmount: 10_000, tipAmount: 700)
              }),
    ]

    /// Values of fields that are refused, or refused in a context, beside the rows above.
    static let refusals: [KeyedFieldCase] = [
        .init(field: "paymentProcessorId", extra: #""paymentProcessorId":"\#(ProcessorIdentity.iso8583Acquirer.id)""#,
              outcome: .refused(field: "paymentProcessorId", why: "not this merchant's processor")),
        .init(field: "cardDataSource", extra: #""cardDataSource":"contactless""#,
              outcome: .refused(field: "cardDataSource", why: "taps come sealed (paymentCardData)")),
        .init(field: "track2", extra: #""track2":";4242424242424242=30121010000000000000?""#,
              outcome: .refused(field: "track2", why: "a track with cardDataSource manual")),
        .init(field: "track2", extra: #""cardDataSource":"swipe","track2":"4242424242424242""#, typedCard: false,
              outcome: .refused(field: "track2", why: "no separator and expiry")),
        .init(field: "accountNumber", extra: swipe, outcome: .refused(field: "accountNumber", why: "a swipe's card comes from the track")),
        .init(field: "emvFallbackCondition", extra: #""emvFallbackCondition":"noCandidateList""#,
              outcome: .refused(field: "emvFallbackCondition", why: "a fallback is a swipe")),
        .init(field: "emvFallbackLastChipRead", extra: swipe + #","emvFallbackLastChipRead":"maybe""#, typedCard: false,
              outcome: .refused(field: "emvFallbackLastChipRead", why: "not one of the four values")),
        .init(field: "tipRate", extra: #""tipAmount":100,"tipRate":10"#, outcome: .refused(field: "tipRate", why: "tipAmount and tipRate both")),
        .init(field: "tipRate", extra: #""tipRate":10,"breakdown":{"subtotal":10000}"#, outcome: .refused(field: "tipRate", why: "a rate beside a breakdown")),
        .init(field: "useCardPrice", extra: #""useCardPrice":false,"breakdown":{"subtotal":10000}"#,
              outcome: .refused(field: "useCardPrice", why: "beside a breakdown")),
        .init(field: "surchargeRate", extra: #""surchargeRate":3"#, outcome: .refused(field: "surchargeRate", why: "the merchant's mode ignores it")),
        .init(field: "useCardPrice", extra: #""useCardPrice":true"#, outcome: .refused(field: "useCardPrice", why: "outside dual pricing")),
        .init(field: "percentageOffRate", extra: #""percentageOffRate":100.5"#, outcome: .refused(field: "percentageOffRate", why: "above 100")),
        .init(field: "tipRate", extra: #""tipRate":-1"#, outcome: .refused(field: "tipRate", why: "negative")),
        .init(field: "tipRate", extra: #""tipRate":1.00001"#, outcome: .refused(field: "tipRate", why: "more than four decimals")),
        .init(field: "billingAddress.postalCode", extra: #""billingAddress":{"postalCode":"12345678901234567"}"#,
              outcome: .refused(field: "billingAddress.postalCode", why: "longer than 16")),
        .init(field: "shippingAddress.line1", extra: #""shippingAddress":{"line1":"\#(String(repeating: "x", count: 101))"}"#,
              outcome: .refused(field: "shippingAddress.line1", why: "longer than 100")),
        .init(field: "contactInfo.smsNotification", extra: #""contactInfo":{"smsNotification":true}"#,
              outcome: .refused(field: "contactInfo.smsNotification", why: "no mobile number to send to")),
        .init(field: "contactInfo.mobileNumber", extra: #""contactInfo":{"mobileNumber":"call me"}"#,
              outcome: .refused(field: "contactInfo.mobileNumber", why: "not a phone number")),
    ]
}
