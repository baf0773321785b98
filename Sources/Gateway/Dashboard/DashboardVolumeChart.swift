import Foundation
import PaymentCore
import Storage

/// The last 30 days' volume as a server-rendered SVG bar chart: for each UTC day, what was
/// approved, declined and refunded, side by side. Built from numbers and our own labels
/// only, so no client text reaches the image.
struct DashboardVolumeChart {
    static let days = 30
    let volumes: [DailyVolume]
    /// The first day shown (days since 1970), the chart's currency.
    let firstDay: Int64
    let currency: Currency

    init(volumes: [DailyVolume], endingOn lastDay: Int64, currency: Currency) {
        self.volumes = volumes
        self.firstDay = lastDay - Int64(Self.days - 1)
        self.currency = currency
    }

    /// Totals over the 30 days: approved, declined, refunded.
    var totals: (approved: Int64, declined: Int64, refunded: Int64) {
        volumes.reduce((0, 0, 0)) { ($0.0 &+ $1.approvedAmount, $0.1 &+ $1.declinedAmount, $0.2 &+ $1.refundedAmount) }
    }

    func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).description }

    static let series: [(name: String, color: String, value: @Sendable (DailyVolume) -> Int64)] = [
        ("approved", "#2e9d5b", { $0.approvedAmount }), ("declined", "#c94a4a", { $0.declinedAmount }),
        ("refunded", "#8a96a8", { $0.refundedAmount }),
    ]

    var svg: String {
        let (width, height, left, bottom, top) = (900.0, 280.0, 70.0, 40.0, 30.0)
        let plotWidth = width - left - 10, plotHeight = height - bottom - top
        let byDay = Dictionary(volumes.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let peak = max(1, volumes.map { max($0.approvedAmount, $0.declinedAmount, $0.refundedAmount) }.max() ?? 1)
        let slot = plotWidth / Double(Self.days)
        let bar = slot / 4
        var parts = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(Int(width)) \##(Int(height))" role="img" aria-labelledby="title" font-family="system-ui, sans-serif">"##,
            ##"<title id="title">Daily volume, last \##(Self.days) days (\##(currency.code))</title>"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
        ]
        for step in 0...4 {
            let y = top + plotHeight - plotHeight * Double(step) / 4
            let value = Int64((Double(peak) * Double(step) / 4).rounded())
            parts.append(##"<line x1="\##(left)" x2="\##(width - 10)" y1="\##(y)" y2="\##(y)" stroke="#e6e9ee"/>"##)
            parts.append(##"<text x="\##(left - 6)" y="\##(y + 4)" font-size="11" text-anchor="end" fill="#4a5566">\##(Money(minorUnits: value, currency: currency).formattedAmount)</text>"##)
        }
        for index in 0..<Self.days {
            let day = firstDay + Int64(index)
            let x = left + slot * Double(index) + bar / 2
            if let volume = byDay[day] {
                for (offset, series) in Self.series.enumerated() {
                    let amount = series.value(volume)
                    guard amount > 0 else { continue }
                    let h = plotHeight * Double(amount) / Double(peak)
                    parts.append(##"<rect x="\##(x + bar * Double(offset))" y="\##(top + plotHeight - h)" width="\##(bar)" height="\##(h)" fill="\##(series.color)"><title>\##(Self.label(day)) \##(series.name): \##(money(amount))</title></rect>"##)
                }
            }
            if index % 5 == 0 || index == Self.days - 1 {
                parts.append(##"<text x="\##(x + bar * 1.5)" y="\##(height - bottom + 16)" font-size="11" text-anchor="middle" fill="#4a5566">\##(Self.label(day))</text>"##)
            }
        }
        for (offset, series) in Self.series.enumerated() {
            let x = left + Double(offset) * 110
            parts.append(##"<rect x="\##(x)" y="8" width="12" height="12" fill="\##(series.color)"/><text x="\##(x + 16)" y="18" font-size="12" fill="#1c2330">\##(series.name)</text>"##)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// "11-26" for a day since 1970.
    static func label(_ day: Int64) -> String {
        String(DashboardFormat.date(Date(timeIntervalSince1970: TimeInterval(day) * 86_400)).dropFirst(5).prefix(5))
    }
}
