import Foundation
import PaymentCore

/// One payment as its page shows it: summary, card or bank account, card-present details,
/// price part by part, PIN tries and the timeline of its operations, oldest first.
struct DashboardPaymentPage: DashboardView {
    static let template = "payment"

    struct Field {
        var name: String
        var value: String
    }

    struct Fields {
        var rows: [Field]
    }

    struct Card {
        var maskedPan: String
        var brand: String
        var expiry: String
        var entryMode: String
    }

    struct Event {
        var date: String
        var type: String
        var status: String
        var amount: String
        var response: String
        /// What the row's answer changed on the payment's totals, "captured $0.00 → $10.00".
        var change: String
    }

    struct PIN {
        var tries: String
    }

    /// A webhook event the payment caused and its deliveries.
    struct WebhookEventModel {
        var id: String
        var link: String
        var date: String
        var type: String
        var deliveries: String
    }

    /// An action an admin may take now, as a form.
    struct ActionForm {
        var action: String
        var label: String
        var paymentId: String
        /// Where the form posts.
        var post: String
        var csrf: String
        /// A fresh idempotency key, so a resent form acts once.
        var key: String
        var takesAmount: Bool
        var hint: String
    }

    var title: String
    var site = DashboardPageModel.Site()
    var user: DashboardPageModel.UserModel?
    var id: String
    /// The receipt page, for a payment or refund (a verification has none).
    var receipt: String?
    var type: String
    var status: String
    var badges: [DashboardBadge]
    /// What was approved (``DashboardAmount``).
    var amount: String
    /// What was asked, when it differs from ``amount``.
    var asked: String?
    var date: String
    var reference: String?
    var customer: String?
    var authorized: String
    var captured: String
    var refunded: String
    var tip: String
    var batch: String?
    var settled: String?
    var processor: String?
    var card: Card?
    var addresses: [Address]
    /// Address verification's answer, "Y: Street address and postal code match".
    var avs: String?
    var cardPresent: Fields?
    var bankAccount: Fields?
    var breakdown: Fields?
    var pin: PIN?
    var timeline: [Event]
    var actions: [ActionForm] = [] { didSet { hasActions = !actions.isEmpty } }
    var hasActions = false
    var notice: String?
    var events: [WebhookEventModel] = []
    /// The cardholder's disputes of this payment, each linked to its page.
    var disputes: [DashboardDisputes.Row] = [] { didSet { hasDisputes = !disputes.isEmpty } }
    var hasDisputes = false
    var problem: String?

    init(_ payment: Transaction, operations: [Transaction], layout: DashboardPageModel, format: MerchantFormat) {
        let money = { (minor: Int64) in format.money(minor, payment.currency) }
        let shown = DashboardAmount(payment)
        title = "\(payment.type.rawValue) \(format.money(shown.approved))"
        user = layout.user
        id = payment.id
        receipt = ReceiptBuilder.refusal(of: payment) == nil ? DashboardPath.receipt(payment.id).path : nil
        type = payment.type.rawValue
        status = payment.status.rawValue
        badges = DashboardBadge.badges(of: payment)
        addresses = Self.addresses(of: payment)
        avs = Self.avs(of: payment)
        amount = format.money(shown.approved)
        asked = shown.askedWhenDifferent.map(format.money)
        date = format.time(payment.createdAt)
        reference = payment.referenceId
        customer = payment.customerName ?? payment.customerEmail
        authorized = money(payment.authorizedAmount)
        captured = money(payment.capturedAmount)
        refunded = money(payment.refundedAmount)
        tip = money(payment.tipAmount)
        batch = payment.batchId
        settled = payment.settledAt.map(format.time)
        processor = payment.processorResult.map { "\($0.responseCode) \($0.message)" }
        card = payment.card.map {
            Card(maskedPan: $0.maskedPan, brand: $0.brand, expiry: String(format: "%02d/%d", $0.expiryMonth, $0.expiryYear), entryMode: $0.entryMode)
        }
        cardPresent = payment.cardPresent.map { present in
            Fields(rows: [
                ("Device", present.deviceId), ("Reader", present.cardReaderId), ("Application", present.applicationLabel),
                ("AID", present.applicationId), ("Cryptogram", present.cryptogram), ("TVR", present.terminalVerificationResults),
                ("ATC", present.applicationTransactionCounter), ("Funding", present.funding),
                ("Cardholder verification", present.cvmResults.flatMap(CVMResults.init(hex:)).map { "\($0.methodName): \($0.resultMessage)" }),
            ].compactMap { name, value in value.map { Field(name: name, value: $0) } })
        }
        bankAccount = payment.bankAccount.map { account in
            Fields(rows: [
                Field(name: "Account", value: account.maskedAccountNumber), Field(name: "Routing number", value: account.routingNumber),
                Field(name: "Type", value: "\(account.accountType.rawValue), \(account.holderType.rawValue) (\(account.holderType.entryClass))"),
                Field(name: "Holder", value: account.holderName),
            ])
        }
        // The price as asked, part by part; a part that is zero is left out, except base and total.
        breakdown = payment.amountDetails.map { parts in
            Fields(rows: [
                ("Base", parts.base, true), ("Discount", -parts.discount, false), ("Surcharge", parts.surcharge, false),
                ("Tip", parts.tip, false), ("Tax", parts.tax, false), ("Total", parts.total, true),
            ].filter { $0.2 || $0.1 != 0 }.map { name, value, _ in Field(name: name, value: money(value)) })
        }
        pin = payment.pinChallenge.map { challenge in
            PIN(tries: "\(challenge.failedAttempts) wrong of \(challenge.maxAttempts) allowed; \(challenge.attemptsRemaining) left")
        }
        var before = PaymentBalance.zero
        timeline = ([payment] + operations.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }).map { row in
            var change = ""
            if let after = row.balanceAfter {
                change = Self.change(from: before, to: after, money: money)
                before = after
            }
            return Event(
                date: format.time(row.createdAt), type: row.id == payment.id ? "\(row.type.rawValue) (created)" : row.type.rawValue,
                status: row.status.rawValue, amount: format.money(row.money),
                response: row.processorResult.map { "\($0.responseCode) \($0.message)" } ?? "", change: change)
        }
    }

    /// The totals that differ between two balances, each as "name before → after"; "totals unchanged" when none does
    /// (a decline, or a void, which changes the status alone).
    static func change(from before: PaymentBalance, to after: PaymentBalance, money: (Int64) -> String) -> String {
        let totals: [(String, KeyPath<PaymentBalance, Int64>)] = [
            ("authorized", \.authorized), ("captured", \.captured), ("refunded", \.refunded), ("tip", \.tip),
        ]
        let moved = totals.filter { before[keyPath: $0.1] != after[keyPath: $0.1] }.map { name, path in
            "\(name) \(money(before[keyPath: path])) → \(money(after[keyPath: path]))"
        }
        return moved.isEmpty ? "totals unchanged" : moved.joined(separator: "; ")
    }
}
