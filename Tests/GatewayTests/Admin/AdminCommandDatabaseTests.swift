import Foundation
import Logging
import StorageSQLite
import Testing

/// The admin commands work on the database a gateway made and never make one: run where
/// there is none, or with a mistyped `--database`, they say so and leave no file behind.
@Suite("Admin commands need an existing database")
struct AdminCommandDatabaseTests {
    /// Every command that reads or writes the gateway's data.
    static let databaseCommands: [[String]] = [
        ["merchant", "list"],
        ["merchant", "create", "--name", "Corner Café"],
        ["merchant", "settings", "--merchant", "m-1"],
        ["client", "create", "--merchant-id", "m-1"],
        ["client", "permissions", "--client-id", "tl_1", "--grant-defaults"],
        ["client", "jwt", "--client-id", "tl_1", "--remove"],
        ["user", "create", "--merchant-id", "m-1", "--email", "ann@shop.example"],
    ]

    /// A master key, so that `keys rotate-card-key` works on the database.
    static let masterKey = ["TAPLINE_MASTER_KEY": Data(repeating: 7, count: 32).base64EncodedString()]

    @Test(arguments: databaseCommands)
    func withNoDatabaseHereTheCommandStopsAndCreatesNothing(_ command: [String]) async throws {
        try await inEmptyFolder { folder in
            let run = try await TaplineRun.run(command, in: folder)
            #expect(run.status == 1, "\(run.standardError)")
            let database = folder.appendingPathComponent("tapline.sqlite").path
            #expect(run.standardError.contains("Error: there is no Tapline database at \(database); tapline serve creates it"),
                    "\(run.standardError)")
            #expect(TaplineRun.contents(of: folder) == [])
        }
    }

    @Test func rotatingTheCardKeyCreatesNeitherDatabaseNorKeyFile() async throws {
        try await inEmptyFolder { folder in
            let inDatabase = try await TaplineRun.run(["keys", "rotate-card-key"], in: folder, environment: Self.masterKey)
            #expect(inDatabase.status == 1, "\(inDatabase.standardError)")
            #expect(inDatabase.standardError.contains("there is no Tapline database at"), "\(inDatabase.standardError)")
            let inKeyFile = try await TaplineRun.run(["keys", "rotate-card-key"], in: folder)
            #expect(inKeyFile.status == 1, "\(inKeyFile.standardError)")
            #expect(inKeyFile.standardError.contains("there is no key file at tapline-keys.json; tapline serve creates one"),
                    "\(inKeyFile.standardError)")
            #expect(TaplineRun.contents(of: folder) == [])
        }
    }

    @Test func aMistypedDatabaseIsNamedAndNotCreated() async throws {
        try await inEmptyFolder { folder in
            try await Self.makeDatabase(folder.appendingPathComponent("tapline.sqlite"))
            let before = TaplineRun.contents(of: folder)
            let run = try await TaplineRun.run(["merchant", "list", "--database", "tapline.sqlit"], in: folder)
            #expect(run.status == 1, "\(run.standardError)")
            #expect(run.standardError.contains("there is no Tapline database at \(folder.appendingPathComponent("tapline.sqlit").path)"),
                    "\(run.standardError)")
            #expect(TaplineRun.contents(of: folder) == before)
        }
    }

    @Test(arguments: [["merchant", "list"], ["serve", "--port", "0"]])
    func aMissingFolderIsSaidInPlainWords(_ command: [String]) async throws {
        try await inEmptyFolder { folder in
            let missing = folder.appendingPathComponent("no-such-folder")
            let run = try await TaplineRun.run(
                command + ["--database", missing.appendingPathComponent("tapline.sqlite").path], in: folder)
            #expect(run.status == 1, "\(run.standardError)")
            #expect(run.standardError.contains("Error: the folder \(missing.path) does not exist"), "\(run.standardError)")
            #expect(!run.standardError.contains("cantOpen"), "\(run.standardError)")
            #expect(TaplineRun.contents(of: folder) == [])
        }
    }

    @Test func anExistingDatabaseIsUsedWithoutMakingAKeyFile() async throws {
        try await inEmptyFolder { folder in
            try await Self.makeDatabase(folder.appendingPathComponent("tapline.sqlite"))
            let created = try await TaplineRun.run(["merchant", "create", "--name", "Corner Café"], in: folder)
            #expect(created.status == 0, "\(created.standardError)")
            #expect(created.standardOutput.hasPrefix("merchant id: "))
            let listed = try await TaplineRun.run(["merchant", "list"], in: folder)
            #expect(listed.status == 0, "\(listed.standardError)")
            #expect(listed.standardOutput.contains("Corner Café"))
            // Administration needs no keys: it used to write a new tapline-keys.json here.
            #expect(!TaplineRun.contents(of: folder).contains("tapline-keys.json"))
        }
    }

    @Test func aNewMasterKeyNeedsNoDatabase() async throws {
        try await inEmptyFolder { folder in
            let run = try await TaplineRun.run(["keys", "new-master-key"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let key = run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Data(base64Encoded: key)?.count == 32)
            #expect(TaplineRun.contents(of: folder) == [])
        }
    }

    /// Runs `body` in a fresh empty folder (its real path: the command sees no symbolic link).
    private func inEmptyFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    /// A database as `tapline serve` leaves it: created and migrated.
    private static func makeDatabase(_ file: URL) async throws {
        try await SQLiteStore.open(path: file.path, logger: Logger(label: "test")).close()
    }
}
