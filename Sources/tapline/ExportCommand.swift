import ArgumentParser
import Foundation
import Gateway

/// `tapline export transactions`: a merchant's transactions as CSV or JSON Lines, streamed.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export data from the database.", subcommands: [Transactions.self])

    struct Transactions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A merchant's transactions created in a date range, oldest first, with no row limit.",
            discussion: """
                CSV has the dashboard export's columns; json writes one transaction per line (JSON Lines) as the API \
                shows it. Dates are days (2026-11-27, UTC; --to includes that day) or ISO 8601 instants.
                """)

        @Option(help: "The merchant id.") var merchant: String
        @Option(help: "First day or instant (inclusive).") var from: String
        @Option(help: "Last day (inclusive) or instant (exclusive).") var to: String
        @Option(help: "csv or json (JSON Lines).") var format: String = "csv"
        @Option(help: "Write to this new file instead of standard output.") var output: String?
        @OptionGroup var store: StoreOptions

        func run() async throws {
            guard let start = ExportDateBound.parse(from, end: false) else {
                throw CommandFailure(description: "--from must be a day (2026-11-27) or an ISO 8601 time, not '\(from.prefix(40))'")
            }
            guard let end = ExportDateBound.parse(to, end: true) else {
                throw CommandFailure(description: "--to must be a day (2026-11-27) or an ISO 8601 time, not '\(to.prefix(40))'")
            }
            guard let kind = TransactionExport.Format(rawValue: format) else {
                throw CommandFailure(description: "--format must be csv or json, not '\(format.prefix(40))'")
            }
            let sink = try ExportSink(path: output)
            do {
                _ = try await store.withStore { database in
                    try await TransactionExport(store: database).write(merchantId: merchant, from: start, to: end, format: kind) {
                        try sink.write($0)
                    }
                }
                try sink.finish()
            } catch let error as TransactionExportError {
                sink.abandon()
                throw CommandFailure(description: error.description)
            } catch {
                sink.abandon()
                throw error
            }
        }
    }
}
