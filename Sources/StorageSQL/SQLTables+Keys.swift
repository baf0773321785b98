import Foundation
import Storage

extension SQLTables {
    /// The fleet's sealed key sets (SQLite migration 8, PostgreSQL migration 2): the sealed
    /// box as bytes, never the keys themselves.
    static let keySets = SQLTable<SealedKeySet>("key_sets", key: ["name"], columns: [
        Column(name: "name") { .text($0.name) },
        Column(name: "sealed") { SQLValue.blob($0.sealed) },
        Column(name: "version") { SQLValue.integer($0.version) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "updated_at") { SQLValue.date($0.updatedAt) },
    ]) { row in
        SealedKeySet(
            name: try row.text("name"), sealed: try row.optionalBlob("sealed") ?? Data(), version: try row.int("version"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }

    /// The fingerprints of the keys the database was written with (SQLite migration 24,
    /// PostgreSQL migration 18): never the keys.
    static let keyFingerprints = SQLTable<KeyFingerprints>("key_fingerprints", key: ["name"], columns: [
        Column(name: "name") { .text($0.name) },
        Column(name: "token_signing_key") { .text($0.tokenSigningKey) },
        Column(name: "pan_hash_key") { .text($0.panHashKey) },
        Column(name: "recorded_at") { SQLValue.date($0.recordedAt) },
    ]) { row in
        KeyFingerprints(
            name: try row.text("name"), tokenSigningKey: try row.text("token_signing_key"), panHashKey: try row.text("pan_hash_key"),
            recordedAt: try row.date("recorded_at"))
    }
}

extension SQLQuerying {
    func sealedKeySet(name: String) async throws -> SealedKeySet? {
        try await fetch(SQLTables.keySets, where: "name = ?", [.text(name)]).first
    }

    func keyFingerprints(name: String) async throws -> KeyFingerprints? {
        try await fetch(SQLTables.keyFingerprints, where: "name = ?", [.text(name)]).first
    }
}

extension SQLWriter {
    func insert(_ keys: SealedKeySet) async throws {
        try await insert(keys, into: SQLTables.keySets, subject: "key set \(keys.name)")
    }

    func update(_ keys: SealedKeySet) async throws {
        try await update(keys, in: SQLTables.keySets, subject: "key set \(keys.name)")
    }

    func insert(_ fingerprints: KeyFingerprints) async throws {
        try await insert(fingerprints, into: SQLTables.keyFingerprints, subject: "key fingerprints \(fingerprints.name)")
    }
}
