import Processing

/// Field 63 of a 0500 and its 0510: capture count (10 digits), capture total (16), refund
/// count (10), refund total (16), 52 digits: the sizes ISO 8583:1987 gives its own
/// reconciliation counts and amounts (74/76 n10, 86/88 n16), so no batch a gateway can
/// count is too big for it (docs/iso8583.md, "Network management and reconciliation").
enum ISO8583ReconciliationTotals {
    /// The digits of each part, in order: count, total, count, total.
    static let layout = [10, 16, 10, 16]
    static let length = layout.reduce(0, +)

    /// The gateway's totals as field 63; nil when a count or total does not fit its digits.
    static func field63(_ request: ReconciliationRequest) -> String? {
        let values = [Int64(request.captureCount), request.captureTotal, Int64(request.refundCount), request.refundTotal]
        var text = ""
        for (value, width) in zip(values, layout) {
            guard let part = digits(value, width) else { return nil }
            text += part
        }
        return text
    }

    /// The acquirer's answer: its code and, when 63 is 52 digits, its totals.
    static func result(_ response: ISO8583Message) -> ReconciliationResult? {
        guard let code = response[field: 39]?.text, code.utf8.count == 2 else { return nil }
        var result = ReconciliationResult(responseCode: code)
        if let text = response[field: 63]?.text, text.utf8.count == length, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            var rest = Substring(text)
            let numbers = layout.map { width -> Int64? in
                defer { rest = rest.dropFirst(width) }
                return Int64(rest.prefix(width))
            }
            result.hostCaptureCount = numbers[0].map(Int.init)
            result.hostCaptureTotal = numbers[1]
            result.hostRefundCount = numbers[2].map(Int.init)
            result.hostRefundTotal = numbers[3]
        }
        return result
    }

    private static func digits(_ value: Int64, _ count: Int) -> String? {
        guard value >= 0 else { return nil }
        let text = String(value)
        return text.count <= count ? text.leftPadded(to: count) : nil
    }
}
