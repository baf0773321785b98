import Foundation

/// A unique database path under the temporary directory, and its removal with the files
/// SQLite keeps beside it (-wal, -shm, -journal).
public struct TemporaryDatabasePath: Sendable {
    public let path: String

    public init(prefix: String = "tapline-test") {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString).sqlite").path
    }

    /// The database file and its companions.
    public var files: [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    public func remove() {
        for file in files {
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}
