import Foundation
import GatewayAPI
import Testing

/// `tapline serve --log-format json`, the real executable: after a sale, every line it
/// logged is a JSON object, and the sale's lines carry its ids and outcome.
@Suite("tapline serve --log-format json")
struct ServeJSONLogTests {
    @Test func afterASaleEveryLogLineIsJSONWithTheFields() async throws {
        let folder = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try await ServeProcess.start(
            name: "json-logs",
            arguments: ["--database", folder.appendingPathComponent("tapline.sqlite").path,
                        "--keys", folder.appendingPathComponent("tapline-keys.json").path, "--log-format", "json"],
            environment: [:], in: folder)
        defer { serve.kill() }
        let token = try await TwoInstanceKillTests.token(from: serve)
        let (status, body) = try await serve.send(
            "POST", APIPath.sale, json: TestSession.cardBody(amount: 1_234), token: token,
            headers: [APIHeader.correlationId: "serve-json-1"])
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
        let sale = try APIJSON.decoder.decode(TransactionResource.self, from: body)
        #expect(try await serve.send("GET", APIPath.health).status == 200)

        let output = serve.standardError
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.hasSuffix("\n") && lines.count > 3, "\(output)")
        var objects: [[String: String]] = []
        for line in lines {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String]
            #expect(object != nil, "not a JSON object of strings: \(line)")
            guard let object else { continue }
            #expect(object["timestamp"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(line)")
            #expect(["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(object["level"] ?? ""), "\(line)")
            #expect(object["message"] != nil && object["label"] != nil, "\(line)")
            objects.append(object)
        }
        #expect(objects.contains { $0["message"]?.contains("listening on 127.0.0.1:\(serve.port)") == true })
        let payment = try #require(objects.first { $0["message"] == "payment" }, "\(output)")
        #expect(payment["correlation_id"] == "serve-json-1")
        #expect(payment["transaction_id"] == sale.id)
        #expect(payment["merchant_id"] == sale.merchantId)
        #expect(payment["type"] == "sale" && payment["outcome"] == "captured" && payment["response_code"] == "00")
        let request = try #require(objects.first { $0["message"] == "request" && $0["path"] == APIPath.sale })
        #expect(request["correlation_id"] == "serve-json-1" && request["status"] == "201" && request["level"] == "info")
        #expect(!objects.contains { $0["path"] == APIPath.health }, "a probe logs at debug, below the info the process runs at")
        #expect(!output.contains("4242424242424242"))
    }
}
