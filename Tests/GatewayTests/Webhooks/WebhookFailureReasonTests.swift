import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Gateway
import Testing

/// The stored reason of a failed attempt is a few plain words a merchant can act on, never
/// the description of an `NSError`, whatever the transport threw.
@Suite("Webhook failure reasons")
struct WebhookFailureReasonTests {
    static let timeout = Duration.seconds(10)

    @Test(arguments: [
        (URLError.Code.cannotConnectToHost, "connection refused"),
        (.timedOut, "timed out after 10 s"),
        (.cannotFindHost, "host not found (DNS)"),
        (.dnsLookupFailed, "host not found (DNS)"),
        (.networkConnectionLost, "connection lost"),
        (.secureConnectionFailed, "TLS handshake failed"),
        (.serverCertificateUntrusted, "TLS certificate not trusted"),
        (.badServerResponse, "unreadable HTTP answer"),
        (.unsupportedURL, "unsupported URL"),
    ])
    func urlSessionErrorsInPlainWords(code: URLError.Code, reason: String) {
        // URLSession hands over an NSError in the URL domain, with its user-info.
        let nsError = NSError(domain: NSURLErrorDomain, code: code.rawValue, userInfo: [
            NSLocalizedDescriptionKey: "a long localized description", NSURLErrorFailingURLStringErrorKey: "http://127.0.0.1:9/hook",
        ])
        #expect(WebhookFailureReason.describe(nsError, timeout: Self.timeout) == reason)
        #expect(WebhookFailureReason.describe(URLError(code), timeout: Self.timeout) == reason)
    }

    @Test func anUnknownURLErrorNamesOnlyItsCode() {
        let nsError = NSError(domain: NSURLErrorDomain, code: -1_999, userInfo: [NSLocalizedDescriptionKey: "detail"])
        #expect(WebhookFailureReason.describe(nsError, timeout: Self.timeout) == "network error (URL error -1999)")
    }

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
