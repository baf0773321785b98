import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Key exchange started by the link (issue 26, part 2): an 0800 with 70 = 161 and no 125,
/// sent by hand (`requestWorkingKey()`, what the schedule calls) or on a short injected
/// schedule; the test host answers 0810 with a TAK psec enciphered under the zone master key
/// and its KCV in 125. The host journals the KCV of the key each message's MAC verified under.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerKeyRequestTests {
    static let zoneMasterKey = AcquirerKeyExchangeTests.zoneMasterKey
    static let oldMACKey = AcquirerMACTests.macKey
    static let requestedMACKey = "8899AABBCCDDEEFF0011223344556677"

    private static func hostFlags(_ extra: [String] = []) -> [String] {
        ["--mac-key", oldMACKey, "--zone-master-key", zoneMasterKey, "--requested-mac-key", requestedMACKey] + extra
    }

    private static func kcv(_ hex: String) throws -> String { try TripleDESKey(#require(Hex.bytes(hex))).checkValue }

    /// No key, no MAC key and no zone master key in any log line of the link or the gateway.
    private static func expectNoKeyLogged(_ acquirer: AcquirerHarness) {
        let logs = (acquirer.linkLogs.all + acquirer.gateway.logs.all).joined(separator: "\n")
        for secret in [zoneMasterKey, requestedMACKey, oldMACKey] {
            #expect(!logs.contains(secret) && !logs.contains(secret.lowercased()))
        }
    }

    /// The request is an 0800 70 = 161 without 125; the key in the answer is taken before
    /// the request returns, and the next sale is MACed under it and verifies at the host.
    @Test(.timeLimit(.minutes(5)))
    func aRequestedKeyIsTakenAndTheNextMessagesVerifyUnderIt() async throws {
        try await AcquirerHarness.with(hostFlags: Self.hostFlags(), connections: 1, macKey: Self.oldMACKey,
                                       zoneMasterKey: Self.zoneMasterKey) { acquirer in
            await acquirer.link.link.requestWorkingKey()
            let taken = acquirer.events.snapshot.lines("new key taken")
            #expect(taken.count == 1)
            #expect(taken.first?.metadata["kcv"] == (try Self.kcv(Self.requestedMACKey)))
            #expect(taken.first?.metadata["key"] == "terminal authentication key")

            let request = try #require(try acquirer.host.journal().first { $0["note"] as? String == "key requested" })
            let fields = try #require(request["fields"] as? [String: Any])
            #expect(request["mti"] as? String == "0800" && fields["70"] as? String == "161" && fields["125"] == nil)
            #expect(request["macKcv"] as? String == (try Self.kcv(Self.oldMACKey)), "the request is MACed under the key in use")
            let answer = try #require(try acquirer.host.journal().first {
                $0["direction"] as? String == "out" && $0["mti"] as? String == "0810"
                    && ($0["fields"] as? [String: Any])?["70"] as? String == "161"
            })
            let block = try #require((answer["fields"] as? [String: Any])?["125"] as? String)
            let requestedKCV = try Self.kcv(Self.requestedMACKey)
            #expect(block.hasPrefix("TAK") && block.hasSuffix(requestedKCV), "psec's KCV is ours")

            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(sale["macKcv"] as? String == (try Self.kcv(Self.requestedMACKey)), "the sale is MACed under the new key")
            Self.expectNoKeyLogged(acquirer)
        }
    }

    /// On its schedule the link asks again each interval; a key whose KCV does not match is
    /// refused each time, the connection stays up and payments go on under the old key.
    @Test(.timeLimit(.minutes(5)))
    func aKeyWithAWrongCheckValueIsRefusedAndAskedForAgainAtTheNextInterval() async throws {
        try await AcquirerHarness.with(hostFlags: Self.hostFlags(["--wrong-key-kcv"]), connections: 1,
                                       macKey: Self.oldMACKey, zoneMasterKey: Self.zoneMasterKey,
                                       keyExchangeInterval: .milliseconds(100)) { acquirer in
            let refused = await acquirer.waitForLog("new key refused", count: 2)
            #expect(refused.allSatisfy { $0.metadata["reason"]?.contains("check value") == true })
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(sale["macKcv"] as? String == (try Self.kcv(Self.oldMACKey)), "the old key stays in use")
            #expect(acquirer.events.snapshot.lines("new key taken").isEmpty)
            #expect(!acquirer.events.snapshot.statuses.contains(false), "no connection went down")
            #expect(try acquirer.host.journal().filter { $0["note"] as? String == "key requested" }.count >= 2)
            Self.expectNoKeyLogged(acquirer)
        }
    }

    /// A host that refuses the request (39 = 96, no key) is logged and asked again at the
    /// next interval; the connection stays up and the old key stays in use.
    @Test(.timeLimit(.minutes(5)))
    func aRefusedKeyRequestIsLoggedAndAskedAgainWithoutTouchingPayments() async throws {
        try await AcquirerHarness.with(hostFlags: Self.hostFlags(["--refuse-key-requests"]), connections: 1,
                                       macKey: Self.oldMACKey, zoneMasterKey: Self.zoneMasterKey,
                                       keyExchangeInterval: .milliseconds(100)) { acquirer in
            let refused = await acquirer.waitForLog("key request refused by the acquirer: the key in use stays", count: 2)
            #expect(refused.first?.metadata["response_code"] == "\"96\"", "39 quoted, as every text field is logged")
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(sale["macKcv"] as? String == (try Self.kcv(Self.oldMACKey)))
            #expect(!acquirer.events.snapshot.statuses.contains(false), "no connection went down")
        }
    }
}
