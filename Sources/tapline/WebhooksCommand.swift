import ArgumentParser
import GatewayAPI

/// `tapline webhooks`: a merchant's webhooks on a developer's machine, through the API.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks", abstract: "Watch a merchant's webhook events locally, and make test events.",
        subcommands: [WebhooksListenCommand.self, WebhooksTriggerCommand.self])

    /// `--events a,b`: event types of the gateway's list, or a ``ValidationError`` naming them all.
    static func eventTypes(_ list: String) throws -> Set<WebhookEventType> {
        var types: Set<WebhookEventType> = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let type = WebhookEventType(rawValue: name) else {
                throw ValidationError("--events: unknown event type '\(name.prefix(60))'; the types are \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            types.insert(type)
        }
        guard !types.isEmpty else { throw ValidationError("--events: name at least one event type, or leave it out for all") }
        return types
    }
}
