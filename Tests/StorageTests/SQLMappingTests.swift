import Foundation
import PaymentCore
import Storage
@testable import StorageSQL
import Testing
import TestSupport

/// The mapping both SQL stores share: every field has a column, and a row is read strictly.
@Suite("SQL mapping")
struct SQLMappingTests {
    @Test func everyTransactionFieldHasAColumn() {
        // A new field on Transaction needs a column in SQLTables.transactions and a
        // migration in each store, then a place in this list and in Fixtures.fullTransaction.
        let fields = Mirror(reflecting: Fixtures.fullTransaction()).children.compactMap(\.label)
        #expect(fields == [
            "id", "merchantId", "type", "status", "parentId", "currency", "amount", "authorizedAmount",
            "capturedAmount", "refundedAmount", "chargedBackAmount", "tipAmount", "pendingRefundAmount", "pendingOperationId", "card",
            "processorResult", "processorTrace", "pinChallenge", "cardPresent", "referenceId", "customerId", "customerName", "customerEmail", "createdById",
            "createMethod", "batchId", "settledAt", "createdAt", "updatedAt", "breakdown", "additionalInformation", "signature",
            "signatureRequired", "amountDetails", "processorId", "billingAddress", "shippingAddress", "contact", "avsResult", "cardEntry", "bankAccount", "balanceAfter",
        ])
        #expect(Mirror(reflecting: Fixtures.card()).children.count == 6)
        #expect(Mirror(reflecting: ProcessorResult(responseCode: "00", message: "")).children.count == 4)
        let challenge = PINChallenge(token: "", expiresAt: Fixtures.epoch, maxAttempts: 1, deviceId: nil)
        #expect(Mirror(reflecting: challenge).children.count == 5)
        #expect(Mirror(reflecting: CardPresentDetails(deviceId: "")).children.count == 11)
        #expect(Mirror(reflecting: PaymentBreakdown(subtotal: 0)).children.count == 7)
        #expect(Mirror(reflecting: AmountBreakdown(base: 0)).children.count == 11)
        #expect(Mirror(reflecting: PostalAddress()).children.count == 7)
        #expect(Mirror(reflecting: ContactDetails()).children.count == 5)
        #expect(Mirror(reflecting: CardEntryDetails()).children.count == 3)
        #expect(Mirror(reflecting: Fixtures.bankAccount()).children.count == 7)
        #expect(Mirror(reflecting: PaymentBalance.zero).children.count == 4)
        // Card, processor result, PIN challenge, card-present details, breakdown, amount
        // details, both addresses, contact, card entry, bank account and balance are flattened into columns of their own;
        // the batch movement's three columns are derived from the row, not a field.
        #expect(SQLTables.transactions.columns.count == fields.count - 12 + 6 + 4 + 5 + 11 + 7 + 11 + 7 + 7 + 5 + 3 + 7 + 4 + 3)
        #expect(SQLTables.transactions.columns.contains { $0.name == "additional_information" })
    }

    @Test func flagsAreBoundAsBooleans() throws {
        var token = Fixtures.refreshToken()
        token.revoked = true
        let binds = try SQLTables.refreshTokens.insertBinds(token)
        let revoked = try #require(SQLTables.refreshTokens.columns.firstIndex { $0.name == "revoked" })
        #expect(binds[revoked] == .bool(true))
    }

    @Test func anInsertReportsADuplicateByReturningNothing() {
        // An error would abort a PostgreSQL transaction; no row back lets the writer go on.
        #expect(SQLTables.devices.insertSQL.hasSuffix("ON CONFLICT DO NOTHING RETURNING 1 AS inserted"))
    }

    @Test func aRecordSurvivesItsColumns() throws {
        let transaction = Fixtures.fullTransaction()
        let table = SQLTables.transactions
        let row = SQLRow(Dictionary(uniqueKeysWithValues: zip(table.columns.map(\.name), try table.insertBinds(transaction))))
        #expect(try table.decode(row) == transaction)
    }

    @Test func aFlagIsABooleanOrZeroOrOne() throws {
        let reader = SQLRowReader(SQLRow(["pg": .bool(true), "one": .integer(1), "zero": .integer(0)]), table: "t")
        #expect(try reader.bool("pg"))
        #expect(try reader.bool("one"))
        #expect(try !reader.bool("zero"))
    }

    @Test(arguments: [
        SQLValue.integer(2), .text("1"), .null,
    ])
    func anythingElseIsNotAFlag(_ value: SQLValue) {
        let reader = SQLRowReader(SQLRow(["flag": value]), table: "t")
        let thrown = #expect(throws: StoreError.self) { try reader.bool("flag") }
        #expect(thrown?.kind == .corrupt)
    }

    @Test func valuesOfTheWrongTypeAreCorrupt() {
        let reader = SQLRowReader(SQLRow([
            "number": .text("12"), "name": .integer(12), "when": .float(1.5), "payload": .text("x"),
            "rate": .text("3.5%"), "list": .text("not json"), "status": .text("nonsense"), "window": .integer(3_600),
        ]), table: "t")
        let reads: [(String, () throws -> Void)] = [
            ("int64", { _ = try reader.int64("number") }),
            ("text", { _ = try reader.text("name") }),
            ("date", { _ = try reader.date("when") }),
            ("blob", { _ = try reader.optionalBlob("payload") }),
            ("decimal", { _ = try reader.decimal("rate") }),
            ("json", { _ = try reader.json([String].self, "list") }),
            ("enum", { _ = try reader.value(TransactionStatus.self, "status") }),
            ("double", { _ = try reader.double("window") }),
            ("missing column", { _ = try reader.text("absent") }),
        ]
        for (name, read) in reads {
            let thrown = #expect(throws: StoreError.self, "\(name)") { try read() }
            #expect(thrown?.kind == .corrupt, "\(name)")
        }
    }

    @Test func nullIsNilWhereOptionalAndCorruptWhereRequired() throws {
        let reader = SQLRowReader(SQLRow(["maybe": .null]), table: "t")
        #expect(try reader.optionalText("maybe") == nil)
        #expect(try reader.optionalInt64("maybe") == nil)
        #expect(try reader.optionalDate("maybe") == nil)
        #expect(try reader.optionalBlob("maybe") == nil)
        #expect(try reader.optionalDecimal("maybe") == nil)
        #expect(throws: StoreError.corrupt("t.maybe is NULL")) { try reader.text("maybe") }
        #expect(throws: StoreError.corrupt("t.maybe is NULL")) { try reader.int64("maybe") }
    }
}
