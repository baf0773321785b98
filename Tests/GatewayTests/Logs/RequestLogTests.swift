import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Testing

/// What the request and payment log lines carry: the correlation id on every line of a
/// request, the outcome of each payment and follow-up, and probes kept out of info.
@Suite("Request and payment log lines")
struct RequestLogTests {
    static let correlation = HTTPField.Name(APIHeader.correlationId)!

    /// The captured JSON lines, parsed.
    static func objects(_ harness: GatewayHarness) -> [[String: String]] {
        harness.logs.all.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: String] }
    }

    @Test func aSaleAndARefundEachLogTheirOutcomeWithTheRequestsCorrelationId() async throws {
        let harness = try await GatewayHarness.make(logFormat: .json)
        let (sale, refund) = try await harness.test { session in
            let sale = try await session.send(
                .post, APIPath.sale, json: TestSession.cardBody(amount: 2_500), headers: [Self.correlation: "order-77-sale"])
            #expect(sale.status == 201)
            let refund = try await session.send(
                .post, APIPath.followUp(try sale.decode(TransactionResource.self).id, .refund), json: #"{"amount":500}"#,
                headers: [Self.correlation: "order-77-refund"])
            #expect(refund.status == 201)
            return (try sale.decode(TransactionResource.self), try refund.decode(FollowUpResponse.self).operation)
        }
        let lines = Self.objects(harness)
        #expect(lines.count == harness.logs.all.count, "every line is a JSON object of strings")
        // The request's own metadata (the API client, Hummingbird's request id) comes along.
        let payment = try #require(lines.first { $0["message"] == "payment" }).filter { !["client_id", "hb.request.id"].contains($0.key) }
        #expect(payment == [
            "timestamp": payment["timestamp"] ?? "", "level": "info", "message": "payment", "label": "tapline-test",
            "correlation_id": "order-77-sale", "transaction_id": sale.id, "merchant_id": harness.merchantId, "type": "sale",
            "outcome": "captured", "response_code": "00",
        ])
        let followUp = try #require(lines.first { $0["message"] == "follow-up" }).filter { !["client_id", "hb.request.id"].contains($0.key) }
        #expect(followUp == [
            "timestamp": followUp["timestamp"] ?? "", "level": "info", "message": "follow-up", "label": "tapline-test",
            "correlation_id": "order-77-refund", "transaction_id": refund.id, "merchant_id": harness.merchantId, "type": "refund",
            "outcome": refund.status.rawValue, "response_code": "00", "payment_id": sale.id,
        ])
        #expect(payment["timestamp"] == JSONLogLine.iso8601(harness.clock.now()))
    }

    @Test func aDeclineLogsItsOutcomeAndResponseCode() async throws {
        let harness = try await GatewayHarness.make(logFormat: .json)
        let id = try await harness.test { session in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "4000000000000002", amount: 1_000))
            return try reply.decode(TransactionResource.self).id
        }
        let payment = try #require(Self.objects(harness).first { $0["message"] == "payment" })
        #expect(payment["transaction_id"] == id)
        #expect(payment["outcome"] == "declined")
        #expect(payment["response_code"] == "05")
    }

    @Test func probesLogAtDebugAndOtherRequestsAtInfo() async throws {
        let harness = try await GatewayHarness.make(logFormat: .json)
        try await harness.test { (session: TestSession) async throws in
            for path in [APIPath.health, APIPath.ready, APIPath.transactions] {
                let reply = try await session.send(.get, path)
                #expect(reply.status == 200, "\(path)")
            }
        }
        let requests = Self.objects(harness).filter { $0["message"] == "request" }
        let levels = Dictionary(requests.map { ($0["path"] ?? "", $0["level"] ?? "") }) { first, _ in first }
        #expect(levels[APIPath.health] == "debug")
        #expect(levels[APIPath.ready] == "debug")
        #expect(levels[APIPath.transactions] == "info")
        #expect(levels[APIPath.token] == "info")
        #expect(requests.allSatisfy { $0["correlation_id"]?.isEmpty == false })
    }
}
