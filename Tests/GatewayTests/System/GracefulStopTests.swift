import Foundation
import GatewayAPI
import Testing
import TestSupport

/// `tapline serve` on the acquirer link gets SIGTERM while a burst of sales waits for the
/// host's answers. Every sale the gateway took gets its full answer before the process exits
/// 0, a sale sent after the stop began is never taken, no payment exists that its client was
/// not told about, and the host sees each connection sign off (0800, 70 = 002).
@Suite("Stopping: SIGTERM during a burst of sales", .serialized,
       .enabled(if: AcquirerHostProcess.isAvailable, "python3 with pyiso8583, psec and pyemv is needed"))
struct GracefulStopTests {
    @Test func everyTakenSaleIsAnsweredAndTheLinkSignsOff() async throws {
        // Answers come 2 s after the host decides: the burst is in flight at the SIGTERM.
        let host = try AcquirerHostProcess(flags: ["--delay-ms", "2000"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("tapline.sqlite").path
        let serve = try await ServeProcess.start(name: "stopping", arguments: [
            "--database", database, "--keys", directory.appendingPathComponent("keys.json").path,
            "--processor", "iso8583://127.0.0.1:\(host.port)", "--drain-timeout", "60"], environment: [:], in: directory)
        defer {
            serve.kill()
            try? FileManager.default.removeItem(at: directory)
        }
        let settings = try await TaplineRun.run([
            "merchant", "settings", "--database", database, "--merchant", "demo-merchant",
            "--acquirer-merchant-id", "000000012345678", "--acquirer-terminal-id", "TERM0001"])
        #expect(settings.status == 0, "\(settings.standardError)")
        let token = try await TwoInstanceKillTests.token(from: serve)
        try await AcquirerRestartTests.poll("the link signed on", within: .seconds(30)) { try await serve.send("GET", APIPath.ready).status == 200 }

        let burst = 10
        let answers = Task {
            await withTaskGroup(of: SaleOutcome.self) { group in
                for index in 0..<burst {
                    group.addTask { await SaleOutcome.send(to: serve, token: token, amount: Int64(1_000 + 100 * index)) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await AcquirerRestartTests.poll("the host got the burst", within: .seconds(30)) { try host.received("0200").count == burst }
        serve.terminate()
        // Sent after the stop began: never taken (the connection is refused or closed unanswered).
        let late = await SaleOutcome.send(to: serve, token: token, amount: 9_900)
        let outcomes = await answers.value
        let status = await serve.exitStatus()

        #expect(status == 0, "\(serve.standardError.suffix(2_000))")
        #expect(late.transactionId == nil, "a sale sent after SIGTERM was taken: \(late)")
        let answered = outcomes.compactMap(\.transactionId)
        #expect(answered.count == burst, "every sale in flight at the SIGTERM is answered in full: \(outcomes)")
        #expect(outcomes.allSatisfy { $0.status == nil || $0.status == "captured" }, "\(outcomes)")
        // No payment the clients were not told about, and none left pending.
        let export = try await TaplineRun.run([
            "export", "transactions", "--database", database, "--merchant", "demo-merchant",
            "--from", "2020-01-01", "--to", "2100-01-01", "--format", "json"])
        let kept = export.standardOutput.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(SaleOutcome.Row.self, from: Data($0.utf8))
        }
        #expect(kept.count == burst && Set(kept.map(\.id)) == Set(answered), "\(export.standardError)")
        #expect(kept.allSatisfy { $0.status == "captured" })
        // Each connection signed off before the exit.
        let signOffs = try host.received("0800").filter { ($0["70"] as? String) == "002" }
        #expect(signOffs.count == 2, "\(host.journalText().suffix(2_000))")
        let log = serve.standardError
        #expect(log.contains("requests_in_flight=\(burst)") && log.contains("stopping: /ready answers 503"), "\(log.suffix(2_000))")
        #expect(log.contains("requests_cut=0") && log.contains("requests_finished_while_stopping=\(burst)"), "\(log.suffix(2_000))")
    }
}

/// One sale's end as its client saw it: a full answer (its id and status), or none.
private struct SaleOutcome: Sendable, CustomStringConvertible {
    var transactionId: String?
    var status: String?
    var failure: String?

    /// What is checked of a transaction: its id and status.
    struct Row: Decodable {
        var id: String
        var status: String
    }

    static func send(to serve: ServeProcess, token: String, amount: Int64) async -> SaleOutcome {
        do {
            let (code, body) = try await serve.send("POST", APIPath.sale, json: TestSession.cardBody(amount: amount), token: token)
            guard let sale = try? JSONDecoder().decode(Row.self, from: body) else {
                return SaleOutcome(failure: "\(code) \(String(decoding: body, as: UTF8.self))")
            }
            return SaleOutcome(transactionId: sale.id, status: sale.status)
        } catch {
            return SaleOutcome(failure: "\(error)")
        }
    }

    var description: String { transactionId.map { "\($0) \(status ?? "")" } ?? "no answer: \(failure ?? "")" }
}
