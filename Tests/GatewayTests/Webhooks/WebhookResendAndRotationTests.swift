import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Storage
import Testing

/// `POST /v1/webhooks/endpoints/{id}/rotate-secret` and `POST /v1/events/{id}/resend`,
/// against a real receiver on a loopback port, one worker pass at a time.
@Suite("Webhook secret rotation and resend")
struct WebhookResendAndRotationTests {
    static func key(_ value: String) -> HTTPFields { [HTTPField.Name(APIHeader.idempotencyKey)!: value] }

    @Test func aRotatedSecretSignsEveryDeliveryFromThenOnAndIsShownOnce() async throws {
        let harness = try await GatewayHarness.make(configuration: WebhookDeliveryTests.configuration())
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            try await harness.test { session in
                let endpoint = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                _ = try await session.pay()
                _ = try await harness.services.webhooks.deliverDue()
                let event = try #require(try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self).items.first)

                let path = APIPath.webhookEndpointSecretRotation(endpoint.id)
                let rotated = try await session.send(.post, path, headers: Self.key("rotate-1"))
                #expect(rotated.status == 200, "\(rotated.text)")
                let secret = try #require(try rotated.decode(WebhookEndpointResource.self).secret)
                #expect(secret.hasPrefix("whsec_") && secret != endpoint.secret)
                let replay = try await session.send(.post, path, headers: Self.key("rotate-1"))
                #expect(replay.status == 200 && replay.headers[HTTPField.Name(APIHeader.idempotentReplayed)!] == "true")
                #expect(try replay.decode(WebhookEndpointResource.self).secret == nil, "a replay does not show the secret again")
                #expect(try await session.send(.get, APIPath.webhookEndpoint(endpoint.id)).decode(WebhookEndpointResource.self).secret == nil)

                #expect(try await session.send(.post, APIPath.eventResend(event.id)).status == 202)
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                let resent = try #require(receiver.received.last)
                let header = try #require(resent.headers["tapline-signature"])
                try WebhookSignature.verify(payload: resent.body, header: header, secret: secret, now: harness.clock.now())
                #expect(throws: WebhookSignatureError.signatureMismatch) {
                    try WebhookSignature.verify(payload: resent.body, header: header, secret: endpoint.secret ?? "", now: harness.clock.now())
                }
                #expect(try await session.send(.post, path, json: #"{"secret":"mine"}"#).error?.field == "secret")
                let otherToken = try await harness.otherMerchantToken(session.client)
                #expect(try await session.send(.post, path, token: otherToken).status == 404)
            }
        }
    }

    @Test func aResentEventIsANewDeliveryOfTheSameBodyToItsSubscribersOrToOneEndpoint() async throws {
        let harness = try await GatewayHarness.make(configuration: WebhookDeliveryTests.configuration())
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            try await harness.test { session in
                let captured = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                let refunds = try await session.createEndpoint(url: url, events: ["transaction.refunded"])
                _ = try await session.pay()
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                let event = try #require(try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self).items.first)

                let resent = try await session.send(.post, APIPath.eventResend(event.id), headers: Self.key("resend-1"))
                #expect(resent.status == 202, "\(resent.text)")
                let details = try resent.decode(WebhookEventDetails.self)
                #expect(details.deliveries.map(\.status).sorted() == ["delivered", "pending"])
                #expect(details.deliveries.allSatisfy { $0.endpointId == captured.id }, "only the subscriber")
                #expect(try await session.send(.post, APIPath.eventResend(event.id), headers: Self.key("resend-1")).status == 202)
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1), "the replay sent nothing more")

                let toOne = try await session.send(.post, APIPath.eventResend(event.id), json: #"{"endpointId":"\#(refunds.id)"}"#)
                let all = try toOne.decode(WebhookEventDetails.self).deliveries
                #expect(toOne.status == 202 && all.count == 3)
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                let received = receiver.received
                #expect(received.count == 3 && Set(received.map(\.body)).count == 1, "the same body each time")
                #expect(Set(received.compactMap { $0.headers["tapline-event-id"] }) == [event.id])
            }
        }
    }

    @Test func whatCannotBeResentIsSaidAndNothingIsWritten() async throws {
        let harness = try await GatewayHarness.make(configuration: WebhookDeliveryTests.configuration())
        try await harness.test { session in
            let endpoint = try await session.createEndpoint(url: "https://merchant.example/hooks", events: ["transaction.captured"])
            _ = try await session.pay()
            let event = try #require(try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self).items.first)
            let deliveries = { try await harness.store.read { try await $0.webhookDeliveries(eventId: event.id, merchantId: harness.merchantId) }.count }
            #expect(try await session.send(.post, APIPath.eventResend("evt_nope")).status == 404)
            #expect(try await session.send(.post, APIPath.eventResend(event.id), json: #"{"endpointId":"we_nope"}"#).status == 404)
            #expect(try await session.send(.post, APIPath.eventResend(event.id), json: #"{"endpoint":"x"}"#).error?.field == "endpoint")
            let otherToken = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.post, APIPath.eventResend(event.id), token: otherToken).status == 404)
            _ = try await session.send(.delete, APIPath.webhookEndpoint(endpoint.id))
            let orphan = try await session.send(.post, APIPath.eventResend(event.id))
            #expect(orphan.status == 400 && orphan.error?.field == "endpointId", "\(orphan.text)")
            #expect(try await deliveries() == 1)
        }
    }
}
