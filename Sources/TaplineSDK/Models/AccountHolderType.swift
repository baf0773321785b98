import PaymentCore

/// Whether the bank account of an ACH payment belongs to a business or a person (ARISE
/// `AccountHolderType`, with its numbers).
public enum AccountHolderType: Int, Sendable, Equatable, CaseIterable {
    case business = 1
    case personal = 2

    init(_ type: BankAccountHolderType) {
        self = type == .business ? .business : .personal
    }

    var holderType: BankAccountHolderType { self == .business ? .business : .personal }
}
