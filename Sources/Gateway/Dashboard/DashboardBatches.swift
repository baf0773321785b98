import Foundation
import Hummingbird
import PaymentCore
import Storage

/// The batches page (the open batch's running totals, the closed ones with per-brand and
/// per-type totals), an admin's close with a confirmation step, and a batch's payments as
/// CSV.
struct DashboardBatches: Sendable {
    let batches: BatchService
    let accounts: DashboardAccounts

    /// Batches a page shows, newest first.
    static let pageSize = 20

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (session, user) = (try input.session, try input.user)
        var pager = try DashboardPager(input, pageSize: Self.pageSize)
        let (shown, total) = try await batches.page(merchantId: user.merchantId, limit: Self.pageSize, offset: pager.offset)
        pager.count(total)
        let model = Page(
            title: "Batches", user: input.layout.user,
            batches: shown.map { BatchModel($0, format: input.format) }, canClose: user.role == .admin && shown.contains { $0.isOpen && $0.transactionCount > 0 },
            page: pager.page, pages: pager.pages, previous: pager.previous(.batches), next: pager.next(.batches),
            csrf: session.csrfToken, key: DashboardCookies.newToken(), notice: input.query("closed").map { _ in "The batch was closed and settled." })
        return .page(DashboardResponse.html(DashboardTemplates.shared.render(model)))
    }

    static let confirmation = DashboardConfirmation(
        question: "Close the open batch now?",
        detail: "Its payments are settled (a void is no longer possible) and its ACH debits are submitted.", cancel: .batches)

    func close(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        if let closed = try await batches.close(merchantId: user.merchantId) {
            try await accounts.audit(user, "close-batch", subjectId: closed.id, detail: "\(closed.transactionCount) transactions")
        }
        return .redirect(DashboardPath.batches.with([("closed", "1")]))
    }

    /// The members the batch counts (`Transaction.batchMovement`: a captured authorization once,
    /// not its capture row; no voided payment), one row each with the amount the batch counts,
    /// refunds negative, so the rows add up to the batch's net total and their number is its
    /// `transactionCount`.
    func csv(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, user) = (try input.parameter(.id), try input.user)
        guard let batch = try await batches.batch(id: id, merchantId: user.merchantId) else {
            throw DashboardFailure.notFound("No batch \(id.prefix(64)) for this merchant.")
        }
        let members = try await batches.store.read { try await BatchService.members(of: batch, in: $0) }
        let lines = members.compactMap { member in
            member.batchMovement.map { movement in
                let asked = movement.amount < 0 ? -member.amount : member.amount
                return DashboardCSV.Line(
                    member, amount: Money(minorUnits: movement.amount, currency: member.currency),
                    requested: Money(minorUnits: asked, currency: member.currency))
            }
        }
        return .page(DashboardCSV.response(lines, filename: "batch-\(batch.id).csv"))
    }

    struct Line {
        var name: String
        var count: Int
        var amount: String
    }

    struct BatchModel {
        var id: String
        var csv: String
        var state: String
        var opened: String
        var closed: String?
        var count: Int
        var totals: String
        var brands: [Line]
        var types: [Line]

        init(_ batch: Batch, format: MerchantFormat) {
            id = batch.id
            csv = DashboardPath.batchCSV(batch.id).path
            state = batch.isOpen ? "open" : "closed"
            opened = format.time(batch.openedAt)
            closed = batch.closedAt.map(format.time)
            count = batch.transactionCount
            totals = batch.totals.sorted { $0.key < $1.key }.map { code, amount in
                Currency(code: code).map { format.money(amount, $0) } ?? "\(amount) \(code)"
            }.joined(separator: ", ")
            let line = { (subtotal: BatchSubtotal) in
                Line(name: subtotal.name, count: subtotal.count,
                     amount: Currency(code: subtotal.currency).map { format.money(subtotal.amount, $0) } ?? "")
            }
            brands = batch.byCardBrand.map(line)
            types = batch.byType.map(line)
        }
    }

    struct Page: DashboardView {
        static let template = "batches"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var close = DashboardPath.closeBatch.path
        var batches: [BatchModel]
        var canClose: Bool
        var page: Int
        var pages: Int
        var previous: String?
        var next: String?
        var csrf: String
        var key: String
        var notice: String?
    }
}
