import CardData
import Foundation
import InteropSupport
import Testing

/// Triple DES checked against psec (pyca/cryptography's DES) through
/// scripts/interop/pin_peer.py, on many random keys and blocks in one run each way.
/// Skipped, not passed, without psec.
@Suite(.enabled(if: PythonPeer.isAvailable("psec"), "needs python3 with psec (pip install psec)"))
struct TripleDESInteropTests {
    struct Case: Codable { var key: String, block: String }
    struct Cases: Codable { var cases: [Case] }
    struct Keys: Codable { var keys: [String] }
    struct Results: Codable { var results: [String] }

    static func call(_ command: String, _ request: some Encodable) throws -> [String] {
        let output = try PythonPeer.runScript(
            path: "scripts/interop/pin_peer.py", arguments: [command], stdin: JSONEncoder().encode(request)
        )
        return try JSONDecoder().decode(Results.self, from: output).results
    }

    /// 150 double-length and 150 triple-length keys, each with a random block.
    private static func randomCases() -> [Case] {
        [16, 24].flatMap { count in
            (0..<150).map { _ in
                Case(key: EMVFixtures.hex(TripleDESTests.random(count)), block: EMVFixtures.hex(TripleDESTests.random(8)))
            }
        }
    }

    @Test func encryptsAsPsecDoes() throws {
        let cases = Self.randomCases()
        let expected = try Self.call("tdes-encrypt", Cases(cases: cases))
        #expect(expected.count == cases.count)
        for (item, answer) in zip(cases, expected) {
            let key = try TripleDESKey(EMVFixtures.data(item.key))
            let cipher = try TripleDES.encrypt(EMVFixtures.data(item.block), key: key)
            #expect(EMVFixtures.hex(cipher) == answer, "key \(item.key) block \(item.block)")
        }
    }

    @Test func decryptsAsPsecDoes() throws {
        let cases = Self.randomCases()
        let expected = try Self.call("tdes-decrypt", Cases(cases: cases))
        #expect(expected.count == cases.count)
        for (item, answer) in zip(cases, expected) {
            let key = try TripleDESKey(EMVFixtures.data(item.key))
            let plain = try TripleDES.decrypt(EMVFixtures.data(item.block), key: key)
            #expect(EMVFixtures.hex(plain) == answer, "key \(item.key) block \(item.block)")
        }
    }

    @Test func checkValuesMatchPsec() throws {
        let keys = (0..<40).map { EMVFixtures.hex(TripleDESTests.random($0.isMultiple(of: 2) ? 16 : 24)) }
        let expected = try Self.call("kcv", Keys(keys: keys))
        #expect(expected.count == keys.count)
        for (key, answer) in zip(keys, expected) {
            #expect(try TripleDESKey(EMVFixtures.data(key)).checkValue == answer, "key \(key)")
        }
    }
}
