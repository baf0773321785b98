import Hummingbird

extension DashboardController {
    /// The webhooks page and one event's page, with what an admin does there.
    var webhookRoutes: [GatewayRoute] {
        [
            .page(DashboardPath.webhooks.path, .signedIn(.viewer)) { try await webhooks.page($0) },
            .form(DashboardPath.webhooks.path, .signedIn(.admin), DashboardFormRule(fields: ["url", "events"], keyed: true, landing: { _ in .webhooks })) {
                try await webhooks.add($0)
            },
            .form(DashboardPath.template(DashboardPath.removeWebhook), .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { try await webhooks.confirmRemove($0) }, landing: { _ in .webhooks })) {
                try await webhooks.remove($0)
            },
            .form(DashboardPath.template(DashboardPath.rotateWebhookSecret), .signedIn(.admin),
                  DashboardFormRule(fields: [], keyed: true, confirm: { try await webhooks.confirmRotate($0) }, landing: { _ in .webhooks })) {
                try await webhooks.rotate($0)
            },
            .page(DashboardPath.template(DashboardPath.webhookEvent), .signedIn(.viewer), query: ["resent"]) { try await webhookEvent.page($0) },
            .form(DashboardPath.template(DashboardPath.resendWebhookEvent), .signedIn(.admin),
                  DashboardFormRule(fields: ["endpointId"], keyed: true, landing: { .webhookEvent(try $0.parameter(.id)) })) {
                try await webhookEvent.resend($0)
            },
        ]
    }
}
