import Foundation
import Hummingbird
import PaymentCore
import Storage

/// What the payments pages show beside the rows: a payment's webhook events, and the last
/// 30 days' volume as a chart.
extension DashboardPayments {
    /// The webhook events the payment caused, oldest first, each with where it went and how.
    func events(of paymentId: String, merchantId: String, format: MerchantFormat) async throws -> [DashboardPaymentPage.WebhookEventModel] {
        try await store.read { reader in
            var query = WebhookEventQuery(merchantId: merchantId)
            query.transactionId = paymentId
            query.pageSize = 100
            let endpoints = Dictionary(
                try await reader.webhookEndpoints(merchantId: merchantId).map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
            var models: [DashboardPaymentPage.WebhookEventModel] = []
            for event in try await reader.webhookEvents(query).items.sorted(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) {
                let deliveries = try await reader.webhookDeliveries(eventId: event.id, merchantId: merchantId).map { delivery in
                    "\(endpoints[delivery.endpointId] ?? delivery.endpointId): \(delivery.status.rawValue) after \(delivery.attemptCount) attempt(s)"
                }
                models.append(.init(id: event.id, link: DashboardPath.webhookEvent(event.id).path, date: format.time(event.createdAt), type: event.type,
                                    deliveries: deliveries.isEmpty ? "no endpoint subscribed" : deliveries.joined(separator: "; ")))
            }
            return models
        }
    }

    /// The last 30 days' volume (UTC days: the kept `daily_volume` lines are) in the merchant's first currency.
    func volumeChart(_ signedIn: DashboardSignedIn) async throws -> DashboardVolumeChart {
        let (user, currency) = (signedIn.user, signedIn.currency)
        let today = Int64((now().timeIntervalSince1970 * 1000).rounded()) / DailyVolume.millisecondsPerDay
        let from = Date(timeIntervalSince1970: TimeInterval(today - Int64(DashboardVolumeChart.days - 1)) * 86_400)
        let to = Date(timeIntervalSince1970: TimeInterval(today + 1) * 86_400)
        let volumes = try await store.read { try await $0.dailyVolume(merchantId: user.merchantId, currency: currency.code, from: from, to: to) }
        return DashboardVolumeChart(volumes: volumes, endingOn: today, currency: currency, format: signedIn.format)
    }

    func volumeImage(_ signedIn: DashboardSignedIn) async throws -> Response {
        let svg = try await volumeChart(signedIn).svg
        return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }

    /// The chart's words: its alternative text and, for each day with any, the numbers.
    struct VolumeModel {
        struct Day {
            var day: String
            var approved: String
            var declined: String
            var refunded: String
        }

        var alt: String
        var days: [Day]

        init(_ chart: DashboardVolumeChart) {
            let totals = chart.totals
            alt = "Daily volume over the last \(DashboardVolumeChart.days) days (UTC days): approved \(chart.money(totals.approved)), "
                + "declined \(chart.money(totals.declined)), refunded \(chart.money(totals.refunded))"
            days = chart.volumes.map {
                Day(day: chart.label($0.day), approved: chart.money($0.approvedAmount), declined: chart.money($0.declinedAmount),
                    refunded: chart.money($0.refundedAmount))
            }
        }
    }

}
