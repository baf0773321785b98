import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// The bank account of an ACH debit and of its cancel and refunds (SQLite migration 20,
    /// PostgreSQL 14): masked to its last four, with the keyed hash of its number. The
    /// account is there when its routing number is; its other columns are then required.
    static let bankAccountColumns: [SQLTable<Transaction>.Column] = [
        Column(name: "bank_routing_number") { SQLValue.text($0.bankAccount?.routingNumber) },
        Column(name: "bank_account_masked") { SQLValue.text($0.bankAccount?.maskedAccountNumber) },
        Column(name: "bank_account_hash") { SQLValue.text($0.bankAccount?.accountNumberHash) },
        Column(name: "bank_account_type") { SQLValue.text($0.bankAccount?.accountType.rawValue) },
        Column(name: "bank_holder_type") { SQLValue.text($0.bankAccount?.holderType.rawValue) },
        Column(name: "bank_holder_name") { SQLValue.text($0.bankAccount?.holderName) },
        Column(name: "bank_tax_id_masked") { SQLValue.text($0.bankAccount?.maskedTaxId) },
    ]

    static func decodeBankAccount(_ row: SQLRowReader) throws -> BankAccountDetails? {
        guard let routingNumber = try row.optionalText("bank_routing_number") else { return nil }
        return BankAccountDetails(
            routingNumber: routingNumber, maskedAccountNumber: try row.text("bank_account_masked"),
            accountNumberHash: try row.text("bank_account_hash"),
            accountType: try row.value(BankAccountType.self, "bank_account_type"),
            holderType: try row.value(BankAccountHolderType.self, "bank_holder_type"),
            holderName: try row.text("bank_holder_name"), maskedTaxId: try row.optionalText("bank_tax_id_masked"))
    }
}
