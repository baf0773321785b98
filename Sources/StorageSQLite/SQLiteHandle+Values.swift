import Foundation
import StorageSQL
import VaporCSQLite

/// Values in and out of a prepared statement: ``SQLValue``s bound to its `?`s, and its columns read back.
extension SQLiteHandle {
    /// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the call returns.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

    func bind(_ binds: [SQLValue], to statement: OpaquePointer) throws {
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite_nio_sqlite3_bind_null(statement, index)
            case .integer(let integer): code = sqlite_nio_sqlite3_bind_int64(statement, index, integer)
            case .float(let double): code = sqlite_nio_sqlite3_bind_double(statement, index, double)
            case .bool(let flag): code = sqlite_nio_sqlite3_bind_int64(statement, index, flag ? 1 : 0)
            case .text(let text):
                code = sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
            case .bytes(let data) where data.isEmpty:
                code = sqlite_nio_sqlite3_bind_zeroblob(statement, index, 0)
            case .bytes(let data):
                code = data.withUnsafeBytes { sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient) }
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    func value(_ statement: OpaquePointer, _ index: Int32) -> SQLValue {
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite_nio_sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite_nio_sqlite3_column_blob(statement, index) else { return .bytes(Data()) }
            return .bytes(Data(bytes: blob, count: Int(sqlite_nio_sqlite3_column_bytes(statement, index))))
        default:
            return .null
        }
    }
}
