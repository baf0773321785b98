import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport

/// A merchant's server for webhook tests: a Hummingbird app on an ephemeral loopback port
/// that answers the scripted statuses in order (the last one repeats) and keeps every
/// request. With `hangs`, it holds each request until the test ends; with `holdingFirst`, the
/// first that many.
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
    }

    private let statuses: Locked<[Int]>
    private let requests = Locked<[Received]>([])
    private let hangs: Bool
    private let held: Locked<Int>
    /// One element per request that arrived.
    let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation
    private let releases: AsyncStream<Void>
    private let release: AsyncStream<Void>.Continuation

    init(answering statuses: [Int] = [200], hangs: Bool = false, holdingFirst: Int = 0) {
        self.statuses = Locked(statuses)
        self.hangs = hangs
        held = Locked(holdingFirst)
        (arrivals, arrived) = AsyncStream.makeStream()
        (releases, release) = AsyncStream.makeStream()
    }

    var received: [Received] { requests.withLock { $0 } }

    /// Serves on 127.0.0.1 while `body` runs with the receiver's URL.
    func run<T: Sendable>(_ body: @escaping @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("hook") { [self] request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            requests.withLock { $0.append(Received(headers: headers, body: Data(buffer: buffer))) }
            arrived.yield()
            let holds = hangs || held.withLock { left in
                defer { left = max(0, left - 1) }
                return left > 0
            }
            if holds { for await _ in releases { break } }
            let status = statuses.withLock { list in list.count > 1 ? list.removeFirst() : list[0] }
            return Response(status: .init(code: status))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        defer { release.finish() }
        return try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            let result = try await body("http://127.0.0.1:\(port)/hook")
            self.release.finish()
            return result
        }
    }
}
