import Foundation
import PaymentCore

/// The acquirer's dispute file as an operator imports it (`POST /v1/disputes/import`): CSV
/// (RFC 4180: comma-separated, fields with commas, quotes or line breaks in double quotes,
/// a quote inside one doubled), UTF-8, a header row first. Columns, in any order:
///
/// | column | required | what |
/// |---|---|---|
/// | `payment_id` | yes | the disputed sale or authorization (Tapline's id) |
/// | `reference` | yes | the acquirer's case number; a row with a known one updates that dispute |
/// | `reason_code` | yes | the card scheme's reason code |
/// | `amount` | yes | minor units, a whole number from 1 |
/// | `currency` | yes | ISO 4217 code, the payment's |
/// | `status` | yes | `needsResponse`, `underReview`, `won`, `lost` or `accepted` |
/// | `respond_by` | no | ISO 8601 instant; empty: seven days after the import |
/// | `reason` | no | the reason in words |
///
/// Decoded once, whole, before anything is written: a bad row is a 400 naming its line and
/// column, and nothing of the file is kept.
struct DisputeFile: Sendable {
    struct Row: Sendable, Equatable {
        var line: Int
        var paymentId: String
        var reference: String
        var reasonCode: String
        var amount: Money
        var status: DisputeStatus
        var respondBy: Date?
        var reason: String?
    }

    static let required = ["payment_id", "reference", "reason_code", "amount", "currency", "status"]
    static let optional = ["respond_by", "reason"]
    static let maxRows = 10_000
    static let maxBytes = 2 * 1024 * 1024
    static let maxFieldLength = 200

    var rows: [Row]

    init(_ data: Data) throws {
        guard var text = String(data: data, encoding: .utf8) else { throw Self.invalid(line: 1, "body", "the file is not UTF-8 text") }
        // A spreadsheet's "CSV UTF-8" starts with a byte order mark, which is not the header's.
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let records = try DisputeFileCSV.records(text)
        guard let header = records.first, !(header.fields.count == 1 && header.fields[0].isEmpty) else {
            throw Self.invalid(line: 1, "body", "the file is empty; its first line names the columns: \(Self.required.joined(separator: ","))")
        }
        var column: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            guard Self.required.contains(name) || Self.optional.contains(name) else {
                throw Self.invalid(line: 1, name, "unknown column \"\(name)\"; the columns are \((Self.required + Self.optional).joined(separator: ", "))")
            }
            guard column[name] == nil else { throw Self.invalid(line: 1, name, "column \(name) is named twice") }
            column[name] = index
        }
        if let missing = Self.required.first(where: { column[$0] == nil }) {
            throw Self.invalid(line: 1, missing, "the header has no \(missing) column")
        }
        let body = records.dropFirst().filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }
        guard !body.isEmpty else { throw Self.invalid(line: 2, "body", "the file has no rows after its header") }
        guard body.count <= Self.maxRows else { throw Self.invalid(line: Self.maxRows + 2, "body", "a file has at most \(Self.maxRows) rows") }
        rows = try body.map { record in
            guard record.fields.count == header.fields.count else {
                throw Self.invalid(line: record.line, "body", "the row has \(record.fields.count) fields; the header names \(header.fields.count)")
            }
            return try Self.row(record, column)
        }
    }

    private static func row(_ record: DisputeFileCSV.Record, _ column: [String: Int]) throws -> Row {
        func field(_ name: String) throws -> String? {
            guard let index = column[name] else { return nil }
            let value = record.fields[index].trimmingCharacters(in: .whitespaces)
            guard value.count <= maxFieldLength else { throw invalid(line: record.line, name, "\(name) is at most \(maxFieldLength) characters") }
            return value.isEmpty ? nil : value
        }
        func required(_ name: String) throws -> String {
            guard let value = try field(name) else { throw invalid(line: record.line, name, "\(name) is empty") }
            return value
        }
        let line = record.line
        guard let currency = Currency(code: try required("currency")) else {
            throw invalid(line: line, "currency", "currency is not an ISO 4217 code Tapline knows")
        }
        guard let minor = Int64(try required("amount")), minor >= 1, Money.isWithinLimit(minor) else {
            throw invalid(line: line, "amount", "amount is a whole number of minor units from 1")
        }
        guard let status = DisputeStatus(rawValue: try required("status")) else {
            throw invalid(line: line, "status", "status is one of: \(DisputeStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var respondBy: Date?
        if let text = try field("respond_by") {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw invalid(line: line, "respond_by", "respond_by is an ISO 8601 instant such as 2026-12-01T17:00:00Z")
            }
            respondBy = date
        }
        return Row(
            line: line, paymentId: try required("payment_id"), reference: try required("reference"), reasonCode: try required("reason_code"),
            amount: Money(minorUnits: minor, currency: currency), status: status, respondBy: respondBy, reason: try field("reason"))
    }

    static func invalid(line: Int, _ column: String, _ reason: String) -> GatewayFailure {
        .invalid(column, "line \(line): \(reason); nothing was imported")
    }
}
