import Foundation
import GatewayAPI
import HTTPTypes
import Testing

/// `X-Correlation-Id` outside its documented pattern (1–128 printable ASCII characters, no
/// spaces) is refused with 400 naming it, before anything runs; a good one is echoed.
@Suite("The correlation id header is checked")
struct CorrelationHeaderTests {
    static let header = HTTPField.Name(APIHeader.correlationId)!

    @Test(arguments: ["has a space", String(repeating: "x", count: 129), ""])
    func aMalformedCorrelationIdIs400NamingIt(_ value: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: [Self.header: value])
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == "invalid_request" && reply.error?.field == APIHeader.correlationId)
            // The answer still carries an id (one the gateway made), and no payment was taken.
            let echoed = try #require(reply.headers[Self.header])
            #expect(echoed != value && UUID(uuidString: echoed) != nil)
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 0)
        }
    }

    @Test func aWellFormedCorrelationIdIsEchoed() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let id = String(repeating: "~", count: 128)
            let reply = try await session.send(.get, APIPath.transactions, headers: [Self.header: id])
            #expect(reply.status == 200 && reply.headers[Self.header] == id)
        }
    }
}
