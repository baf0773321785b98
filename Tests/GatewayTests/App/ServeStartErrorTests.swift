import Foundation
import Testing

/// What `tapline serve` prints when it cannot start: one plain line an operator can act
/// on, not an SQLite error enum, and no log lines at error level before it.
@Suite("tapline serve start-up errors in plain words")
struct ServeStartErrorTests {
    @Test(arguments: [["serve", "--port", "0"], ["merchant", "list"]])
    func aFileThatIsNotADatabaseIsNamed(_ command: [String]) async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        let text = String(repeating: "these are my notes, not a database\n", count: 200)
        try Data(text.utf8).write(to: file)
        let run = try await TaplineRun.run(command + ["--database", file.path], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: the file \(file.path) is not an SQLite database"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        for raw in ["corrupt", "notADatabase", "SQLite error"] {
            #expect(!run.standardError.contains(raw), "\(run.standardError)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == text, "the file is left as it was")
    }

    @Test(arguments: ["text", "json"])
    func aTakenPortIsTheOnlyErrorLine(_ format: String) async throws {
        let held = try LoopbackPort(listening: true)
        let folder = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The default log level, so that anything logged at error or above would show.
        let run = try await TaplineRun.run(["serve", "--port", "\(held.port)", "--log-format", format], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("Error: cannot listen on 127.0.0.1:\(held.port): the address is already in use"), "\(run.standardError)")
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1, "\(run.standardError)")
        for line in lines.dropLast() {
            if format == "json" {
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String]
                #expect(object != nil, "\(line)")
                #expect(!["error", "critical"].contains(object?["level"] ?? ""), "\(line)")
            } else {
                #expect(!line.contains(" error ") && !line.contains(" critical "), "\(line)")
            }
            #expect(!line.contains("errno") && !line.contains("bind("), "\(line)")
        }
    }

    @Test func anUnknownLogFormatStopsTheStartInOneLineNamingItsSource() async throws {
        let flag = try await TaplineRun.run(["serve", "--port", "0", "--log-format", "xml"])
        #expect(flag.status == 1)
        #expect(flag.standardError == "Error: --log-format must be text or json, not 'xml'\n", "\(flag.standardError)")
        let variable = try await TaplineRun.run(["serve", "--port", "0"], environment: ["TAPLINE_LOG_FORMAT": "yaml"])
        #expect(variable.status == 1)
        #expect(variable.standardError == "Error: TAPLINE_LOG_FORMAT must be text or json, not 'yaml'\n", "\(variable.standardError)")
    }
}
