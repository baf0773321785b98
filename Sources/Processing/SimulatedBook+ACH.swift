import PaymentCore

/// The simulator's ACH: a debit is decided by its account's test behaviour
/// (``TestBankAccounts``) and booked as a captured sale, so its cancel (a void) and its
/// refunds are checked as a card payment's are; what becomes of it once submitted is kept
/// by id, never with the account number.
extension SimulatedBook {
    mutating func debit(_ request: ACHDebitRequest) -> ProcessorResponse {
        let id = request.transactionId
        if let previous = decisions[id] { return previous.response }
        let amount = request.amount.minorUnits
        guard amount > 0 else { return refuse(id, .invalidAmount) }
        let behaviour = TestBankAccounts.behaviour(accountNumber: request.account.accountNumber)
        if case .declined(let code) = behaviour {
            let result = ProcessorResult(responseCode: code, message: ACHResponseCode.message(code) ?? code)
            return store(id, ProcessorResponse(outcome: .declined, result: result), change: nil)
        }
        var result = approvalResult(id, .approved)
        if behaviour == .heldForReview {
            result.responseCode = ACHResponseCode.heldForReview
            result.message = ACHResponseCode.message(ACHResponseCode.heldForReview) ?? ""
        }
        let reference = result.reference ?? ""
        let booked = SimulatedAuthorization(transactionId: id, kind: .sale, currency: request.amount.currency, authorized: amount, captured: amount)
        authorizations[reference] = booked
        referenceByTransactionId[id] = reference
        if case .returned(let code) = behaviour {
            achFates[id] = .returned(code: code, reason: ACHResponseCode.message(code) ?? code)
        } else {
            achFates[id] = .cleared
        }
        return store(id, ProcessorResponse(outcome: .approved(amount: amount), result: result),
                     change: Change(reference: reference, before: nil, after: booked))
    }

    /// What became of a debit once submitted; nil for an id this simulator does not remember.
    func achStatus(transactionId: String) -> ACHClearingStatus? { achFates[transactionId] }
}
