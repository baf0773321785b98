import Foundation
import GatewayAPI
import PaymentCore

/// A receipt as a page that prints cleanly (`receipt.mustache`, its print styles inline so
/// the API's HTML needs nothing else): the merchant, the decision, the amounts and totals in
/// the merchant's locale, the EMV data, the signature. The dashboard shows it with a link
/// back to the payment; the API's HTML is the same page without it.
struct ReceiptPage: DashboardView {
    static let template = "receipt"

    /// One named line of the receipt.
    struct Line: Sendable {
        var name: String
        var value: String
    }

    var title: String
    var merchant: String
    /// The profile's address and contacts, a line each.
    var merchantLines: [String]
    /// "APPROVED", "DECLINED", …
    var result: String
    var kind: String
    var total: String
    var amounts: [Line]
    var hasAmounts: Bool
    var totals: [Line]
    var hasTotals: Bool
    var details: [Line]
    /// The EMV data a card-present receipt lists.
    var emv: [Line]
    var hasEMV: Bool
    /// `data:image/png;base64,…`: the signature, when one was taken.
    var signature: String?
    /// The payment's page, on the dashboard only.
    var back: String?

    init(_ receipt: ReceiptResource, format: MerchantFormat, back: String? = nil) {
        let currency = Currency(code: receipt.currency) ?? .usd
        let money = { (minor: Int64) in format.money(minor, currency) }
        title = "Receipt \(receipt.recipientTransactionId)"
        merchant = receipt.merchant.name
        merchantLines = [receipt.merchant.address, receipt.merchant.phoneNumber, receipt.merchant.emailAddress, receipt.merchant.website]
            .compactMap { $0 }
        result = receipt.responseCode.rawValue.uppercased()
        kind = receipt.type == .refund ? "Refund" : "Purchase"
        total = money(receipt.authorisedAmount)
        var amounts: [Line] = []
        if let parts = receipt.amountDetails {
            amounts = [
                ("Subtotal", parts.baseAmount, true), ("Discount", -(parts.percentageOffAmount + parts.cashDiscountAmount), false),
                ("Surcharge", parts.surchargeAmount, false), ("Tip", parts.tipAmount, false), ("Tax", parts.taxAmount, false),
            ].filter { $0.2 || $0.1 != 0 }.map { Line(name: $0.0, value: money($0.1)) }
        } else if receipt.gratuityAmount > 0 {
            amounts = [Line(name: "Amount", value: money(receipt.amount - receipt.gratuityAmount)), Line(name: "Tip", value: money(receipt.gratuityAmount))]
        }
        if receipt.authorisedAmount != receipt.amount {
            amounts.append(Line(name: "Asked", value: money(receipt.amount)))
        }
        self.amounts = amounts
        hasAmounts = !amounts.isEmpty
        totals = receipt.totals.map { totals in
            [Line(name: "Captured", value: money(totals.captured)), Line(name: "Refunded", value: money(totals.refunded))]
                + (totals.chargedBack.map { [Line(name: "Charged back", value: money($0))] } ?? [])
                + [Line(name: "Net", value: money(receipt.net))]
        } ?? []
        hasTotals = !totals.isEmpty
        let card = receipt.panStart.map { "\($0)••••••\(receipt.panLastFour ?? "")" } ?? receipt.panLastFour.map { "••••\($0)" }
        details = [
            ("Date", "\(format.time(receipt.dateTime)) \(format.zoneName)"), ("Transaction", receipt.recipientTransactionId),
            ("Reference", receipt.saleReferenceId), ("Status", receipt.status.rawValue),
            ("Card", [receipt.cardBrand?.uppercased(), card].compactMap { $0 }.joined(separator: " ")),
            ("Entry", receipt.paymentInterface), ("Verification", receipt.authenticationMethod), ("Auth code", receipt.authCode),
            ("Response", [receipt.actionCode, receipt.responseReason].compactMap { $0 }.joined(separator: " ")),
            ("Terminal", receipt.terminalSerialNumber),
        ].compactMap { name, value in value.flatMap { $0.isEmpty ? nil : Line(name: name, value: $0) } }
        emv = [
            ("Application", receipt.applicationLabel), ("AID", receipt.aid), ("TVR", receipt.terminalVerificationResults),
            ("Cryptogram", receipt.applicationCryptogram), ("ATC", receipt.applicationTransactionCounter),
            ("ARC", receipt.aid == nil ? nil : receipt.actionCode),
        ].compactMap { name, value in value.map { Line(name: name, value: $0) } }
        hasEMV = !emv.isEmpty
        signature = receipt.signatureBase64.flatMap { image in
            (try? SignatureImage.contentType(of: image)).map { "data:\($0);base64,\(image)" }
        }
        self.back = back
    }
}
