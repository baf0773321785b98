import CardData
import Foundation
import PaymentCore

/// Everything ``SimulatedProcessor`` has decided, and the rules it decides by. Kept apart
/// from the actor so the decisions are plain synchronous code.
///
/// It holds no card data: decisions are keyed by transaction id and approvals by the
/// processor's reference. It keeps the `capacity` (at least 1) most recently used ids, each
/// with its decision and the authorization it created, so a simulator that runs for ever
/// keeps a fixed amount; a forgotten payment is one of an earlier run to its follow-ups.
struct SimulatedBook: Sendable {
    typealias Decision = SimulatedDecision
    typealias Change = SimulatedDecision.Change

    let capacity: Int
    var decisions: [String: Decision] = [:]
    var authorizations: [String: SimulatedAuthorization] = [:]
    var referenceByTransactionId: [String: String] = [:]
    var approvals: [String: Int] = [:]
    /// Every id in `decisions`, least recently used first.
    private var recency = RecencyOrder<String>()
    private var sequence = 0
    /// What becomes of each ACH debit once submitted (by its account's test behaviour).
    var achFates: [String: ACHClearingStatus] = [:]
    /// Disputes owed for captures of the disputed test card.
    var disputes: SimulatedDisputes

    init(capacity: Int, disputeDelay: TimeInterval = SimulatedProcessorConfiguration.defaultDisputeDelay) {
        self.capacity = max(1, capacity)
        disputes = SimulatedDisputes(delay: disputeDelay, capacity: self.capacity)
    }

    /// How many ids are remembered now.
    var count: Int { decisions.count }

    /// How many times an approval was granted for this id (replays do not count).
    func approvalCount(transactionId: String) -> Int { approvals[transactionId, default: 0] }

    func isCancelled(transactionId: String) -> Bool { decisions[transactionId]?.isCancelled ?? false }

    func lookup(transactionId: String) -> ProcessorResponse? { decisions[transactionId]?.response }

    mutating func authorize(_ request: AuthorizationRequest) throws(ProcessorError) -> ProcessorResponse {
        if let previous = decisions[request.transactionId] {
            // A new PIN try is the one repeat that continues instead of replaying.
            if let answer = previous.pinAnswers[request.pinAttempt] { return answer }
            guard previous.awaitsPIN, request.pin != nil else { return previous.response }
        }
        // The simulator holds no acquirer's keys: `--card-data pass-through` refuses to start
        // with it, so a sealed card here is a wiring mistake, answered as one.
        guard let card = request.card.clear else {
            throw .unavailable(code: "96", message: "the simulator cannot open card data sealed for an acquirer")
        }
        let amount = request.amount.minorUnits
        if request.kind == .verification { return verify(request, card: card) }
        guard amount > 0 else { return refuse(request.transactionId, .invalidAmount) }
        switch TestCards.behaviour(pan: card.pan) {
        case .approve:
            return approve(request, amount: amount, code: .approved)
        case .disputed(let reasonCode, let reason):
            let response = approve(request, amount: amount, code: .approved)
            if let reference = response.result.reference, var authorization = authorizations[reference] {
                authorization.dispute = SimulatedAuthorization.Dispute(reasonCode: reasonCode, reason: reason)
                authorizations[reference] = authorization
                oweDisputeIfCaptured(authorization)
            }
            return response
        case .decline(let code):
            return refuse(request.transactionId, ISOResponseCode(rawValue: code))
        case .pinRequired(let code, let correctPIN, let wrongPINCode):
            return pinStep(request, softDecline: ISOResponseCode(rawValue: code),
                           correctPIN: correctPIN, wrongPINCode: ISOResponseCode(rawValue: wrongPINCode))
        case .processorError(let code):
            throw .unavailable(code: code, message: ISOResponseCode(rawValue: code).message)
        case .noAnswer:
            throw .noAnswer
        case .amountDriven:
            let code = ISOResponseCode(lastTwoDigitsOf: amount)
            switch code.disposition {
            case .approved: return approve(request, amount: amount, code: code)
            case .partiallyApproved: return approve(request, amount: amount / 2, code: code)
            case .declined: return refuse(request.transactionId, code)
            case .systemError: throw .unavailable(code: code.rawValue, message: code.message)
            case .pinRequired:
                return pinStep(request, softDecline: code, correctPIN: TestCards.correctPIN, wrongPINCode: .incorrectPIN)
            }
        }
    }

    /// Marks every reference this simulator issues, in any run.
    static let referencePrefix = "sim_"

    mutating func followUp(
        _ operation: ProcessorOperation, _ request: FollowUpProcessorRequest, approvesForgottenOriginals: Bool = false
    ) -> ProcessorResponse {
        if let previous = decisions[request.transactionId] { return previous.response }
        let reference = request.originalReference ?? referenceByTransactionId[request.originalTransactionId]
        if approvesForgottenOriginals, let reference, authorizations[reference] == nil, reference.hasPrefix(Self.referencePrefix) {
            // Issued by an earlier run of this simulator: approve as asked (see the configuration).
            let result = approvalResult(request.transactionId, .approved)
            return store(request.transactionId, ProcessorResponse(outcome: .approved(amount: request.amount.minorUnits), result: result), change: nil)
        }
        guard let reference, let before = authorizations[reference],
              before.transactionId == request.originalTransactionId else {
            return refuse(request.transactionId, .invalidTransaction)
        }
        switch before.deciding(operation, request) {
        case .decline(let code):
            return refuse(request.transactionId, code)
        case .approve(let after, let amount):
            authorizations[reference] = after
            if operation == .capture { oweDisputeIfCaptured(after) }
            // A payment still being followed up is in use: forget older ones first.
            use(before.transactionId)
            let result = approvalResult(request.transactionId, .approved)
            return store(request.transactionId, ProcessorResponse(outcome: .approved(amount: amount), result: result),
                         change: Change(reference: reference, before: before, after: after))
        }
    }

    /// A captured payment of the disputed test card: its cardholder disputes all of it.
    private mutating func oweDisputeIfCaptured(_ authorization: SimulatedAuthorization) {
        guard let dispute = authorization.dispute, authorization.isCaptured else { return }
        disputes.owe(ProcessorDispute(
            paymentId: authorization.transactionId, reference: "sim_dp_" + RandomID.uuidHex().prefix(12), reasonCode: dispute.reasonCode,
            reason: dispute.reason, amount: Money(minorUnits: authorization.captured, currency: authorization.currency)))
    }

    /// Marks the request reversed: its effect on the books is undone and, from now on, it
    /// answers "68" failed, also if it arrives for the first time after this.
    mutating func cancel(transactionId: String) {
        let previous = decisions[transactionId]
        guard previous?.isCancelled != true else { return }
        if let change = previous?.change, var current = authorizations[change.reference] {
            if let before = change.before {
                current.undo(from: before, to: change.after)
            } else {
                current.isClosed = true
            }
            authorizations[change.reference] = current
        }
        let code = ISOResponseCode.responseReceivedTooLate
        let result = ProcessorResult(responseCode: code.rawValue, message: code.message,
                                     reference: previous?.response.result.reference)
        decisions[transactionId] = Decision(response: ProcessorResponse(outcome: .failed, result: result),
                                            change: nil, isCancelled: true)
        use(transactionId)
    }

    private mutating func pinStep(
        _ request: AuthorizationRequest, softDecline: ISOResponseCode, correctPIN: String, wrongPINCode: ISOResponseCode
    ) -> ProcessorResponse {
        guard request.kind != .refund else { return credit(request) }
        let id = request.transactionId
        guard let pin = request.pin else {
            let result = ProcessorResult(responseCode: softDecline.rawValue, message: softDecline.message)
            let response = store(id, ProcessorResponse(outcome: .pinRequired, result: result), change: nil)
            decisions[id]?.awaitsPIN = true
            return response
        }
        let earlier = decisions[id]?.pinAnswers ?? [:]
        let response: ProcessorResponse
        if pin.digits == correctPIN {
            response = approve(request, amount: request.amount.minorUnits, code: .approved)
        } else {
            response = refuse(id, wrongPINCode)
            // The issuer counts wrong tries itself; the gateway decides when to stop asking.
            decisions[id]?.awaitsPIN = true
        }
        decisions[id]?.pinAnswers = earlier.merging([request.pinAttempt: response]) { _, new in new }
        return response
    }

    /// An account verification: decided by the test card as a payment would be (an
    /// amount-driven card, having no amount to go by, is good), answered "85" on a good card,
    /// with nothing on the books. A card that asks for a PIN, fails or does not answer for a
    /// payment is good here: a verification moves no money, so the simulator keeps it simple.
    private mutating func verify(_ request: AuthorizationRequest, card: KeyedCard) -> ProcessorResponse {
        guard request.amount.minorUnits == 0 else { return refuse(request.transactionId, .invalidAmount) }
        if case .decline(let code) = TestCards.behaviour(pan: card.pan) {
            return refuse(request.transactionId, ISOResponseCode(rawValue: code))
        }
        let result = approvalResult(request.transactionId, .noReasonToDecline)
        return store(request.transactionId, ProcessorResponse(outcome: .approved(amount: 0), result: result), change: nil)
    }

    /// An unreferenced refund: money back to the card, with nothing on the books to check against.
    private mutating func credit(_ request: AuthorizationRequest) -> ProcessorResponse {
        let result = approvalResult(request.transactionId, .approved)
        let response = ProcessorResponse(outcome: .approved(amount: request.amount.minorUnits), result: result)
        return store(request.transactionId, response, change: nil)
    }

    private mutating func approve(_ request: AuthorizationRequest, amount: Int64, code: ISOResponseCode) -> ProcessorResponse {
        guard request.kind != .refund else { return credit(request) }
        let result = approvalResult(request.transactionId, code)
        let reference = result.reference ?? ""
        var authorization = SimulatedAuthorization(
            transactionId: request.transactionId, kind: request.kind, currency: request.amount.currency,
            authorized: amount, captured: request.kind == .sale ? amount : 0)
        authorization.decidesIncrementsByAmount = request.card.clear.map { TestCards.behaviour(pan: $0.pan) } == .amountDriven
        authorizations[reference] = authorization
        referenceByTransactionId[request.transactionId] = reference
        return store(request.transactionId, ProcessorResponse(outcome: .approved(amount: amount), result: result),
                     change: Change(reference: reference, before: nil, after: authorization))
    }

    mutating func refuse(_ transactionId: String, _ code: ISOResponseCode) -> ProcessorResponse {
        let result = ProcessorResult(responseCode: code.rawValue, message: code.message)
        return store(transactionId, ProcessorResponse(outcome: .declined, result: result), change: nil)
    }

    /// Counts the approval and gives it an authorization code and a reference.
    mutating func approvalResult(_ transactionId: String, _ code: ISOResponseCode) -> ProcessorResult {
        sequence += 1
        approvals[transactionId, default: 0] += 1
        let digits = String(sequence % 1_000_000)
        let authorizationCode = String(repeating: "0", count: 6 - digits.count) + digits
        // Random rather than sequential so a reference from an earlier run of the
        // simulator can never name a payment of this run.
        let reference = Self.referencePrefix + RandomID.uuidHex()
        return ProcessorResult(responseCode: code.rawValue, message: code.message,
                               authorizationCode: authorizationCode, reference: reference)
    }

    mutating func store(_ transactionId: String, _ response: ProcessorResponse, change: Change?) -> ProcessorResponse {
        decisions[transactionId] = Decision(response: response, change: change)
        use(transactionId)
        return response
    }

    /// Marks the id most recently used, then forgets the least recently used ids beyond the
    /// capacity: the decision, the approval count, and the authorization the id created.
    private mutating func use(_ transactionId: String) {
        guard decisions[transactionId] != nil else { return }
        recency.use(transactionId)
        while decisions.count > capacity, let oldest = recency.removeOldest() {
            decisions[oldest] = nil
            approvals[oldest] = nil
            achFates[oldest] = nil
            if let reference = referenceByTransactionId.removeValue(forKey: oldest) {
                authorizations[reference] = nil
            }
        }
    }
}
