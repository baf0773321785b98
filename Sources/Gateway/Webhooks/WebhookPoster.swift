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
            let status = try await postWithTimeout(request)
            statusCode = status
            if !(200..<300).contains(status) { failure = WebhookFailureReason.status(status) }
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
        return WebhookRequest(url: url, headers: [
            "Content-Type": "application/json",
            WebhookSignature.headerName: WebhookSignature.sign(payload: job.event.payload, secret: secret, timestamp: date),
            "Tapline-Event-Id": job.event.id,
            "Tapline-Event-Type": job.event.type,
            "User-Agent": Self.userAgent,
        ], body: job.event.payload)
    }

    /// The transport's answer, or ``WebhookTransportError/timedOut(_:)`` when the timeout
    /// passes first (the transport is cancelled and bounded by the same timeout itself).
    private func postWithTimeout(_ request: WebhookRequest) async throws -> Int {
        let transport = transport
        let timeout = timeout
        return try await racing(timeout, timedOut: { WebhookTransportError.timedOut(timeout) }) {
            try await transport.post(request, timeout: timeout)
        }
    }
}
