import NIOCore
import PaymentCore
import Processing

/// The timeout of every processor call of one ``ProcessorGateway``, kept by one timer rather
/// than a sleeping task per call.
///
/// Every deadline is ``timeout`` after its call starts, so deadlines come in the order calls
/// start and a queue holds them in deadline order. One task sleeps until the oldest deadline
/// still pending, cancels that call, and looks again; with no call pending it ends, and the
/// next call starts it. A call that answers in time only takes its entry out again.
final class CallDeadlines: Sendable {
    let timeout: Duration

    private struct Pending {
        /// Deadlines, oldest first, with the call each bounds; finished calls are skipped.
        var queue = CircularBuffer<(deadline: ContinuousClock.Instant, id: UInt64)>()
        /// How to cancel each call still running, by id.
        var cancels: [UInt64: @Sendable () -> Void] = [:]
        var nextId: UInt64 = 0
        var timerRunning = false
    }

    private enum TimerStep {
        case sleep(until: ContinuousClock.Instant)
        case expire(@Sendable () -> Void)
        case stop
    }

    private let pending = LockedBox(Pending())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// The call's result, or `.noAnswer` when ``timeout`` passes first. Then the call is
    /// cancelled and its end awaited, as when the caller itself is cancelled. An error that
    /// is not the processor's own is a processor malfunction (96).
    func race<T: Sendable>(_ call: @escaping @Sendable () async throws -> T) async -> Result<T, ProcessorError> {
        // The call runs in a task of its own so that the deadline can cancel it alone, never
        // the caller, who still has to record the outcome.
        let attempt = Task { await Self.outcome(of: call) }
        let id = start { attempt.cancel() }
        let outcome = await withTaskCancellationHandler { await attempt.value } onCancel: { attempt.cancel() }
        let inTime = pending.withLock { $0.cancels.removeValue(forKey: id) != nil }
        return inTime ? outcome : .failure(.noAnswer)
    }

    /// Calls started and not yet finished or expired.
    var running: Int { pending.withLock { $0.cancels.count } }

    private static func outcome<T>(of call: () async throws -> T) async -> Result<T, ProcessorError> {
        do {
            return .success(try await call())
        } catch let error as ProcessorError {
            return .failure(error)
        } catch {
            return .failure(.unavailable(code: "96", message: "processor call failed"))
        }
    }

    /// Queues a call's deadline (now + ``timeout``, taken under the lock so the queue stays
    /// in order) and starts the timer if it is not running.
    private func start(cancel: @escaping @Sendable () -> Void) -> UInt64 {
        let timeout = timeout
        let (id, startTimer) = pending.withLock { pending -> (UInt64, Bool) in
            while let oldest = pending.queue.first, pending.cancels[oldest.id] == nil { pending.queue.removeFirst() }
            let id = pending.nextId
            pending.nextId &+= 1
            pending.queue.append((ContinuousClock.now + timeout, id))
            pending.cancels[id] = cancel
            defer { pending.timerRunning = true }
            return (id, !pending.timerRunning)
        }
        if startTimer {
            Task.detached { await self.runTimer() }
        }
        return id
    }

    private func runTimer() async {
        while true {
            let step = pending.withLock { pending -> TimerStep in
                while let oldest = pending.queue.first {
                    guard let cancel = pending.cancels[oldest.id] else {
                        pending.queue.removeFirst()
                        continue
                    }
                    if oldest.deadline > .now { return .sleep(until: oldest.deadline) }
                    pending.queue.removeFirst()
                    pending.cancels[oldest.id] = nil
                    return .expire(cancel)
                }
                pending.timerRunning = false
                return .stop
            }
            switch step {
            case .stop: return
            case .expire(let cancel): cancel()
            case .sleep(let deadline): try? await Task.sleep(until: deadline, clock: .continuous)
            }
        }
    }
}
