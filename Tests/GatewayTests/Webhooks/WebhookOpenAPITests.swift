@testable import Gateway
import GatewayAPI
import Testing

@Suite("The OpenAPI document names the webhook routes")
struct WebhookOpenAPITests {
    @Test func everyWebhookRouteAndEventTypeIsDocumented() {
        for path in [APIPath.webhookEndpoints, APIPath.webhookEndpoint("{id}"), APIPath.events, APIPath.event("{id}")] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        for type in WebhookEventType.allCases {
            #expect(OpenAPIDocument.yaml.contains(type.rawValue), "\(type.rawValue)")
        }
        #expect(OpenAPIDocument.yaml.contains(WebhookSignature.headerName))
    }
}
