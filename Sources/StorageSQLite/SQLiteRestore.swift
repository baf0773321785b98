import Foundation
import Logging
import SQLiteNIO
import Storage
import StorageSQL

/// Puts a backup in place of a gateway's SQLite database, atomically, and never under a
/// running gateway.
///
/// A live server is found by its heartbeat (`gateway_instances`, written every couple of
/// seconds by each `tapline serve`): one seen within `liveWithin` means the database is in
/// use. SQLite's own lock cannot tell: in WAL mode an idle server holds no lock that
/// `BEGIN EXCLUSIVE` would meet, so that test would pass between two of its writes.
///
/// The backup is first copied (with `VACUUM INTO`, so it must be a readable database) to a
/// hidden file in the target's folder, opened as a store and migrated there, which proves it
/// is a Tapline database this version can serve; only then is it renamed over the target.
public enum SQLiteRestore {
    public static func restore(
        from backup: String, to target: String, force: Bool, liveWithin: TimeInterval, now: Date = Date(),
        logger: Logger = Logger(label: "tapline.restore")
    ) async throws {
        let source = URL(fileURLWithPath: backup).standardizedFileURL.path
        let destination = URL(fileURLWithPath: target).standardizedFileURL
        guard FileManager.default.fileExists(atPath: source) else { throw SQLiteRestoreError.missingBackup(path: source) }
        let exists = FileManager.default.fileExists(atPath: destination.path)
        if exists {
            guard force else { throw SQLiteRestoreError.databaseExists(path: destination.path) }
            try await refuseIfLive(destination.path, since: now.addingTimeInterval(-liveWithin), logger: logger)
        }
        let partial = destination.deletingLastPathComponent().path + "/." + destination.lastPathComponent + ".restore-" + UUID().uuidString
        do {
            try await prepare(source, as: partial, logger: logger)
            if exists {
                // Looked at again right before the swap: a server started meanwhile wins.
                try await refuseIfLive(destination.path, since: now.addingTimeInterval(-liveWithin), logger: logger)
                // The old database's WAL must not be replayed into the restored file.
                for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: destination.path + companion) }
                guard rename(partial, destination.path) == 0 else {
                    throw SQLiteBackupError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
                }
            } else if link(partial, destination.path) == 0 {
                SQLiteBackup.removePartial(partial)
            } else {
                throw errno == EEXIST
                    ? SQLiteRestoreError.databaseExists(path: destination.path)
                    : SQLiteBackupError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            SQLiteBackup.removePartial(partial)
            throw error
        }
    }

    /// Copies the backup to `partial` and brings it to this version's schema there.
    private static func prepare(_ source: String, as partial: String, logger: Logger) async throws {
        let reader: SQLiteConnection
        do {
            reader = try await SQLiteStore.connect(path: source, create: false, logger: logger)
        } catch {
            throw SQLiteRestoreError.notABackup(path: source, reason: "\(error)")
        }
        do {
            let tables = try await SQLiteSession.rows(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'", [], on: reader, subject: "")
            guard !tables.isEmpty else { throw SQLiteRestoreError.notABackup(path: source, reason: "it has no Tapline schema") }
            try await reader.close()
        } catch let error as SQLiteRestoreError {
            try? await reader.close()
            throw error
        } catch {
            try? await reader.close()
            throw SQLiteRestoreError.notABackup(path: source, reason: "\(error)")
        }
        try await SQLiteBackup.copy(database: source, to: partial, logger: logger)
        do {
            let store = try await SQLiteStore.open(path: partial, createIfMissing: false, logger: logger)
            try await store.close()
        } catch {
            throw SQLiteRestoreError.notABackup(path: source, reason: "it does not open as a Tapline database: \(error)")
        }
    }

    /// Throws ``SQLiteRestoreError/databaseInUse(path:instances:)`` when a gateway beat since `since`.
    private static func refuseIfLive(_ path: String, since: Date, logger: Logger) async throws {
        let connection = try await SQLiteStore.connect(path: path, create: false, logger: logger)
        do {
            let fleet = try await SQLiteSession.rows(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'gateway_instances'", [], on: connection, subject: "")
            let live = fleet.isEmpty ? [] : try await SQLiteSession.rows(
                "SELECT id FROM gateway_instances WHERE seen_at >= ?", [SQLValue.date(since)], on: connection, subject: "")
            try await connection.close()
            guard live.isEmpty else { throw SQLiteRestoreError.databaseInUse(path: path, instances: live.count) }
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// Why a restore did not happen. The target database is unchanged in every case.
public enum SQLiteRestoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingBackup(path: String)
    case notABackup(path: String, reason: String)
    case databaseExists(path: String)
    case databaseInUse(path: String, instances: Int)

    public var description: String {
        switch self {
        case .missingBackup(let path):
            return "there is no backup at \(path)"
        case .notABackup(let path, let reason):
            return "\(path) cannot be restored: \(reason); the database was not changed"
        case .databaseExists(let path):
            return "\(path) already exists; add --force to replace it with the backup (stop tapline serve first)"
        case .databaseInUse(let path, let instances):
            return "\(path) is in use: \(instances) tapline serve instance(s) wrote a heartbeat just now; stop them, then restore"
        }
    }
}
