import Foundation
@testable import Gateway
import Storage
import Testing
import TestSupport

/// The built `tapline serve` on a database written with keys it is not given: it stops at
/// once with status 1 and a message naming what is missing and how to restore it, and makes
/// no new keys. A fresh database still starts and gets keys.
@Suite("tapline serve refuses keys the database was not written with")
struct ServeKeyRefusalTests {
    private func serve(_ folder: GatewayFolder, environment: [String: String] = [:]) async throws -> TaplineRun {
        try await TaplineRun.run(
            ["serve", "--port", "0", "--database", folder.databasePath, "--keys", folder.keysPath, "--log-level", "critical"],
            environment: environment, limit: .seconds(30))
    }

    @Test func aLostKeyFileStopsTheStartAndSaysHowToRestoreIt() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.writeDatabase()
        try FileManager.default.removeItem(atPath: folder.keysPath)

        let run = try await serve(folder)
        #expect(run.status == 1, "\(run.standardError)")
        let message = run.standardError
        #expect(message.contains("Error: there is no key file at \(folder.keysPath)"), "\(message)")
        #expect(message.contains("Restore the key file from a backup to \(folder.keysPath)"), "\(message)")
        #expect(message.contains("--keys (TAPLINE_KEYS)"), "\(message)")
        #expect(!folder.keyFileExists, "no new keys were made over the database")
    }

    @Test func aDatabaseWrittenWithAMasterKeyWillNotStartWithoutIt() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.writeDatabase(master: .generate())

        let run = try await serve(folder)
        #expect(run.status == 1, "\(run.standardError)")
        let message = run.standardError
        #expect(message.contains("Error: this database keeps the gateway's keys in it, sealed under a master key"), "\(message)")
        #expect(message.contains("TAPLINE_MASTER_KEY") && message.contains("--master-key-file"), "\(message)")
        #expect(!folder.keyFileExists, "no key file was made")
    }

    @Test func aDatabaseWrittenWithAMasterKeyWillNotStartWithAnotherOne() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        try await folder.writeDatabase(master: .generate())

        let run = try await serve(folder, environment: ["TAPLINE_MASTER_KEY": MasterKey.generate().base64])
        #expect(run.status == 1, "\(run.standardError)")
        let message = run.standardError
        #expect(message.contains("Error: the master key does not open the gateway's keys in the database"), "\(message)")
        #expect(message.contains("TAPLINE_MASTER_KEY") && message.contains("--master-key-file"), "\(message)")
    }

    @Test func aFreshDatabaseStartsMakesKeysAndStartsAgainWithThem() async throws {
        let folder = try GatewayFolder.make()
        defer { folder.remove() }
        let arguments = ["--database", folder.databasePath, "--keys", folder.keysPath]
        let first = try await ServeProcess.start(name: "first", arguments: arguments, environment: [:], in: folder.url)
        first.kill()
        let keys = try GatewayKeys.load(at: folder.keysPath)
        #expect(try await folder.recordedFingerprints()?.sameKeys(as: keys.fingerprints(recordedAt: Date())) == true)

        let again = try await ServeProcess.start(name: "again", arguments: arguments, environment: [:], in: folder.url)
        let health = try await again.send("GET", "/health")
        again.kill()
        #expect(health.status == 200)
    }
}
