import Foundation
import Logging
import SQLiteNIO
import Storage

/// A consistent copy of a live SQLite database, taken with `VACUUM INTO` while
/// `tapline serve` keeps writing.
///
/// `VACUUM INTO` rather than SQLite's online backup API (`sqlite3_backup_*`): one statement
/// on a connection of its own, no handle of a running store needed. It runs in one read
/// transaction, so in WAL mode it copies the last committed state while the server's writes
/// go on, and it never writes to the live database.
///
/// The copy goes to a hidden file in the target's folder, made mode 0600 first (the
/// database holds secret hashes and customer names), is flushed to disk, and only then is
/// linked under the target's name, which must not exist: a full disk or an unwritable folder
/// leaves no file behind.
public enum SQLiteBackup {
    /// Copies the database at `source` (it must exist; it is never migrated or changed) to
    /// `target`, a new file.
    public static func copy(database source: String, to target: String, logger: Logger = Logger(label: "tapline.backup")) async throws {
        let destination = URL(fileURLWithPath: target).standardizedFileURL
        let folder = destination.deletingLastPathComponent().path
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw SQLiteBackupError.targetExists(path: destination.path)
        }
        let partial = folder + "/." + destination.lastPathComponent + ".partial-" + UUID().uuidString
        let connection = try await SQLiteStore.connect(path: source, create: false, logger: logger)
        do {
            try await write(connection, into: partial, target: destination.path)
            try await connection.close()
        } catch {
            try? await connection.close()
            removePartial(partial)
            throw error
        }
        do {
            try place(partial, at: destination.path)
        } catch {
            removePartial(partial)
            throw error
        }
    }

    private static func write(_ connection: SQLiteConnection, into partial: String, target: String) async throws {
        // An empty file is what VACUUM INTO accepts besides none; making it first gives it
        // the owner-only mode and finds an unwritable or missing folder before any work.
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw SQLiteBackupError.cannotWrite(path: target, reason: cannotCreateReason(folder: URL(fileURLWithPath: partial).deletingLastPathComponent().path))
        }
        try await SQLiteStore.execute("PRAGMA busy_timeout = \(SQLiteStore.busyTimeoutMilliseconds)", on: connection)
        do {
            _ = try await connection.query("VACUUM INTO ?", [.text(partial)])
        } catch let error as SQLiteError {
            throw SQLiteBackupError.cannotWrite(path: target, reason: error.message)
        }
        // VACUUM INTO does not sync its output; the copy must be on disk before it has a name.
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            throw SQLiteBackupError.cannotWrite(path: target, reason: "\(error.localizedDescription)")
        }
    }

    /// Gives the finished copy its name without ever replacing a file: link(2) fails when the
    /// name was taken meanwhile. Where links are not supported, a rename after a last check.
    private static func place(_ partial: String, at target: String) throws {
        if link(partial, target) == 0 {
            removePartial(partial)
            return
        }
        let failure = errno
        if failure == EEXIST { throw SQLiteBackupError.targetExists(path: target) }
        guard !FileManager.default.fileExists(atPath: target), rename(partial, target) == 0 else {
            throw SQLiteBackupError.cannotWrite(path: target, reason: String(cString: strerror(failure)))
        }
    }

    private static func cannotCreateReason(folder: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return "the folder \(folder) does not exist" }
        guard isFolder.boolValue else { return "\(folder) is not a folder" }
        return "the folder \(folder) is not writable"
    }

    /// The unfinished copy and anything SQLite may have kept beside it.
    static func removePartial(_ partial: String) {
        for file in [partial, partial + "-journal", partial + "-wal", partial + "-shm"] {
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}

/// Why a backup was not made. Nothing is left at the target in either case.
public enum SQLiteBackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file of that name exists; a backup never replaces one.
    case targetExists(path: String)
    /// The copy could not be written (missing or unwritable folder, full disk).
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .targetExists(let path):
            return "\(path) already exists; a backup never overwrites a file, so choose a new name"
        case .cannotWrite(let path, let reason):
            return "the backup could not be written to \(path) (\(reason)); no file was left there and the database was not changed"
        }
    }
}
