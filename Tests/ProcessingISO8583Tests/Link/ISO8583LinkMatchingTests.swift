import PaymentCore
import ProcessingISO8583
import Testing

/// Answers matched to requests by terminal id and STAN: many in flight, out of order,
/// unknown and repeated answers, and what is refused before anything is sent.
@Suite struct ISO8583LinkMatchingTests {
    @Test func twoHundredConcurrentRequestsAnsweredOutOfOrderAreAllMatched() async throws {
        let count = 200
        // The host holds every request until all have arrived, then answers in a shuffled order.
        let held = LockedBox<[(ISO8583Message, TestHostConnection)]>([])
        let host = try await TestAcquirerHost.start { request, connection in
            guard request.mti != .networkManagementRequest else {
                connection.send(TestAcquirerHost.answer(to: request))
                return
            }
            let all: [(ISO8583Message, TestHostConnection)] = held.withLock { held in
                held.append((request, connection))
                return held.count == count ? held : []
            }
            var random = SplitMix64(seed: 8583)
            for (request, connection) in all.shuffled(using: &random) {
                connection.send(TestAcquirerHost.answer(to: request))
            }
        }
        let harness = LinkHarness(port: host.port)
        let results = try await harness.running {
            await harness.waitUntilUp(2)
            return await withTaskGroup(of: (Int, Result<ISO8583Message, ISO8583LinkError>).self) { group in
                for index in 1...count {
                    group.addTask {
                        // Two terminals share the STANs: the terminal id is part of the match.
                        let request = LinkTestMessages.authorization(
                            stan: (index + 1) / 2, amount: 10_000 + index, terminal: index.isMultiple(of: 2) ? "TERM0002" : "TERM0001")
                        do throws(ISO8583LinkError) {
                            return (index, .success(try await harness.link.send(request, timeout: .seconds(10))))
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                var results: [Int: Result<ISO8583Message, ISO8583LinkError>] = [:]
                for await (index, result) in group { results[index] = result }
                return results
            }
        }
        await host.stop()

        #expect(results.count == count)
        for (index, result) in results {
            let response = try result.get()
            #expect(response.mti == .authorizationResponse)
            #expect(response[field: 37]?.text == TestAcquirerHost.reference(forAmount: 10_000 + index))
        }
        let requests = LinkTestMessages.financial(in: host.events.all)
        #expect(requests.count == count)
        // Both connections carried requests.
        #expect(Set(requests.map(\.connection)).count == 2)
    }

    /// (A response of the wrong type is no longer dropped: it fails the request,
    /// ``ISO8583LinkUntrustedAnswerTests``.)
    @Test func unknownAndRepeatedAnswersAreDroppedAndTheFirstAnswerWins() async throws {
        let host = try await TestAcquirerHost.start { request, connection in
            guard request.mti != .networkManagementRequest else {
                connection.send(TestAcquirerHost.answer(to: request))
                return
            }
            var unknown = TestAcquirerHost.answer(to: request)
            unknown[field: 11] = "999999"
            var first = TestAcquirerHost.answer(to: request)
            first[field: 38] = "FIRST"
            var second = first
            second[field: 38] = "SECOND"
            for answer in [unknown, first, second] { connection.send(answer) }
        }
        let harness = LinkHarness(port: host.port, connections: 1)
        try await harness.running {
            await harness.waitUntilUp(1)
            let response = try await harness.link.send(LinkTestMessages.authorization(stan: 11), timeout: .seconds(5))
            #expect(response[field: 38]?.text == "FIRST ")
            let lines = await harness.logs.wait(for: "two dropped answers") { lines in
                lines.filter { $0.message == "late or unknown response" }.count == 2
            }
            let dropped = lines.filter { $0.message == "late or unknown response" }
            #expect(dropped.allSatisfy { $0.level == .notice })
            #expect(dropped.map { $0.metadata["stan"] } == ["\"999999\"", "\"000011\""])
            #expect(dropped.map { $0.metadata["mti"] } == ["0110", "0110"])
            #expect(dropped.allSatisfy { $0.metadata["terminal"] == "\"TERM0001\"" })
            // The connection stayed up and carries the next request.
            let next = try await harness.link.send(LinkTestMessages.authorization(stan: 12), timeout: .seconds(5))
            #expect(next[field: 38]?.text == "FIRST ")
        }
        await host.stop()
        #expect(LinkTestMessages.connectionCount(host.events.all) == 1)
    }

    @Test func aSecondRequestWithTheSameTerminalAndSTANIsRefusedWhileTheFirstWaits() async throws {
        let held = LockedBox<[(ISO8583Message, TestHostConnection)]>([])
        let host = try await TestAcquirerHost.start { request, connection in
            if request.mti == .networkManagementRequest {
                connection.send(TestAcquirerHost.answer(to: request))
            } else {
                held.withLock { $0.append((request, connection)) }
            }
        }
        let harness = LinkHarness(port: host.port)
        try await harness.running {
            await harness.waitUntilUp(2)
            // The timeouts are watchdogs: the host answers both at once, long before them; a
            // loaded machine (the whole suite starting) must not turn them into a failure.
            async let first = harness.link.send(LinkTestMessages.authorization(stan: 7, amount: 1), timeout: .seconds(120))
            await host.events.wait(for: "the first request") { LinkTestMessages.financial(in: $0).count == 1 }
            await #expect(throws: ISO8583LinkError.duplicateInFlight) {
                try await harness.link.send(LinkTestMessages.authorization(stan: 7, amount: 2), timeout: .seconds(120))
            }
            // Another terminal's STAN 7 is another request.
            async let other = harness.link.send(
                LinkTestMessages.authorization(stan: 7, amount: 3, terminal: "TERM0002"), timeout: .seconds(120))
            await host.events.wait(for: "the other terminal's request") { LinkTestMessages.financial(in: $0).count == 2 }
            for (request, connection) in held.withLock({ $0 }).reversed() {
                connection.send(TestAcquirerHost.answer(to: request))
            }
            let (firstResponse, otherResponse) = try await (first, other)
            #expect(firstResponse[field: 37]?.text == TestAcquirerHost.reference(forAmount: 1))
            #expect(otherResponse[field: 37]?.text == TestAcquirerHost.reference(forAmount: 3))
        }
        await host.stop()
    }

    @Test func aNetworkMessageIsMatchedByItsSTANAlone() async throws {
        let host = try await TestAcquirerHost.start()
        let harness = LinkHarness(port: host.port, connections: 1)
        try await harness.running {
            await harness.waitUntilUp(1)
            let echo = ISO8583Message(mti: .networkManagementRequest, fields: [7: "1123180102", 11: "77", 70: "301"])
            let response = try await harness.link.send(echo, timeout: .seconds(5))
            #expect(response.mti == .networkManagementResponse)
            #expect(response[field: 11]?.text == "000077")
            #expect(response[field: 39]?.text == "00")
        }
        await host.stop()
    }

    @Test func everyMessageIsLoggedAtDebugWithCardDataRedacted() async throws {
        let host = try await TestAcquirerHost.start()
        let harness = LinkHarness(port: host.port, connections: 1)
        var sale = LinkTestMessages.authorization(stan: 5)
        sale.mti = .financialRequest
        sale[field: 2] = "4761739001010119"
        let track = "4761739001010119=25122011758928889"
        sale[field: 35] = .text(track)
        sale[field: 52] = .binary([0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0])
        sale[field: 55] = .binary([0x9F, 0x26, 0x02, 0xAB, 0xCD])
        try await harness.running {
            await harness.waitUntilUp(1)
            _ = try await harness.link.send(sale, timeout: .seconds(5))
        }
        await host.stop()

        let lines = harness.logs.all.map(\.description)
        let sent = try #require(harness.logs.all.first { $0.message.hasPrefix("sent 0200") })
        #expect(sent.level == .debug)
        #expect(sent.message.contains("2=476173******0119"))
        #expect(sent.message.contains("35=<removed, \(track.count) characters>"))
        #expect(harness.logs.all.contains { $0.level == .debug && $0.message.hasPrefix("received 0210") })
        #expect(harness.logs.all.filter { $0.message.hasPrefix("sent 0800") }.count == 2)
        #expect(!lines.contains { $0.contains("4761739001010119") || $0.contains("123456789ABCDEF0") || $0.contains("ABCD") })
    }

    @Test func requestsThatCannotBeSentOrMatchedAreRefusedBeforeAnyConnection() async throws {
        let harness = LinkHarness(port: 9, frameLimit: 60)
        var letters = LinkTestMessages.authorization(stan: 1)
        letters[field: 4] = "12a"
        await #expect(throws: ISO8583LinkError.encoding(.invalidCharacter(field: 4, format: .numeric, position: 2))) {
            try await harness.link.send(letters, timeout: .seconds(1))
        }
        var noSTAN = LinkTestMessages.authorization(stan: 1)
        noSTAN[field: 11] = nil
        await #expect(throws: ISO8583LinkError.unmatchable) { try await harness.link.send(noSTAN, timeout: .seconds(1)) }
        var response = LinkTestMessages.authorization(stan: 1)
        response.mti = .authorizationResponse
        await #expect(throws: ISO8583LinkError.unmatchable) { try await harness.link.send(response, timeout: .seconds(1)) }
        var long = LinkTestMessages.authorization(stan: 1)
        long[field: 43] = .text(String(repeating: "A", count: 40))
        let longLength = try ISO8583Codec().encode(long).count
        await #expect(throws: ISO8583LinkError.framing(.overLimit(length: longLength, limit: 60))) {
            try await harness.link.send(long, timeout: .seconds(1))
        }
        // A valid request on a link that is not running.
        await #expect(throws: ISO8583LinkError.notConnected) {
            try await harness.link.send(LinkTestMessages.authorization(stan: 1), timeout: .seconds(1))
        }
    }
}
