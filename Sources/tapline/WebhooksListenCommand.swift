import ArgumentParser
import Foundation
import Gateway
import GatewayAPI
import TaplineSDK

/// `tapline webhooks listen`: follows the merchant's events through `GET /v1/events` and
/// forwards each, signed as the gateway signs deliveries, to a local URL, one line per event.
struct WebhooksListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "Forward the merchant's new webhook events, signed, to a local URL.",
        discussion: """
            Prints the signing secret first (a new one each session, unless --secret or --secret-file gives one), \
            then one line per event: its type, its id and the local answer (an HTTP status, or why there was none). \
            Events created after it started only; a local URL that is down or slow is a failed line and listening goes on. \
            Stops on Ctrl-C or SIGTERM. Needs the client permission generalConfigurations.
            """)

    @OptionGroup var login: GatewayLoginOptions
    @Option(help: "The local URL that receives each event, e.g. http://localhost:3000/hook.")
    var forwardTo: String
    @Option(help: "Only these event types, comma-separated (default: every type).")
    var events: String?
    @Option(help: "The whsec_… secret to sign with (default: a new one for this session).")
    var secret: String?
    @Option(help: "A file with the secret to sign with; created (mode 0600) with a new secret if missing.")
    var secretFile: String?
    @Option(help: "Milliseconds between two reads of the event list.")
    var intervalMs = 500
    @Option(help: "Seconds the local URL has to answer each event.")
    var timeout = 10

    func validate() throws {
        guard let url = URL(string: forwardTo), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw ValidationError("--forward-to must be an absolute http(s) URL, e.g. http://localhost:3000/hook")
        }
        guard secret == nil || secretFile == nil else { throw ValidationError("give --secret or --secret-file, not both") }
        guard (50...60_000).contains(intervalMs) else { throw ValidationError("--interval-ms must be between 50 and 60000") }
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 300 seconds") }
        if let events { _ = try WebhooksCommand.eventTypes(events) }
    }

    func run() async throws {
        let only = try events.map(WebhooksCommand.eventTypes)
        let wanted = { (type: String) in only.map { types in WebhookEventType(rawValue: type).map(types.contains) ?? false } ?? true }
        let signingSecret = try WebhookListenSecret.resolve(given: secret, file: secretFile)
        let signedIn = try await login.signIn(keepingTokensIn: MemoryTokenStore())
        let client = signedIn.client, address = signedIn.environment.baseURL.absoluteString
        var follower = WebhookEventFollower { page, pageSize, from in
            try await client.getWebhookEvents(page: page, pageSize: pageSize, from: from)
        }
        do { try await follower.skipExisting() } catch { throw CommandFailure.api(error, doing: "reading the event list", at: address) }
        let forwarder = WebhookForwarder(url: URL(string: forwardTo)!, secret: signingSecret, timeout: .seconds(timeout))
        let which = only.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "all"
        let stop = StopSignals()
        defer { stop.release() }
        ListenOutput.line("Signing secret: \(signingSecret)")
        ListenOutput.line("Ready: forwarding \(which) events of \(address) to \(forwardTo) (Ctrl-C to stop)")
        while !stop.requested {
            let fresh: [WebhookEventPayload]
            do { fresh = try await follower.poll() } catch { throw CommandFailure.api(error, doing: "reading the event list", at: address) }
            for event in fresh where wanted(event.type) {
                if stop.requested { break }
                ListenOutput.line(await forwarder.forward(event).line)
            }
            await stop.pause(.milliseconds(intervalMs))
        }
        ListenOutput.line("Stopped.")
    }
}

/// `listen`'s lines go out as they are made, unbuffered, also into a file or a pipe (where
/// `print` would hold them in a buffer), so a script or a test can wait for one.
enum ListenOutput {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
