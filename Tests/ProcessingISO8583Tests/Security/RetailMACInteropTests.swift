import CardData
import Foundation
import InteropSupport
import ProcessingISO8583
import Testing

/// The retail MAC and the key import checked against psec and pyemv
/// (scripts/interop/mac_peer.py), the independent peers: random keys and data of every
/// length around the block size, and keys wrapped under a zone master key by psec.
@Suite(.enabled(if: PythonPeer.isAvailable("psec") && PythonPeer.isAvailable("pyemv"), "needs python3 with psec and pyemv"))
struct RetailMACInteropTests {
    private static let script = "scripts/interop/mac_peer.py"

    private struct MACCase: Codable { var key: String; var data: String }
    private struct MACCases: Codable { var cases: [MACCase] }
    private struct MACs: Codable { var macs: [String] }
    private struct WrapCase: Codable { var zmk: String; var key: String }
    private struct WrapCases: Codable { var cases: [WrapCase] }
    private struct Wrapped: Codable { var enciphered: String; var kcv: String }
    private struct WrappedList: Codable { var wrapped: [Wrapped] }

    private func peer<Response: Decodable>(_ command: String, _ request: some Encodable) throws -> Response {
        let output = try PythonPeer.runScript(Self.script, arguments: [command], stdin: try JSONEncoder().encode(request))
        return try JSONDecoder().decode(Response.self, from: output)
    }

    private static func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255) } }

    @Test func macAgreesWithPsecAndPyemv() throws {
        // 0 to 40 bytes: empty, short, exactly one and several blocks, and a message's size.
        let cases = (0...40).map { length in MACCase(key: Hex.encode(Self.random(16)), data: Hex.encode(Self.random(length))) }
            + [MACCase(key: Hex.encode(Self.random(16)), data: Hex.encode(Self.random(300)))]
        let theirs: MACs = try peer("mac", MACCases(cases: cases))
        #expect(theirs.macs.count == cases.count)
        for (item, mac) in zip(cases, theirs.macs) {
            let ours = try RetailMAC.mac(try Hex.decode(item.data), key: try TripleDESKey(try Hex.decode(item.key)))
            #expect(Hex.encode(ours) == mac, "data of \(item.data.count / 2) bytes")
        }
    }

    @Test func moduleMACsAndVerifiesAsPsec() throws {
        let key = Self.random(16)
        let data = Self.random(77)
        let theirs: MACs = try peer("mac", MACCases(cases: [MACCase(key: Hex.encode(key), data: Hex.encode(data))]))
        let module = try SoftwareSecurityModule(terminalAuthenticationKey: key)
        let mac = try module.generateMAC(data)
        #expect(Hex.encode(mac) == theirs.macs.first)
        #expect(try module.verifyMAC(mac, over: data))
        var wrong = mac
        wrong[7] ^= 1
        #expect(try !module.verifyMAC(wrong, over: data))
        #expect(try !module.verifyMAC(mac, over: data + [1]))
        // Padding method 1: data differing only in trailing zeros up to a block have one MAC.
        // Harmless for messages: the bitmaps and length digits fix a message's length, so
        // one with a zero appended is not a message.
        #expect(try module.verifyMAC(mac, over: data + [0]))
    }

    /// A TAK psec wrapped under the ZMK is taken with its KCV; the old key still verifies
    /// (messages in flight) and the new one MACs as psec does.
    @Test func importsAKeyPsecWrapped() throws {
        let zmk = Self.random(16), oldKey = Self.random(16), newKey = Self.random(16)
        let wrapped: WrappedList = try peer("wrap", WrapCases(cases: [WrapCase(zmk: Hex.encode(zmk), key: Hex.encode(newKey))]))
        let item = try #require(wrapped.wrapped.first)
        let module = try SoftwareSecurityModule(terminalAuthenticationKey: oldKey, zoneMasterKey: zmk)
        let data = Self.random(40)
        let oldMAC = try module.generateMAC(data)
        try module.importKey(.terminalAuthentication, enciphered: try Hex.decode(item.enciphered), checkValue: item.kcv)
        let theirs: MACs = try peer("mac", MACCases(cases: [MACCase(key: Hex.encode(newKey), data: Hex.encode(data))]))
        #expect(Hex.encode(try module.generateMAC(data)) == theirs.macs.first)
        #expect(try module.verifyMAC(oldMAC, over: data))
    }

    @Test func refusesAKeyWhoseCheckValueDiffers() throws {
        let zmk = Self.random(16), oldKey = Self.random(16), newKey = Self.random(16)
        let wrapped: WrappedList = try peer("wrap", WrapCases(cases: [WrapCase(zmk: Hex.encode(zmk), key: Hex.encode(newKey))]))
        let item = try #require(wrapped.wrapped.first)
        let module = try SoftwareSecurityModule(terminalAuthenticationKey: oldKey, zoneMasterKey: zmk)
        let data = Self.random(16)
        let before = try module.generateMAC(data)
        let wrongKCV = item.kcv == "000000" ? "000001" : "000000"
        #expect(throws: SecurityModuleError.checkValueMismatch(.terminalAuthentication)) {
            try module.importKey(.terminalAuthentication, enciphered: try Hex.decode(item.enciphered), checkValue: wrongKCV)
        }
        #expect(try module.generateMAC(data) == before, "the key in use stays")
    }
}
