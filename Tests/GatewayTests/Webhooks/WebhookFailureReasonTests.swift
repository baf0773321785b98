import Foundation
@testable import Gateway
import Testing

/// The stored reason of a failed attempt is a few plain words a merchant can act on, never
/// the description of an `NSError`, whatever the transport threw.
@Suite("Webhook failure reasons")
struct WebhookFailureReasonTests {
    static let timeout = Duration.seconds(10)

    @Test func posixAndOtherDomains() {
        let refused = NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNREFUSED))
        #expect(WebhookFailureReason.describe(refused, timeout: Self.timeout) == "connection refused")
        let reset = NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNRESET))
        #expect(WebhookFailureReason.describe(reset, timeout: Self.timeout) == "connection reset")
        let other = NSError(domain: "SomeLibrary", code: 7, userInfo: [NSLocalizedDescriptionKey: "a dump of state"])
        #expect(WebhookFailureReason.describe(other, timeout: Self.timeout) == "SomeLibrary error 7")
    }

    @Test func theGatewaysOwnErrors() {
        #expect(WebhookFailureReason.describe(WebhookTransportError.timedOut(.seconds(3)), timeout: Self.timeout) == "timed out after 3 s")
        #expect(WebhookFailureReason.describe(WebhookTransportError.timedOut(.milliseconds(1_500)), timeout: Self.timeout) == "timed out after 1.5 s")
        #expect(WebhookFailureReason.describe(WebhookTransportError.notHTTP, timeout: Self.timeout) == "the answer was not HTTP")
        #expect(WebhookFailureReason.describe(WebhookTransportError.invalidURL, timeout: Self.timeout) == "invalid endpoint URL")
        #expect(WebhookFailureReason.describe(WebhookSecretError.unreadable, timeout: Self.timeout) == "endpoint secret unreadable")
        #expect(WebhookFailureReason.describe(CancellationError(), timeout: Self.timeout) == "cancelled (shutting down)")
        #expect(WebhookFailureReason.status(503) == "HTTP 503")
    }

    @Test func anyOtherErrorIsNamedByItsTypeNotDumped() {
        struct Exploded: Error { let secretState = String(repeating: "x", count: 500) }
        #expect(WebhookFailureReason.describe(Exploded(), timeout: Self.timeout) == "Exploded")
    }
}
