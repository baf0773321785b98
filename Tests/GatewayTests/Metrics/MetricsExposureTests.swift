import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// `/metrics` is open (Prometheus' convention), so it must hold nothing of a card, a
/// merchant or a secret: labels are bounded vocabularies, never ids or names.
@Suite("Metrics: the scrape exposes no card data, merchant or secret")
struct MetricsExposureTests {
    @Test func afterPaymentsTheScrapeHoldsNoCardMerchantOrSecret() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let endpoint = try await session.createEndpoint(url: "https://merchant.example/hooks/secret-path")
            var secrets = [
                harness.merchantId, "Test Merchant", harness.clientId, harness.clientSecret, session.token,
                endpoint.secret ?? "", "merchant.example", "secret-path",
            ]
            for pan in CardDataLeakTests.testPANs {
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: pan, amount: 1_000))
                if let sale = try? reply.decode(TransactionResource.self) {
                    secrets.append(sale.id)
                    if sale.status == .captured { _ = try await session.followUp(sale.id, .refund, json: #"{"amount":100}"#) }
                }
                secrets.append(pan)
            }
            let text = try await session.send(.get, APIPath.metrics).text
            let scrape = PrometheusText(text)
            #expect(scrape.samples.count > 20)
            for secret in secrets where !secret.isEmpty {
                #expect(!text.contains(secret), "\(secret.prefix(8))… is in the scrape")
            }
            // Short pieces of a card (last four, BIN) only where a number could not hold them by chance: the labels.
            let labelValues = Set(scrape.samples.flatMap { $0.labels.values })
            for pan in CardDataLeakTests.testPANs {
                for piece in [String(pan.suffix(4)), String(pan.prefix(6))] {
                    #expect(!labelValues.contains { $0.contains(piece) }, "\(piece) is in a label")
                }
            }
            // Every label is one of the documented ones.
            let names = Set(scrape.samples.flatMap { $0.labels.keys })
            #expect(names.isSubset(of: ["route", "method", "status", "type", "outcome", "response_code", "processor", "operation", "le", "link", "result", "job"]))
        }
    }

    /// A path an attacker makes up is one series, whatever the path and the method.
    @Test func unknownPathsAndMethodsAreOneLabelEach() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            for index in 0..<5 { _ = try await session.send(.get, "/probe/\(index)/\(UUID().uuidString)") }
            _ = try await session.send(.init("BREW")!, "/coffee")
            let scrape = PrometheusText(try await session.send(.get, APIPath.metrics).text)
            let unmatched = scrape.all("tapline_http_requests_total").filter { $0.key["route"] == "unmatched" }
            #expect(unmatched.count <= 2)
            #expect(unmatched[["route": "unmatched", "method": "GET", "status": "404"]] == 5)
            #expect(!scrape.text.contains("/probe/"))
            #expect(!scrape.text.contains("BREW"))
        }
    }
}
