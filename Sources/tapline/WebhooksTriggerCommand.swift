import ArgumentParser
import Foundation
import GatewayAPI
import TaplineSDK

/// `tapline webhooks trigger <type>`: makes a real event of that type for the merchant, by
/// real payments on the simulator's test cards (``WebhookTriggerRecipe``).
struct WebhooksTriggerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trigger", abstract: "Make a test event of a type for the merchant, through real test payments.",
        discussion: "It can make: \(WebhookTriggerRecipe.supported.map(\.rawValue).joined(separator: ", ")).")

    @Argument(help: "The event type, e.g. transaction.refunded.")
    var eventType: String
    @OptionGroup var login: GatewayLoginOptions

    func run() async throws {
        guard let type = WebhookEventType(rawValue: eventType), let recipe = WebhookTriggerRecipe.recipe(for: type) else {
            let known = WebhookEventType(rawValue: eventType) != nil
            throw CommandFailure(description: """
                \(known ? "cannot make" : "unknown event type") \(eventType.prefix(60)); \
                trigger can make \(WebhookTriggerRecipe.supported.map(\.rawValue).joined(separator: ", "))
                """)
        }
        let signedIn = try await login.signIn(keepingTokensIn: MemoryTokenStore())
        let address = signedIn.environment.baseURL.absoluteString
        let payment: String
        do { payment = try await recipe.make(signedIn.client) } catch {
            throw CommandFailure.api(error, doing: "making \(recipe.summary)", at: address)
        }
        let events: WebhookEventList
        do { events = try await signedIn.client.getWebhookEvents(pageSize: 1, type: type.rawValue, transactionId: payment) } catch {
            throw CommandFailure.api(error, doing: "reading the event list", at: address)
        }
        // The outbox writes an event with its change, so it exists once the call has answered.
        guard let event = events.items.first else {
            throw CommandFailure(description: "made \(recipe.summary) (payment \(payment)) but the gateway has no \(type.rawValue) event for it")
        }
        print("\(type.rawValue) \(event.id): made \(recipe.summary), payment \(payment)")
    }
}
