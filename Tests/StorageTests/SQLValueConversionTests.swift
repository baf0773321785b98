import Foundation
import Logging
import PostgresNIO
import SQLiteNIO
import Storage
import StorageSQL
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// How each store turns the shared values into its own binds and its cells back: no server
/// needed, so these run without `TAPLINE_POSTGRES_URL` too.
@Suite("SQL value conversion")
struct SQLValueConversionTests {
    @Test func sqliteKeepsAFlagAsZeroOrOne() {
        #expect(SQLiteSession.data(.bool(true)) == .integer(1))
        #expect(SQLiteSession.data(.bool(false)) == .integer(0))
    }

    @Test func sqliteValuesGoThereAndBack() {
        let values: [SQLValue] = [
            .null, .integer(Int64.max), .integer(-1), .float(3_600.5), .text("é"), .bytes(Data([0, 1, 255])), .bytes(Data()),
        ]
        for value in values {
            #expect(SQLiteSession.value(SQLiteSession.data(value)) == value)
        }
    }

    @Test func sqliteGivesBackWhatWasBound() async throws {
        let connection = try await SQLiteConnection.open(storage: .memory, logger: .quiet)
        let rows: [SQLRow]
        do {
            rows = try await SQLiteSession.rows(
                "SELECT ? AS flag, ? AS window, ? AS payload, ? AS empty, 3 AS total",
                [.bool(true), .float(3_600), .bytes(Data([7])), .null], on: connection, subject: "")
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(try row.value("flag") == .integer(1))
        #expect(try row.value("window") == .float(3_600))
        #expect(try row.value("payload") == .bytes(Data([7])))
        #expect(try row.value("empty") == .null)
        #expect(try row.value("total") == .integer(3))
        #expect(try row.value("absent") == nil)
    }

    @Test func postgresCellsAreReadByTheirType() throws {
        #expect(try PostgresSession.value(of: Self.cell(.int2, Int16(7))) == .integer(7))
        #expect(try PostgresSession.value(of: Self.cell(.int4, Int32(-7))) == .integer(-7))
        #expect(try PostgresSession.value(of: Self.cell(.int8, Int64.max)) == .integer(Int64.max))
        #expect(try PostgresSession.value(of: Self.cell(.float8, 3_600.5)) == .float(3_600.5))
        #expect(try PostgresSession.value(of: Self.cell(.text, "é")) == .text("é"))
        #expect(try PostgresSession.value(of: Self.cell(.varchar, "v")) == .text("v"))
        #expect(try PostgresSession.value(of: Self.cell(.bool, true)) == .bool(true))
        #expect(try PostgresSession.value(of: Self.cell(.bytea, ByteBuffer(bytes: [0, 255]))) == .bytes(Data([0, 255])))
        let null = PostgresCell(bytes: nil, dataType: .int8, format: .binary, columnName: "c", columnIndex: 0)
        #expect(try PostgresSession.value(of: null) == .null)
    }

    @Test func postgresCellsOfOtherTypesAreCorrupt() {
        var numeric = PostgresCell(bytes: ByteBuffer(bytes: [0]), dataType: .numeric, format: .binary, columnName: "rate", columnIndex: 0)
        var thrown = #expect(throws: StoreError.self) { try PostgresSession.value(of: numeric) }
        #expect(thrown?.kind == .corrupt)
        // Bytes too short for their type.
        numeric = PostgresCell(bytes: ByteBuffer(bytes: [0]), dataType: .int8, format: .binary, columnName: "n", columnIndex: 0)
        thrown = #expect(throws: StoreError.self) { try PostgresSession.value(of: numeric) }
        #expect(thrown?.kind == .corrupt)
    }

    @Test func postgresBindsEveryValue() {
        let binds = PostgresSession.bindings([.null, .integer(1), .float(1.5), .text("a"), .bool(true), .bytes(Data([1]))])
        #expect(binds.count == 6)
    }

    static func cell<T: PostgresEncodable>(_ type: PostgresDataType, _ value: T) -> PostgresCell {
        var buffer = ByteBuffer()
        try! value.encode(into: &buffer, context: .default)
        return PostgresCell(bytes: buffer, dataType: type, format: .binary, columnName: "c", columnIndex: 0)
    }
}
