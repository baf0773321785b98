@testable import Gateway
import Testing

@Suite("Webhook configuration")
struct WebhookConfigurationTests {
    @Test func theAttemptTimeoutComesFromTheEnvironmentWithinItsRange() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).webhookTimeout == .seconds(10))
        #expect(try ConfigurationOverrides().resolve(environment: ["TAPLINE_WEBHOOK_TIMEOUT": "3"]).webhookTimeout == .seconds(3))
        var rejected = false
        do {
            _ = try ConfigurationOverrides().resolve(environment: ["TAPLINE_WEBHOOK_TIMEOUT": "0"])
        } catch {
            rejected = true
        }
        #expect(rejected)
    }
}
