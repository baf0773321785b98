import Foundation
import Hummingbird
import PaymentCore

/// Transactions as CSV (RFC 4180): one header row, then a row each; amounts as decimals
/// in their currency. A cell a spreadsheet would run as a formula (=, +, -, @) is quoted
/// with a leading apostrophe, since references and names are text clients sent.
enum DashboardCSV {
    static let header = ["id", "created_at", "type", "status", "amount", "currency", "card_or_account", "brand", "reference", "customer", "batch_id", "parent_id"]

    static func response(_ rows: [Transaction], filename: String) -> Response {
        var lines = [header.joined(separator: ",")]
        // One formatter for the whole file, not one per row.
        let dates = ISO8601DateFormatter()
        for row in rows {
            let cells: [String] = [
                row.id, dates.string(from: row.createdAt), row.type.rawValue, row.status.rawValue,
                row.money.formattedAmount, row.currency.code,
                row.card?.maskedPan ?? row.bankAccount?.maskedAccountNumber ?? "", row.card?.brand ?? (row.bankAccount == nil ? "" : "ach"),
                row.referenceId ?? "", row.customerName ?? "", row.batchId ?? "", row.parentId ?? "",
            ]
            lines.append(cells.map(cell).joined(separator: ","))
        }
        let body = lines.joined(separator: "\r\n") + "\r\n"
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\"", .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    static func cell(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "'" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
