import Foundation

extension DashboardController {
    /// The dashboard over the gateway's own services: each page's controller gets only what it uses.
    init(_ services: GatewayServices, now: @escaping @Sendable () -> Date) {
        let accounts = services.dashboardAccounts
        self.init(
            accounts: accounts, signIn: DashboardSignIn(accounts: accounts, settings: accounts.settings),
            payments: DashboardPayments(store: services.store, now: now),
            actions: DashboardActions(store: services.store, followUps: services.followUps, accounts: accounts),
            batches: DashboardBatches(batches: services.batches, accounts: accounts),
            audit: DashboardAudit(store: services.store),
            webhooks: DashboardWebhooks(endpoints: services.webhookEndpoints, store: services.store, accounts: accounts),
            webhookEvent: DashboardWebhookEvent(events: services.webhookEvents, store: services.store, accounts: accounts),
            devices: DashboardDevices(devices: services.devices, accounts: accounts),
            clients: DashboardClients(admin: services.admin, store: services.store, accounts: accounts),
            clientPermissions: DashboardClientPermissions(admin: services.admin, store: services.store, accounts: accounts),
            paymentSettings: DashboardPaymentSettings(settings: services.settings, accounts: accounts),
            team: DashboardTeam(accounts: accounts), password: DashboardPassword(accounts: accounts),
            disputes: DashboardDisputes(disputes: services.disputes, accounts: accounts))
    }
}
