import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The payments pages: the list with its filters and paging, and one payment with its
/// timeline. Read-only; every read is scoped to the signed-in user's merchant.
struct DashboardPayments: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    static let pageSize = 25
    static let filterNames: Set<String> = ["status", "type", "from", "to", "reference", "device", "min", "max", "last4", "q", "page"]
    /// The types a row without a parent can have: payments, verifications, unreferenced refunds.
    static let listedTypes: [TransactionType] = [.sale, .authorization, .achDebit, .cardAuthentication, .refund]

    func list(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        let signedIn = try input.requireSignedIn()
        let (parsed, filters) = try Self.query(input.query, merchantId: user.merchantId, currency: signedIn.currency, format: signedIn.format)
        var query = parsed
        query.pageSize = Self.pageSize
        let found = try await store.read { [query] in try await $0.transactions(query) }
        let chart = try await volumeChart(signedIn)
        let pages = max(1, (found.total + Self.pageSize - 1) / Self.pageSize)
        let model = ListPage(
            title: "Payments", user: input.layout.user, filters: filters,
            statuses: TransactionStatus.allCases.map { Option(value: $0.rawValue, selected: $0 == query.status) },
            types: Self.listedTypes.map { Option(value: $0.rawValue, selected: $0 == query.type) },
            rows: found.items.map { Row($0, format: signedIn.format) }, total: found.total, page: query.page + 1, pages: pages,
            export: Self.link(.paymentsCSV, input.query, page: nil),
            volume: VolumeModel(chart),
            previous: query.page > 0 ? Self.link(.payments, input.query, page: query.page) : nil,
            next: query.page + 1 < pages ? Self.link(.payments, input.query, page: query.page + 2) : nil)
        return .page(DashboardResponse.html(DashboardTemplates.shared.render(model)))
    }

    /// The list's filters read from the query string, strictly. Days are the merchant's
    /// (`format`'s time zone): `to` counts whole, up to where the next day starts.
    static func query(
        _ parameters: DashboardForm, merchantId: String, currency: Currency, format: MerchantFormat
    ) throws -> (TransactionQuery, Filters) {
        var filters = Filters()
        var query = TransactionQuery(merchantId: merchantId)
        query.originalsOnly = true
        if let status = parameters.get("status"), !status.isEmpty {
            guard let value = TransactionStatus(rawValue: status) else { throw DashboardFailure.badForm("no status \(status.prefix(40))") }
            query.status = value
        }
        if let type = parameters.get("type"), !type.isEmpty {
            guard let value = TransactionType(rawValue: type) else { throw DashboardFailure.badForm("no type \(type.prefix(40))") }
            query.type = value
        }
        if let from = parameters.get("from"), !from.isEmpty {
            guard let day = DashboardFormat.civilDay(from).flatMap(format.startOfDay) else {
                throw DashboardFailure.badForm("from must be a date, yyyy-mm-dd")
            }
            query.createdFrom = day
            filters.from = from
        }
        if let to = parameters.get("to"), !to.isEmpty {
            guard let day = DashboardFormat.civilDay(to).flatMap({ format.startOfDay(CivilDate(daysSince1970: $0.daysSince1970 + 1)) }) else {
                throw DashboardFailure.badForm("to must be a date, yyyy-mm-dd")
            }
            query.createdTo = day
            filters.to = to
        }
        if let reference = parameters.get("reference"), !reference.isEmpty {
            query.referenceId = String(reference.prefix(255))
            filters.reference = query.referenceId ?? ""
        }
        if let device = parameters.get("device"), !device.isEmpty {
            query.createdById = String(device.prefix(255))
            filters.device = query.createdById ?? ""
        }
        for (name, keyPath) in [("min", \TransactionQuery.minAmount), ("max", \TransactionQuery.maxAmount)] {
            guard let text = parameters.get(name), !text.isEmpty else { continue }
            guard let amount = try? Money(parsing: String(text.prefix(32)), currency: currency), amount.minorUnits >= 0 else {
                throw DashboardFailure.badForm("\(name) must be an amount such as 12.50")
            }
            query[keyPath: keyPath] = amount.minorUnits
            if name == "min" { filters.min = String(text.prefix(32)) } else { filters.max = String(text.prefix(32)) }
        }
        if let digits = parameters.get("last4"), !digits.isEmpty {
            guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw DashboardFailure.badForm("last four must be four digits")
            }
            query.lastFour = digits
            filters.last4 = digits
        }
        if let text = parameters.get("q"), !text.trimmingCharacters(in: .whitespaces).isEmpty {
            query.search = String(text.trimmingCharacters(in: .whitespaces).prefix(255))
            filters.q = query.search ?? ""
            // Text that reads as an amount in the merchant's currency ("18.00", "18") also
            // finds that amount exactly, asked or approved.
            if let search = query.search, search.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
               let money = try? Money(parsing: search, currency: currency), money.minorUnits >= 0 {
                query.searchAmount = money.minorUnits
            }
        }
        if let page = parameters.get("page") {
            guard let number = Int(page), (1...100_000).contains(number) else { throw DashboardFailure.badForm("page must be 1 or more") }
            query.page = number - 1
        }
        return (query, filters)
    }

    /// The filtered list as CSV, oldest first, every row: streamed a page at a time, so no
    /// more than a page is held however many match.
    func csv(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        // Read before the answer starts: a filter refused is a page, not half a file.
        let signedIn = try input.requireSignedIn()
        let (query, _) = try Self.query(input.query, merchantId: user.merchantId, currency: signedIn.currency, format: signedIn.format)
        return .page(DashboardCSV.streamed(filename: "payments.csv", from: TransactionExport(store: store), query: query))
    }

    /// One payment's page; `done` names the action just done, `problem` why one was not.
    func payment(
        _ id: String, signedIn: DashboardSignedIn, done: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (session, user) = (signedIn.session, signedIn.user)
        let merchant = signedIn.merchant
        let found = try await store.read { reader -> (Transaction, [Transaction], [Dispute])? in
            guard let payment = try await reader.transaction(id: id, merchantId: user.merchantId) else { return nil }
            let disputes = payment.card == nil || payment.parentId != nil ? []
                : try await reader.disputes(paymentId: payment.id, merchantId: user.merchantId)
            return (payment, try await reader.followUps(of: payment.id, merchantId: user.merchantId), disputes)
        }
        guard let (payment, operations, disputes) = found else {
            throw DashboardFailure.notFound("No transaction \(id.prefix(64)) for this merchant.")
        }
        var model = DashboardPaymentPage(
            payment, operations: operations, layout: DashboardPageModel(title: "", signedIn: signedIn), format: signedIn.format)
        model.events = try await events(of: payment.id, merchantId: user.merchantId, format: signedIn.format)
        model.disputes = disputes.map { DashboardDisputes.Row(DisputeResource($0, files: []), format: signedIn.format) }
        model.problem = problem
        model.notice = done.flatMap(DashboardAction.init(rawValue:)).map { "\($0.label(ach: payment.bankAccount != nil)): done." }
        if user.role == .admin {
            let window = merchant?.authorizationWindow ?? Merchant.defaultAuthorizationWindow
            let waived = merchant?.paymentSettings.signatureWaived ?? false
            model.actions = PaymentLifecycle.availableOperations(
                for: payment, now: now(), authorizationWindow: window, signatureWaived: waived
            ).compactMap { offered in
                DashboardAction(offering: offered.type).map { action in
                    DashboardPaymentPage.ActionForm(
                        action: action.rawValue, label: action.label(ach: payment.bankAccount != nil), paymentId: payment.id,
                        post: DashboardPath.paymentAction(payment.id).path,
                        csrf: session.csrfToken, key: DashboardCookies.newToken(), takesAmount: action.takesAmount,
                        hint: action.hint(most: offered.availableAmount.map { Money(minorUnits: $0, currency: payment.currency).description }))
                }
            }
        }
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status)
    }

    /// The list's (or its CSV's) URL with the same filters and another page.
    private static func link(_ path: DashboardPath, _ parameters: DashboardForm, page: Int?) -> String {
        var items = parameters.fields.filter { $0.key != "page" && !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let page { items.append(("page", String(page))) }
        return path.with(items)
    }

    struct Filters {
        var min = ""
        var max = ""
        var last4 = ""
        var q = ""
        var from = ""
        var to = ""
        var reference = ""
        var device = ""
    }

    struct Option {
        var value: String
        var selected: Bool
    }

    struct ListPage: DashboardView {
        static let template = "payments"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var filters: Filters
        var statuses: [Option]
        var types: [Option]
        var rows: [Row]
        var total: Int
        var page: Int
        var pages: Int
        var export: String
        var chart = DashboardPath.volumeChart.path
        var volume: VolumeModel
        var previous: String?
        var next: String?
    }
}
