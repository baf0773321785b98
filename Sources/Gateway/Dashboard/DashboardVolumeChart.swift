import Foundation
import PaymentCore
import Storage

/// The last 30 days' volume as a server-rendered SVG bar chart: for each UTC day, what was
/// approved, declined and refunded, side by side. Built from numbers and our own labels
/// only, so no client text reaches the image. Amounts and days are written in the merchant's
/// locale, and the axis is as wide as its longest amount, so its labels always fit.
struct DashboardVolumeChart {
    static let days = 30
    let volumes: [DailyVolume]
    /// The first day shown (days since 1970), the chart's currency.
    let firstDay: Int64
    let currency: Currency
    let format: MerchantFormat

    init(volumes: [DailyVolume], endingOn lastDay: Int64, currency: Currency, format: MerchantFormat) {
        self.volumes = volumes
        self.firstDay = lastDay - Int64(Self.days - 1)
        self.currency = currency
        self.format = format
    }

    /// Totals over the 30 days: approved, declined, refunded.
    var totals: (approved: Int64, declined: Int64, refunded: Int64) {
        volumes.reduce((0, 0, 0)) { ($0.0 &+ $1.approvedAmount, $0.1 &+ $1.declinedAmount, $0.2 &+ $1.refundedAmount) }
    }

    func money(_ minor: Int64) -> String { format.money(minor, currency) }

    static let series: [(name: String, color: String, value: @Sendable (DailyVolume) -> Int64)] = [
        ("approved", "#2e9d5b", { $0.approvedAmount }), ("declined", "#c94a4a", { $0.declinedAmount }),
        ("refunded", "#8a96a8", { $0.refundedAmount }),
    ]

    /// The widest a character of the axis's 11 px labels is drawn, in the image's units: an
    /// upper bound for digits, separators and currency signs in system-ui.
    static let labelCharacterWidth = 7.0

    /// The value axis's five amounts, bottom to top: 0, a quarter of the peak, … the peak.
    var axis: [(value: Int64, label: String)] {
        let peak = max(1, volumes.map { max($0.approvedAmount, $0.declinedAmount, $0.refundedAmount) }.max() ?? 1)
        return (0...4).map { step in
            let value = Int64((Double(peak) * Double(step) / 4).rounded())
            return (value, money(value))
        }
    }

    /// Where the plot starts: right of the longest axis label, with room to spare.
    var plotLeft: Double { plotLeft(axis) }

    private func plotLeft(_ axis: [(value: Int64, label: String)]) -> Double {
        let longest = axis.map { $0.label.count }.max() ?? 0
        return max(40, Double(longest) * Self.labelCharacterWidth + 14)
    }

    var svg: String {
        // The axis once: its labels set the plot's left edge and are drawn beside it.
        let axis = self.axis
        let (plotWidth, height, left, bottom, top) = (820.0, 280.0, plotLeft(axis), 40.0, 30.0)
        let width = left + plotWidth + 10, plotHeight = height - bottom - top
        let byDay = Dictionary(volumes.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        let peak = axis[4].value
        let slot = plotWidth / Double(Self.days)
        let bar = slot / 4
        var parts = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(Int(width)) \##(Int(height))" role="img" aria-labelledby="title" font-family="system-ui, sans-serif">"##,
            ##"<title id="title">Daily volume, last \##(Self.days) days (\##(currency.code))</title>"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
        ]
        for (step, tick) in axis.enumerated() {
            let y = top + plotHeight - plotHeight * Double(step) / 4
            parts.append(##"<line x1="\##(left)" x2="\##(width - 10)" y1="\##(y)" y2="\##(y)" stroke="#e6e9ee"/>"##)
            parts.append(##"<text x="\##(left - 6)" y="\##(y + 4)" font-size="11" text-anchor="end" fill="#4a5566">\##(Self.xml(tick.label))</text>"##)
        }
        for index in 0..<Self.days {
            let day = firstDay + Int64(index)
            let x = left + slot * Double(index) + bar / 2
            if let volume = byDay[day] {
                for (offset, series) in Self.series.enumerated() {
                    let amount = series.value(volume)
                    guard amount > 0 else { continue }
                    let h = plotHeight * Double(amount) / Double(peak)
                    parts.append(##"<rect x="\##(x + bar * Double(offset))" y="\##(top + plotHeight - h)" width="\##(bar)" height="\##(h)" fill="\##(series.color)"><title>\##(label(day)) \##(series.name): \##(Self.xml(money(amount)))</title></rect>"##)
                }
            }
            if index % 5 == 0 || index == Self.days - 1 {
                parts.append(##"<text x="\##(x + bar * 1.5)" y="\##(height - bottom + 16)" font-size="11" text-anchor="middle" fill="#4a5566">\##(Self.xml(label(day)))</text>"##)
            }
        }
        for (offset, series) in Self.series.enumerated() {
            let x = left + Double(offset) * 110
            parts.append(##"<rect x="\##(x)" y="8" width="12" height="12" fill="\##(series.color)"/><text x="\##(x + 16)" y="18" font-size="12" fill="#1c2330">\##(series.name)</text>"##)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// A day since 1970 as the merchant's locale writes a month and day ("Nov 26",
    /// "26. Nov."); the day is UTC's, as the volume's days are.
    func label(_ day: Int64) -> String {
        let style = Date.FormatStyle(locale: format.locale, timeZone: MerchantFormat.utc).month(.abbreviated).day()
        return Date(timeIntervalSince1970: TimeInterval(day) * 86_400).formatted(style)
    }

    /// Text as SVG content: the formatter's words are ours, but a locale's could hold `&`.
    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
