import Foundation
import Hummingbird
import Processing

/// Every route of the gateway, from each feature's controller: the one table the router
/// registers and the tests enumerate (the OpenAPI document's operations, the idempotency
/// and device rules), so neither can miss a route.
enum GatewayRoutes {
    static func table(_ services: GatewayServices, now: @escaping @Sendable () -> Date) -> [GatewayRoute] {
        let processors = services.processors
        return SystemController(
            processors: processors, store: services.store, drain: services.drain,
            metrics: services.metricsOnMainPort ? services.metricsScrape : nil).routes
            + TokenController(tokens: services.tokens).routes
            + TransactionController(services: .init(services), validator: CardPaymentValidator(now: now, processors: processors.identities)).routes
            + ACHController(debits: services.achDebits, store: services.store, renderer: services.renderer).routes
            + BatchController(batches: services.batches).routes
            + DeviceController(devices: services.devices).routes
            + TapController(services: .init(services)).routes
            + SignatureController(store: services.store).routes
            + ReceiptController(receipts: ReceiptService(store: services.store)).routes
            + DisputeController(disputes: services.disputes).routes
            + AmountController(settings: services.settings).routes
            + SettingsController(settings: services.settings, processors: processors).routes
            + WebhookController(endpoints: services.webhookEndpoints, events: services.webhookEvents).routes
            // Halo- and Koard-compatible routes keep their documents' paths, outside /v1 or beside it.
            + HaloController(services: .init(services)).routes
            + KoardController(services: .init(services)).routes
            // The merchant dashboard's pages and forms, on the same table and pipeline.
            + DashboardController(services, now: now).routes
    }

    /// The shared steps every route goes through, built once from the services.
    static func pipeline(_ services: GatewayServices, now: @escaping @Sendable () -> Date) -> RoutePipeline {
        let accounts = services.dashboardAccounts
        return RoutePipeline(
            auth: AuthMiddleware(signer: services.signer, integratorTokens: services.integratorTokens, now: now),
            devices: services.deviceGuard, idempotency: services.idempotency,
            dashboard: DashboardPipeline(once: DashboardOnce(idempotency: services.idempotency)),
            dashboardSessions: DashboardSessionMiddleware(accounts: accounts),
            dashboardErrors: DashboardErrorPages(payments: DashboardPayments(store: services.store, now: now)))
    }
}
