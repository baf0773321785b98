import PaymentCore

/// A batch's totals as lines: net amount and count per currency, per card brand and
/// currency, and per kind of movement and currency. The stores keep the open batch's lines
/// as its members change (SQL: the `batch_totals` table, kept by triggers on
/// `transactions`); a close counts them again from the members. Sums are checked: one that
/// would not fit Int64 is ``StoreError/batchTotalsTooLarge``, never a wrap.
public struct BatchTotals: Sendable, Equatable {
    /// Which breakdown a line belongs to.
    public enum Grouping: String, Sendable {
        case currency, brand, kind
    }

    /// One line's key: for `.currency` the name is empty.
    public struct Key: Hashable, Sendable {
        public var grouping: Grouping
        public var name: String
        public var currency: String

        public init(grouping: Grouping, name: String, currency: String) {
            self.grouping = grouping
            self.name = name
            self.currency = currency
        }
    }

    public struct Line: Sendable, Equatable {
        public var count: Int64
        public var amount: Int64

        public init(count: Int64, amount: Int64) {
            self.count = count
            self.amount = amount
        }
    }

    /// Lines with a count of zero are left out (a member that stopped counting).
    public private(set) var lines: [Key: Line] = [:]

    public init() {}

    /// Lines as a store read them; empty ones are dropped.
    public init(lines: [Key: Line]) {
        self.lines = lines.filter { $0.value.count != 0 }
    }

    /// Totals counted from members.
    public init(members: some Sequence<Transaction>) throws {
        for member in members {
            if let movement = member.batchMovement { try add(movement) }
        }
    }

    /// The keys one movement counts under: its currency, its brand, its kind.
    public static func keys(of movement: BatchMovement) -> [Key] {
        [
            Key(grouping: .currency, name: "", currency: movement.currency),
            Key(grouping: .brand, name: movement.brand, currency: movement.currency),
            Key(grouping: .kind, name: movement.kind, currency: movement.currency),
        ]
    }

    /// Counts a member's movement in (`sign` 1) or out (`sign` -1).
    public mutating func add(_ movement: BatchMovement, sign: Int64 = 1) throws {
        let amount = sign < 0 ? -movement.amount : movement.amount
        for key in Self.keys(of: movement) {
            var line = lines[key] ?? Line(count: 0, amount: 0)
            line.count += sign
            line.amount = try Self.sum(line.amount, amount)
            lines[key] = line.count == 0 ? nil : line
        }
    }

    /// `a + b`, or ``StoreError/batchTotalsTooLarge`` when it would not fit Int64.
    public static func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw StoreError.batchTotalsTooLarge }
        return result
    }

    /// How many members count (the currency lines' counts).
    public var transactionCount: Int {
        Int(lines.filter { $0.key.grouping == .currency }.values.reduce(0) { $0 + $1.count })
    }

    /// Net amount per currency code.
    public var totals: [String: Int64] {
        var totals: [String: Int64] = [:]
        for (key, line) in lines where key.grouping == .currency { totals[key.currency] = line.amount }
        return totals
    }

    /// Brand lines, then kind lines, sorted by name and currency so a listing is stable.
    public var byCardBrand: [BatchSubtotal] { subtotals(.brand) }
    public var byType: [BatchSubtotal] { subtotals(.kind) }

    /// Writes the totals onto `batch`.
    public func apply(to batch: inout Batch) {
        batch.transactionCount = transactionCount
        batch.totals = totals
        batch.byCardBrand = byCardBrand
        batch.byType = byType
    }

    private func subtotals(_ grouping: Grouping) -> [BatchSubtotal] {
        lines.filter { $0.key.grouping == grouping }
            .map { BatchSubtotal(name: $0.key.name, currency: $0.key.currency, count: Int($0.value.count), amount: $0.value.amount) }
            .sorted { ($0.name, $0.currency) < ($1.name, $1.currency) }
    }
}
