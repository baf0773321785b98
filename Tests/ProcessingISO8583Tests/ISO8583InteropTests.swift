import CardData
import Foundation
import InteropSupport
import ProcessingISO8583
import Testing

/// Tapline and pyiso8583 (scripts/interop/iso8583_peer.py) reading each other's messages,
/// live, on random messages using every field of the table. Skipped, not passed, where
/// pyiso8583 is not installed (`pip install pyiso8583`).
@Suite(.enabled(if: PythonPeer.isAvailable("iso8583"), "needs python3 with pyiso8583"))
struct ISO8583InteropTests {
    private static let script = "scripts/interop/iso8583_peer.py"
    private static let messageCount = 48
    private let codec = ISO8583Codec()
    private let seed = UInt64.random(in: 0...UInt64.max)

    private struct Messages: Codable { var messages: [ISO8583JSONMessage] }
    private struct Hexes: Codable { var hex: [String] }

    private func peer<Response: Decodable>(_ command: String, _ request: some Encodable) throws -> Response {
        let output = try PythonPeer.runScript(Self.script, arguments: [command], stdin: try JSONEncoder().encode(request))
        return try JSONDecoder().decode(Response.self, from: output)
    }

    private func randomMessages() -> [ISO8583Message] {
        var random = RandomISO8583Messages(seed: seed)
        // One in three without fields above 64, so both bitmap layouts are always there.
        return (0..<Self.messageCount).map { index in random.next(secondaryBitmap: !index.isMultiple(of: 3)) }
    }

    @Test func pyiso8583ReadsWhatSwiftWrites() throws {
        let messages = randomMessages()
        let hexes = try messages.map { Hex.encode(try codec.encode($0)) }
        let decoded: Messages = try peer("decode", Hexes(hex: hexes))
        #expect(decoded.messages.count == messages.count)
        for (original, theirs) in zip(messages, decoded.messages) {
            #expect(theirs == ISO8583JSONMessage(original), "seed \(seed)")
        }
    }

    @Test func swiftReadsWhatPyiso8583Writes() throws {
        let messages = randomMessages()
        let encoded: Hexes = try peer("encode", Messages(messages: messages.map(ISO8583JSONMessage.init)))
        #expect(encoded.hex.count == messages.count)
        for (original, hex) in zip(messages, encoded.hex) {
            let decoded = try codec.decode(try Hex.decode(hex))
            #expect(ISO8583JSONMessage(decoded) == ISO8583JSONMessage(original), "seed \(seed)")
            #expect(Hex.encode(try codec.encode(original)) == hex, "seed \(seed): same bytes both ways")
        }
    }

    /// The random messages reach the edges: both bitmaps, empty and full variable fields.
    @Test func randomMessagesCoverTheTable() {
        let messages = randomMessages()
        let present = Set(messages.flatMap { $0.fields.keys })
        #expect(present == Set(ISO8583FieldTable.tapline.fields.keys), "seed \(seed)")
        #expect(messages.contains { $0.fields.keys.contains { $0 > 64 } })
        #expect(messages.contains { !$0.fields.keys.contains { $0 > 64 } })
    }

    /// The peer is not a yes-machine: a message with a byte missing fails there too.
    @Test func peerRefusesATruncatedMessage() throws {
        let bytes = try codec.encode(ISO8583Message(mti: .financialResponse, fields: [39: "00", 41: "TERM0001"]))
        #expect(throws: PythonPeer.Failure.self) {
            let _: Messages = try peer("decode", Hexes(hex: [Hex.encode(bytes.dropLast())]))
        }
    }
}
