import CardData
import Foundation
import InteropSupport
import Processing
@testable import ProcessingISO8583
import Testing

/// pyiso8583 (scripts/interop/iso8583_peer.py) reads the requests' 18, 43 and 60 as Tapline
/// wrote them, and Tapline reads an answer's 55 as pyiso8583 wrote it.
@Suite(.enabled(if: PythonPeer.isAvailable("iso8583"), "needs python3 with pyiso8583"))
struct ISO8583SchemeFieldInteropTests {
    private struct Messages: Codable { var messages: [ISO8583JSONMessage] }
    private struct Hexes: Codable { var hex: [String] }

    private func peer<Response: Decodable>(_ command: String, _ request: some Encodable) throws -> Response {
        let output = try PythonPeer.runScript("scripts/interop/iso8583_peer.py", arguments: [command], stdin: try JSONEncoder().encode(request))
        return try JSONDecoder().decode(Response.self, from: output)
    }

    @Test func pyiso8583ReadsTheSchemeFieldsAsSent() async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: "00") }
        var request = try ISO8583Requests.tap(kind: .sale)
        request.acquirer = ISO8583SchemeFieldTests.located
        request.acquirer?.location?.name = "Café Ünïcode & Sons, Ltd — the long name"
        _ = try await ISO8583Requests.processor(transport).authorize(request)
        let sent = try #require(transport.sent.first)
        let decoded: Messages = try peer("decode", Hexes(hex: [Hex.encode(try ISO8583Codec().encode(sent))]))
        let theirs = try #require(decoded.messages.first)
        #expect(theirs == ISO8583JSONMessage(sent))
        #expect(theirs.fields["18"] == "5812")
        #expect(theirs.fields["43"] == "Cafe Unicode & Sons, Ltd " + "Portland     " + "US")
        #expect(theirs.fields["60"] == "0001110")
    }

    @Test func tapLineReadsAnAnswers55AsPyiso8583WroteIt() throws {
        let field55 = ISO8583IssuerDataTests.arpc + ISO8583IssuerDataTests.script71 + ISO8583IssuerDataTests.script72
        let answer = ISO8583JSONMessage(mti: "0210", fields: [
            "11": "000001", "37": "000000000042", "38": "A1B2C3", "39": "00", "41": "TERM0001", "55": Hex.encode(field55),
        ])
        let encoded: Hexes = try peer("encode", Messages(messages: [answer]))
        let message = try ISO8583Codec().decode(try Hex.decode(try #require(encoded.hex.first)))
        #expect(ISO8583IssuerData.read(message[field: 55]) == Data(field55))
    }
}
