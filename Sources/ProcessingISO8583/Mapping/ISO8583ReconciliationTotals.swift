import Processing

/// Field 63 of a 0500 and its 0510: capture count (4 digits), capture total (12), refund
/// count (4), refund total (12), 32 digits (docs/iso8583.md, "Network management and
/// reconciliation").
enum ISO8583ReconciliationTotals {
    /// The gateway's totals as field 63; nil when a count or total does not fit its digits.
    static func field63(_ request: ReconciliationRequest) -> String? {
        guard let captures = digits(Int64(request.captureCount), 4), let captureTotal = digits(request.captureTotal, 12),
              let refunds = digits(Int64(request.refundCount), 4), let refundTotal = digits(request.refundTotal, 12) else { return nil }
        return captures + captureTotal + refunds + refundTotal
    }

    /// The acquirer's answer: its code and, when 63 is 32 digits, its totals.
    static func result(_ response: ISO8583Message) -> ReconciliationResult? {
        guard let code = response[field: 39]?.text, code.utf8.count == 2 else { return nil }
        var result = ReconciliationResult(responseCode: code)
        if let text = response[field: 63]?.text, text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            let digits = Array(text)
            func number(_ range: Range<Int>) -> Int64? { Int64(String(digits[range])) }
            result.hostCaptureCount = number(0..<4).map(Int.init)
            result.hostCaptureTotal = number(4..<16)
            result.hostRefundCount = number(16..<20).map(Int.init)
            result.hostRefundTotal = number(20..<32)
        }
        return result
    }

    private static func digits(_ value: Int64, _ count: Int) -> String? {
        guard value >= 0 else { return nil }
        let text = String(value)
        return text.count <= count ? text.leftPadded(to: count) : nil
    }
}
