import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Message authentication on the link (issue 26, part 2) against the test host, which
/// computes and checks every MAC with psec: a sale with a MAC each way, an answer with a
/// wrong MAC treated as no answer and reversed, and the MAC key kept out of the logs.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerMACTests {
    static let macKey = "F1E2D3C4B5A6978800112233445566AB"

    /// Every message the host received carried a MAC it verified (it journals "bad MAC" and
    /// answers nothing otherwise), in 64 when there is no secondary bitmap, 128 when there is.
    @Test func aSaleWithAMACEachWay() async throws {
        try await AcquirerHarness.with(hostFlags: ["--mac-key", Self.macKey], macKey: Self.macKey) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let payment = try await session.pay()
                #expect(payment.status == .captured)
            }
            let journal = try acquirer.host.journal()
            #expect(!journal.contains { $0["note"] as? String == "bad MAC" })
            let sale = try #require(try acquirer.host.received("0200").first)
            #expect((sale["64"] as? String)?.count == 16, "the sale has no secondary bitmap: MAC in 64")
            #expect(sale["128"] == nil)
            let signOn = try #require(try acquirer.host.received("0800").first)
            #expect((signOn["128"] as? String)?.count == 16, "70 needs the secondary bitmap: MAC in 128")
        }
    }

    /// The host answers the second sale with a wrong MAC: the gateway fails it at once as
    /// unanswered (504), logs why without the MAC, and reverses it with an 0400 the host
    /// verifies.
    @Test(.timeLimit(.minutes(5)))
    func anAnswerWithAWrongMACFailsTheSaleAndReversesIt() async throws {
        try await AcquirerHarness.with(hostFlags: ["--mac-key", Self.macKey, "--bad-mac-on", "2"], processorTimeout: .seconds(120),
                                       connections: 1, macKey: Self.macKey) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
                #expect(reply.status == 504)
                #expect(reply.error?.code == "processor_timeout")
            }
            let refused = await acquirer.waitForLog("message with a missing or wrong MAC: treated as no answer")
            #expect(refused.first?.metadata["mti"] == "0210")
            #expect(refused.first?.metadata["failed_request"] == "true")
            await acquirer.waitForLog("reversal acknowledged")
            let reversal = try #require(try acquirer.host.received("0400").first)
            #expect((reversal["90"] as? String)?.hasPrefix("0200000002") == true)
            #expect(!(try acquirer.host.journal()).contains { $0["direction"] as? String == "in" && $0["note"] as? String == "bad MAC" })
        }
    }

    /// The key, its halves and their lowercase spellings appear in no log line of the link
    /// or the gateway, and no MAC is shown either.
    @Test func theMACKeyIsNeverLogged() async throws {
        let logs = try await AcquirerHarness.with(hostFlags: ["--mac-key", Self.macKey, "--bad-mac-on", "2"],
                                                  processorTimeout: .seconds(120), connections: 1, macKey: Self.macKey) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                _ = try await session.pay()
                _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            }
            await acquirer.waitForLog("reversal acknowledged")
            return (acquirer.linkLogs.all + acquirer.gateway.logs.all).joined(separator: "\n")
        }
        #expect(logs.contains("0200"), "the link logged its messages")
        #expect(logs.contains("64=<removed, 8 bytes>"), "the MAC is shown by its length only")
        for secret in [Self.macKey, String(Self.macKey.prefix(16)), String(Self.macKey.suffix(16))] {
            #expect(!logs.contains(secret) && !logs.contains(secret.lowercased()))
        }
    }
}
