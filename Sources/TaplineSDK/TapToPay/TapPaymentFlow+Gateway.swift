import Foundation
import GatewayAPI

extension TapPaymentFlow {
    /// Sends the read to the gateway once. When no answer comes, the payment is looked up by
    /// its reference instead of sending the read again, so a lost answer is never a lost
    /// (or a doubled) payment.
    func submit(_ read: CardReadResult, _ request: TapPaymentRequest) async throws -> TransactionResource {
        var body = TapTransactionRequest(
            generalCardData: read.generalCardData, paymentCardData: read.paymentCardData, amount: request.total.minorUnits - request.tip,
            currency: request.total.currency.code, referenceId: request.referenceId)
        body.tipAmount = request.kind == .refund ? nil : request.tip
        body.originalTransactionId = request.originalTransactionId
        body.breakdown = request.breakdown
        body.amountDetails = request.amountDetails
        body.additionalInformation = request.kind == .refund ? nil : request.additionalInformation
        body.createdById = ttp.connection.deviceId
        let path: String
        switch request.kind {
        case .sale: path = APIPath.sale
        case .authorization: path = APIPath.authorization
        case .refund: path = APIPath.tapRefund
        }
        do {
            let reply = try await ttp.connection.sendJSON(
                path, body: body, idempotencyKey: request.initiatorId, headers: deviceHeader, retryOnNetworkError: false)
            if request.kind == .refund, let linked = try? APIJSON.decoder.decode(FollowUpResponse.self, from: reply.body) {
                return linked.operation
            }
            return try ttp.connection.decode(reply)
        } catch {
            return try await recover(from: error, reference: request.referenceId) {
                try await find(read: read.id, reference: request.referenceId, original: request.originalTransactionId)
            }
        }
    }

    /// Sends the PIN read for a payment waiting for one.
    func submitPIN(_ read: CardReadResult, for payment: TransactionResource) async throws -> TransactionResource {
        let body = PINSubmissionRequest(generalCardData: read.generalCardData, paymentCardData: read.paymentCardData)
        do {
            return try ttp.connection.decode(
                try await ttp.connection.sendJSON(APIPath.pin(payment.id), body: body, headers: deviceHeader, retryOnNetworkError: false))
        } catch {
            return try await recover(from: error, reference: payment.referenceId ?? payment.id) {
                let now: TransactionResource = try await ttp.connection.get(APIPath.transaction(payment.id))
                // Still waiting for this PIN's answer, or answered: either way not lost.
                return now.status == .pending ? nil : now
            }
        }
    }

    private var deviceHeader: [String: String] { [APIHeader.deviceInstallationId: ttp.connection.deviceId] }

    /// A failed submission: the failed transaction the gateway recorded, the payment found by
    /// its reference after a lost answer, or the gateway's refusal as a ``TTPError``.
    private func recover(from error: any Error, reference: String,
                         find: () async throws -> TransactionResource?) async throws -> TransactionResource {
        guard let apiError = error as? TaplineAPIError else { throw error }
        switch apiError {
        case .serverError(let problem) where problem.transactionId != nil:
            return try await ttp.connection.get(APIPath.transaction(problem.transactionId!))
        case .networkError(let detail):
            if let found = try await lookUp(find) { return found }
            ttp.publish(.customEvent(.errorOccurred))
            throw TTPError.transactionFailed(
                code: "NETWORK_ERROR",
                message: "no answer from the gateway (\(detail)) and no transaction with reference \(reference) was recorded: the card was not charged")
        default:
            ttp.publish(.customEvent(.errorOccurred))
            let problem = apiError.problem
            let fallback = if case .invalidResponse = apiError { "INVALID_RESPONSE" } else { "GATEWAY_ERROR" }
            throw TTPError.transactionFailed(code: problem?.code ?? fallback, message: problem?.message ?? apiError.localizedDescription)
        }
    }

    /// What `find` finds, trying a few times: the gateway may still be waiting on the
    /// processor when the connection dropped.
    private func lookUp(_ find: () async throws -> TransactionResource?) async throws -> TransactionResource? {
        for attempt in 0..<Self.lookUpAttempts {
            if attempt > 0 { try await Task.sleep(for: Self.lookUpPause) }
            if let found = try? await find() { return found }
        }
        return nil
    }

    /// The transaction the gateway made from read `readId`, once it has left `pending`: a
    /// payment with `reference`, or a refund among the operations of the payment it refunds.
    private func find(read readId: String, reference: String, original: String?) async throws -> TransactionResource? {
        let list: TransactionList = try await ttp.connection.get(
            APIPath.transactions, query: [URLQueryItem(name: "referenceId", value: reference)])
        var candidates = list.items.map(\.id)
        if let original { candidates.insert(original, at: 0) }
        for id in candidates {
            let details: TransactionResource = try await ttp.connection.get(APIPath.transaction(id))
            for row in [details] + (details.operations ?? []) where row.cardPresent?.cardReaderTransactionId == readId {
                return row.status == .pending ? nil : row
            }
        }
        return nil
    }

    static let lookUpAttempts = 4
    static let lookUpPause = Duration.milliseconds(500)
}
