import Foundation
import GatewayAPI

extension WebhookRequest {
    /// The POST of an event's body to `url` exactly as the gateway delivers it: the body as
    /// given, `Tapline-Signature` over it with `secret` at `date`, the event's id and type, and
    /// Tapline's user agent. The worker's deliveries and `tapline webhooks listen` both make
    /// their requests here, so a receiver cannot tell them apart.
    public static func signed(url: URL, eventId: String, eventType: String, payload: Data, secret: String, at date: Date) -> WebhookRequest {
        WebhookRequest(url: url, headers: [
            "Content-Type": "application/json",
            WebhookSignature.headerName: WebhookSignature.sign(payload: payload, secret: secret, timestamp: date),
            "Tapline-Event-Id": eventId,
            "Tapline-Event-Type": eventType,
            "User-Agent": WebhookPoster.userAgent,
        ], body: payload)
    }
}
