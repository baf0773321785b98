import Foundation
import GatewayAPI
import PaymentCore

extension DashboardDisputes {
    /// One dispute as a row of the list.
    struct Row: Sendable {
        var reference: String
        var link: String
        var opened: String
        var reasonCode: String
        var amount: String
        var status: String
        var respondBy: String

        init(_ dispute: DisputeResource, format: MerchantFormat) {
            reference = dispute.reference
            link = DashboardPath.dispute(dispute.id).path
            opened = format.time(dispute.createdAt)
            reasonCode = dispute.reasonCode
            amount = Currency(code: dispute.currency).map { format.money(dispute.amount, $0) } ?? "\(dispute.amount) \(dispute.currency)"
            status = dispute.status.rawValue
            respondBy = dispute.status == .needsResponse ? format.time(dispute.respondBy) : ""
        }
    }

    struct ListPage: DashboardView {
        static let template = "disputes"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var rows: [Row]
        var hasRows: Bool
        var total: Int
        var page: Int
        var pages: Int
        var previous: String?
        var next: String?
    }

    /// An evidence file as the page lists it, with its download link.
    struct File: Sendable {
        var name: String
        var contentType: String
        var size: String
        var link: String
    }

    struct DisputePage: DashboardView {
        static let template = "dispute"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var id: String
        var reference: String
        var reasonCode: String
        var reason: String?
        var amount: String
        var status: String
        var opened: String
        var respondBy: String
        var closed: String?
        var payment: String
        var paymentLink: String
        var chargeback: String?
        var chargebackLink: String?
        var evidenceText: String?
        var evidenceSubmitted: String?
        var files: [File]
        var hasFiles: Bool
        /// An admin, while the dispute needs a response: the accept and evidence forms.
        var canAnswer: Bool
        var csrf: String
        var acceptPost: String
        var acceptKey: String
        var evidencePost: String
        var evidenceKey: String
        var limits: String
        var accepts: String

        init(_ dispute: DisputeResource, format: MerchantFormat, layout: DashboardPageModel, canAnswer: Bool, csrf: String, currency: Currency) {
            let amount = format.money(dispute.amount, currency)
            title = "Dispute \(dispute.reference)"
            user = layout.user
            id = dispute.id
            reference = dispute.reference
            reasonCode = dispute.reasonCode
            reason = dispute.reason
            self.amount = amount
            status = dispute.status.rawValue
            opened = format.time(dispute.createdAt)
            respondBy = format.time(dispute.respondBy)
            closed = dispute.closedAt.map(format.time)
            payment = dispute.paymentId
            paymentLink = DashboardPath.payment(dispute.paymentId).path
            chargeback = dispute.chargebackId
            chargebackLink = dispute.chargebackId.map { DashboardPath.payment($0).path }
            evidenceText = dispute.evidence?.text
            evidenceSubmitted = dispute.evidence.map { format.time($0.submittedAt) }
            files = (dispute.evidence?.files ?? []).map {
                File(name: $0.name, contentType: $0.contentType, size: ByteCountFormatter.string(fromByteCount: Int64($0.size), countStyle: .file),
                     link: DashboardPath.disputeEvidenceFile(dispute.id, fileId: $0.id).path)
            }
            hasFiles = !files.isEmpty
            self.canAnswer = canAnswer
            self.csrf = csrf
            acceptPost = DashboardPath.acceptDispute(dispute.id).path
            acceptKey = DashboardCookies.newToken()
            evidencePost = DashboardPath.disputeEvidence(dispute.id).path
            evidenceKey = DashboardCookies.newToken()
            limits = "Up to \(DisputeEvidence.maxFiles) files (PDF, PNG, JPEG or text), each up to 2 MB, 5 MB in all."
            accepts = DisputeEvidence.contentTypes.sorted().joined(separator: ",")
        }
    }
}
