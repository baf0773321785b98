import Foundation
import GatewayAPI
import Testing

/// The ISO 8583 acquirer link carries cards only: an ACH debit is refused before anything
/// is written or sent, with an answer that says why.
@Suite("Acquirer link: ACH is refused, clearly", .enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerACHTests {
    @Test func anACHDebitIsRefusedWithNothingWrittenOrSent() async throws {
        try await AcquirerHarness.with { harness in
            try await harness.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body())
                #expect(reply.status == 422, "\(reply.text)")
                #expect(reply.error?.code == APIErrorCode.achNotSupported.rawValue)
                #expect(reply.error?.message.contains("cards only") == true)
                let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
                #expect(list.total == 0)
                // The link sent nothing but its sign-on and echoes. By the message's MTI: a line's
                // field 7 (MMDDhhmmss) holds "0200" at two in the morning.
                #expect(!harness.events.snapshot.lines.contains { $0.message.hasPrefix("sent 0200") || $0.message.hasPrefix("sent 0100") })
            }
        }
    }
}
