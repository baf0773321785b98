import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The Disputes pages: the merchant's disputes, newest first, and one dispute with its
/// payment, deadline and evidence; while it needs a response an admin accepts it (after a
/// confirmation) or submits evidence, text and files, through the API's own use case.
struct DashboardDisputes: Sendable {
    let disputes: DisputeService
    let accounts: DashboardAccounts
    static let pageSize = 25

    func list(_ input: DashboardInput) async throws -> DashboardOutcome {
        let user = try input.user
        var pager = try DashboardPager(input, pageSize: Self.pageSize)
        let list = try await disputes.list(DisputeQuery(merchantId: user.merchantId, page: pager.page - 1, pageSize: Self.pageSize))
        pager.count(list.total)
        let rows = list.items.map { Row($0, format: input.format) }
        let model = ListPage(
            title: "Disputes", user: input.layout.user, rows: rows, hasRows: !rows.isEmpty, total: list.total, page: pager.page, pages: pager.pages,
            previous: pager.previous(.disputes), next: pager.next(.disputes))
        return .page(DashboardResponse.html(DashboardTemplates.shared.render(model)))
    }

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        .page(try await render(input, dispute: try await dispute(input)))
    }

    func confirmAccept(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let dispute = try await dispute(input)
        let amount = input.format.money(dispute.amount, try Self.currency(dispute))
        return DashboardConfirmation(
            question: "Accept dispute \(dispute.reference) and give back \(amount)?",
            detail: "The cardholder keeps the money: \(amount) is taken from your next settlement. This cannot be undone.",
            cancel: .dispute(dispute.id))
    }

    func accept(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, user) = (try input.parameter(.id), try input.user)
        let accepted = try await refusedOnItsPage(id) { try await disputes.accept(id: id, merchantId: user.merchantId) }
        try await accounts.audit(user, "dispute.accept", subjectId: id, detail: "\(accepted.amount) \(accepted.currency)")
        return .redirect(.dispute(id))
    }

    func submitEvidence(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, user) = (try input.parameter(.id), try input.user)
        let files = input.uploads.map { DisputeEvidence.SentFile(name: $0.filename, contentType: $0.contentType, data: $0.data) }
        let answered = try await refusedOnItsPage(id) {
            try await disputes.submitEvidence(id: id, merchantId: user.merchantId, try DisputeEvidence(text: input.form["text"], files: files))
        }
        try await accounts.audit(user, "dispute.evidence", subjectId: id, detail: "\(answered.evidence?.files.count ?? 0) file(s)")
        return .redirect(.dispute(id))
    }

    /// One evidence file's bytes, as the API's route sends them (an attachment, never a page).
    func file(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (id, fileId, user) = (try input.parameter(.id), try input.parameter(.fileId), try input.user)
        do {
            return .page(DisputeController.download(try await disputes.evidenceFile(id: fileId, disputeId: id, merchantId: user.merchantId)))
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No such evidence file for this merchant.")
        }
    }

    private func dispute(_ input: DashboardInput) async throws -> DisputeResource {
        let (id, user) = (try input.parameter(.id), try input.user)
        do {
            return try await disputes.dispute(id: id, merchantId: user.merchantId)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No dispute \(id.prefix(64)) for this merchant.")
        }
    }

    /// A refusal (answered already, evidence past a limit) said on the dispute's page.
    private func refusedOnItsPage<T>(_ id: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let failure as GatewayFailure {
            if case .notFound = failure { throw DashboardFailure.notFound("No dispute \(id.prefix(64)) for this merchant.") }
            let reason = GatewayError.canonical(failure)?.body.message ?? "\(failure)"
            throw DashboardFailure.refused("Nothing was changed: \(reason)", page: .dispute(id))
        }
    }

    private static func currency(_ dispute: DisputeResource) throws -> Currency {
        guard let currency = Currency(code: dispute.currency) else { throw DashboardFailure.notFound("This dispute's currency is unknown.") }
        return currency
    }

    private func render(_ input: DashboardInput, dispute: DisputeResource) async throws -> Response {
        let (session, user) = (try input.session, try input.user)
        let model = DisputePage(
            dispute, format: input.format, layout: input.layout, canAnswer: user.role == .admin && dispute.status == .needsResponse,
            csrf: session.csrfToken, currency: try Self.currency(dispute))
        return DashboardResponse.html(DashboardTemplates.shared.render(model))
    }
}
