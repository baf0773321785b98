import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Storage
import StorageSQLite
import Testing
import TestSupport

/// `/v1/webhooks/endpoints` and `/v1/events`: validation, tenancy, the secret shown once.
@Suite("Webhook endpoint and event routes")
struct WebhookEndpointRouteTests {
    static var quiet: GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        return configuration
    }

    @Test(arguments: [
        ("ftp://merchant.example/hooks", "invalid_url", "url"),
        ("/relative/hooks", "invalid_url", "url"),
        ("https://", "invalid_url", "url"),
        ("not a url", "invalid_url", "url"),
        // URLComponents reads a host of `0*`; the OpenAPI document's pattern allows no `*` there
        // (schemathesis found it).
        ("HTTP://0*", "invalid_url", "url"),
    ])
    func aURLMustBeAbsoluteHTTPWithAHost(_ url: String, _ code: String, _ field: String) async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let body = String(decoding: try JSONEncoder().encode(CreateWebhookEndpointRequest(url: url)), as: UTF8.self)
            let reply = try await session.send(.post, APIPath.webhookEndpoints, json: body)
            #expect(reply.status == 400)
            #expect(reply.error?.code == code)
            #expect(reply.error?.field == field)
            #expect(try await harness.store.read { try await $0.webhookEndpoints(merchantId: harness.merchantId) }.isEmpty)
        }
    }

    @Test func eventsMustBeKnownTypesAndEmptyMeansAll() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let reply = try await session.send(
                .post, APIPath.webhookEndpoints, json: #"{"url":"https://merchant.example/h","events":["transaction.captured","transaction.bogus"]}"#)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "unknown_event_type")
            #expect(reply.error?.field == "events.1")
            #expect(try await session.createEndpoint(events: []).events == ["*"])
            #expect(try await session.createEndpoint().events == ["*"])
            #expect(try await session.createEndpoint(events: ["transaction.refunded", "transaction.refunded"]).events == ["transaction.refunded"])
            #expect(try await session.send(.get, APIPath.events + "?type=transaction.bogus").status == 400)
        }
    }

    @Test func aURLInAnAnswerIsWrittenWithoutEscapedSlashes() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let created = try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://shop.example/tapline/webhooks"}"#)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.text.contains(#""url":"https://shop.example/tapline/webhooks""#), "\(created.text)")
            #expect(!created.text.contains(#"\/"#))
        }
    }

    @Test func theSecretIsShownOnceAndNotStoredInTheClear() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-webhook-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("gateway.sqlite").path)
        let harness = try await GatewayHarness.make(store: store, configuration: Self.quiet)
        let secret = try await harness.test { session -> String in
            let created = try await session.createEndpoint(key: "endpoint-1")
            let secret = try #require(created.secret)
            #expect(secret.hasPrefix("whsec_"))
            #expect(try #require(Base64URLProbe.decode(secret.dropFirst(6))).count == 32)

            let fetched = try await session.send(.get, APIPath.webhookEndpoint(created.id))
            #expect(fetched.status == 200)
            #expect(try fetched.decode(WebhookEndpointResource.self).secret == nil)
            #expect(!fetched.text.contains(secret))
            let listed = try await session.send(.get, APIPath.webhookEndpoints)
            #expect(try listed.decode(WebhookEndpointList.self).items.map(\.id) == [created.id])
            #expect(!listed.text.contains(secret))

            // A replay answers the same endpoint without the secret, which was never stored.
            let sameBody = String(decoding: try JSONEncoder().encode(CreateWebhookEndpointRequest(url: "https://merchant.example/hooks")), as: UTF8.self)
            let replay = try await session.send(.post, APIPath.webhookEndpoints, json: sameBody, headers: [.init(APIHeader.idempotencyKey)!: "endpoint-1"])
            #expect(replay.status == 201)
            #expect(replay.headers[.init(APIHeader.idempotentReplayed)!] == "true")
            #expect(try replay.decode(WebhookEndpointResource.self).id == created.id)
            #expect(try replay.decode(WebhookEndpointResource.self).secret == nil)
            return secret
        }
        try await store.close()
        var haystack = Data()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            haystack.append(try Data(contentsOf: directory.appendingPathComponent(file)))
        }
        #expect(!haystack.isEmpty)
        #expect(haystack.range(of: Data(secret.utf8)) == nil, "the secret is in the database file")
        #expect(haystack.range(of: Data(secret.dropFirst(6).utf8)) == nil)
    }

    @Test func anotherMerchantsEndpointAndEventAreNotFound() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let endpoint = try await session.createEndpoint()
            _ = try await session.pay("sale")
            let event = try #require(try await OutboxProbe(store: harness.store, merchantId: harness.merchantId).all().first)
            let other = try await harness.otherMerchantToken(session.client)

            #expect(try await session.send(.get, APIPath.webhookEndpoint(endpoint.id), token: other).status == 404)
            #expect(try await session.send(.delete, APIPath.webhookEndpoint(endpoint.id), token: other).status == 404)
            #expect(try await session.send(.get, APIPath.event(event.id), token: other).status == 404)
            #expect(try await session.send(.get, APIPath.webhookEndpoints, token: other).decode(WebhookEndpointList.self).items.isEmpty)
            #expect(try await session.send(.get, APIPath.events, token: other).decode(WebhookEventList.self).total == 0)
            // Still there for its owner.
            #expect(try await session.send(.get, APIPath.webhookEndpoint(endpoint.id)).status == 200)
            #expect(try await session.send(.get, APIPath.event(event.id)).status == 200)
        }
    }

    @Test func deletingAnEndpointCancelsWhatWasOnItsWay() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let endpoint = try await session.createEndpoint()
            _ = try await session.pay("sale")
            let deleted = try await session.send(.delete, APIPath.webhookEndpoint(endpoint.id))
            #expect(deleted.status == 200)
            #expect(try await session.send(.get, APIPath.webhookEndpoint(endpoint.id)).status == 404)
            #expect(try await session.send(.delete, APIPath.webhookEndpoint(endpoint.id)).status == 404)
            #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport())
            let events = try await session.send(.get, APIPath.events).decode(WebhookEventList.self)
            #expect(events.total == 2)
            let details = try await session.send(.get, APIPath.event(events.items[0].id)).decode(WebhookEventDetails.self)
            #expect(details.deliveries.map(\.status) == ["cancelled"])
        }
    }

    @Test func eventsFilterByTypeTransactionAndTime() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        try await harness.test { session in
            let first = try await session.pay("sale")
            harness.clock.advance(by: 60)
            let second = try await session.pay("authorization")
            let all = try await session.send(.get, APIPath.events).decode(WebhookEventList.self)
            #expect(all.total == 4)
            #expect(all.items.first?.data.transaction?.id == second.id, "newest first")
            let byPayment = try await session.send(.get, APIPath.events + "?transactionId=\(first.id)").decode(WebhookEventList.self)
            #expect(Set(byPayment.items.map(\.type)) == ["transaction.created", "transaction.captured"])
            let created = try await session.send(.get, APIPath.events + "?type=transaction.created&pageSize=1&page=1").decode(WebhookEventList.self)
            #expect(created.items.map(\.data.transaction?.id) == [first.id])
            #expect(created.total == 2)
            let from = ISO8601DateFormatter().string(from: harness.clock.now())
            let recent = try await session.send(.get, APIPath.events + "?from=\(from)").decode(WebhookEventList.self)
            #expect(Set(recent.items.map(\.data.transaction?.id)) == [second.id])
            #expect(try await session.send(.get, APIPath.event("evt_missing")).status == 404)
        }
    }

    @Test func theRoutesNeedTheConfigurationPermission() async throws {
        let harness = try await GatewayHarness.make(permissions: [.ecommerceSale], configuration: Self.quiet)
        try await harness.test { session async throws -> Void in
            #expect(try await session.send(.get, APIPath.webhookEndpoints).status == 403)
            #expect(try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://merchant.example"}"#).status == 403)
            #expect(try await session.send(.get, APIPath.events).status == 403)
        }
    }
}

/// Decodes base64url for the secret's length check.
enum Base64URLProbe {
    static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
