import PaymentCore

/// A payment another app asks for by opening `taplinepay://pay/v1?action=…&…`: parsed and
/// checked against the protocol's rules, with the precedence rules already applied.
///
/// Every value is valid by construction: both ways in, ``init(url:configuration:)`` and the
/// memberwise ``init(action:merchantKey:callback:currency:appId:clientTransactionId:amount:tipAmount:match:dateRange:showReceipt:showTransactionResult:protocolName:)``,
/// refuse what the protocol forbids with an ``InterAppError``. ``url(scheme:)`` writes the
/// request back, and parsing that URL gives an equal request.
public struct InterAppRequest: Sendable, Hashable {
    /// What to do.
    public let action: InterAppAction
    /// The caller's merchant key: required and not empty, otherwise unused (the protocol
    /// deprecated it; the payment app's own session says which merchant is paid).
    public let merchantKey: String
    /// Where the result goes: a bare scheme (`interapp-callback`) or a full URL.
    public let callback: String
    /// The calling app's identifier, e.g. `com.example.myapp`.
    public let appId: String?
    /// The caller's own id for this request, echoed in the result; a Tapline performer
    /// records it as the merchant reference of a new sale or pre-authorisation.
    public let clientTransactionId: String?
    /// The amount in minor units of ``currency`` (`600` is 6.00 USD). Always present and
    /// positive for `sale` and `pre_auth`; for `capture_pre_auth` and `cancel`, nil means
    /// the full amount.
    public let amount: Int64?
    /// The currency of ``amount`` and ``tipAmount``: the request's `currency`, else the
    /// configuration's default.
    public let currency: Currency
    /// A tip in minor units, added on top of ``amount`` and at most equal to it; `sale` only.
    public let tipAmount: Int64?
    /// The earlier payment a `capture_pre_auth` or `cancel` acts on; nil for `sale` and `pre_auth`.
    public let match: TransactionMatch?
    /// The window the search for ``match`` is limited to, when the caller gave one.
    public let dateRange: InterAppDateRange?
    /// Whether to show the receipt screen before returning to the caller.
    public let showReceipt: Bool
    /// Whether to show the result screen before returning; always true when ``showReceipt`` is,
    /// because the protocol ignores `show_transaction_result` then.
    public let showTransactionResult: Bool
    /// The caller's `protocol` parameter, kept for the round trip (the protocol reserves it).
    public let protocolName: String?

    /// ``amount`` as money.
    public var money: Money? { amount.map { Money(minorUnits: $0, currency: currency) } }

    /// ``tipAmount`` as money.
    public var tip: Money? { tipAmount.map { Money(minorUnits: $0, currency: currency) } }

    /// A request, checked against every rule of the protocol.
    ///
    /// `showReceipt` and `showTransactionResult` default to true: a merchant who did not
    /// ask otherwise sees how the payment ended before the app switches back.
    public init(
        action: InterAppAction, merchantKey: String, callback: String, currency: Currency,
        appId: String? = nil, clientTransactionId: String? = nil, amount: Int64? = nil, tipAmount: Int64? = nil,
        match: TransactionMatch? = nil, dateRange: InterAppDateRange? = nil,
        showReceipt: Bool = true, showTransactionResult: Bool = true, protocolName: String? = nil
    ) throws(InterAppError) {
        guard !merchantKey.isEmpty else { throw .emptyParameter("merchantKey") }
        try InterAppCallback.validate(callback)
        try Self.checkAmounts(action: action, amount: amount, tipAmount: tipAmount)
        try Self.checkSearch(action: action, match: match, amount: amount, dateRange: dateRange)
        self.action = action
        self.merchantKey = merchantKey
        self.callback = callback
        self.appId = appId
        self.clientTransactionId = clientTransactionId
        self.amount = amount
        self.currency = currency
        self.tipAmount = tipAmount
        self.match = match
        self.dateRange = dateRange
        self.showReceipt = showReceipt
        self.showTransactionResult = showReceipt || showTransactionResult
        self.protocolName = protocolName
    }

    /// New payments need a positive amount; follow-ups may leave it out (the full amount)
    /// but not send zero, which would capture or refund nothing. Tips go with sales only.
    private static func checkAmounts(action: InterAppAction, amount: Int64?, tipAmount: Int64?) throws(InterAppError) {
        if action.startsPayment, amount == nil { throw .missingParameter("amount") }
        if let amount, amount <= 0 { throw .amountNotPositive(parameter: "amount") }
        guard let tipAmount else { return }
        guard action == .sale else { throw .parameterNotAllowed(parameter: "tipAmount", action: action) }
        guard tipAmount >= 0 else { throw .invalidAmount(parameter: "tipAmount", value: String(tipAmount)) }
        if let amount, tipAmount > amount { throw .tipExceedsAmount(tip: tipAmount, amount: amount) }
    }

    /// A new payment has nothing to search. A follow-up must name its payment: by
    /// `orderCode`, `shortOrderCode` or `referenceNumber`, or by its `amount` within a date
    /// range (the one payment of that amount this device made then). The protocol makes every
    /// search parameter optional, but acting on "the latest payment" when none is given
    /// would capture or cancel whichever payment happened to be last.
    private static func checkSearch(
        action: InterAppAction, match: TransactionMatch?, amount: Int64?, dateRange: InterAppDateRange?
    ) throws(InterAppError) {
        if action.startsPayment {
            if let match { throw .parameterNotAllowed(parameter: match.parameterName, action: action) }
            if dateRange != nil { throw .parameterNotAllowed(parameter: "txnDateFrom", action: action) }
            return
        }
        guard let match else {
            guard amount != nil, dateRange != nil else { throw .paymentNotNamed(action: action) }
            return
        }
        if match.value.isEmpty { throw .emptyParameter(match.parameterName) }
    }
}
