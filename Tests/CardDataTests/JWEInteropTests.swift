@testable import CardData
@preconcurrency import Crypto
import Foundation
import InteropSupport
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

    /// The reader binding is plain JOSE: joserfc sees Tapline's `mid` and `did` in the
    /// protected header, and Tapline reads them from a payload joserfc sealed.
    @Test func joserfcSeesTheReaderBindingTaplineSeals() throws {
        let tap = try SimulatedTap(pan: "4242424242424242", amount: 1_000, currencyCode: 840, readAt: Date(), readerId: "r")
        let sealed = try tap.sealed(to: key.sealingKey.bound(to: ReaderBinding(merchantId: "m_a", deviceId: "device-1")))
        let compact = String(decoding: Data(base64Encoded: sealed.paymentCardData)!, as: UTF8.self)
        let lines = try peer(["open", TestJWK.privateJSON(key), compact, "--binding"]).split(separator: "\n")
        #expect(lines.last == "m_a device-1")
    }

    @Test func taplineReadsTheReaderBindingJoserfcSeals() throws {
        let tap = try SimulatedTap(pan: "4242424242424242", amount: 1_000, currencyCode: 840, readAt: Date(), readerId: "r")
        let compact = try peer([
            "seal", TestJWK.publicJSON(key.sealingKey), TestJWK.hex(tap.read.tlvList().encoded), "--mid", "m_a", "--did", "device-1",
        ])
        let opened = try SealedCardData.open(paymentCardData: Data(compact.utf8).base64EncodedString(), keys: OpeningKeyRing(current: key))
        #expect(opened.binding == ReaderBinding(merchantId: "m_a", deviceId: "device-1"))
        #expect(opened.read.pan == "4242424242424242")
    }
}
