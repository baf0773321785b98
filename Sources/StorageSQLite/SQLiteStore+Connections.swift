import Foundation
import Logging
import SQLiteNIO
import Storage

extension SQLiteStore {
    /// Where SQLite opens the database at `path`: the writer's name and the readers' (always
    /// an existing file, `file:…?mode=rw`). With `create` false SQLite is told to open an
    /// existing file only, so a mistyped path is an error instead of a new empty database.
    static func databaseLocation(path: String, create: Bool) throws -> (path: String, writer: String, reader: String) {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let folder = file.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw SQLiteOpenError.missingFolder(folder: folder, path: file.path)
        }
        let exists = FileManager.default.fileExists(atPath: file.path)
        if !exists {
            guard create else { throw SQLiteOpenError.missingDatabase(path: file.path) }
            // The file holds customer names and secret hashes, so only its owner may read it.
            // SQLite gives the -wal and -shm files the mode of the database file.
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        // SQLite is always asked with SQLITE_OPEN_CREATE; a URI's mode=rw takes creating away
        // again, so a file removed since the check above is not made anew.
        let existing = existingFileURI(file.path)
        return (file.path, create ? path : existing, existing)
    }

    /// A sqlite-nio connection to the database at `path` (the backup and the restore; the
    /// same linked SQLite as the store's own connections).
    static func connect(path: String, create: Bool, logger: Logger) async throws -> SQLiteConnection {
        let location = try databaseLocation(path: path, create: create)
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: location.writer), logger: logger)
        } catch let error as SQLiteError {
            throw SQLiteSession.storeError(error, subject: path)
        }
        try await requireDatabase(connection, path: location.path)
        return connection
    }

    /// SQLite opens any file and finds out on the first read that it is no database; that
    /// read is done here, so the error names the file instead of `corrupt("notADatabase")`.
    private static func requireDatabase(_ connection: SQLiteConnection, path: String) async throws {
        do {
            _ = try await connection.query("PRAGMA schema_version")
        } catch let error as SQLiteError {
            try? await connection.close()
            if case .notADatabase = error.reason { throw SQLiteOpenError.notADatabase(path: path) }
            throw SQLiteSession.storeError(error, subject: path)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// `file:<path>?mode=rw`, the path percent-encoded where a URI needs it (`?`, `#`, `%`,
    /// spaces, non-ASCII), as SQLite's URI filenames expect.
    static func existingFileURI(_ absolutePath: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let encoded = absolutePath.utf8.map { byte in
            kept.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
        return "file:\(encoded)?mode=rw"
    }

    /// Durability, integrity and journal settings of the write connection. WAL and the busy timeout
    /// come first: the others are per connection, WAL is kept in the file.
    static func configureWriter(_ handle: SQLiteHandle) throws {
        try handle.run("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        let mode = try handle.rows("PRAGMA journal_mode = WAL", [], subject: "")
        guard case .text(let name)? = try mode.first?.value("journal_mode"), name.lowercased() == "wal" else {
            // Without WAL a read would wait for the writer, or see nothing of the promised isolation.
            throw StoreError.unavailable("SQLite refused WAL mode for this database")
        }
        try handle.run("PRAGMA synchronous = FULL")
        try handle.run("PRAGMA foreign_keys = ON")
        // Each write runs in a SAVEPOINT, whose sub-journal keeps the pages the write changes;
        // past 64 KiB SQLite spills it to a temporary file, a pwrite per page on the writer's
        // turn. In memory it is a copy of one write's pages, dropped at its RELEASE.
        try handle.run("PRAGMA temp_store = MEMORY")
    }

    static func execute(_ sql: String, on connection: SQLiteConnection) async throws {
        _ = try await SQLiteSession.native(sql, [], on: connection, subject: "")
    }
}

extension SQLiteStore {
    /// A PRAGMA's value on the write or a read connection, for tests and diagnostics.
    /// `name` must be a fixed pragma name, never outside input.
    func pragma(_ name: String, onReader: Bool = false) async throws -> SQLiteData? {
        if onReader {
            return try await readers.withConnection { try $0.pragma(name) }
        }
        return try await writer.withConnection { try $0.pragma(name) }
    }
}
