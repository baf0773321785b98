import Foundation
import Testing
import TestSupport

/// One span as the collector received it: ids in lowercase hex, attributes as text.
struct CollectedSpan: Sendable, CustomStringConvertible {
    let traceId: String
    let spanId: String
    /// Empty for a trace's root span.
    let parentSpanId: String
    let name: String
    /// OTLP's SpanKind: 1 internal, 2 server, 3 client.
    let kind: Int
    let attributes: [String: String]

    var description: String { "\(name) [\(spanId) ← \(parentSpanId.isEmpty ? "root" : parentSpanId)]" }
}

/// Every span an ``OTLPCollector`` received, and every request body as it came (to scan
/// for what must never leave the gateway), with waits on a condition over them.
final class CollectedSpans: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([CollectedSpan]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var spans: [CollectedSpan] = []
        var bodies: [String] = []
        var waiters: [Waiter] = []
        var lastWaiterId = 0
        /// Waits whose time ran out before they were registered.
        var expired: Set<Int> = []
    }

    private let state = Locked(State())

    var all: [CollectedSpan] { state.withLock { $0.spans } }
    /// The JSON of every export, as posted.
    var bodies: [String] { state.withLock { $0.bodies } }

    func receive(_ body: Data) throws {
        let spans = try Self.decode(body)
        let ready = state.withLock { state in
            state.spans += spans
            state.bodies.append(String(decoding: body, as: UTF8.self))
            let snapshot = state.spans
            let ready = state.waiters.filter { $0.condition(snapshot) }
            state.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Waits until `condition` holds over the spans received. The exporter batches spans, so
    /// each time `nudge` passes with the condition unmet, `flush` asks the gateway's tracer to
    /// export what it holds; after `limit` the wait records an issue naming `what` and returns
    /// (a watchdog, so that a broken exporter fails the test instead of hanging it).
    func wait(
        for what: String, limit: Duration = .seconds(180), nudge: Duration = .milliseconds(500), flush: @escaping @Sendable () -> Void,
        sourceLocation: SourceLocation = #_sourceLocation, until condition: @escaping @Sendable ([CollectedSpan]) -> Bool
    ) async -> [CollectedSpan] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            flush()
            if await waitOnce(for: nudge, until: condition) { return all }
        }
        Issue.record("gave up waiting for \(what); received: \(all)", sourceLocation: sourceLocation)
        return all
    }

    /// Whether `condition` came to hold within `time`.
    private func waitOnce(for time: Duration, until condition: @escaping @Sendable ([CollectedSpan]) -> Bool) async -> Bool {
        let id = state.withLock { state in
            state.lastWaiterId += 1
            return state.lastWaiterId
        }
        let timer = Task {
            try await Task.sleep(for: time)
            expire(id)
        }
        let met = await withCheckedContinuation { continuation in
            let now: Bool? = state.withLock { state in
                if condition(state.spans) { return true }
                if state.expired.remove(id) != nil { return false }
                state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
        timer.cancel()
        return met
    }

    private func expire(_ id: Int) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                state.expired.insert(id)
                return nil
            }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    /// The spans of one OTLP/HTTP JSON export (ExportTraceServiceRequest).
    static func decode(_ body: Data) throws -> [CollectedSpan] {
        let root = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        var spans: [CollectedSpan] = []
        for resource in root["resourceSpans"] as? [[String: Any]] ?? [] {
            for scope in resource["scopeSpans"] as? [[String: Any]] ?? [] {
                for span in scope["spans"] as? [[String: Any]] ?? [] {
                    var attributes: [String: String] = [:]
                    for attribute in span["attributes"] as? [[String: Any]] ?? [] {
                        guard let key = attribute["key"] as? String, let value = attribute["value"] as? [String: Any],
                              let text = value.values.first.map({ "\($0)" }) else { continue }
                        attributes[key] = text
                    }
                    spans.append(CollectedSpan(
                        traceId: hex(span["traceId"]), spanId: hex(span["spanId"]), parentSpanId: hex(span["parentSpanId"]),
                        name: span["name"] as? String ?? "", kind: (span["kind"] as? NSNumber)?.intValue ?? 0, attributes: attributes))
                }
            }
        }
        return spans
    }

    /// An id as lowercase hex: OTLP's JSON says hex; protobuf's JSON mapping (what
    /// swift-protobuf writes) gives bytes in base64. Either is read.
    static func hex(_ value: Any?) -> String {
        guard let text = value as? String, !text.isEmpty else { return "" }
        if (text.count == 32 || text.count == 16), text.allSatisfy(\.isHexDigit) { return text.lowercased() }
        guard let bytes = Data(base64Encoded: text) else { return text }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
