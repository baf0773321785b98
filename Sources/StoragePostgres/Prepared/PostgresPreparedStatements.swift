import Logging
import PaymentCore
import PostgresNIO
import StorageSQL

/// The statements this process runs as named prepared statements, so PostgreSQL parses,
/// analyses and plans each once per connection instead of on every run: with unnamed
/// statements that was a third of the server's CPU in a keyed sale.
///
/// A statement gets one of ``capacity`` numbered slots the first time it runs with a given
/// list of bound types, and keeps it for the life of the process, so a slot's name always
/// means the same text on every connection (PostgresNIO prepares it on each connection when
/// first used there). Once the slots are taken, a new statement runs unnamed, as before.
/// Types are part of the key because a parameter's type is fixed when the statement is
/// prepared: a NULL is sent untyped and the server infers it, which a NULL fits whatever the
/// type, but a value bound where the first run bound NULL gets a slot of its own.
final class PostgresPreparedStatements: Sendable {
    static let shared = PostgresPreparedStatements()
    static let capacity = PreparedSlots.runners.count

    struct Key: Hashable, Sendable {
        let sql: String
        let types: [PostgresDataType]
    }

    private struct Table {
        var slots: [Key: Int] = [:]
        var keys: [Key] = []
    }

    private let table = LockedBox(Table())

    /// The slot of `sql` (numbered, `$1` …) run with `types`, taken now if it has none; nil
    /// when every slot is taken or the statement is not one to prepare.
    func slot(sql: String, types: [PostgresDataType]) -> Int? {
        let key = Key(sql: sql, types: types)
        // A statement with a slot was preparable: the look-up first spares every run the test
        // of its text (Foundation's `contains`, 3 % of the gateway's CPU in a keyed sale).
        if let slot = table.withLock({ $0.slots[key] }) { return slot }
        guard Self.isPreparable(sql) else { return nil }
        return table.withLock { table in
            if let slot = table.slots[key] { return slot }
            guard table.keys.count < Self.capacity else { return nil }
            table.keys.append(key)
            table.slots[key] = table.keys.count - 1
            return table.keys.count - 1
        }
    }

    /// What a slot holds; only asked for a slot ``slot(sql:types:)`` gave out.
    func key(of slot: Int) -> Key {
        table.withLock { $0.keys[slot] }
    }

    /// The server-side names of the slots whose SQL `matches` (tests: what a connection holds).
    func names(where matches: (String) -> Bool) -> Set<String> {
        table.withLock { table in Set(table.keys.indices.filter { matches(table.keys[$0].sql) }.map(Self.name)) }
    }

    /// Whether every slot is taken (new statements run unnamed).
    var isFull: Bool {
        table.withLock { $0.keys.count >= Self.capacity }
    }

    /// A slot's name on the server.
    static func name(_ slot: Int) -> String { "tapline_\(slot)" }

    /// Reads and writes of rows. Transaction control and the migrations' DDL stay unnamed:
    /// they cost little to parse, and DDL is not worth a slot.
    /// A search (`search_words LIKE`) is not prepared either: its pattern decides its plan (the
    /// trigram index for a rare pattern), which a named statement's generic plan, made
    /// without the pattern, cannot know; it walked all the merchant's rows instead (376 ms
    /// against 9 with 100,000 payments).
    static func isPreparable(_ sql: String) -> Bool {
        if sql.contains("search_words LIKE") { return false }
        for prefix in ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"] where sql.utf8.starts(with: prefix.utf8) {
            return true
        }
        return false
    }

    /// The bound types as PostgresNIO sends them for `values` (NULL untyped).
    static func types(_ values: [SQLValue]) -> [PostgresDataType] {
        values.map { value in
            switch value {
            case .null: return .null
            case .integer: return .int8
            case .float: return .float8
            case .text: return .text
            case .bool: return .bool
            case .bytes: return .bytea
            }
        }
    }
}
