import Foundation
import Logging
import SQLiteNIO
import Storage

extension SQLiteStore {
    static func connect(path: String, logger: Logger) async throws -> SQLiteConnection {
        // The file holds customer names and secret hashes, so only its owner may read it.
        // SQLite gives the -wal and -shm files the mode of the database file.
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        do {
            return try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch let error as SQLiteError {
            throw SQLiteSession.storeError(error, subject: path)
        }
    }

    /// Durability and integrity settings of the write connection. WAL and the busy timeout
    /// come first: the others are per connection, WAL is kept in the file.
    static func configureWriter(_ connection: SQLiteConnection) async throws {
        try await execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)", on: connection)
        let mode = try await SQLiteSession.native("PRAGMA journal_mode = WAL", [], on: connection, subject: "")
        guard mode.first?.column("journal_mode")?.string?.lowercased() == "wal" else {
            // Without WAL a read would wait for the writer, or see nothing of the promised isolation.
            throw StoreError.unavailable("SQLite refused WAL mode for this database")
        }
        try await execute("PRAGMA synchronous = FULL", on: connection)
        try await execute("PRAGMA foreign_keys = ON", on: connection)
    }

    static func execute(_ sql: String, on connection: SQLiteConnection) async throws {
        _ = try await SQLiteSession.native(sql, [], on: connection, subject: "")
    }
}

extension SQLiteStore {
    /// A PRAGMA's value on the write or the read connection, for tests and diagnostics.
    /// `name` must be a fixed pragma name, never outside input.
    func pragma(_ name: String, onReader: Bool = false) async throws -> SQLiteData? {
        let connection = onReader ? readConnection : writeConnection
        let lock = onReader ? readLock : writeLock
        return try await lock.withLock {
            try await SQLiteSession.native("PRAGMA \(name)", [], on: connection, subject: "").first?.columns.first?.data
        }
    }
}
