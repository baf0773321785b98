import Foundation

/// Why an SQLite database was not opened, found before SQLite is asked: SQLite itself only
/// says `cantOpen`, which names neither the file nor what is missing.
public enum SQLiteOpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder the database file is in does not exist (`path` is the file, absolute).
    case missingFolder(folder: String, path: String)
    /// No database file at `path` (absolute), and the store was asked to open an existing one only.
    case missingDatabase(path: String)
    /// The file at `path` (absolute) exists but is not an SQLite database.
    case notADatabase(path: String)

    public var description: String {
        switch self {
        case .missingFolder(let folder, let path):
            return "the folder \(folder) does not exist, so the SQLite database \(path) cannot be opened or created there"
        case .missingDatabase(let path):
            return "there is no SQLite database at \(path)"
        case .notADatabase(let path):
            return "the file \(path) is not an SQLite database"
        }
    }
}
