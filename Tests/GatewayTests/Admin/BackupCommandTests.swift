import Foundation
import Logging
import StorageSQLite
import Testing
import TestSupport

/// `tapline backup`, `restore` and `export` as an operator runs them: plain one-line errors
/// naming the option, exit status 1, and nothing left behind when they refuse.
@Suite("Backup, restore and export commands")
struct BackupCommandTests {
    @Test func backupRestoreAndExportRunEndToEnd() async throws {
        try await inFolderWithDatabase { folder in
            let created = try await TaplineRun.run(["merchant", "create", "--name", "Corner Café"], in: folder)
            #expect(created.status == 0, "\(created.standardError)")
            let backup = try await TaplineRun.run(["backup", "--to", "copy.sqlite"], in: folder)
            #expect(backup.status == 0, "\(backup.standardError)")
            let again = try await TaplineRun.run(["backup", "--to", "copy.sqlite"], in: folder)
            #expect(again.status == 1)
            #expect(again.standardError.contains("copy.sqlite already exists; a backup never overwrites a file"), "\(again.standardError)")
            let restored = try await TaplineRun.run(["restore", "--from", "copy.sqlite", "--database", "restored.sqlite"], in: folder)
            #expect(restored.status == 0, "\(restored.standardError)")
            let listed = try await TaplineRun.run(["merchant", "list", "--database", "restored.sqlite"], in: folder)
            #expect(listed.standardOutput.contains("Corner Café"), "\(listed.standardError)")
            let over = try await TaplineRun.run(["restore", "--from", "copy.sqlite"], in: folder)
            #expect(over.status == 1)
            #expect(over.standardError.contains("already exists; add --force"), "\(over.standardError)")
            let merchant = String(created.standardOutput.dropFirst("merchant id: ".count)).trimmingCharacters(in: .whitespacesAndNewlines)
            let export = try await TaplineRun.run(
                ["export", "transactions", "--merchant", merchant, "--from", "2020-01-01", "--to", "2099-12-31"], in: folder)
            #expect(export.status == 0, "\(export.standardError)")
            #expect(export.standardOutput.hasPrefix("id,created_at,type,status,amount,"), "\(export.standardOutput)")
        }
    }

    @Test(arguments: [
        (["--from", "yesterday", "--to", "2026-01-01"], "Error: --from must be a day (2026-11-27) or an ISO 8601 time, not 'yesterday'"),
        (["--from", "2026-01-01", "--to", "31/12/2026"], "Error: --to must be a day (2026-11-27) or an ISO 8601 time, not '31/12/2026'"),
        (["--from", "2026-01-01", "--to", "2026-12-31", "--format", "xml"], "Error: --format must be csv or json, not 'xml'"),
        (["--from", "2026-01-01", "--to", "2026-12-31"], "Error: --merchant: there is no merchant m_404 in this database"),
    ])
    func aBadExportOptionIsOnePlainLine(_ options: [String], _ message: String) async throws {
        try await inFolderWithDatabase { folder in
            let before = TaplineRun.contents(of: folder)
            let run = try await TaplineRun.run(["export", "transactions", "--merchant", "m_404", "--output", "out.csv"] + options, in: folder)
            #expect(run.status == 1)
            #expect(run.standardError.trimmingCharacters(in: .whitespacesAndNewlines) == message)
            #expect(TaplineRun.contents(of: folder) == before)
        }
    }

    @Test func onPostgreSQLBackupPointsToPgDumpWithThePasswordMasked() async throws {
        let run = try await TaplineRun.run(
            ["backup", "--to", "tapline.dump", "--database-url", "postgres://tapline:s3cret@db.example:5432/tapline"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("pg_dump --format=custom --file tapline.dump 'postgres://tapline:***@db.example:5432/tapline'"),
                "\(run.standardError)")
        #expect(!run.standardError.contains("s3cret"))
    }

    /// Runs `body` in a fresh folder holding a migrated `tapline.sqlite`.
    private func inFolderWithDatabase(_ body: (URL) async throws -> Void) async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SQLiteStore.open(path: folder.appendingPathComponent("tapline.sqlite").path, logger: Logger(label: "test")).close()
        try await body(folder)
    }
}
