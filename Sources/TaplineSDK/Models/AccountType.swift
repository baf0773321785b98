import PaymentCore

/// The kind of bank account an ACH payment debits (ARISE `AccountType`, with its numbers).
public enum AccountType: Int, Sendable, Equatable, CaseIterable {
    case checking = 1
    case savings = 2

    init(_ type: BankAccountType) {
        self = type == .checking ? .checking : .savings
    }

    var bankAccountType: BankAccountType { self == .checking ? .checking : .savings }
}
