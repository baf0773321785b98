import Foundation
import GatewayAPI
import Testing
import TestSupport

/// `tapline serve` on the acquirer link is SIGKILLed while a sale waits for the host's
/// answer, and started again on the same database. The new process sees the old one's
/// heartbeat stop, fails the cut sale and reverses it, and the client's retry with the same
/// Idempotency-Key gets that final answer within seconds of the restart, not after the
/// request's 40 s deadline or a fixed grace.
@Suite("Acquirer link: a sale cut by kill -9 is finished within seconds of the restart", .serialized,
       .enabled(if: AcquirerHostProcess.isAvailable, "python3 with pyiso8583, psec and pyemv is needed"))
struct AcquirerRestartTests {
    @Test func theRetryOfACutSaleGetsItsFinalAnswerSoonAfterTheRestart() async throws {
        // The host decides at once but answers a minute later: the sale is in flight when killed.
        let host = try AcquirerHostProcess(flags: ["--delay-ms", "60000"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("tapline.sqlite").path
        let arguments = ["--database", database, "--keys", directory.appendingPathComponent("keys.json").path,
                         "--processor", "iso8583://127.0.0.1:\(host.port)"]
        let processes = Locked<[ServeProcess]>([])
        defer {
            for process in processes.withLock({ $0 }) { process.kill() }
            try? FileManager.default.removeItem(at: directory)
        }
        let first = try await ServeProcess.start(name: "first", arguments: arguments, environment: [:], in: directory)
        processes.withLock { $0.append(first) }
        let settings = try await TaplineRun.run([
            "merchant", "settings", "--database", database, "--merchant", "demo-merchant",
            "--acquirer-merchant-id", "000000012345678", "--acquirer-terminal-id", "TERM0001"])
        #expect(settings.status == 0, "\(settings.standardError)")
        let token = try await TwoInstanceKillTests.token(from: first)
        let key = ["Idempotency-Key": "order-kill-1"]
        let body = TestSession.cardBody(amount: 3_300)

        let cut = Task { try? await first.send("POST", APIPath.sale, json: body, token: token, headers: key) }
        try await Self.poll("the host got the sale", within: .seconds(30)) { try host.received("0200").count == 1 }
        first.kill()
        _ = await cut.value

        let second = try await ServeProcess.start(name: "second", arguments: arguments, environment: [:], in: directory)
        processes.withLock { $0.append(second) }
        let restarted = ContinuousClock.now
        // Well under the request's own deadline (25 s + 5 s + 10 s): only a dead instance's
        // rows are finished this soon.
        var answer: (status: Int, body: Data) = (0, Data())
        try await Self.poll("the retry got a final answer", within: .seconds(25)) {
            answer = try await second.send("POST", APIPath.sale, json: body, token: token, headers: key)
            return answer.status != 409
        }
        let elapsed = ContinuousClock.now - restarted
        print("kill -9 → restart → the cut sale's final answer: \(elapsed) after the restart")
        let error = try JSONDecoder().decode(ErrorEnvelope.self, from: answer.body).error
        #expect(answer.status == 502, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(error.code == "processor_error")
        #expect(error.message.contains("did not complete"))
        // And the host is told to undo what it approved: a 0400 for the sale's trace.
        try await Self.poll("the reversal reached the host", within: .seconds(30)) { try host.received("0400").count == 1 }
        let sale = try #require(try host.received("0200").first)
        let reversal = try #require(try host.received("0400").first)
        #expect((reversal["90"] as? String)?.dropFirst(4).prefix(6) == (sale["11"] as? String)?.prefix(6))
    }

    /// Waits for what another process does (the host's journal, a restarted gateway's
    /// answer): external processes are the one thing polled, in 100 ms steps, up to `limit`.
    static func poll(_ what: String, within limit: Duration, _ condition: () async throws -> Bool) async throws {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("\(what): not within \(limit)")
        throw CancellationError()
    }
}
