import Foundation

extension MemoryStoreQuerying {
    func dailyVolume(merchantId: String, currency: String, from: Date, to: Date) async throws -> [DailyVolume] {
        try withState { state in
            var days: [Int64: DailyVolume] = [:]
            for row in state.transactions.values where row.merchantId == merchantId && row.currency.code == currency
                && row.createdAt >= from && row.createdAt < to {
                let milliseconds = Int64((row.createdAt.timeIntervalSince1970 * 1000).rounded())
                let day = milliseconds / DailyVolume.millisecondsPerDay
                var volume = days[day] ?? DailyVolume(day: day)
                if row.parentId == nil, DailyVolume.approvedStatuses.contains(row.status.rawValue) {
                    volume.approvedAmount += row.authorizedAmount
                    volume.approvedCount += 1
                } else if row.parentId == nil, row.status == .declined {
                    volume.declinedAmount += row.amount
                    volume.declinedCount += 1
                } else if row.type == .refund, row.status == .approved {
                    volume.refundedAmount += row.amount
                    volume.refundedCount += 1
                } else {
                    continue
                }
                days[day] = volume
            }
            return days.values.sorted { $0.day < $1.day }
        }
    }
}
