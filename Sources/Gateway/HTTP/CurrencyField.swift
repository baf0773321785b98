import PaymentCore

/// The one check of a currency code a request sends: an ISO 4217 code Tapline knows, else
/// 400 `unknown_currency` naming the field.
enum CurrencyField {
    static func parse(_ code: String, field: String = "currency") throws -> Currency {
        guard let currency = Currency(code: code) else {
            throw GatewayFailure.invalid(field, "unknown currency '\(code)'; use an ISO 4217 code such as USD", .unknownCurrency)
        }
        return currency
    }
}
