import Foundation
import Hummingbird
import Storage

/// The merchant dashboard at `/dashboard`: server-rendered pages over the same store and
/// use cases as the API, declared in the gateway's one route table. Each route says its
/// typed path (``DashboardPath``), who may use it (signed in, and as which role), the query
/// it reads and the form it takes (CSRF, idempotency key, confirmation); ``DashboardPipeline``
/// does the rest the same way for every route.
struct DashboardController: Sendable {
    let accounts: DashboardAccounts
    let signIn: DashboardSignIn
    let payments: DashboardPayments
    let actions: DashboardActions
    let batches: DashboardBatches
    let audit: DashboardAudit
    let webhooks: DashboardWebhooks
    let webhookEvent: DashboardWebhookEvent
    let devices: DashboardDevices
    let clients: DashboardClients
    let clientPermissions: DashboardClientPermissions
    let paymentSettings: DashboardPaymentSettings
    let team: DashboardTeam
    let password: DashboardPassword
    let disputes: DashboardDisputes

    var routes: [GatewayRoute] {
        signIn.routes + paymentRoutes + disputeRoutes + batchRoutes + webhookRoutes + teamRoutes + [
            .page(DashboardPath.devices.path, .signedIn(.viewer)) { try await devices.page($0) },
            .form(DashboardPath.template(DashboardPath.deviceTapToPay), .signedIn(.admin),
                  DashboardFormRule(fields: ["tapToPay"], landing: { _ in .devices }),
                  notIdempotentBecause: "the form sets the state it names; sent again, it sets it again") { try await devices.setTapToPay($0) },
            .page(DashboardPath.clients.path, .signedIn(.viewer)) { try await clients.page($0) },
            .form(DashboardPath.clients.path, .signedIn(.admin), DashboardFormRule(fields: ["name"], keyed: true, landing: { _ in .clients })) {
                try await clients.create($0)
            },
            .page(DashboardPath.template(DashboardPath.client), .signedIn(.viewer)) { try await clientPermissions.page($0) },
            .form(DashboardPath.template(DashboardPath.clientPermissions), .signedIn(.admin),
                  DashboardFormRule(fields: DashboardClientPermissions.fields, landing: { .client(try $0.parameter(.id)) }),
                  notIdempotentBecause: "the form sets the permissions to the boxes checked; sent again, it sets the same") {
                try await clientPermissions.save($0)
            },
            .form(DashboardPath.template(DashboardPath.revokeClient), .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { try await clients.confirmRevoke($0) }, landing: { _ in .clients })) {
                try await clients.revoke($0)
            },
            .page(DashboardPath.settings.path, .signedIn(.viewer)) { try await paymentSettings.page($0) },
            .form(DashboardPath.settings.path, .signedIn(.admin), DashboardFormRule(fields: DashboardSettingsForm.fields, landing: { _ in .settings }),
                  notIdempotentBecause: "the form saves the settings it shows; sent again, it saves the same") { try await paymentSettings.save($0) },
            .page(DashboardPath.audit.path, .signedIn(.viewer)) { try await audit.page($0) },
        ]
    }

    private var teamRoutes: [GatewayRoute] {
        [
            .page(DashboardPath.team.path, .signedIn(.viewer)) { try await team.page($0) },
            .form(DashboardPath.team.path, .signedIn(.admin), DashboardFormRule(fields: ["email", "role"], keyed: true, landing: { _ in .team })) {
                try await team.invite($0)
            },
            .form(DashboardPath.template(DashboardPath.teamRole), .signedIn(.admin), DashboardFormRule(fields: ["role"], landing: { _ in .team }),
                  notIdempotentBecause: "the form sets the role it names; sent again, it sets the same") { try await team.setRole($0) },
            .form(DashboardPath.template(DashboardPath.teamPasswordReset), .signedIn(.admin), DashboardFormRule(fields: [], landing: { _ in .team }),
                  notIdempotentBecause: "the form sets a flag; sent again, it is set already") { try await team.requirePasswordChange($0) },
            .form(DashboardPath.template(DashboardPath.removeTeamUser), .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { try await team.confirmRemove($0) }, landing: { _ in .team })) {
                try await team.remove($0)
            },
            .form(DashboardPath.template(DashboardPath.teamTwoFactorOff), .signedIn(.admin), DashboardFormRule(fields: [], landing: { _ in .team }),
                  notIdempotentBecause: "the form turns two-factor sign-in off; sent again, it is off already") { try await team.turnOffTwoFactor($0) },
            .page(DashboardPath.password.path, .signedIn(.viewer), query: ["changed"]) { try await password.page($0) },
            .form(DashboardPath.twoFactor.path, .signedIn(.viewer), DashboardFormRule(fields: ["secret", "code"], landing: { _ in .password }),
                  notIdempotentBecause: "sent again, two-factor sign-in is on already and nothing changes") { try await password.turnOnTwoFactor($0) },
            .form(DashboardPath.twoFactorOff.path, .signedIn(.viewer), DashboardFormRule(fields: ["code"], landing: { _ in .password }),
                  notIdempotentBecause: "sent again, two-factor sign-in is off already and nothing changes") { try await password.turnOffTwoFactor($0) },
            .form(DashboardPath.password.path, .signedIn(.viewer), DashboardFormRule(fields: ["current", "password", "repeat"], landing: { _ in .password }),
                  notIdempotentBecause: "sent again, the current password it gives is no longer right, and nothing changes") {
                try await password.save($0)
            },
            .page(DashboardPath.template(DashboardPath.invitation), .open) { try await password.invitation($0) },
            .form(DashboardPath.template(DashboardPath.invitation), .open,
                  DashboardFormRule(fields: ["password", "repeat"], csrf: .signInCookie, landing: { .invitation(try $0.parameter(.id)) }),
                  notIdempotentBecause: "the link works once; sent again, it has expired") { try await password.accept($0) },
        ]
    }

    private var paymentRoutes: [GatewayRoute] {
        [
            .page(DashboardPath.payments.path, .signedIn(.viewer), query: DashboardPayments.filterNames) { try await payments.list($0) },
            .page(DashboardPath.template(DashboardPath.payment), .signedIn(.viewer), query: ["done"]) { input in
                .page(try await payments.payment(try input.parameter(.id), signedIn: try input.requireSignedIn(), done: input.query("done")))
            },
            .form(DashboardPath.template(DashboardPath.paymentAction), .signedIn(.admin),
                  DashboardFormRule(fields: ["action", "amount"], keyed: true, confirm: { try await actions.confirm($0) },
                                    landing: { .payment(try $0.parameter(.id)) })) { try await actions.act($0) },
            .page(DashboardPath.template(DashboardPath.receipt), .signedIn(.viewer)) { try await payments.receipt($0) },
            .page(DashboardPath.volumeChart.path, .signedIn(.viewer)) { .page(try await payments.volumeImage(try $0.requireSignedIn())) },
            .page(DashboardPath.paymentsCSV.path, .signedIn(.viewer), query: DashboardPayments.filterNames) { try await payments.csv($0) },
        ]
    }

    private var disputeRoutes: [GatewayRoute] {
        [
            .page(DashboardPath.disputes.path, .signedIn(.viewer), query: ["page"]) { try await disputes.list($0) },
            .page(DashboardPath.template(DashboardPath.dispute), .signedIn(.viewer)) { try await disputes.page($0) },
            .form(DashboardPath.template(DashboardPath.acceptDispute), .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { try await disputes.confirmAccept($0) },
                                    landing: { .dispute(try $0.parameter(.id)) })) { try await disputes.accept($0) },
            .form(DashboardPath.template(DashboardPath.disputeEvidence), .signedIn(.admin),
                  DashboardFormRule(fields: ["text"], keyed: true, landing: { .dispute(try $0.parameter(.id)) },
                                    uploads: DashboardUploadRule(field: "files", maxBytes: DisputeEvidence.maxTotalBytes + 256 * 1024))) {
                try await disputes.submitEvidence($0)
            },
            .page(DashboardPath.disputeEvidenceFile(PathParameter.id.template, fileId: PathParameter.fileId.template).path, .signedIn(.viewer)) {
                try await disputes.file($0)
            },
        ]
    }

    private var batchRoutes: [GatewayRoute] {
        [
            .page(DashboardPath.batches.path, .signedIn(.viewer), query: ["closed", "page"]) { try await batches.page($0) },
            .form(DashboardPath.closeBatch.path, .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { _ in DashboardBatches.confirmation }, landing: { _ in .batches })) {
                try await batches.close($0)
            },
            .page(DashboardPath.template(DashboardPath.batchCSV), .signedIn(.viewer)) { try await batches.csv($0) },
        ]
    }
}
