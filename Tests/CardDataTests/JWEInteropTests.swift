@testable import CardData
@preconcurrency import Crypto
import Foundation
import Testing

/// Tapline and joserfc (scripts/interop/jwe_peer.py) sealing for and opening each other,
/// live. Skipped, not passed, where joserfc is not installed (`pip install joserfc`).
@Suite(.enabled(if: PythonPeer.isAvailable("joserfc"), "needs python3 with joserfc"))
struct JWEInteropTests {
    private static let script = "scripts/interop/jwe_peer.py"
    private let key = OpeningKey.generate(keyId: "gw-interop")
    /// About 300 bytes of TLV-shaped data, the size of a real card read.
    private let payload: Data = {
        var bytes = Data([0xFF, 0x01, 0x82, 0x01, 0x24])
        for index in 0..<292 { bytes.append(UInt8(truncatingIfNeeded: index &* 37 &+ 11)) }
        return bytes
    }()

    private func peer(_ arguments: [String]) throws -> String {
        let output = try PythonPeer.runScript(Self.script, arguments: arguments)
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func joserfcOpensWhatTaplineSeals() throws {
        let compact = try CompactJWE.seal(payload, to: key.sealingKey, extraHeader: ["typ": "tapline-card"])
        let plaintextHex = try peer(["open", TestJWK.privateJSON(key), compact])
        #expect(plaintextHex == TestJWK.hex(payload))
    }

    @Test func joserfcOpensTaplineSessionSeals() throws {
        let session = CompactJWE.begin(to: key.sealingKey)
        #expect(session.pinKey.bitCount == 128)
        let compact = try session.seal(Data("one byte more than nothing".utf8))
        #expect(try peer(["open", TestJWK.privateJSON(key), compact]) == TestJWK.hex(Data("one byte more than nothing".utf8)))
    }

    @Test func taplineOpensWhatJoserfcSeals() throws {
        let compact = try peer(["seal", TestJWK.publicJSON(key.sealingKey), TestJWK.hex(payload)])
        let opened = try CompactJWE.open(compact, keys: OpeningKeyRing(current: key))
        #expect(opened.plaintext == payload)
        #expect(opened.keyId == "gw-interop")
    }

    @Test func taplineOpensWhatJoserfcSealsWithPartyInfo() throws {
        let compact = try peer([
            "seal", TestJWK.publicJSON(key.sealingKey), TestJWK.hex(payload),
            "--apu", Base64URL.encode(Data("reader-42".utf8)), "--apv", Base64URL.encode(Data("gateway".utf8)),
        ])
        let opened = try CompactJWE.open(compact, keys: OpeningKeyRing(current: key))
        #expect(opened.plaintext == payload)
        #expect(opened.header.partyUInfo == Data("reader-42".utf8))
    }

    @Test func joserfcRefusesATamperedTaplineJWE() throws {
        let compact = JWETamper.flipping(byte: 0, ofSegment: 3, in: try CompactJWE.seal(payload, to: key.sealingKey))
        #expect(throws: PythonPeer.Failure.self) { try peer(["open", TestJWK.privateJSON(key), compact]) }
    }
}
