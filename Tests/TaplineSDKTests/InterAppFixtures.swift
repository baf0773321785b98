import Foundation
import PaymentCore
import TaplineSDK

/// Shared inputs of the inter-app tests: a fixed clock, request URLs and a fake performer.
enum InterAppFixtures {
    /// 2021-03-29T06:40:00Z, the "now" every test reads.
    static let now = Date(timeIntervalSince1970: 1_617_000_000)

    static let configuration = InterAppConfiguration(defaultCurrency: .usd, now: { InterAppFixtures.now })

    /// `taplinepay://pay/v1?` followed by `query`, which is used as written.
    static func url(_ query: String) -> URL {
        URL(string: "taplinepay://pay/v1?" + query)!
    }

    /// Parses `taplinepay://pay/v1?query` with the fixed configuration.
    static func parse(_ query: String) throws(InterAppError) -> InterAppRequest {
        try InterAppRequest(url: url(query), configuration: configuration)
    }

    /// The smallest valid query of each action.
    static let sale = "merchantKey=K&action=sale&amount=600&callback=interapp-callback"
    static let preAuth = "merchantKey=K&action=pre_auth&amount=600&callback=interapp-callback"
    static let capture = "merchantKey=K&action=capture_pre_auth&orderCode=109113919500020&callback=interapp-callback"
    static let cancel = "merchantKey=K&action=cancel&referenceNumber=833121&callback=interapp-callback"

    static func timestamp(_ text: String) -> InterAppTimestamp {
        InterAppTimestamp(iso8601: text)!
    }
}

/// A performer that answers with a fixed outcome or error and remembers what it was asked.
actor FakePerformer: InterAppPaymentPerformer {
    private let result: Result<InterAppOutcome, FakePerformerError>
    private(set) var requests: [InterAppRequest] = []

    init(_ result: Result<InterAppOutcome, FakePerformerError>) {
        self.result = result
    }

    func perform(_ request: InterAppRequest) async throws -> InterAppOutcome {
        requests.append(request)
        return try result.get()
    }
}

/// An error with a message of its own, as a real performer's errors have.
struct FakePerformerError: Error, LocalizedError, Equatable {
    var errorDescription: String? { "No pre-authorisation with order code 109113919500020 was found." }
}
