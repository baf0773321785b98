import PaymentCore

/// The simulator's books for one approved sale or authorization, and the rules its
/// follow-ups must obey. Amounts are minor units of `currency`.
struct SimulatedAuthorization: Equatable, Sendable {
    let transactionId: String
    let kind: AuthorizationRequest.Kind
    let currency: Currency
    var authorized: Int64
    var captured: Int64
    var refunded: Int64 = 0
    var tip: Int64 = 0
    /// Voided, reversed to zero or cancelled: no follow-up is possible any more.
    var isClosed = false
    /// Paid with the amount-driven test card: an incremental authorization is then decided
    /// by the last two digits of its delta, as the payment was by its amount. A flag, not
    /// the card: the books hold no card data.
    var decidesIncrementsByAmount = false
    /// Paid with the disputed test card: its capture is disputed (a flag and a reason code,
    /// not the card).
    var dispute: Dispute?

    struct Dispute: Equatable, Sendable {
        var reasonCode: String
        var reason: String
    }

    /// What a follow-up asked of the books.
    enum Decision: Equatable {
        case approve(after: SimulatedAuthorization, amount: Int64)
        case decline(ISOResponseCode)
    }

    var isCaptured: Bool { captured > 0 }

    /// What a void or reversal acts on: the hold, or what is captured and not refunded.
    var outstanding: Int64 { isCaptured ? captured - refunded : authorized }

    /// Checks a follow-up against what was approved: "12" when the payment's state does
    /// not allow it, "13" when the amount does not fit.
    func deciding(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) -> Decision {
        guard !isClosed else { return .decline(.invalidTransaction) }
        guard request.amount.currency == currency else { return .decline(.invalidAmount) }
        let amount = request.amount.minorUnits
        var after = self
        switch operation {
        case .capture:
            guard kind == .authorization, !isCaptured else { return .decline(.invalidTransaction) }
            // An acquirer takes a capture above the hold up to the tip overcapture tolerance.
            // Amounts are checked against the largest one before any sum, so none can overflow.
            guard amount > 0, Money.isWithinLimit(amount), Money.isWithinLimit(authorized) else { return .decline(.invalidAmount) }
            let limit = authorized + PaymentLifecycle.tipOvercapture(authorized: authorized, tip: amount - authorized)
            guard amount <= limit else { return .decline(.invalidAmount) }
            after.captured = amount
        case .incrementAuthorization:
            guard kind == .authorization, !isCaptured else { return .decline(.invalidTransaction) }
            guard amount > 0, Money.isWithinLimit(authorized), amount <= Money.largestMinorUnits - authorized else {
                return .decline(.invalidAmount)
            }
            if decidesIncrementsByAmount {
                // Only a plain approval raises the hold; any other code declines the increment.
                let code = ISOResponseCode(lastTwoDigitsOf: amount)
                guard code.disposition == .approved else { return .decline(code) }
            }
            after.authorized += amount
        case .adjustTip:
            guard isCaptured else { return .decline(.invalidTransaction) }
            guard let newTotal = request.newTotal, newTotal.currency == currency, Money.isWithinLimit(amount),
                  Money.isWithinLimit(newTotal.minorUnits), newTotal.minorUnits >= amount, newTotal.minorUnits > 0, newTotal.minorUnits >= refunded else {
                return .decline(.invalidAmount)
            }
            after.captured = newTotal.minorUnits
            after.tip = amount
        case .void:
            guard refunded == 0 else { return .decline(.invalidTransaction) }
            guard amount == outstanding else { return .decline(.invalidAmount) }
            after.isClosed = true
        case .reverse:
            guard amount > 0, amount <= outstanding else { return .decline(.invalidAmount) }
            if isCaptured { after.captured -= amount } else { after.authorized -= amount }
            after.isClosed = after.outstanding == 0
        case .refund:
            guard isCaptured else { return .decline(.invalidTransaction) }
            guard amount > 0, amount <= captured - refunded else { return .decline(.invalidAmount) }
            after.refunded += amount
        case .authorize, .lookup, .cancel, .achDebit, .achStatus:
            return .decline(.invalidTransaction)
        }
        return .approve(after: after, amount: amount)
    }

    /// Undoes the change a cancelled follow-up made (`before` → `after`), keeping any
    /// change made since by other follow-ups.
    mutating func undo(from before: SimulatedAuthorization, to after: SimulatedAuthorization) {
        authorized -= after.authorized - before.authorized
        captured -= after.captured - before.captured
        refunded -= after.refunded - before.refunded
        tip -= after.tip - before.tip
        if after.isClosed != before.isClosed { isClosed = before.isClosed }
    }
}
