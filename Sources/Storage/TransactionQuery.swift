import Foundation
import PaymentCore

/// Filters, order and page of a transaction list (ARISE `TransactionFilters` plus status,
/// type and date range). Order is stable: ties are broken by date, then id.
public struct TransactionQuery: Sendable, Equatable {
    /// ARISE's eleven `orderBy` keys, plus Tapline's `type`.
    public enum Order: String, Sendable, CaseIterable {
        case date, totalAmount, status, id, customerPan, customerName, type
        /// The card's entry mode (`contactless`, `manual`), which Tapline shows as ARISE `operationMode`.
        case operationMode
        /// The contact's company name (ARISE `customerCompany`).
        case customerCompany
        /// Card (ARISE 1) before electronic check (2, ACH) when ascending.
        case paymentMethodType
        /// Keys with one value for every row a list can hold: Tapline keeps no card tokens
        /// (`cardTokenType` is always absent) and lists one merchant at a time (`merchant`).
        /// They sort as ties: by date, then id.
        case cardTokenType, merchant
    }

    public var merchantId: String
    /// Zero-based page number.
    public var page: Int = 0
    public var pageSize: Int = 20
    public var orderBy: Order = .date
    public var ascending: Bool = false
    public var createMethod: CreateMethod?
    public var createdById: String?
    /// The merchant's own reference (Halo `merchantReference`, ARISE `referenceId`).
    public var referenceId: String?
    public var batchId: String?
    /// true: only transactions not yet settled.
    public var noBatch: Bool?
    public var status: TransactionStatus?
    public var type: TransactionType?
    /// Only rows without a parent: payments, unreferenced refunds and verifications (the
    /// dashboard's list), not their follow-ups.
    public var originalsOnly = false
    /// Amount bounds, inclusive, in minor units.
    public var minAmount: Int64?
    public var maxAmount: Int64?
    /// The card's or bank account's last four digits.
    public var lastFour: String?
    /// Ids that start with this text (a Viva short order code), found through the id's index.
    /// Only ``isIdPrefix(_:)`` text counts: a store ignores anything else.
    public var idPrefix: String?
    /// The six-digit STAN the acquirer link sent the transaction under (its
    /// `processorTrace` starts with it), found through an index of the merchant's traces.
    /// Only six digits count: a store ignores anything else.
    public var stan: String?
    /// The dashboard's search box: a transaction matches when this text, in any case, is part
    /// of its id, reference, customer name or email, authorization code or the card's (or
    /// bank account's) last four digits, or when ``searchAmount`` is its amount asked or
    /// approved. Text counts from ``searchMinimum`` characters: shorter text matches no words
    /// (a trigram index cannot find it), only the amount.
    public var search: String?
    /// An exact amount in minor units (the search box's "18.00" in the merchant's currency),
    /// matched against the amount asked and the amount approved; only with ``search``.
    public var searchAmount: Int64?
    /// Inclusive lower bound of `createdAt`.
    public var createdFrom: Date?
    /// Exclusive upper bound of `createdAt`.
    public var createdTo: Date?

    public init(merchantId: String) { self.merchantId = merchantId }

    /// The fewest characters of search text that match words (a trigram's length).
    public static let searchMinimum = 3

    /// The words a search looks in, lowercased: id, reference, customer name and email,
    /// authorization code, the last four digits, and each amount between `¤` marks, so an
    /// amount matches only whole (`¤1800¤` is not part of `¤18000¤`). The stores index the
    /// same text (SQLite 36, PostgreSQL 31).
    public static func searchWords(_ row: Transaction) -> String {
        let digits = row.card?.maskedPan ?? row.bankAccount?.maskedAccountNumber
        return [row.id, row.referenceId ?? "", row.customerName ?? "", row.customerEmail ?? "", row.processorResult?.authorizationCode ?? "",
                digits.map { String($0.suffix(4)) } ?? "", "¤\(row.amount)¤", "¤\(row.authorizedAmount)¤"]
            .joined(separator: " ").lowercased()
    }

    /// 1 to 64 ASCII letters, digits, "-" or "_": what an id can start with, and nothing a
    /// pattern or a range bound could read as more.
    public static func isIdPrefix(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
    }

    /// Six ASCII digits.
    public static func isSTAN(_ text: String) -> Bool {
        text.utf8.count == 6 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Above every character ``isIdPrefix(_:)`` and ``isSTAN(_:)`` allow, so `prefix`…`prefix + "~"`
    /// is the range of every text that starts with `prefix`.
    public static let prefixRangeEnd = "~"
}

/// One page of transactions and the number of all matches.
public struct TransactionPage: Sendable, Equatable {
    public var items: [Transaction]
    public var total: Int

    public init(items: [Transaction], total: Int) {
        self.items = items
        self.total = total
    }
}
