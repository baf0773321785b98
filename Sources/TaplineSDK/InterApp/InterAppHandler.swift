import Foundation

/// Answers inter-app URLs: give it the URL the payment app was opened with, and open the
/// URL it returns.
///
/// ```swift
/// let handler = InterAppHandler(performer: performer, configuration: .init(defaultCurrency: .eur))
/// if let result = await handler.handle(url) { await UIApplication.shared.open(result) }
/// ```
///
/// Whatever goes wrong (a URL that cannot be read, a rule the request breaks, a decline, a
/// performer error) the caller gets a `status=fail` result with a readable message and the
/// action and `clientTransactionId` when those could be read. The handler never throws
/// and never traps.
public struct InterAppHandler: Sendable {
    /// The scheme, default currency and clock requests are read with.
    public let configuration: InterAppConfiguration
    private let performer: any InterAppPaymentPerformer

    /// Messages for outcomes that came without one.
    static let approvedMessage = "Transaction successful"
    static let declinedMessage = "Transaction declined"

    /// A handler that runs requests through `performer`.
    public init(performer: any InterAppPaymentPerformer, configuration: InterAppConfiguration = InterAppConfiguration()) {
        self.performer = performer
        self.configuration = configuration
    }

    /// Runs the request in `url` and returns the result URL to open, or nil when the URL
    /// names no usable `callback`: then there is nowhere to send a result.
    ///
    /// A callback given twice counts as unusable, because sending the result to one of two
    /// destinations, one perhaps added by someone else, is a guess the handler won't make.
    public func handle(_ url: URL) async -> URL? {
        let query = InterAppQuery(percentEncoded: URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        guard let callback = try? query.value("callback"), (try? InterAppCallback.validate(callback)) != nil else {
            return nil
        }
        let response = await respond(to: url, query: query)
        return try? response.url(callback: callback)
    }

    private func respond(to url: URL, query: InterAppQuery) async -> InterAppResponse {
        let request: InterAppRequest
        do {
            request = try InterAppRequest(url: url, configuration: configuration)
        } catch {
            // Best guesses at what the caller sent, so it can match the failure to its request.
            let action = query.bestEffortValue("action").flatMap(InterAppAction.init(rawValue:))
            return .failure(error.localizedDescription, action: action,
                            clientTransactionId: query.bestEffortValue("clientTransactionId"))
        }
        do {
            let outcome = try await performer.perform(request)
            return Self.response(for: outcome, of: request)
        } catch {
            return .failure(error.localizedDescription, action: request.action, clientTransactionId: request.clientTransactionId)
        }
    }

    /// The result for a performer's outcome. A field that would make the result invalid (an
    /// unmaskable account number, an over-long terminal id) is left out rather than turning
    /// an approved payment into a failure the caller might retry and charge twice.
    static func response(for outcome: InterAppOutcome, of request: InterAppRequest) -> InterAppResponse {
        let message = outcome.message.isEmpty ? (outcome.approved ? approvedMessage : declinedMessage) : outcome.message
        let response = try? InterAppResponse(
            status: outcome.approved ? .success : .fail, message: message, action: request.action,
            clientTransactionId: request.clientTransactionId,
            amount: outcome.amount.flatMap { $0 >= 0 ? $0 : nil }, cardType: outcome.cardType,
            accountNumber: outcome.accountNumber.flatMap { try? InterAppResponse.maskedAccountNumber($0) },
            orderCode: outcome.orderCode, shortOrderCode: outcome.shortOrderCode,
            tid: outcome.tid.flatMap { InterAppResponse.isTerminalId($0) ? $0 : nil },
            transactionDate: outcome.transactionDate, transactionId: outcome.transactionId)
        // Unreachable with the fields cleaned above; kept so a new rule can never trap here,
        // and keeping the status, so an approval is never reported as a failure.
        return response ?? InterAppResponse(bare: outcome.approved ? .success : .fail, message: message,
                                            action: request.action, clientTransactionId: request.clientTransactionId)
    }
}
