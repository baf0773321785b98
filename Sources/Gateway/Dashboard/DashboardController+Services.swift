import Foundation

extension DashboardController {
    /// The dashboard over the gateway's own services: each page's controller gets only what it uses.
    init(_ services: GatewayServices, now: @escaping @Sendable () -> Date) {
        let accounts = services.dashboardAccounts
        self.init(
            accounts: accounts, payments: DashboardPayments(store: services.store, now: now),
            actions: DashboardActions(store: services.store, followUps: services.followUps, idempotency: services.idempotency, accounts: accounts),
            batches: DashboardBatches(batches: services.batches, idempotency: services.idempotency, accounts: accounts),
            audit: DashboardAudit(store: services.store),
            webhooks: DashboardWebhooks(
                endpoints: services.webhookEndpoints, store: services.store, idempotency: services.idempotency, accounts: accounts),
            webhookEvent: DashboardWebhookEvent(
                events: services.webhookEvents, store: services.store, idempotency: services.idempotency, accounts: accounts),
            devices: DashboardDevices(devices: services.devices, accounts: accounts),
            clients: DashboardClients(admin: services.admin, store: services.store, accounts: accounts),
            clientPermissions: DashboardClientPermissions(admin: services.admin, store: services.store, accounts: accounts),
            paymentSettings: DashboardPaymentSettings(settings: services.settings, accounts: accounts),
            settings: accounts.settings)
    }
}
