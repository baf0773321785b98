@testable import Gateway
import Processing
import Testing
import TestSupport

/// The processor timeout, with one timer for every call: an answer in time is the answer,
/// and none by the deadline is `.noAnswer` with the call cancelled; errors map as before.
@Suite("Processor call deadlines")
struct CallDeadlinesTests {
    /// Waits until cancelled, then says so.
    private static func silent(_ cancelled: Locked<Bool>) async throws -> Int {
        do {
            try await Task.sleep(for: .seconds(3_600))
        } catch {
            cancelled.withLock { $0 = true }
            throw error
        }
        return 0
    }

    @Test func anAnswerInTimeIsTheAnswerAndLeavesNothingBehind() async throws {
        let deadlines = CallDeadlines(timeout: .seconds(60))
        let result = await deadlines.race { 42 }
        #expect(try result.get() == 42)
        #expect(deadlines.running == 0)
    }

    @Test func noAnswerByTheDeadlineIsNoAnswerAndTheCallIsCancelled() async {
        let deadlines = CallDeadlines(timeout: .milliseconds(50))
        let cancelled = Locked(false)
        let result = await deadlines.race { try await Self.silent(cancelled) }
        #expect(result == .failure(.noAnswer))
        #expect(cancelled.withLock { $0 })
        #expect(deadlines.running == 0)
    }

    @Test func errorsMapAsBefore() async {
        let deadlines = CallDeadlines(timeout: .seconds(60))
        let declined: Result<Int, ProcessorError> = await deadlines.race { throw ProcessorError.notConnected }
        #expect(declined == .failure(.notConnected))
        struct Other: Error {}
        let other: Result<Int, ProcessorError> = await deadlines.race { throw Other() }
        #expect(other == .failure(.unavailable(code: "96", message: "processor call failed")))
    }

    @Test func theCallersCancellationCancelsTheCall() async {
        let deadlines = CallDeadlines(timeout: .seconds(60))
        let cancelled = Locked(false)
        let started = AsyncStream<Void>.makeStream()
        let caller = Task {
            await deadlines.race {
                started.continuation.yield()
                return try await Self.silent(cancelled)
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
        caller.cancel()
        // Cancelled, not timed out: the call's own outcome, as with the task group before.
        #expect(await caller.value == .failure(.unavailable(code: "96", message: "processor call failed")))
        #expect(cancelled.withLock { $0 })
        #expect(deadlines.running == 0)
    }

    @Test func manyCallsEachGetTheirOwnOutcome() async {
        // Long enough that an answering call is never late on a loaded machine; the silent
        // ones wait it out.
        let deadlines = CallDeadlines(timeout: .seconds(5))
        let outcomes = await withTaskGroup(of: (Int, Result<Int, ProcessorError>).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let cancelled = Locked(false)
                    return (index, await deadlines.race { index % 40 == 0 ? try await Self.silent(cancelled) : index })
                }
            }
            var all: [Int: Result<Int, ProcessorError>] = [:]
            for await (index, outcome) in group { all[index] = outcome }
            return all
        }
        for (index, outcome) in outcomes {
            #expect(outcome == (index % 40 == 0 ? .failure(.noAnswer) : .success(index)), "call \(index)")
        }
        #expect(outcomes.count == 200)
        #expect(deadlines.running == 0)
    }
}

extension CallDeadlinesTests {
    @Test func theTimerStartsAgainAfterIdling() async throws {
        let deadlines = CallDeadlines(timeout: .milliseconds(20))
        for _ in 0..<3 {
            let cancelled = Locked(false)
            #expect(await deadlines.race { try await Self.silent(cancelled) } == .failure(.noAnswer))
            #expect(cancelled.withLock { $0 })
        }
        #expect(try await deadlines.race { 7 }.get() == 7)
    }
}
