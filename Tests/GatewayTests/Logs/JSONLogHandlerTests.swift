import Foundation
@testable import Gateway
import Logging
import Testing
import TestSupport

/// `--log-format json`: one JSON object per line, fields in a fixed order, valid JSON
/// whatever the message and the metadata hold.
@Suite("JSON log lines")
struct JSONLogHandlerTests {
    /// 2026-11-18T11:06:40.125Z, exactly representable, so the milliseconds are exact.
    static let instant = Date(timeIntervalSince1970: 1_795_000_000.125)

    /// A logger writing JSON lines into `capture` at a fixed instant.
    static func logger(_ capture: LogCapture, label: String = "tapline") -> Logger {
        var logger = Logger(label: label) { label in
            JSONLogHandler(label: label, now: { instant }, write: { capture.append($0) })
        }
        logger.logLevel = .trace
        return logger
    }

    /// The one line `capture` holds, parsed.
    static func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil, "one line: \(line)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    @Test func aLineIsExactlyTheFixedFieldsThenTheIdsThenTheRestInNameOrder() {
        let capture = LogCapture()
        var logger = Self.logger(capture)
        logger[metadataKey: "correlation_id"] = "c-1"
        logger.info("payment", metadata: [
            "transaction_id": "t-1", "trace_id": "4bf92f3577b34da6a3ce929d0e0e4736", "amount": .stringConvertible(1_000),
        ])
        #expect(capture.all == [
            #"{"timestamp":"2026-11-18T11:06:40.125Z","level":"info","message":"payment","label":"tapline","#
                + #""correlation_id":"c-1","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","amount":"1000","transaction_id":"t-1"}"#
                + "\n",
        ])
    }

    @Test func withoutIdsTheLineHasNoneOfThem() throws {
        let capture = LogCapture()
        Self.logger(capture, label: "tapline.storage").debug("opened")
        #expect(capture.all == [
            #"{"timestamp":"2026-11-18T11:06:40.125Z","level":"debug","message":"opened","label":"tapline.storage"}"# + "\n",
        ])
    }

    static let awkward = [
        #"she said "no""#, "two\nlines\r\n", "tab\there", #"back\slash \" \\n"#, "café ☕️ 𝄞 日本", "\u{0}\u{1}\u{1F}\u{7F}",
        #"{"level":"critical","message":"forged"}"#, "\u{2028}\u{2029}", "",
    ]

    @Test(arguments: awkward)
    func anyMessageAndMetadataMakeValidJSONThatGivesThemBack(_ text: String) throws {
        let capture = LogCapture()
        Self.logger(capture).warning("\(text)", metadata: [
            "value": "\(text)", text.isEmpty ? "empty" : String(text.prefix(12)): "key", "list": ["a\"", "b\n"],
        ])
        let line = try #require(capture.all.first)
        let object = try Self.object(line)
        #expect(object["message"] as? String == text)
        #expect(object["value"] as? String == text)
        #expect(object["level"] as? String == "warning", "a message cannot forge the fields")
        #expect(object["list"] is String, "every metadata value is a string")
        #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" }, "no raw control character")
    }

    @Test func metadataNamedLikeAFixedFieldIsKeptBesideIt() throws {
        let capture = LogCapture()
        Self.logger(capture).error("real", metadata: ["message": "forged", "level": "debug", "timestamp": "0"])
        let object = try Self.object(try #require(capture.all.first))
        #expect(object["message"] as? String == "real")
        #expect(object["level"] as? String == "error")
        #expect(object["metadata_message"] as? String == "forged")
        #expect(object["metadata_level"] as? String == "debug")
        #expect(object["metadata_timestamp"] as? String == "0")
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"), (1_795_000_000.999_9, "2026-11-18T11:06:40.999Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"), (951_782_400, "2000-02-29T00:00:00.000Z"),
    ])
    func timestampsAreUTCWithMilliseconds(_ seconds: Double, _ expected: String) {
        #expect(JSONLogLine.iso8601(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
