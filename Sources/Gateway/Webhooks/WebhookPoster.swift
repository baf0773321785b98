import Foundation
import GatewayAPI
import Storage

/// A claimed delivery with what it takes to post it.
struct WebhookJob: Sendable {
    var delivery: WebhookDelivery
    let event: WebhookEvent
    let endpoint: WebhookEndpoint
}

/// How one attempt ended.
struct WebhookAttemptResult: Sendable {
    let job: WebhookJob
    let attemptedAt: Date
    /// The endpoint's HTTP status; nil when there was no answer.
    let statusCode: Int?
    /// Why the attempt failed, in plain words (``WebhookFailureReason``); nil when delivered.
    let error: String?
    let durationMilliseconds: Int

    var isDelivered: Bool { statusCode.map { (200..<300).contains($0) } ?? false }
}

/// Signs and posts one delivery, bounded by the attempt timeout. Runs outside any database
/// transaction.
struct WebhookPoster: Sendable {
    static let userAgent = "Tapline-Webhooks/1"
    let transport: any WebhookTransport
    let secrets: WebhookSecretBox
    let timeout: Duration
    let now: @Sendable () -> Date

    func attempt(_ job: WebhookJob) async -> WebhookAttemptResult {
        let attemptedAt = now()
        let clock = ContinuousClock()
        let started = clock.now
        var statusCode: Int?
        var failure: String?
        do {
            let request = try self.request(for: job, at: attemptedAt)
            (statusCode, failure) = await Self.send(request, transport: transport, timeout: timeout)
        } catch {
            failure = WebhookFailureReason.describe(error, timeout: timeout)
        }
        let elapsed = clock.now - started
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return WebhookAttemptResult(job: job, attemptedAt: attemptedAt, statusCode: statusCode, error: failure, durationMilliseconds: milliseconds)
    }

    func request(for job: WebhookJob, at date: Date) throws -> WebhookRequest {
        guard let url = URL(string: job.endpoint.url) else { throw WebhookTransportError.invalidURL }
        let secret: String
        do {
            secret = try secrets.open(job.endpoint.sealedSecret, endpointId: job.endpoint.id)
        } catch {
            // A crypto error says nothing to a reader; what failed is the stored secret.
            throw WebhookSecretError.unreadable
        }
        return .signed(url: url, eventId: job.event.id, eventType: job.event.type, payload: job.event.payload, secret: secret, at: date)
    }

    /// Posts `request` once: the HTTP status of the answer, and the plain-words reason when it
    /// is not a 2xx or there was none (``WebhookFailureReason``). Deliveries and
    /// ``WebhookForwarder`` both post here.
    static func send(_ request: WebhookRequest, transport: any WebhookTransport, timeout: Duration) async -> (status: Int?, failure: String?) {
        do {
            let status = try await postWithTimeout(request, transport: transport, timeout: timeout)
            return (status, (200..<300).contains(status) ? nil : WebhookFailureReason.status(status))
        } catch {
            return (nil, WebhookFailureReason.describe(error, timeout: timeout))
        }
    }

    /// The transport's answer, or ``WebhookTransportError/timedOut(_:)`` when the timeout
    /// passes first (the transport is cancelled and bounded by the same timeout itself).
    private static func postWithTimeout(_ request: WebhookRequest, transport: any WebhookTransport, timeout: Duration) async throws -> Int {
        try await racing(timeout, timedOut: { WebhookTransportError.timedOut(timeout) }) {
            try await transport.post(request, timeout: timeout)
        }
    }
}
