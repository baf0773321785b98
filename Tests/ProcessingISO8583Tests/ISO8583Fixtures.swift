import Foundation

/// Fixtures/iso8583_vectors.json, written by scripts/interop/iso8583_vectors.py with
/// pyiso8583: the field table the script used and messages it encoded.
struct ISO8583Fixtures: Decodable {
    /// One row of the Python table.
    struct Row: Decodable, Equatable {
        let field: Int
        let name: String
        let format: String
        let length: String
        let max: Int
    }

    struct Vector: Decodable {
        let name: String
        let mti: String
        let fields: [String: String]
        let hex: String

        var message: ISO8583JSONMessage { ISO8583JSONMessage(mti: mti, fields: fields) }
    }

    let pyiso8583: String
    let table: [Row]
    let vectors: [Vector]

    /// Found next to this source file, so no resource has to be declared in Package.swift.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/iso8583_vectors.json")

    static func load() throws -> ISO8583Fixtures {
        try JSONDecoder().decode(ISO8583Fixtures.self, from: Data(contentsOf: url))
    }
}
