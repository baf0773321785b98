import Foundation
import Logging
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// Store-and-forward: `cancel` stores the reversal as owed and returns; the 0400 goes out in
/// the background, and one the acquirer did not acknowledge stays queued and is repeated as
/// 0401, unchanged but for the MTI, until a 0410 comes. One never sent stays a 0400.
@Suite struct ISO8583ReversalForwarderTests {
    /// Answers financial requests never, and reversals only once `acknowledging` is set.
    final class SilentHost: Sendable {
        let acknowledging = LockedBox(false)
        let transport: ScriptedTransport

        init() {
            transport = ScriptedTransport { [acknowledging] request throws(ISO8583TransportError) in
                guard request.mti != .authorizationRequest, request.mti != .financialRequest, acknowledging.withLock({ $0 }) else {
                    throw .unanswered("timed out")
                }
                return ScriptedTransport.answer(request, code: "00")
            }
        }
    }

    private func processor(_ transport: ScriptedTransport, queue: MemoryReversalQueue, clock: LockedBox<Date>) -> ISO8583Processor {
        ISO8583Processor(
            transport: transport, traceNumbers: ISO8583TraceNumbers(source: MemoryTraceNumberSource()), reversals: queue,
            encipherPIN: { _, _ in [] }, now: { clock.withLock { $0 } })
    }

    @Test func unacknowledgedReversalIsRepeatedAs0401UntilA0410() async throws {
        let clock = LockedBox(ISO8583Requests.now)
        let host = SilentHost()
        let transport = host.transport
        let queue = MemoryReversalQueue()
        let processor = processor(transport, queue: queue, clock: clock)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(try ISO8583Requests.keyedSale()) }
        // Owed, not waited for: the 0400 goes out in the background.
        try await processor.cancel(transactionId: "txn_1")
        await queue.changes.wait(for: "the unanswered 0400 counted") { $0.contains("attempt txn_1") }
        let queued = try #require(await queue.pending["txn_1"])
        #expect(queued.message.mti == .reversalRequest && queued.attempts == 1)

        let forwarder = try #require(processor.reversalForwarder)
        // Not due yet: nothing is sent.
        #expect(try await forwarder.forwardDue() == 0)
        #expect(transport.sent.count == 2)
        clock.withLock { $0 += 10 }
        #expect(try await forwarder.forwardDue() == 0)
        #expect(await queue.pending["txn_1"]?.attempts == 2)
        clock.withLock { $0 += 20 }
        host.acknowledging.withLock { $0 = true }
        #expect(try await forwarder.forwardDue() == 1)
        #expect(await queue.pending.isEmpty)

        let reversals = transport.sent.filter { $0[field: 90] != nil }
        #expect(reversals.map(\.mti) == [.reversalRequest, .reversalRequestRepeat, .reversalRequestRepeat])
        for repeated in reversals.dropFirst() {
            var same = repeated
            same.mti = .reversalRequest
            #expect(same == reversals[0], "a repeat is the reversal with MTI 0401")
        }
    }

    @Test func anAcknowledgedReversalLeavesNothingQueued() async throws {
        let clock = LockedBox(ISO8583Requests.now)
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            guard request.mti == .reversalRequest else { throw .unanswered("timed out") }
            return ScriptedTransport.answer(request, code: "00")
        }
        let queue = MemoryReversalQueue()
        let processor = processor(transport, queue: queue, clock: clock)
        await #expect(throws: ProcessorError.noAnswer) { try await processor.authorize(try ISO8583Requests.keyedSale()) }
        try await processor.cancel(transactionId: "txn_1")
        let changes = await queue.changes.wait(for: "the 0410") { $0.contains("acknowledge txn_1") }
        #expect(changes == ["enqueue txn_1", "acknowledge txn_1"])
        #expect(await queue.pending.isEmpty)
    }

    /// The link refused the 0400 (no connection up, as when every connection dropped with the
    /// request in flight): nothing reached the host, so nothing counts as an attempt, and the
    /// reversal stays a 0400 until one is sent. ISO 8583 keeps 0401 for the repeat of a 0400
    /// the host was sent.
    @Test func aReversalNeverSentGoesOutAs0400AndOnlyARepeatAs0401() async throws {
        let queue = MemoryReversalQueue()
        var message = ISO8583Message(mti: .reversalRequest)
        message.fields[11] = "000009"
        try await queue.enqueue(ISO8583PendingReversal(transactionId: "t", merchantId: "m_1", message: message, attempts: 0, nextAttemptAt: .distantPast))
        let answer = LockedBox<ISO8583TransportError?>(.notSent("no connection to the acquirer is up"))
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            if let error = answer.withLock({ $0 }) { throw error }
            return ScriptedTransport.answer(request, code: "00")
        }
        let clock = LockedBox(Date.distantPast)
        let forwarder = ISO8583ReversalForwarder(queue: queue, transport: transport, timeout: .seconds(1),
                                                 now: { clock.withLock { $0 } }, logger: Logger(label: "test"))
        #expect(try await forwarder.forwardDue() == 0)
        #expect(await queue.pending["t"]?.attempts == 0, "a refused send is no attempt")
        answer.withLock { $0 = .unanswered("timed out") }
        #expect(try await forwarder.forwardDue() == 0)
        #expect(await queue.pending["t"]?.attempts == 1)
        answer.withLock { $0 = nil }
        clock.withLock { $0 = .distantFuture }
        #expect(try await forwarder.forwardDue() == 1)
        #expect(transport.sent.map(\.mti) == [.reversalRequest, .reversalRequest, .reversalRequestRepeat])
    }

    @Test func nothingIsSentWhileTheLinkIsDown() async throws {
        let queue = MemoryReversalQueue()
        var message = ISO8583Message(mti: .reversalRequest)
        message.fields[11] = "000009"
        try await queue.enqueue(ISO8583PendingReversal(transactionId: "t", merchantId: "m_1", message: message, attempts: 1, nextAttemptAt: .distantPast))
        let transport = ScriptedTransport(isUp: false) { _ throws(ISO8583TransportError) in throw .notSent("down") }
        let forwarder = ISO8583ReversalForwarder(queue: queue, transport: transport, timeout: .seconds(1), logger: Logger(label: "test"))
        #expect(try await forwarder.forwardDue() == 0)
        #expect(transport.sent.isEmpty)
        #expect(await queue.pending["t"]?.attempts == 1)
    }

    @Test func storedTextRoundTripsAReversal() throws {
        var message = ISO8583Message(mti: .reversalRequest)
        for (field, value) in [3: "000000", 4: "000000001234", 11: "000002", 41: "TERM0001", 90: String(repeating: "1", count: 42)] {
            message.fields[field] = .text(value)
        }
        let reversal = ISO8583PendingReversal(transactionId: "t", merchantId: "m_1", message: message, attempts: 1, nextAttemptAt: .distantPast)
        #expect(ISO8583PendingReversal.message(fromStoredText: reversal.storedText) == message)
        #expect(ISO8583PendingReversal.message(fromStoredText: "{") == nil)
        #expect(ISO8583PendingReversal.message(fromStoredText: #"{"mti":"x","fields":{}}"#) == nil)
    }

    @Test(arguments: [(1, 10.0), (2, 20.0), (3, 40.0), (7, 600.0), (1000, 600.0)])
    func delayGrowsAndIsCapped(attempts: Int, seconds: TimeInterval) {
        #expect(ISO8583ReversalForwarder.delay(afterAttempts: attempts) == seconds)
    }
}
