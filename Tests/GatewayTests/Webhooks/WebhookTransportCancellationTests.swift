import Foundation
import Gateway
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// The webhook transport cancelled at the moment the request itself gives up (the poster's
/// timeout and the request's own timeout are the same), many times over. With the earlier
/// `URLSession.data(for:)` transport this deadlocked a thread now and then on Linux and froze the
/// process; every post must now come back. Alone the 120 posts take a tenth of a second; inside
/// the full suite CI saw only about 80 of 320 come back in 60 s (some posts then take seconds,
/// possibly up to the client's 5 s connect timeout), so the watchdog is generous: it is there
/// to catch a post that never returns, not to time them.
@Suite("Webhook transport: cancelling never deadlocks")
struct WebhookTransportCancellationTests {
    @Test func postsCancelledAsTheyTimeOutAllComeBack() async throws {
        let router = Router()
        let held = AsyncStream<Void>.makeStream()
        router.post("hook") { _, _ -> Response in
            // Never answers while the test runs: every post ends by its timeout.
            for await _ in held.stream { break }
            return Response(status: .ok)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        let finished = try await app.test(.live) { client in
            let port = try #require(client.port)
            let request = WebhookRequest(url: URL(string: "http://127.0.0.1:\(port)/hook")!, headers: [:], body: Data("{}".utf8))
            let transport = HTTPClientWebhookTransport()
            let done = Locked(0)
            let answered = try await withinDeadline(.seconds(300)) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            for attempt in 0..<15 {
                                let timeout = Duration.milliseconds(2 + (worker + attempt) % 5)
                                await Self.postRacingTimeout(transport, request, timeout: timeout)
                                done.withLock { $0 += 1 }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                return true
            }
            held.continuation.finish()
            #expect(answered == true, "posts stuck after \(done.withLock { $0 }) of 120")
            return done.withLock { $0 }
        }
        #expect(finished == 120)
    }

    /// What the webhook poster does: the post against a timer, the loser cancelled.
    static func postRacingTimeout(_ transport: HTTPClientWebhookTransport, _ request: WebhookRequest, timeout: Duration) async {
        _ = try? await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await transport.post(request, timeout: timeout) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw WebhookTransportError.timedOut(timeout)
            }
            defer { group.cancelAll() }
            return try await group.next() ?? 0
        }
    }

}
