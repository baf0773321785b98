import Foundation
import GatewayAPI
import TaplineSDK
import Testing

/// The README's webhook verification snippets, run against signatures Tapline made.
@Suite("The README's webhook snippets")
struct WebhookReadmeTests {
    static let secret = "whsec_Zm9yIHRoZSBSRUFETUUgdGVzdCBvbmx5AAAAAAAAAAA"

    /// The ```python block of the README's Webhooks section.
    static func pythonSnippet() throws -> String {
        let readme = try String(contentsOf: PythonRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Webhooks\n").dropFirst().first)
        let python = try #require(section.components(separatedBy: "```python\n").dropFirst().first)
        return try #require(python.components(separatedBy: "\n```").first)
    }

    /// Runs the snippet's function on a body file, a header and a secret; prints True or False.
    static func pythonVerifies(body: Data, header: String, secret: String) throws -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-webhook-\(UUID().uuidString).json")
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let driver = try pythonSnippet() + """

            import sys
            print(verify_tapline_signature(open(sys.argv[1], "rb").read(), sys.argv[2], sys.argv[3]))
            """
        let answer = try PythonRunner.run(["-c", driver, file.path, header, secret]).trimmingCharacters(in: .whitespacesAndNewlines)
        return answer == "True"
    }

    @Test(.enabled(if: PythonRunner.isAvailable)) func thePythonSnippetVerifiesTaplinesSignature() throws {
        let body = Data(#"{"createdAt":"2026-11-21T10:00:00Z","data":{},"id":"evt_1","type":"transaction.captured"}"#.utf8)
        let header = WebhookSignature.sign(payload: body, secret: Self.secret, timestamp: Date())
        #expect(try Self.pythonVerifies(body: body, header: header, secret: Self.secret))
        #expect(try !Self.pythonVerifies(body: body + Data(" ".utf8), header: header, secret: Self.secret))
        #expect(try !Self.pythonVerifies(body: body, header: header, secret: "whsec_other"))
        let old = WebhookSignature.sign(payload: body, secret: Self.secret, timestamp: Date().addingTimeInterval(-301))
        #expect(try !Self.pythonVerifies(body: body, header: old, secret: Self.secret))
        #expect(try !Self.pythonVerifies(body: body, header: "garbage", secret: Self.secret))
    }

    @Test func theSwiftSnippetVerifiesThroughTheSDK() throws {
        let payload = WebhookEventPayload(
            id: "evt_2", type: "transaction.captured", createdAt: Date(),
            data: WebhookEventData(transaction: TransactionResource(
                id: "t_1", type: .sale, status: .captured, merchantId: "m_1", currency: "USD", amount: 2_500,
                createMethodId: 2, createdAt: Date(), updatedAt: Date())))
        var resource = payload
        resource.data.transaction?.referenceId = "order-1001"
        let body = try APIJSON.encoder.encode(resource)
        let signatureHeader = WebhookSignature.sign(payload: body, secret: Self.secret, timestamp: Date())
        let endpointSecret = Self.secret
        let paid = LockedOrders()
        func markOrderPaid(_ reference: String?) { paid.add(reference) }

        // The README's lines:
        let event = try TaplineWebhooks.verify(payload: body, header: signatureHeader, secret: endpointSecret)
        if event.type == "transaction.captured" { markOrderPaid(event.data.transaction?.referenceId) }

        #expect(paid.all == ["order-1001"])
    }
}

/// What the snippet's handler marked paid.
final class LockedOrders: @unchecked Sendable {
    private let lock = NSLock()
    private var orders: [String?] = []

    func add(_ reference: String?) { lock.withLock { orders.append(reference) } }
    var all: [String?] { lock.withLock { orders } }
}
