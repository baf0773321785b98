import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// `transactions(_:)` on every store: each filter, each order in both directions, pages
/// and totals.
@Suite("Store contract: transaction lists")
struct StoreQueryContractTests {
    /// Twelve rows of m_1 with repeated dates, amounts and names (so ties are broken by id),
    /// missing PANs and names (NULL ordering), non-ASCII and lower-case names (byte order),
    /// and two rows of m_2 that must never show up.
    static let rows: [Transaction] = {
        func row(
            _ id: String, _ type: TransactionType, _ status: TransactionStatus, minute: Int64, amount: Int64,
            _ method: CreateMethod, by creator: String?, batch: String?, settled: Bool, pan: String?, name: String?,
            merchant: String = "m_1"
        ) -> Transaction {
            var row = Fixtures.transaction(
                id: id, merchantId: merchant, type: type, status: status, amount: amount, createMethod: method,
                createdAt: Fixtures.minutes(minute))
            row.createdById = creator
            row.batchId = batch
            row.settledAt = settled ? Fixtures.minutes(100) : nil
            // Three keyed cards among the taps, so operationMode has values to order.
            let entryMode = ["t02", "t05", "t09"].contains(id) ? "manual" : "contactless"
            row.card = pan.map { Fixtures.card(pan: $0, entryMode: entryMode) }
            row.customerName = name
            // Companies on some rows, repeated and missing, so customerCompany has ties and NULLs.
            row.contact = ["t02": "Acme", "t05": "acme", "t07": "Acme", "t11": "Zeta"][id].map { ContactDetails(companyName: $0) }
            // Two bank-account rows, so paymentMethodType has both values to order.
            row.bankAccount = ["t03", "t10"].contains(id) ? Fixtures.bankAccount() : nil
            // STAN and transmission time of the acquirer link; t07 repeats t01's STAN (it wraps).
            // Search's other words: an authorization code, an email, a reference.
            if id == "t09" { row.processorResult = ProcessorResult(responseCode: "00", message: "Approved", authorizationCode: "AUTH77") }
            if id == "t12" { row.customerEmail = "Dave@Example.com" }
            if id == "t08" { row.referenceId = "order-4711" }
            row.processorTrace = ["t01": "0001231123191419", "t07": "0001231124101010", "t09": "0001241123191420",
                                  "u01": "0001231123191419"][id]
            return row
        }
        return [
            row("t01", .sale, .captured, minute: 0, amount: 500, .tapToPay, by: "dev_a", batch: "b_1", settled: true, pan: "4242424242424242", name: "Alice"),
            row("t02", .sale, .captured, minute: 0, amount: 1500, .tapToPay, by: "dev_b", batch: "b_1", settled: false, pan: "5555555555554444", name: "bob"),
            row("t03", .authorization, .authorized, minute: 1, amount: 1500, .apiToken, by: "dev_a", batch: nil, settled: false, pan: nil, name: nil),
            row("t04", .refund, .approved, minute: 2, amount: 200, .tapToPay, by: "dev_a", batch: "b_1", settled: false, pan: "4242424242424242", name: "Alice"),
            row("t05", .sale, .declined, minute: 2, amount: 999, .terminal, by: nil, batch: nil, settled: false, pan: "4000000000000002", name: "Zed"),
            row("t06", .authorization, .voided, minute: 3, amount: 500, .tapToPay, by: "dev_b", batch: "b_2", settled: true, pan: nil, name: "Ångström"),
            row("t07", .capture, .approved, minute: 4, amount: 700, .tapToPay, by: "dev_a", batch: "b_2", settled: false, pan: "5555555555554444", name: nil),
            row("t08", .sale, .failed, minute: 5, amount: 500, .mobileApp, by: "dev_c", batch: nil, settled: false, pan: nil, name: "Alice"),
            row("t09", .sale, .captured, minute: 5, amount: 2500, .tapToPay, by: "dev_a", batch: "b_2", settled: false, pan: "378282246310005", name: "carol"),
            row("t10", .void, .pending, minute: 6, amount: 1500, .apiToken, by: "dev_b", batch: nil, settled: false, pan: nil, name: nil),
            row("t11", .sale, .refunded, minute: 6, amount: 100, .tapToPay, by: "dev_a", batch: "b_1", settled: true, pan: "4242424242424242", name: "Alice"),
            row("t12", .tipAdjustment, .approved, minute: 7, amount: 300, .portal, by: "dev_a", batch: nil, settled: false, pan: nil, name: "Dave"),
            row("u01", .sale, .captured, minute: 0, amount: 500, .tapToPay, by: "dev_a", batch: "b_1", settled: false, pan: nil, name: "Alice", merchant: "m_2"),
            row("u02", .sale, .approved, minute: 9, amount: 1, .tapToPay, by: "dev_a", batch: nil, settled: false, pan: nil, name: nil, merchant: "m_2"),
        ]
    }()

    /// Each filter alone and a few together, with the ids they must find.
    static let filters: [(String, @Sendable (inout TransactionQuery) -> Void, Set<String>)] = [
        ("createMethod", { $0.createMethod = .tapToPay }, ["t01", "t02", "t04", "t06", "t07", "t09", "t11"]),
        ("createdById", { $0.createdById = "dev_a" }, ["t01", "t03", "t04", "t07", "t09", "t11", "t12"]),
        ("batchId", { $0.batchId = "b_1" }, ["t01", "t02", "t04", "t11"]),
        ("noBatch", { $0.noBatch = true }, ["t02", "t03", "t04", "t05", "t07", "t08", "t09", "t10", "t12"]),
        ("noBatch false", { $0.noBatch = false }, Set((1...12).map { String(format: "t%02d", $0) })),
        ("status", { $0.status = .approved }, ["t04", "t07", "t12"]),
        ("type", { $0.type = .sale }, ["t01", "t02", "t05", "t08", "t09", "t11"]),
        ("date range", { $0.createdFrom = Fixtures.minutes(2); $0.createdTo = Fixtures.minutes(5) }, ["t04", "t05", "t06", "t07"]),
        ("createdTo by a millisecond", { $0.createdTo = Fixtures.date(60_001) }, ["t01", "t02", "t03"]),
        ("combined", { $0.type = .sale; $0.createdById = "dev_a"; $0.noBatch = true }, ["t09"]),
        ("nothing", { $0.status = .expired }, []),
        ("amount range", { $0.minAmount = 500; $0.maxAmount = 1500 }, ["t01", "t02", "t03", "t05", "t06", "t07", "t08", "t10"]),
        ("card last four", { $0.lastFour = "4242" }, ["t01", "t04", "t11"]),
        ("bank account last four", { $0.lastFour = "6789" }, ["t03", "t10"]),
        ("search by name", { $0.search = "Alice" }, ["t01", "t04", "t08", "t11"]),
        ("search by id", { $0.search = "t05" }, ["t05"]),
        ("search in any case", { $0.search = "aLICE" }, ["t01", "t04", "t08", "t11"]),
        ("search by part of a name", { $0.search = "ngstr" }, ["t06"]),
        ("search by part of an email", { $0.search = "example.COM" }, ["t12"]),
        ("search by part of a reference", { $0.search = "der-47" }, ["t08"]),
        ("search by authorization code", { $0.search = "auth77" }, ["t09"]),
        ("search by a card's last four", { $0.search = "4444" }, ["t02", "t07"]),
        ("search by a bank account's last four", { $0.search = "6789" }, ["t03", "t10"]),
        ("search by an amount, whole", { $0.search = "15.00"; $0.searchAmount = 1500 }, ["t02", "t03", "t10"]),
        ("search by an amount is not by part of one", { $0.search = "1.00"; $0.searchAmount = 100 }, ["t11"]),
        ("search too short for words", { $0.search = "t0" }, []),
        ("search too short, but an amount", { $0.search = "5"; $0.searchAmount = 500 }, ["t01", "t06", "t08"]),
        ("search with a quote and wildcards", { $0.search = "a\"%_" }, []),
        ("id prefix", { $0.idPrefix = "t1" }, ["t10", "t11", "t12"]),
        ("id prefix, whole id", { $0.idPrefix = "t05" }, ["t05"]),
        ("id prefix of another merchant's ids", { $0.idPrefix = "u0" }, []),
        ("id prefix with a wildcard is ignored", { $0.idPrefix = "t%" }, Set((1...12).map { String(format: "t%02d", $0) })),
        ("stan", { $0.stan = "000123" }, ["t01", "t07"]),
        ("stan, another", { $0.stan = "000124" }, ["t09"]),
        ("stan not six digits is ignored", { $0.stan = "00012" }, Set((1...12).map { String(format: "t%02d", $0) })),
        ("stan and amount", { $0.stan = "000123"; $0.minAmount = 700; $0.maxAmount = 700 }, ["t07"]),
    ]

    /// The search's index follows a row's changes: what phase 3 writes (an authorization
    /// code, the amount approved) is found, and a changed name no longer is.
    @Test(arguments: StoreFactories.all)
    func searchFindsARowAsItIsNow(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var row = Fixtures.transaction(id: "t_s", status: .pending, amount: 1_800)
            row.customerName = "Old Name"
            try await store.seed(transactions: [row])
            row.customerName = "Ada Lovelace"
            row.status = .captured
            row.authorizedAmount = 1_200
            row.processorResult = ProcessorResult(responseCode: "10", message: "Partial approval", authorizationCode: "ZX9QQ")
            try await store.write { [row] in try await $0.update(row) }
            for (text, amount, found) in [("old name", nil, false), ("lovelace", nil, true), ("zx9qq", nil, true),
                                          ("12.00", Int64(1_200), true), ("18.00", 1_800, true), ("18.01", 1_801, false)] {
                var query = TransactionQuery(merchantId: "m_1")
                query.search = text
                query.searchAmount = amount
                let page = try await store.read { [query] in try await $0.transactions(query) }
                #expect(page.items.map(\.id) == (found ? ["t_s"] : []), "\(text)")
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func everyFilter(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: Self.rows)
            for (name, apply, expected) in Self.filters {
                var query = TransactionQuery(merchantId: "m_1")
                query.pageSize = 100
                apply(&query)
                let page = try await store.read { [query] in try await $0.transactions(query) }
                #expect(Set(page.items.map(\.id)) == expected, "\(name)")
                #expect(page.total == expected.count, "\(name)")
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func everyOrderBothWaysPagesStably(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: Self.rows)
            let mine = Self.rows.filter { $0.merchantId == "m_1" }
            for order in TransactionQuery.Order.allCases {
                for ascending in [true, false] {
                    var seen: [String] = []
                    for page in 0...3 {
                        var query = TransactionQuery(merchantId: "m_1")
                        query.orderBy = order
                        query.ascending = ascending
                        query.page = page
                        query.pageSize = 5
                        let result = try await store.read { [query] in try await $0.transactions(query) }
                        #expect(result.total == 12)
                        #expect(result.items.count == [5, 5, 2, 0][page])
                        seen += result.items.map(\.id)
                    }
                    #expect(seen == ReferenceOrder.ids(of: mine, by: order, ascending: ascending), "\(order) ascending: \(ascending)")
                }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func ordersMatchHandCheckedExamples(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: Self.rows)
            var newest = TransactionQuery(merchantId: "m_1")
            newest.pageSize = 5
            let newestFirst = try await store.read { [newest] in try await $0.transactions(newest) }
            #expect(newestFirst.items.map(\.id) == ["t12", "t11", "t10", "t09", "t08"])

            var byName = TransactionQuery(merchantId: "m_1")
            byName.orderBy = .customerName
            byName.ascending = true
            // No name first, then byte order: upper case, lower case, then non-ASCII.
            let named = try await store.read { [byName] in try await $0.transactions(byName) }
            #expect(named.items.map(\.id) == ["t03", "t07", "t10", "t01", "t04", "t08", "t11", "t12", "t05", "t02", "t09", "t06"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func pagesOutsideTheRange(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: Self.rows)
            for (page, size, count) in [(-1, 5, 5), (99, 5, 0), (0, 0, 0), (0, -3, 0), (Int.max, Int.max, 0)] {
                var query = TransactionQuery(merchantId: "m_1")
                query.page = page
                query.pageSize = size
                let result = try await store.read { [query] in try await $0.transactions(query) }
                #expect(result.items.count == count, "page \(page) size \(size)")
                #expect(result.total == 12)
            }
        }
    }
}

/// The order the contract asks for, spelled out independently of any store: the chosen
/// column (no value first, text by UTF-8 bytes), ties by date then id, all in one direction.
enum ReferenceOrder {
    static func ids(of rows: [Transaction], by order: TransactionQuery.Order, ascending: Bool) -> [String] {
        let sorted = rows.sorted { a, b in
            let (x, y) = (key(a, order), key(b, order))
            if x != y { return x.lexicographicallyPrecedes(y) }
            if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
            return Array(a.id.utf8).lexicographicallyPrecedes(Array(b.id.utf8))
        }
        return (ascending ? sorted : sorted.reversed()).map(\.id)
    }

    /// A sort key as bytes: a leading 0 for "no value", else 1 and a big-endian, sign-flipped
    /// integer or the text's UTF-8.
    private static func key(_ row: Transaction, _ order: TransactionQuery.Order) -> [UInt8] {
        func number(_ value: Int64) -> [UInt8] {
            let flipped = UInt64(bitPattern: value) ^ (1 << 63)
            return [1] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: flipped >> ($0 * 8)) }
        }
        func text(_ value: String?) -> [UInt8] { value.map { [1] + Array($0.utf8) } ?? [0] }
        switch order {
        case .date: return number(Int64((row.createdAt.timeIntervalSince1970 * 1000).rounded()))
        case .totalAmount: return number(row.amount)
        case .status: return text(row.status.rawValue)
        case .id: return []
        case .customerPan: return text(row.card?.maskedPan)
        case .customerName: return text(row.customerName)
        case .type: return text(row.type.rawValue)
        case .operationMode: return text(row.card?.entryMode)
        case .customerCompany: return text(row.contact?.companyName)
        case .paymentMethodType: return number(Int64(row.paymentMethod.ariseId))
        case .cardTokenType, .merchant: return []
        }
    }
}
