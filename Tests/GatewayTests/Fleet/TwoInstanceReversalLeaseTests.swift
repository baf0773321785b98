import Processing
import Foundation
@testable import Gateway
import Logging
import ProcessingISO8583
import Testing
import TestSupport

/// Two instances share the reversals owed to the acquirer in their PostgreSQL database; each
/// has its own link. An owed reversal is sent by exactly one of them: the instance that
/// claims it holds a lease (its next attempt moved past now) until its attempt is recorded.
@Suite("Two instances: an owed reversal is sent once", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceReversalLeaseTests {
    /// A link that answers every reversal 0410 and counts what it sent; its next send first
    /// runs `whileSending` (once): the other instance's round, with this send in flight.
    final class CountingLink: ISO8583Transport, @unchecked Sendable {
        let sent = Locked<[String]>([])
        let whileSending = Locked<(@Sendable () async -> Void)?>(nil)
        var isUp: Bool { true }

        func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583TransportError) -> ISO8583Message {
            sent.withLock { $0.append(request[field: 11]?.text ?? "") }
            if let other = whileSending.withLock({ hook in defer { hook = nil }; return hook }) { await other() }
            return ISO8583Message(mti: .reversalResponse, fields: [11: request[field: 11] ?? "", 39: "00"])
        }
    }

    @Test func theOtherInstanceDoesNotSendAReversalWhileOneIsSendingIt() async throws {
        try await TwoInstanceFleet.run { fleet in
            let (linkA, linkB) = (CountingLink(), CountingLink())
            let now: @Sendable () -> Date = { fleet.clock.now() }
            let a = ISO8583ReversalForwarder(
                queue: StoreReversalQueue(store: fleet.a.store, processorId: ProcessorIdentity.iso8583Acquirer.id, now: now), transport: linkA, timeout: .seconds(25), now: now, logger: Logger(label: "a"))
            let b = ISO8583ReversalForwarder(
                queue: StoreReversalQueue(store: fleet.b.store, processorId: ProcessorIdentity.iso8583Acquirer.id, now: now), transport: linkB, timeout: .seconds(25), now: now, logger: Logger(label: "b"))
            for stan in ["000101", "000102", "000103"] {
                let message = ISO8583Message(mti: .reversalRequest, fields: [11: .text(stan), 41: "TERM0001"])
                try await StoreReversalQueue(store: fleet.a.store, processorId: ProcessorIdentity.iso8583Acquirer.id, now: now).enqueue(ISO8583PendingReversal(
                    transactionId: "t_\(stan)", merchantId: fleet.merchantId, message: message, attempts: 0, nextAttemptAt: now()))
            }
            // While a sends the first reversal, b runs a whole round: it finds the other two
            // due and sends them, but not the one a holds.
            linkA.whileSending.withLock { $0 = { _ = try? await b.forwardDue() } }
            let acknowledgedByA = try await a.forwardDue()
            let sentByA = linkA.sent.withLock { $0 }, sentByB = linkB.sent.withLock { $0 }
            #expect(sentByA.count + sentByB.count == 3, "a sent \(sentByA), b sent \(sentByB)")
            #expect(Set(sentByA + sentByB) == ["000101", "000102", "000103"])
            #expect(Set(sentByA).isDisjoint(with: sentByB))
            #expect(acknowledgedByA == sentByA.count)
            #expect(try await fleet.store.read { try await $0.duePendingReversals(at: fleet.clock.now().addingTimeInterval(3_600), limit: 10) }.isEmpty)
        }
    }

    @Test func aReversalWhoseSenderDiedIsSentByTheOtherWhenTheLeaseEnds() async throws {
        try await TwoInstanceFleet.run { fleet in
            let now: @Sendable () -> Date = { fleet.clock.now() }
            let queueA = StoreReversalQueue(store: fleet.a.store, processorId: ProcessorIdentity.iso8583Acquirer.id, now: now)
            let message = ISO8583Message(mti: .reversalRequest, fields: [11: "000201", 41: "TERM0001"])
            try await queueA.enqueue(ISO8583PendingReversal(
                transactionId: "t_000201", merchantId: fleet.merchantId, message: message, attempts: 0, nextAttemptAt: now()))
            // a claims it and dies before sending or recording anything.
            #expect(try await queueA.claim(transactionId: "t_000201", dueAt: now(), until: now().addingTimeInterval(35)))
            let linkB = CountingLink()
            let b = ISO8583ReversalForwarder(
                queue: StoreReversalQueue(store: fleet.b.store, processorId: ProcessorIdentity.iso8583Acquirer.id, now: now), transport: linkB, timeout: .seconds(25), now: now, logger: Logger(label: "b"))
            #expect(try await b.forwardDue() == 0, "a's lease still holds")
            fleet.clock.advance(by: 35)
            #expect(try await b.forwardDue() == 1)
            #expect(linkB.sent.withLock { $0 } == ["000201"])
        }
    }
}
