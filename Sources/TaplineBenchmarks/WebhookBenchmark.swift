import Foundation
import Gateway
import GatewayAPI
import Hummingbird
import Logging
import Processing
import Storage
import StorageSQLite

// `webhooks`: N events written to the outbox of an embedded SQLite store, then delivered by
// the real `WebhookWorker` (claim write, 8 concurrent signed POSTs over the gateway's HTTP client, record
// write) to a Hummingbird receiver on loopback. The baseline, in the same run, POSTs the
// same N bodies straight through the same transport, 8 at a time, with no
// outbox, signing or database. Reported as events/s and their ratio (worker / baseline).

/// A local receiver that answers 204 and counts what it got.
actor ReceivedCount {
    private(set) var value = 0
    func add() { value += 1 }
}

func withReceiver<T: Sendable>(_ body: @escaping @Sendable (String, ReceivedCount) async throws -> T) async throws -> T {
    let count = ReceivedCount()
    let router = Router()
    router.post("hook") { request, _ -> Response in
        _ = try await request.body.collect(upTo: 1 << 20)
        await count.add()
        return Response(status: .noContent)
    }
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "bench-receiver")
    logger.logLevel = .error
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
    let server = Task { try await app.runService(gracefulShutdownSignals: []) }
    defer { server.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next(), port > 0 else { throw CancellationError() }
    return try await body("http://127.0.0.1:\(port)/hook", count)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The same bodies through the same transport, `concurrency` at a time, no outbox.
func postDirectly(_ bodies: [Data], to url: URL, concurrency: Int) async throws -> Double {
    let transport = HTTPClientWebhookTransport()
    let clock = ContinuousClock()
    let start = clock.now
    try await withThrowingTaskGroup(of: Int.self) { group in
        var pending = bodies[...]
        func next() -> WebhookRequest? {
            pending.popFirst().map { WebhookRequest(url: url, headers: ["Content-Type": "application/json"], body: $0) }
        }
        for _ in 0..<concurrency { if let request = next() { group.addTask { try await transport.post(request, timeout: .seconds(10)) } } }
        while let status = try await group.next() {
            guard (200..<300).contains(status) else { throw CancellationError() }
            if let request = next() { group.addTask { try await transport.post(request, timeout: .seconds(10)) } }
        }
    }
    return Double(bodies.count) / seconds(clock.now - start)
}

func benchmarkWebhooks(events: Int, rounds: Int) async throws {
    let logger: Logger = {
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        return logger
    }()
    try await withReceiver { url, received in
        var workerRates: [Double] = []
        var directRates: [Double] = []
        for round in 1...rounds {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try await SQLiteStore.open(path: directory.appendingPathComponent("bench.sqlite").path, logger: logger)
            var configuration = GatewayConfiguration()
            configuration.webhookWorkerEnabled = false
            let dependencies = GatewayDependencies(store: store, processor: SimulatedProcessor(), keys: .generate(), logger: logger)
            let services = GatewayServices(configuration: configuration, dependencies: dependencies)
            let merchant = try await services.admin.createMerchant(name: "Bench")
            let endpoint = try await services.createWebhookEndpoint(merchantId: merchant.id, url: url)

            // Setup, not timed: N events of a realistic size with one delivery each.
            let body = Data(String(repeating: "x", count: 1_500).utf8)
            let now = Date()
            let bodies = (0..<events).map { index in
                Data(#"{"id":"evt_bench_\#(index)","type":"transaction.captured","data":{"padding":"\#(String(decoding: body, as: UTF8.self))"}}"#.utf8)
            }
            for chunk in stride(from: 0, to: events, by: 500) {
                try await store.write { writer in
                    for index in chunk..<min(events, chunk + 500) {
                        let event = WebhookEvent(id: "evt_bench_\(index)", merchantId: merchant.id, type: "transaction.captured",
                                                 transactionId: "t_\(index)", createdAt: now, payload: bodies[index])
                        try await writer.insert(event)
                        try await writer.insert(WebhookDelivery(id: "whd_bench_\(index)", eventId: event.id, endpointId: endpoint.id,
                                                                merchantId: merchant.id, nextAttemptAt: now, eventCreatedAt: now))
                    }
                }
            }

            let before = await received.value
            let clock = ContinuousClock()
            let start = clock.now
            var delivered = 0
            while delivered < events {
                let pass = try await services.webhooks.deliverDue()
                guard pass.attempted > 0, pass.delivered == pass.attempted else { fatalError("a pass delivered nothing: \(pass)") }
                delivered += pass.delivered
            }
            let workerRate = Double(events) / seconds(clock.now - start)
            guard await received.value - before == events else { fatalError("the receiver did not get every event") }
            try await store.close()

            let directRate = try await postDirectly(bodies, to: URL(string: url)!, concurrency: configuration.webhookConcurrency)
            workerRates.append(workerRate)
            directRates.append(directRate)
            print(String(format: "round %d: worker %.0f events/s  direct POSTs %.0f/s  ratio %.3f", round, workerRate, directRate, workerRate / directRate))
        }
        let worker = median(workerRates)
        let direct = median(directRates)
        print(String(format: "webhooks: %d events, worker %.0f events/s, baseline %.0f POSTs/s, ratio %.3f (medians of %d rounds)",
                     events, worker, direct, worker / direct, rounds))
    }
}
