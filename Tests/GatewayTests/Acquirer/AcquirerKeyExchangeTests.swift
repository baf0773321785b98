import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Host-initiated key exchange (issue 26, part 2): after the sign-on the test host sends an
/// 0800 (70 = 161) with a new TAK that psec enciphered under the zone master key, with its
/// KCV. The link checks the KCV, takes the key and answers 0810; later messages are MACed
/// under the new key (the host journals the KCV of the key each MAC verified under).
@Suite(.enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerKeyExchangeTests {
    static let zoneMasterKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0"
    static let newMACKey = "00112233445566778899AABBCCDDEEFF"

    private static func hostFlags(_ extra: [String] = []) -> [String] {
        ["--mac-key", AcquirerMACTests.macKey, "--zone-master-key", zoneMasterKey, "--send-mac-key", newMACKey] + extra
    }

    private static func kcv(_ hex: String) throws -> String { try TripleDESKey(#require(Hex.bytes(hex))).checkValue }

    @Test(.timeLimit(.minutes(5)))
    func aNewMACKeyFromTheHostIsTakenAndUsed() async throws {
        try await AcquirerHarness.with(hostFlags: Self.hostFlags(), connections: 1, macKey: AcquirerMACTests.macKey,
                                       zoneMasterKey: Self.zoneMasterKey) { acquirer in
            let taken = await acquirer.waitForLog("new key taken")
            #expect(taken.first?.metadata["kcv"] == (try Self.kcv(Self.newMACKey)))
            // The 0810 went out before this log line's call returned, on the one connection the
            // sale uses next, so the host reads it first.
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(sale["macKcv"] as? String == (try Self.kcv(Self.newMACKey)), "the sale is MACed under the new key")
            #expect(try acquirer.host.journal().contains { $0["note"] as? String == "key taken" })
            let offer = try #require(try acquirer.host.journal().first { $0["direction"] as? String == "out" && $0["mti"] as? String == "0800" })
            let block = try #require((offer["fields"] as? [String: Any])?["125"] as? String)
            #expect(block.hasSuffix(try Self.kcv(Self.newMACKey)), "psec's KCV is ours")
        }
    }

    /// A key whose KCV does not match is refused (0810 39 = 96); the old key stays.
    @Test(.timeLimit(.minutes(5)))
    func aKeyWithAWrongCheckValueIsRefusedAndTheOldKeyStays() async throws {
        try await AcquirerHarness.with(hostFlags: Self.hostFlags(["--wrong-key-kcv"]), connections: 1,
                                       macKey: AcquirerMACTests.macKey, zoneMasterKey: Self.zoneMasterKey) { acquirer in
            await acquirer.waitForLog("new key refused")
            try await acquirer.gateway.test { (session: TestSession) async throws in
                #expect(try await session.pay().status == .captured)
            }
            let sale = try #require(try acquirer.host.journal().last { $0["mti"] as? String == "0200" })
            #expect(sale["macKcv"] as? String == (try Self.kcv(AcquirerMACTests.macKey)))
            #expect(try acquirer.host.journal().contains { $0["note"] as? String == "key refused" })
            let logs = (acquirer.linkLogs.all + acquirer.gateway.logs.all).joined(separator: "\n")
            for secret in [Self.zoneMasterKey, Self.newMACKey, AcquirerMACTests.macKey] {
                #expect(!logs.contains(secret) && !logs.contains(secret.lowercased()))
            }
        }
    }
}
