import Foundation
import PaymentCore
import ProcessingISO8583
import Testing

/// Network management: sign-on before any request, refused sign-on, echo test when idle,
/// sign-off at shutdown.
@Suite struct ISO8583LinkSignOnTests {
    @Test func signsOnEachConnectionBeforeAnyRequestAndIsUpOnlyAfterThe0810() async throws {
        // The host keeps the sign-ons unanswered until the test lets them through.
        let held = LockedBox<[(ISO8583Message, TestHostConnection)]>([])
        let host = try await TestAcquirerHost.start { request, connection in
            if request[field: 70]?.text == "001" {
                held.withLock { $0.append((request, connection)) }
            } else {
                connection.send(TestAcquirerHost.answer(to: request))
            }
        }
        // 23 November 2026, 18:01:02 UTC. The sign-ons wait for the test to let them through,
        // which a loaded machine may take longer than the harness's 2 s to do: the link would
        // give up on them and sign on again, unanswered.
        let harness = LinkHarness(
            port: host.port, connectTimeout: .seconds(120), now: { Date(timeIntervalSince1970: 1_795_456_862) })
        try await harness.running {
            await host.events.wait(for: "two sign-ons") { LinkTestMessages.network("001", in: $0).count == 2 }
            #expect(!harness.link.isUp)
            #expect(harness.link.status == ISO8583LinkStatus(upConnections: 0, configuredConnections: 2))
            await #expect(throws: ISO8583LinkError.notConnected) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(5))
            }

            for (request, connection) in held.withLock({ $0 }) {
                connection.send(TestAcquirerHost.answer(to: request))
            }
            await harness.waitUntilUp(2)
            #expect(harness.link.isUp)
            let response = try await harness.link.send(LinkTestMessages.authorization(stan: 1, amount: 42), timeout: .seconds(5))
            #expect(response[field: 37]?.text == TestAcquirerHost.reference(forAmount: 42))
        }
        await host.stop()

        // The first message on each connection was the sign-on: 7, 11 from the STAN source, 70.
        let received = LinkTestMessages.received(host.events.all)
        for connection in Set(received.map(\.connection)) {
            let first = try #require(received.first { $0.connection == connection }).message
            #expect(first.mti == .networkManagementRequest)
            #expect(first.fieldNumbers == [7, 11, 70])
            #expect(first[field: 70]?.text == "001")
            #expect(first[field: 7]?.text == "1123180102")
            #expect(harness.stans.withLock { $0 }.contains(Int(first[field: 11]?.text ?? "") ?? -1))
        }
    }

    @Test func aRefusedSignOnIsRetriedOnANewConnection() async throws {
        let refusals = LockedBox(0)
        let host = try await TestAcquirerHost.start { request, connection in
            let refuse = request[field: 70]?.text == "001" && refusals.withLock { count in
                count += 1
                return count <= 2
            }
            connection.send(TestAcquirerHost.answer(to: request, code: refuse ? "91" : "00"))
        }
        let harness = LinkHarness(port: host.port, connections: 1)
        try await harness.running {
            await harness.waitUntilUp(1)
            _ = try await harness.link.send(LinkTestMessages.authorization(stan: 3), timeout: .seconds(5))
        }
        await host.stop()

        let events = host.events.all
        #expect(LinkTestMessages.network("001", in: events).count == 3)
        #expect(LinkTestMessages.connectionCount(events) == 3)
        // No request reached a connection whose sign-on was refused.
        let requestConnections = Set(LinkTestMessages.financial(in: events).map(\.connection))
        #expect(requestConnections == [3])
        #expect(harness.lines("acquirer refused the sign-on").count == 2)
    }

    @Test func anIdleConnectionIsCheckedWithAnEchoTest() async throws {
        let host = try await TestAcquirerHost.start()
        let harness = LinkHarness(port: host.port, echoInterval: .milliseconds(100))
        try await harness.running {
            await harness.waitUntilUp(2)
            let events = await host.events.wait(for: "an echo test on each connection") { events in
                Set(LinkTestMessages.network("301", in: events).map(\.connection)).count == 2
            }
            #expect(harness.link.status.upConnections == 2)
            #expect(LinkTestMessages.connectionCount(events) == 2)
            let echo = try #require(LinkTestMessages.network("301", in: events).first).message
            #expect(echo.fieldNumbers == [7, 11, 70])
        }
        await host.stop()
    }

    @Test func anUnansweredEchoTestClosesTheConnectionAndReconnects() async throws {
        let host = try await TestAcquirerHost.start { request, connection in
            // Silent on echo tests only.
            if request[field: 70]?.text != "301" { connection.send(TestAcquirerHost.answer(to: request)) }
        }
        let harness = LinkHarness(port: host.port, connections: 1, connectTimeout: .milliseconds(200), echoInterval: .milliseconds(100))
        try await harness.running {
            await host.events.wait(for: "the first connection closed and a second signed on") { events in
                LinkTestMessages.closedCount(events) >= 1 && LinkTestMessages.network("001", in: events).count >= 2
            }
        }
        await host.stop()
        #expect(harness.lines("echo test unanswered: closing the acquirer connection").count >= 1)
    }

    @Test func signsOffEachConnectionAtShutdown() async throws {
        let host = try await TestAcquirerHost.start()
        let harness = LinkHarness(port: host.port)
        try await harness.running {
            await harness.waitUntilUp(2)
        }
        // run() has returned: each connection signed off, then closed.
        let events = await host.events.wait(for: "both connections closed") { LinkTestMessages.closedCount($0) == 2 }
        await host.stop()
        let signOffs = LinkTestMessages.network("002", in: events)
        #expect(Set(signOffs.map(\.connection)) == [1, 2])
        for signOff in signOffs {
            let closedAt = events.firstIndex { if case .closed(signOff.connection) = $0 { return true } else { return false } }
            let signedOffAt = events.firstIndex {
                if case .received(let message, signOff.connection) = $0 { return message[field: 70]?.text == "002" }
                return false
            }
            #expect(try #require(signedOffAt) < (try #require(closedAt)))
        }
        #expect(!harness.link.isUp)
        await #expect(throws: ISO8583LinkError.notConnected) {
            try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(5))
        }
    }

    /// Outcome, not elapsed time: the host never answers the sign-off, so shutdown ends only
    /// because each sign-off's wait (the short injected connect timeout) ran out, which each
    /// connection logs as a timeout. Without it `running` would never return and the time
    /// limit would fail the test.
    @Test(.timeLimit(.minutes(5)))
    func anUnansweredSignOffDelaysShutdownByTheConnectTimeoutAtMost() async throws {
        let host = try await TestAcquirerHost.start { request, connection in
            if request[field: 70]?.text != "002" { connection.send(TestAcquirerHost.answer(to: request)) }
        }
        let harness = LinkHarness(port: host.port, connectTimeout: .milliseconds(200))
        try await harness.running {
            await harness.waitUntilUp(2)
        }
        let failed = harness.lines("sign-off failed")
        #expect(failed.count == 2)
        #expect(failed.allSatisfy { $0.metadata["error"] == "\(ISO8583LinkError.timedOut)" })
        #expect(LinkTestMessages.network("002", in: host.events.all).count == 2, "both sign-offs reached the host")
        await host.stop()
    }
}
