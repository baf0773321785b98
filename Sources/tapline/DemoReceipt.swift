import Foundation
import PaymentCore
import TaplineSDK

/// The receipt as the demo prints it.
enum DemoReceipt {
    static func text(_ receipt: TransactionReceipt) -> String {
        let currency = receipt.currency
        func money(_ minor: Int64?) -> String { minor.map { Money(minorUnits: $0, currency: currency).description } ?? "-" }
        let lines: [(String, String?)] = [
            ("result", receipt.responseCode.rawValue.uppercased()),
            ("amount", money(receipt.amount)),
            ("authorised", money(receipt.authorisedAmount)),
            ("gratuity", money(receipt.gratuityAmount)),
            ("card", receipt.panStart.map { "\($0)******\(receipt.panLastFour ?? "")" }),
            ("application", [receipt.applicationLabel, receipt.aid].compactMap { $0 }.joined(separator: " ")),
            ("verification", receipt.authenticationMethod?.rawValue),
            ("auth code", receipt.authCode),
            ("response", [receipt.actionCode, receipt.responseReason].compactMap { $0 }.joined(separator: " ")),
            ("transaction", receipt.recipientTransactionId),
            ("reference", receipt.initiatorTransactionId),
            ("date", receipt.dateTime),
            ("terminal", receipt.terminalSerialNumber),
        ]
        let body = lines.compactMap { name, value in value.map { "  \(name.padding(toLength: 13, withPad: " ", startingAt: 0))\($0)" } }
        return (["receipt:"] + body).joined(separator: "\n")
    }
}
