import PaymentCore
import ProcessingISO8583
import Testing

/// What goes wrong on the wire: silence, a dropped connection, garbage, a host that is not
/// there; the link fails the requests concerned and carries on.
@Suite struct ISO8583LinkFailureTests {
    /// A host that answers network messages and keeps every other request for the test.
    private static func holdingHost() async throws -> (TestAcquirerHost, LockedBox<[(ISO8583Message, TestHostConnection)]>) {
        let held = LockedBox<[(ISO8583Message, TestHostConnection)]>([])
        let host = try await TestAcquirerHost.start { request, connection in
            if request.mti == .networkManagementRequest {
                connection.send(TestAcquirerHost.answer(to: request))
            } else {
                held.withLock { $0.append((request, connection)) }
            }
        }
        return (host, held)
    }

    /// Outcome and order, not elapsed time: the request reached the host, the host never
    /// answered, the short injected timeout failed it as timed out (the host holds it, so
    /// nothing else could end it; a timeout never fired would trip the suite's time limit),
    /// and only then does the answer come, to find nobody waiting.
    @Test(.timeLimit(.minutes(5)))
    func aSilentHostTimesOutAndItsLateAnswerIsDropped() async throws {
        let (host, held) = try await Self.holdingHost()
        let harness = LinkHarness(port: host.port)
        try await harness.running {
            await harness.waitUntilUp(2)
            await #expect(throws: ISO8583LinkError.timedOut) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 21, amount: 1), timeout: .milliseconds(200))
            }
            await host.events.wait(for: "the request at the host") { LinkTestMessages.financial(in: $0).count == 1 }
            #expect(harness.link.status.upConnections == 2, "timed out, not failed by a connection closing")

            // The answer comes after all: logged at notice, without card data, and dropped.
            let (request, connection) = try #require(held.withLock { $0.first })
            connection.send(TestAcquirerHost.answer(to: request))
            let lines = await harness.logs.wait(for: "the late answer logged") { lines in
                lines.contains { $0.message == "late or unknown response" }
            }
            let late = try #require(lines.first { $0.message == "late or unknown response" })
            #expect(late.level == .notice)
            #expect(late.metadata["stan"] == "\"000021\"" && late.metadata["mti"] == "0110")

            // The same STAN may be used again; the next request gets its own answer.
            host.behave(TestAcquirerHost.answerAll)
            let response = try await harness.link.send(LinkTestMessages.authorization(stan: 21, amount: 2), timeout: .seconds(5))
            #expect(response[field: 37]?.text == TestAcquirerHost.reference(forAmount: 2))
        }
        await host.stop()
    }

    /// "At once" is shown by the error, not a stopwatch: a request that waited for its
    /// 30-second timeout would fail as timed out, not as connection lost.
    @Test func aConnectionKilledMidFlightFailsItsRequestsAtOnceAndIsReopened() async throws {
        let (host, _) = try await Self.holdingHost()
        let harness = LinkHarness(port: host.port)
        try await harness.running {
            await harness.waitUntilUp(2)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for stan in 1...10 {
                    group.addTask {
                        await #expect(throws: ISO8583LinkError.connectionLost) {
                            try await harness.link.send(LinkTestMessages.authorization(stan: stan), timeout: .seconds(30))
                        }
                    }
                }
                await host.events.wait(for: "ten requests in flight") { LinkTestMessages.financial(in: $0).count == 10 }
                await host.closeAllConnections()
                try await group.waitForAll()
            }
            // Both slots reconnect and sign on again; a later request succeeds.
            await host.events.wait(for: "two new sign-ons") { LinkTestMessages.network("001", in: $0).count == 4 }
            await harness.waitUntilUp(2)
            host.behave(TestAcquirerHost.answerAll)
            _ = try await harness.link.send(LinkTestMessages.authorization(stan: 11), timeout: .seconds(5))
        }
        await host.stop()
        #expect(harness.lines("acquirer connection lost").count == 2)
    }

    /// What a broken host sends in place of an answer.
    enum Garbage: String, CaseIterable, Sendable {
        case notAMessage, truncatedMessage, zeroLength, overLimit, truncatedThenClose

        var bytes: [UInt8] {
            switch self {
            case .notAMessage: return [0x00, 0x0C] + Array("ABCD".utf8) + [UInt8](repeating: 0, count: 8)
            // A whole frame whose message ends where its bitmap promises field 11.
            case .truncatedMessage: return [0x00, 0x0C] + Array("0110".utf8) + [0x00, 0x20, 0, 0, 0, 0, 0, 0]
            case .zeroLength: return [0x00, 0x00]
            case .overLimit: return [0xFF, 0xFF, 0x30, 0x31]
            case .truncatedThenClose: return [0x00, 0x40] + Array("0110".utf8) + [0x20, 0x00]
            }
        }
    }

    @Test(arguments: Garbage.allCases)
    func garbageClosesTheConnectionAndTheLinkReconnects(_ garbage: Garbage) async throws {
        let host = try await TestAcquirerHost.start { request, connection in
            if request.mti == .networkManagementRequest || request[field: 11]?.text != "000031" {
                connection.send(TestAcquirerHost.answer(to: request))
                return
            }
            connection.sendRaw(garbage.bytes)
            if garbage == .truncatedThenClose { connection.close() }
        }
        let harness = LinkHarness(port: host.port, connections: 1)
        try await harness.running {
            await harness.waitUntilUp(1)
            await #expect(throws: ISO8583LinkError.connectionLost) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 31), timeout: .seconds(30))
            }
            await host.events.wait(for: "a second sign-on") { LinkTestMessages.network("001", in: $0).count == 2 }
            await harness.waitUntilUp(1)
            _ = try await harness.link.send(LinkTestMessages.authorization(stan: 32), timeout: .seconds(5))
        }
        await host.stop()
        let closing = harness.lines("closing acquirer connection")
        if garbage == .truncatedThenClose {
            // Not garbage to the link: a partial frame waits for the rest, which never comes.
            #expect(closing.isEmpty)
        } else {
            #expect(closing.count == 1 && closing.allSatisfy { $0.level == .warning })
        }
        #expect(harness.lines("acquirer connection lost").count == 1)
    }

    /// "At once" is shown by order, not a stopwatch: the host is started only after the send
    /// has failed, so a send that waited for a connection (or for its 30-second timeout)
    /// could not fail as not connected; it would hang until the suite's time limit.
    @Test(.timeLimit(.minutes(5)))
    func aHostDownAtStartFailsRequestsAtOnceAndIsJoinedWhenItComesUp() async throws {
        let port = try await unusedLoopbackPort()
        let harness = LinkHarness(port: port)
        try await harness.running {
            await #expect(throws: ISO8583LinkError.notConnected) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(30))
            }

            // Several attempts fail; the outage is reported once.
            await harness.logs.wait(for: "repeated attempts") { lines in
                lines.filter { $0.message == "acquirer connection attempt failed" }.count >= 4
            }
            await #expect(throws: ISO8583LinkError.notConnected) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(30))
            }
            #expect(harness.lines("acquirer host unreachable").map(\.level) == [.warning])

            let host = try await TestAcquirerHost.start(port: port)
            await harness.waitUntilUp(2)
            _ = try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(5))

            // A second outage is reported once more, once.
            await host.stop()
            let before = harness.lines("acquirer connection attempt failed").count
            await harness.logs.wait(for: "the second outage") { lines in
                lines.filter { $0.message == "acquirer connection attempt failed" }.count >= before + 4
            }
            #expect(harness.lines("acquirer host unreachable").count == 2)
        }
    }

    @Test func aCancelledCallerStopsWaitingAtOnce() async throws {
        let (host, _) = try await Self.holdingHost()
        let harness = LinkHarness(port: host.port, connections: 1)
        try await harness.running {
            await harness.waitUntilUp(1)
            let waiting = Task {
                try await harness.link.send(LinkTestMessages.authorization(stan: 41), timeout: .seconds(30))
            }
            await host.events.wait(for: "the request") { LinkTestMessages.financial(in: $0).count == 1 }
            waiting.cancel()
            await #expect(throws: ISO8583LinkError.cancelled) { try await waiting.value }
        }
        await host.stop()
    }
}
