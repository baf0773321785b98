import Foundation
import GatewayAPI
import Testing
import TestSupport

/// `tapline serve` on the acquirer link gets SIGTERM while a burst of sales waits for the
/// host's answers. Every sale the gateway took gets its full answer before the process exits
/// 0, no payment exists that its client was not told about (a sale sent as the stop begins
/// is refused or answered in full), and the host sees each connection sign off (0800, 70 = 002).
@Suite("Stopping: SIGTERM during a burst of sales", .serialized,
       .enabled(if: AcquirerHostProcess.isAvailable, "python3 with pyiso8583, psec and pyemv is needed"))
struct GracefulStopTests {
    @Test func everyTakenSaleIsAnsweredAndTheLinkSignsOff() async throws {
        // Answers come 8 s after the host decides: the burst is in flight at the SIGTERM, with
        // room for a loaded machine to deliver the signal late.
        let host = try AcquirerHostProcess(flags: ["--delay-ms", "8000"])
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
        try await AcquirerRestartTests.poll("the stop began", within: .seconds(30)) { serve.standardError.contains("stopping:") }
        // Sent after the stop began: refused, or (in the moment before the listener closes)
        // taken and then answered in full like the others; never taken and left unanswered.
        let late = await SaleOutcome.send(to: serve, token: token, amount: 9_900)
        let outcomes = await answers.value
        let status = try await serve.exitStatus()

        #expect(status == 0, "\(serve.standardError.suffix(2_000))")
        let answered = outcomes.compactMap(\.transactionId)
        #expect(answered.count == burst, "every sale in flight at the SIGTERM is answered in full: \(outcomes)")
        #expect((outcomes + [late]).allSatisfy { $0.status == nil || $0.status == "captured" }, "\(outcomes) \(late)")
        // No payment the clients were not told about, and none left pending.
        let export = try await TaplineRun.run([
            "export", "transactions", "--database", database, "--merchant", "demo-merchant",
            "--from", "2020-01-01", "--to", "2100-01-01", "--format", "json"])
        let kept = export.standardOutput.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(SaleOutcome.Row.self, from: Data($0.utf8))
        }
        #expect(Set(kept.map(\.id)) == Set(answered + [late.transactionId].compactMap { $0 }), "\(export.standardError)")
        #expect(kept.allSatisfy { $0.status == "captured" })
        // Each connection signed off before the exit.
        let signOffs = try host.received("0800").filter { ($0["70"] as? String) == "002" }
        #expect(signOffs.count == 2, "\(host.journalText().suffix(2_000))")
        // The log says what was in flight at the stop and that all of it finished.
        let log = serve.standardError
        let inFlight = Self.number("requests_in_flight", in: log), finished = Self.number("requests_finished_while_stopping", in: log)
        #expect((inFlight ?? 0) > 0 && (finished ?? 0) >= (inFlight ?? 0), "\(log.suffix(2_000))")
        #expect(Self.number("requests_cut", in: log) == 0)
    }

    private static func number(_ field: String, in log: String) -> Int? {
        guard let range = log.range(of: "\(field)=[0-9]+", options: .regularExpression) else { return nil }
        return Int(log[range].split(separator: "=").last ?? "")
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
