/// What each way of paying would cost for one base amount (ARISE `CalculateAmountResponse`'s
/// per-tender breakdowns), all in one currency.
public struct TenderAmounts: Sendable, Equatable {
    public var currency: Currency
    public var cash: AmountBreakdown
    public var creditCard: AmountBreakdown
    public var debitCard: AmountBreakdown
    public var ach: AmountBreakdown

    public init(currency: Currency, cash: AmountBreakdown, creditCard: AmountBreakdown, debitCard: AmountBreakdown, ach: AmountBreakdown) {
        self.currency = currency
        self.cash = cash
        self.creditCard = creditCard
        self.debitCard = debitCard
        self.ach = ach
    }

    /// Every tender, in the order the API lists them.
    public var all: [AmountBreakdown] { [cash, creditCard, debitCard, ach] }
}
