import Foundation
import GatewayAPI
import PaymentCore

/// A payment by tap with its parts (ARISE `TTPTransactionRequest`), for
/// ``TapToPay/performTransaction(request:)``. Amounts are major units; the optional parts
/// are decimal strings, as ARISE sends them ("2.50"; `surchargeRate` is a percentage, "3"
/// for 3 %).
///
/// `amount` is what the card is charged. When parts are given they must add up to it:
/// `subTotal − discount + tip + surcharge = amount`, where the surcharge is
/// `(subTotal − discount) × surchargeRate / 100` rounded half-up to the currency's minor
/// unit. The payment keeps them as its breakdown (subtotal after the discount, tip,
/// surcharge and its rate) and `orderId` as its merchant reference, so a lost answer is
/// found again by it.
public struct TTPTransactionRequest: Sendable, Equatable {
    /// The total charged, tip and surcharge included.
    public var amount: MajorUnits
    /// The tip within ``amount``.
    public var tip: String?
    /// Taken off ``subTotal`` before the surcharge; needs ``subTotal``.
    public var discount: String?
    /// The amount before discount, tip and surcharge.
    public var subTotal: String?
    /// The merchant's order reference, 1–255 characters; one is made when absent.
    public var orderId: String?
    /// The surcharge percentage; needs ``subTotal``.
    public var surchargeRate: String?
    /// An ISO 4217 code; the merchant's first currency when absent (Tapline's addition:
    /// ARISE charges in the merchant's one currency).
    public var currency: String?

    public init(amount: MajorUnits, tip: String? = nil, discount: String? = nil, subTotal: String? = nil, orderId: String? = nil,
                surchargeRate: String? = nil, currency: String? = nil) {
        self.amount = amount
        self.tip = tip
        self.discount = discount
        self.subTotal = subTotal
        self.orderId = orderId
        self.surchargeRate = surchargeRate
        self.currency = currency
    }

    /// The payment the flow takes, checked part by part; `badRequest` names the first at fault.
    func payment(currency code: String) throws(TaplineAPIError) -> TapPaymentRequest {
        let total = try TapToPay.money(amount, currency: code)
        let currency = total.currency
        func minor(_ text: String?, _ field: String) throws(TaplineAPIError) -> Int64? {
            guard let text else { return nil }
            guard let value = Self.decimal(text) else {
                throw .badRequest(.invalidInput(field, "\(field) must be a decimal number such as \"2.50\", not '\(text)'"))
            }
            return try AmountConversion.minorUnits(value, currency, field: field, allowZero: true)
        }
        let tip = try minor(tip, "tip") ?? 0
        guard tip <= total.minorUnits else { throw .badRequest(.invalidInput("tip", "tip must not exceed amount")) }
        if let orderId { try InputCheck.text(orderId, field: "orderId") }
        var request = TapPaymentRequest(
            kind: .sale, total: total, tip: tip, referenceId: orderId ?? TapToPay.newReference(), originalTransactionId: nil)
        request.breakdown = try breakdown(total: total, tip: tip, subTotal: minor(subTotal, "subTotal"), discount: minor(discount, "discount"))
        return request
    }

    private func breakdown(total: Money, tip: Int64, subTotal: Int64?, discount: Int64?) throws(TaplineAPIError) -> BreakdownRequest? {
        guard let subTotal else {
            for (field, value) in [("discount", discount.map(String.init)), ("surchargeRate", surchargeRate)] where value != nil {
                throw .badRequest(.invalidInput(field, "\(field) needs subTotal, the amount it applies to"))
            }
            return nil
        }
        let net = subTotal - (discount ?? 0)
        guard net > 0 else { throw .badRequest(.invalidInput("discount", "discount must be less than subTotal")) }
        var surcharge: Int64 = 0
        var rate: Decimal?
        if let surchargeRate {
            guard let percent = Self.decimal(surchargeRate) else {
                throw .badRequest(.invalidInput("surchargeRate", "surchargeRate must be a decimal number such as \"3.5\", not '\(surchargeRate)'"))
            }
            if let problem = Percentage.problem(with: percent, field: "surchargeRate") {
                throw .badRequest(.invalidInput("surchargeRate", problem))
            }
            surcharge = Self.roundedHalfUp(Decimal(net) * percent / 100)
            rate = percent  // the /v1 breakdown's unit, as ARISE sends it
        }
        guard net + tip + surcharge == total.minorUnits else {
            throw .badRequest(.invalidInput(
                "amount", "amount must equal subTotal − discount + tip + surcharge (\(net) + \(tip) + \(surcharge) minor units)"))
        }
        return BreakdownRequest(subtotal: net, tipAmount: tip, surchargeAmount: surcharge, surchargeRate: rate)
    }

    /// Digits with at most one decimal point and at most 20 characters: what ARISE sends.
    /// (Decimal(string:) alone would read "2.5abc" as 2.5.)
    static func decimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.count <= 20, (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy({ ("0"..."9").contains($0) }) }) else {
            return nil
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A non-negative amount of minor units rounded half-up to a whole one; the inputs are
    /// bounded (a total of at most ``Money/largestMinorUnits`` times at most 100 %).
    private static func roundedHalfUp(_ value: Decimal) -> Int64 {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}
