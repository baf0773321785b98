import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM (`kill`) ask a long-running command to stop instead of ending
/// the process at once: it sees ``requested``, and a ``pause(_:)`` ends early. Nothing is
/// cancelled under a request in flight: the SDK's URLSession must not be cancelled mid-call on
/// Linux (see docs/architecture.md, Webhooks), and the line being printed is finished.
final class StopSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    private var sleeper: Task<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init() {
        sources = [SIGINT, SIGTERM].map { number in
            // Ignored as a signal, so that only the dispatch source sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.request() }
            source.resume()
            return source
        }
    }

    var requested: Bool { lock.withLock { stopRequested } }

    /// Waits `duration`, or less if a stop is asked for meanwhile.
    func pause(_ duration: Duration) async {
        let sleep: Task<Void, Never>? = lock.withLock {
            guard !stopRequested else { return nil }
            sleeper = Task { try? await Task.sleep(for: duration) }
            return sleeper
        }
        await sleep?.value
    }

    /// Stops watching; the signals end the process again.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    private func request() {
        let sleep = lock.withLock {
            stopRequested = true
            return sleeper
        }
        sleep?.cancel()
    }
}
