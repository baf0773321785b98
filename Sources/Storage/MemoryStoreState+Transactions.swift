import Foundation
import PaymentCore

extension MemoryStoreState {
    /// Filters, orders and pages like the SQL stores do, so the contract suite can hold
    /// every store to the same answers.
    func transactions(_ query: TransactionQuery) -> TransactionPage {
        let matches = transactions.values.filter { Self.matches($0, query) }
        let sorted = matches.sorted { a, b in
            let (first, second) = query.ascending ? (a, b) : (b, a)
            switch Self.compare(first, second, by: query.orderBy) {
            case .some(let precedes): return precedes
            case .none:
                // Ties by date, then id, as the SQL stores break them.
                if first.createdAt != second.createdAt { return first.createdAt < second.createdAt }
                return Self.precedes(first.id, second.id)
            }
        }
        let window = query.pageWindow
        let items = sorted.dropFirst(min(window.offset, sorted.count)).prefix(window.limit)
        return TransactionPage(items: Array(items), total: matches.count)
    }

    private static func matches(_ row: Transaction, _ query: TransactionQuery) -> Bool {
        guard row.merchantId == query.merchantId else { return false }
        if let method = query.createMethod, row.createMethod != method { return false }
        if let creator = query.createdById, row.createdById != creator { return false }
        if let reference = query.referenceId, row.referenceId != reference { return false }
        if let batch = query.batchId, row.batchId != batch { return false }
        if query.noBatch == true, row.settledAt != nil { return false }
        if let status = query.status, row.status != status { return false }
        if let type = query.type, row.type != type { return false }
        if query.originalsOnly, row.parentId != nil { return false }
        if let least = query.minAmount, row.amount < least { return false }
        if let most = query.maxAmount, row.amount > most { return false }
        if let digits = query.lastFour, digits.count == 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            let shown = [row.card?.maskedPan, row.bankAccount?.maskedAccountNumber].compactMap { $0 }
            guard shown.contains(where: { $0.hasSuffix(digits) }) else { return false }
        }
        if let prefix = query.idPrefix, TransactionQuery.isIdPrefix(prefix), !row.id.hasPrefix(prefix) { return false }
        if let stan = query.stan, TransactionQuery.isSTAN(stan), row.processorTrace?.hasPrefix(stan) != true { return false }
        if let text = query.search {
            let words = TransactionQuery.searchWords(row)
            let byText = text.count >= TransactionQuery.searchMinimum && words.contains(text.lowercased())
            guard byText || query.searchAmount.map({ words.contains("¤\($0)¤") }) == true else { return false }
        }
        if let from = query.createdFrom, row.createdAt < from { return false }
        if let to = query.createdTo, row.createdAt >= to { return false }
        return true
    }

    /// Whether `a` sorts before `b` on the order column, or nil when they tie there.
    private static func compare(_ a: Transaction, _ b: Transaction, by order: TransactionQuery.Order) -> Bool? {
        switch order {
        case .date:
            return a.createdAt == b.createdAt ? nil : a.createdAt < b.createdAt
        case .totalAmount:
            return a.amount == b.amount ? nil : a.amount < b.amount
        case .status:
            return compare(a.status.rawValue, b.status.rawValue)
        case .id:
            return nil
        case .customerPan:
            return compare(a.card?.maskedPan, b.card?.maskedPan)
        case .customerName:
            return compare(a.customerName, b.customerName)
        case .type:
            return compare(a.type.rawValue, b.type.rawValue)
        case .operationMode:
            return compare(a.card?.entryMode, b.card?.entryMode)
        case .customerCompany:
            return compare(a.contact?.companyName, b.contact?.companyName)
        case .paymentMethodType:
            let (first, second) = (a.paymentMethod.ariseId, b.paymentMethod.ariseId)
            return first == second ? nil : first < second
        case .cardTokenType, .merchant:
            return nil
        }
    }

    private static func compare(_ a: String?, _ b: String?) -> Bool? {
        // Bytes, not Swift's canonical equivalence, decide a tie, as in SQLite.
        if precedes(a, b) { return true }
        if precedes(b, a) { return false }
        return nil
    }
}
