import Foundation
import GatewayAPI
import Testing

/// A real `tapline serve` (SQLite, the simulator) for the `tapline webhooks` commands: the
/// API client its first start printed, the environment the commands read it from, and the
/// few API calls the tests make themselves.
struct WebhookCLIGateway: Sendable {
    let serve: ServeProcess
    let directory: URL
    let token: String
    /// TAPLINE_URL, TAPLINE_CLIENT_ID and TAPLINE_CLIENT_SECRET.
    let environment: [String: String]

    static func start() async throws -> WebhookCLIGateway {
        let directory = try TaplineRun.emptyFolder()
        let serve = try await ServeProcess.start(name: "webhooks-cli", arguments: [
            "--database", directory.appendingPathComponent("tapline.sqlite").path,
            "--keys", directory.appendingPathComponent("keys.json").path], environment: [:], in: directory)
        let output = serve.standardOutput
        func value(_ label: String) throws -> String {
            let line = try #require(output.split(separator: "\n").first { $0.contains(label) }, "no '\(label)' in: \(output)")
            return String(line.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        let environment = [
            "TAPLINE_URL": "http://127.0.0.1:\(serve.port)", "TAPLINE_CLIENT_ID": try value("client id:"),
            "TAPLINE_CLIENT_SECRET": try value("client secret:"),
        ]
        return WebhookCLIGateway(serve: serve, directory: directory, token: try await TwoInstanceKillTests.token(from: serve), environment: environment)
    }

    func stop() {
        serve.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A keyed sale of `amount` minor units on the approving test card; its id.
    func sale(amount: Int = 1_500) async throws -> String {
        let (status, body) = try await serve.send("POST", APIPath.sale, json: """
            {"amount":\(amount),"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}
            """, token: token, headers: [APIHeader.idempotencyKey: UUID().uuidString])
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
        return try APIJSON.decoder.decode(TransactionResource.self, from: body).id
    }

    /// Refunds all of the payment.
    func refund(_ id: String) async throws {
        let (status, body) = try await serve.send("POST", APIPath.followUp(id, .refund), json: "{}", token: token,
                                                  headers: [APIHeader.idempotencyKey: UUID().uuidString])
        #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
    }

    /// The merchant's events about the payment (newest first), or of a type.
    func events(transactionId: String? = nil, type: String? = nil) async throws -> [WebhookEventPayload] {
        var query = ["pageSize=100"]
        if let transactionId { query.append("transactionId=\(transactionId)") }
        if let type { query.append("type=\(type)") }
        let (status, body) = try await serve.send("GET", APIPath.events + "?" + query.joined(separator: "&"), token: token)
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        return try APIJSON.decoder.decode(WebhookEventList.self, from: body).items
    }
}
