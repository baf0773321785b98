import Foundation
import Hummingbird
import PaymentCore
import Storage

/// Transactions as CSV (RFC 4180): one header row, then a row each; amounts as decimals
/// in their currency: `amount` what was approved (or, in a batch's file, what the batch
/// counts, refunds negative) and `amount_requested` what was asked; `captured`, `refunded`,
/// `charged_back` (lost and accepted disputes), `net` (captured less refunded and charged back)
/// and `tip` are the payment's running totals, and
/// `authorization_code` the processor's. A cell a spreadsheet
/// would run as a formula (=, +, -, @) is quoted with a leading apostrophe, since
/// references and names are text clients sent; an amount is written as it is.
public enum DashboardCSV {
    /// The columns, shared by the dashboard's files and `tapline export transactions`.
    public static let header = [
        "id", "created_at", "type", "status", "amount", "amount_requested", "currency", "card_or_account", "brand", "reference", "customer",
        "batch_id", "parent_id", "captured", "refunded", "charged_back", "net", "tip", "authorization_code",
    ]

    /// One row of the file: a transaction and the two amounts written for it.
    struct Line {
        var row: Transaction
        var amount: Money
        var requested: Money

        /// A payment as the payments list shows it: approved, and asked.
        init(_ row: Transaction) {
            let shown = DashboardAmount(row)
            self.init(row, amount: shown.approved, requested: shown.asked)
        }

        init(_ row: Transaction, amount: Money, requested: Money) {
            self.row = row
            self.amount = amount
            self.requested = requested
        }
    }

    /// Every transaction `query` finds, as a file written while it is read, a page at a time.
    static func streamed(filename: String, from export: TransactionExport, query: TransactionQuery) -> Response {
        let body = ResponseBody { writer in
            let dates = ISO8601DateFormatter()
            try await writer.write(ByteBuffer(string: header.joined(separator: ",") + "\r\n"))
            try await export.forEachPage(of: query) { page in
                guard !page.isEmpty else { return }
                try await writer.write(ByteBuffer(string: page.map { row(Line($0), dates: dates) + "\r\n" }.joined()))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers(filename), body: body)
    }

    private static func headers(_ filename: String) -> HTTPFields {
        [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\"", .cacheControl: "no-store"]
    }

    static func response(_ lines: [Line], filename: String) -> Response {
        var text = [header.joined(separator: ",")]
        // One formatter for the whole file, not one per row.
        let dates = ISO8601DateFormatter()
        for line in lines { text.append(row(line, dates: dates)) }
        let body = text.joined(separator: "\r\n") + "\r\n"
        return Response(status: .ok, headers: headers(filename), body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// One line of the file without its line break, in ``header``'s order; `tapline export`
    /// writes the same lines.
    static func row(_ line: Line, dates: ISO8601DateFormatter) -> String {
        let row = line.row
        let described = [row.id, dates.string(from: row.createdAt), row.type.rawValue, row.status.rawValue].map(cell)
        // Amounts are ours, not text a client sent: a refund's "-7.00" stays a number.
        let amounts = [line.amount.formattedAmount, line.requested.formattedAmount, row.currency.code]
        let rest = [
            row.card?.maskedPan ?? row.bankAccount?.maskedAccountNumber ?? "", row.card?.brand ?? (row.bankAccount == nil ? "" : "ach"),
            row.referenceId ?? "", row.customerName ?? "", row.batchId ?? "", row.parentId ?? "",
        ].map(cell)
        // The payment's running totals; net is captured less refunded and less what disputes took back.
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: row.currency).formattedAmount }
        let totals = [
            money(row.capturedAmount), money(row.refundedAmount), money(row.chargedBackAmount),
            money(row.netAmount), money(row.tipAmount),
        ]
        return (described + amounts + rest + totals + [cell(row.processorResult?.authorizationCode ?? "")]).joined(separator: ",")
    }

    static func cell(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "'" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
