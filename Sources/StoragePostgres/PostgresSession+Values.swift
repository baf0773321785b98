import Foundation
import PostgresNIO
import Storage
import StorageSQL

extension PostgresSession {
    /// Binds the values in order, for a statement whose placeholders are `$1`, `$2`, …
    static func bindings(_ values: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .float(let double): bindings.append(double)
            case .text(let text): bindings.append(text)
            case .bool(let flag): bindings.append(flag)
            case .bytes(let data): bindings.append(ByteBuffer(bytes: data))
            }
        }
        return bindings
    }

    /// A row's cells by column name, each converted when it is read.
    static func row(_ row: PostgresRow) -> SQLRow {
        let cells = row.makeRandomAccess()
        return SQLRow { name in
            guard cells.contains(name) else { return nil }
            return try value(of: cells[name])
        }
    }

    /// A cell by its data type: only the types the schema uses (and COUNT's BIGINT) are read;
    /// any other means the database is not the one this store made.
    static func value(of cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self, context: .default))
            case .float4, .float8: return .float(try cell.decode(Double.self, context: .default))
            case .text, .varchar, .name: return .text(try cell.decode(String.self, context: .default))
            case .bool: return .bool(try cell.decode(Bool.self, context: .default))
            case .bytea: return .bytes(Data(try cell.decode(ByteBuffer.self, context: .default).readableBytesView))
            default: break
            }
        } catch {
            throw StoreError.corrupt("PostgreSQL: column \(cell.columnName) is not a valid \(cell.dataType)")
        }
        throw StoreError.corrupt("PostgreSQL: column \(cell.columnName) has type \(cell.dataType), which the store does not read")
    }
}
