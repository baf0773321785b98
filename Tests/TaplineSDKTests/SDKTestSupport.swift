import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// A clock a test moves by hand, for the SDK's or the gateway's `now`.
final class TestClock: Sendable {
    private let box: LockedBox<Date>

    init(_ start: Date = Date()) { box = LockedBox(start) }

    var now: Date { box.withLock { $0 } }
    func advance(by interval: TimeInterval) { box.withLock { $0 += interval } }
    /// The clock as the `now` closures of the SDK and the gateway take it.
    var read: @Sendable () -> Date { { [self] in now } }
}

/// Keyed-card inputs with the simulator's test cards (see the README's table).
enum TestInput {
    static let approvedVisa = "4242 4242 4242 4242"
    static let declinedVisa = "4000000000000002"
    /// The last two digits of the amount's minor units choose the ISO answer (10: half approved).
    static let amountDrivenVisa = "4000000000000077"

    /// A keyed card for `majorUnits` (and a `tip`) in major units of `currency`.
    static func card(_ majorUnits: Decimal, tip: Decimal? = nil, currency: Currency = .usd, pan: String = approvedVisa,
                     referenceId: String? = nil) -> CardTransactionInput {
        CardTransactionInput(
            amount: MajorUnits(majorUnits), currency: currency, accountNumber: pan, expirationMonth: 12, expirationYear: 2039,
            securityCode: "123", tipAmount: tip.map(MajorUnits.init), referenceId: referenceId)
    }
}

extension LiveGateway {
    /// A client of a second merchant on the same gateway, for tenancy checks.
    func otherMerchantClient(_ environment: TaplineEnvironment) async throws -> TaplineClient {
        let merchant = try await services.admin.createMerchant(name: "Other Merchant")
        let other = try await services.admin.createClient(merchantId: merchant.id, name: "other")
        let client = TaplineClient(environment: environment, configuration: TaplineConfiguration(tokenStore: MemoryTokenStore()))
        try await client.authenticate(clientId: other.client.id, clientSecret: other.secret)
        return client
    }
}

/// A client with an unexpired session whose gateway does not answer: any request it sent
/// would fail with `.networkError`, so an error with no HTTP status proves nothing was sent.
func offlineClient() throws -> TaplineClient {
    let store = MemoryTokenStore()
    let token = TokenResponse(accessToken: "a.b.c", expiresIn: 3600, refreshToken: "refresh", scope: "")
    try store.write(try APIJSON.encoder.encode(StoredSession(token, receivedAt: Date())), for: TokenStoreKey.session)
    // Port 1 on loopback: nothing listens there, so a connection is refused at once.
    let environment = TaplineEnvironment(baseURL: URL(string: "http://127.0.0.1:1")!)
    return TaplineClient(environment: environment, configuration: TaplineConfiguration(tokenStore: store))
}

/// Expects `body` to be refused by the SDK itself: `.badRequest` naming `field`, no HTTP status.
func expectRefusedInput(_ field: String, sourceLocation: SourceLocation = #_sourceLocation,
                        _ body: () async throws(TaplineAPIError) -> Void) async {
    do {
        try await body()
        Issue.record("expected the SDK to refuse \(field)", sourceLocation: sourceLocation)
    } catch {
        guard case .badRequest(let problem) = error else {
            Issue.record("expected badRequest for \(field), got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(problem.field == field, sourceLocation: sourceLocation)
        #expect(problem.httpStatus == nil, "the gateway answered, so a request was sent", sourceLocation: sourceLocation)
        #expect(problem.code == "invalid_request", sourceLocation: sourceLocation)
    }
}

/// The error `body` throws, or nil when it succeeds.
func thrownError(_ body: () async throws(TaplineAPIError) -> Void) async -> TaplineAPIError? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
