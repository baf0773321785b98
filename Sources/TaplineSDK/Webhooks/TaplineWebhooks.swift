import Foundation
import GatewayAPI

/// Webhook verification for a merchant's server that links the SDK: the same code the
/// gateway signs with (`GatewayAPI.WebhookSignature`).
///
/// ```swift
/// let event = try TaplineWebhooks.verify(payload: body, header: signatureHeader, secret: "whsec_…")
/// ```
public enum TaplineWebhooks {
    /// The signature header's name, `Tapline-Signature`.
    public static let signatureHeader = WebhookSignature.headerName

    /// Checks the `Tapline-Signature` header against the raw body and decodes the event.
    /// Throws a ``WebhookSignatureError`` when the header is malformed, has no `v1`
    /// signature, is older or newer than `tolerance` seconds, or does not match.
    @discardableResult
    public static func verify(
        payload: Data, header: String, secret: String, now: Date = Date(), tolerance: TimeInterval = WebhookSignature.defaultTolerance
    ) throws -> WebhookEventPayload {
        try verify(payload: payload, header: header, secrets: [secret], now: now, tolerance: tolerance)
    }

    /// As ``verify(payload:header:secret:now:tolerance:)``, accepting any of `secrets` (while rotating).
    @discardableResult
    public static func verify(
        payload: Data, header: String, secrets: [String], now: Date = Date(), tolerance: TimeInterval = WebhookSignature.defaultTolerance
    ) throws -> WebhookEventPayload {
        try WebhookSignature.verify(payload: payload, header: header, secrets: secrets, now: now, tolerance: tolerance)
        return try APIJSON.decoder.decode(WebhookEventPayload.self, from: payload)
    }
}

/// The verifier's errors, named from the SDK.
public typealias TaplineWebhookSignatureError = WebhookSignatureError
