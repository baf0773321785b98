import Foundation
import GatewayAPI

/// Posts events to a developer's local URL exactly as the gateway delivers them to an
/// endpoint (`tapline webhooks listen`): the body the outbox stored (``APIJSON`` encodes the
/// payload the same way), signed by ``WebhookRequest/signed(url:eventId:eventType:payload:secret:at:)``,
/// sent by the worker's transport under the same timeout. One try per event, no retries: the
/// developer sees each answer at once.
public struct WebhookForwarder: Sendable {
    public let url: URL
    /// The `whsec_…` secret the local app verifies with.
    public let secret: String
    let timeout: Duration
    let transport: any WebhookTransport
    let now: @Sendable () -> Date

    /// `timeout` bounds each post, as the attempt timeout bounds a delivery (10 s by default).
    public init(url: URL, secret: String, timeout: Duration = .seconds(10),
                transport: any WebhookTransport = HTTPClientWebhookTransport(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.url = url
        self.secret = secret
        self.timeout = timeout
        self.transport = transport
        self.now = now
    }

    /// A new secret, made as an endpoint's is: `whsec_` and 32 random bytes, base64url.
    public static func newSecret() -> String { WebhookSecretBox.newSecret() }

    /// Posts `event` once and says how the local URL answered.
    public func forward(_ event: WebhookEventPayload) async -> WebhookForwardOutcome {
        let payload: Data
        do {
            payload = try APIJSON.encoder.encode(event)
        } catch {
            return WebhookForwardOutcome(eventId: event.id, eventType: event.type, status: nil, failure: "cannot encode the event")
        }
        let request = WebhookRequest.signed(url: url, eventId: event.id, eventType: event.type, payload: payload, secret: secret, at: now())
        let (status, failure) = await WebhookPoster.send(request, transport: transport, timeout: timeout)
        return WebhookForwardOutcome(eventId: event.id, eventType: event.type, status: status, failure: status == nil ? failure : nil)
    }
}

/// How the local URL answered one forwarded event.
public struct WebhookForwardOutcome: Sendable, Equatable {
    public let eventId: String
    public let eventType: String
    /// The HTTP status of the answer; nil when none came.
    public let status: Int?
    /// Why no answer came, in the words a delivery attempt stores ("connection refused",
    /// "timed out after 10 s"); nil when there was an answer.
    public let failure: String?

    public init(eventId: String, eventType: String, status: Int?, failure: String?) {
        self.eventId = eventId
        self.eventType = eventType
        self.status = status
        self.failure = failure
    }

    /// The line `tapline webhooks listen` prints: `transaction.captured evt_… -> 200`, or
    /// `transaction.captured evt_… -> failed: connection refused`.
    public var line: String {
        let answer = status.map(String.init) ?? "failed: \(failure ?? "no answer")"
        return "\(eventType) \(eventId) -> \(answer)"
    }
}
