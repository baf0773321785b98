import Foundation
import Gateway
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport

/// A merchant's server receiving webhooks from two gateway instances, on an ephemeral
/// loopback port. Each instance's transport names it in a header (``Tagging``), so the
/// receiver knows who posted. It records, per event id, how many posts of that event are
/// in flight at once, and can hold posts until both instances have one in flight together,
/// which proves the two workers really ran side by side.
final class FleetWebhookReceiver: Sendable {
    static let instanceHeader = "X-Test-Instance"

    /// The instance's URLSession transport with the instance's name on every post.
    struct Tagging: WebhookTransport {
        let instance: String
        let inner = HTTPClientWebhookTransport()

        func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
            var tagged = request
            tagged.headers[FleetWebhookReceiver.instanceHeader] = instance
            return try await inner.post(tagged, timeout: timeout)
        }
    }

    struct Post: Sendable {
        let eventId: String
        let instance: String
        let status: Int
    }

    private struct State {
        var status = 200
        var inFlightByEvent: [String: Int] = [:]
        var inFlightByInstance: [String: Int] = [:]
        /// The most posts of one event in flight at once, over all events.
        var maxInFlightPerEvent = 0
        var posts: [Post] = []
        var holding = false
        var overlapped = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    var posts: [Post] { state.withLock { $0.posts } }
    var maxInFlightPerEvent: Int { state.withLock { $0.maxInFlightPerEvent } }
    /// Whether both instances had a post in flight at the same moment since the last hold.
    var overlapped: Bool { state.withLock { $0.overlapped } }

    /// The status every post gets from now on.
    func answer(_ status: Int) { state.withLock { $0.status = status } }

    /// Holds every post until both instances have one in flight at once (or ``release()``).
    func holdUntilBothInstancesPost() { state.withLock { $0.holding = true; $0.overlapped = false } }

    /// Lets every held post go and stops holding.
    func release() {
        let waiting = state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Serves on 127.0.0.1 while `body` runs with the receiver's URL.
    func run<T: Sendable>(_ body: @escaping @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("hook") { [self] request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            let eventId = request.headers[HTTPField.Name("Tapline-Event-Id")!] ?? "?"
            let instance = request.headers[HTTPField.Name(Self.instanceHeader)!] ?? "?"
            if arrive(eventId: eventId, instance: instance) {
                await withCheckedContinuation { continuation in
                    let goNow = state.withLock { state -> Bool in
                        guard state.holding else { return true }
                        state.held.append(continuation)
                        return false
                    }
                    if goNow { continuation.resume() }
                }
            }
            return Response(status: .init(code: leave(eventId: eventId, instance: instance)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        defer { release() }
        return try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            let result = try await body("http://127.0.0.1:\(port)/hook")
            self.release()
            return result
        }
    }

    /// Counts the post in; true when it must wait for the other instance.
    private func arrive(eventId: String, instance: String) -> Bool {
        let (wait, released) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            state.inFlightByEvent[eventId, default: 0] += 1
            state.maxInFlightPerEvent = max(state.maxInFlightPerEvent, state.inFlightByEvent[eventId] ?? 0)
            state.inFlightByInstance[instance, default: 0] += 1
            guard state.holding else { return (false, []) }
            guard state.inFlightByInstance.values.filter({ $0 > 0 }).count >= 2 else { return (true, []) }
            state.holding = false
            state.overlapped = true
            defer { state.held = [] }
            return (false, state.held)
        }
        for continuation in released { continuation.resume() }
        return wait
    }

    /// Counts the post out and answers it.
    private func leave(eventId: String, instance: String) -> Int {
        state.withLock { state in
            state.inFlightByEvent[eventId, default: 1] -= 1
            state.inFlightByInstance[instance, default: 1] -= 1
            state.posts.append(Post(eventId: eventId, instance: instance, status: state.status))
            return state.status
        }
    }
}
