import Foundation
import Hummingbird
import PaymentCore
import Storage

/// An admin's action on a payment, in two steps: the form asks, a confirmation page says
/// exactly what will happen, and only its confirm button acts, through the API's own use
/// case (`FollowUpService`) under an idempotency key the form carries, so a double click
/// or a resent form acts once. A refusal the payment's state makes is said on the page,
/// and nothing changes.
struct DashboardActions: Sendable {
    let store: any Store
    let followUps: FollowUpService
    let idempotency: IdempotencyGuard
    let accounts: DashboardAccounts

    static let fields: Set<String> = ["csrf", "action", "amount", "key", "confirm"]

    func act(_ request: Request, paymentId: String, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let buffer = try await request.body.collect(upTo: DashboardForm.maxBytes)
        let form = try DashboardForm.parse(buffer, allowed: Self.fields)
        try form.authorize(session, user, viewerRefusal: "You can look at payments but not act on them: your role is viewer. Ask an admin.")
        guard let action = DashboardAction(rawValue: form["action"]) else { throw DashboardFailure.badForm("no action \(form["action"].prefix(40))") }
        guard let payment = try await store.read({ try await $0.transaction(id: paymentId, merchantId: user.merchantId) }) else {
            throw DashboardFailure.notFound("No transaction \(paymentId.prefix(64)) for this merchant.")
        }
        let amount = try Self.amount(form["amount"], action: action, currency: payment.currency)
        let key = form["key"]
        let idempotencyKey = try form.idempotencyKey()
        let layout = DashboardPageModel(title: "", session: session, user: user)
        guard form["confirm"] == "yes" else {
            let what = "\(action.label(ach: payment.bankAccount != nil)) \(amount.map { Money(minorUnits: $0, currency: payment.currency).description } ?? "all of it")"
            let page = DashboardConfirmPage(
                title: "Confirm", user: layout.user, question: "\(what) on \(payment.type.rawValue) \(DashboardAmount(payment).text)?",
                detail: payment.referenceId.map { "Reference: \($0)" } ?? "", action: "/dashboard/payments/\(payment.id)/act",
                cancel: "/dashboard/payments/\(payment.id)", csrf: session.csrfToken,
                fields: [.init(name: "action", value: action.rawValue), .init(name: "amount", value: form["amount"]), .init(name: "key", value: key)])
            return DashboardResponse.html(DashboardTemplates.shared.render("confirm-post", page))
        }
        do {
            _ = try await idempotency.run(merchantId: user.merchantId, request: request, body: buffer, derivedKey: { _ in idempotencyKey }) { claim in
                let (operation, _) = try await followUps.perform(
                    action.request(amount: amount), paymentId: payment.id, merchantId: user.merchantId,
                    createdById: "dashboard:\(user.email)", idempotency: claim)
                try await accounts.audit(
                    user, action.rawValue, subjectId: payment.id, detail: "\(operation.status.rawValue): \(operation.money.description)")
                return (.created, Data("{\"operation\":\"\(operation.id)\"}".utf8))
            }
        } catch let failure as DashboardFailure {
            throw failure
        } catch {
            guard let refusal = GatewayError.canonical(error) else { throw error }
            throw DashboardFailure.refused(refusal.body.message, paymentId: payment.id)
        }
        return DashboardResponse.redirect("/dashboard/payments/\(payment.id)?done=\(action.rawValue)")
    }

    /// Major units as typed ("12.50"), in minor units; nil for an empty optional amount.
    static func amount(_ text: String, action: DashboardAction, currency: Currency) throws -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard action.takesAmount else { return nil }
        if trimmed.isEmpty {
            guard action.amountOptional else { throw DashboardFailure.badForm("enter an amount, such as 5.00") }
            return nil
        }
        do {
            let money = try Money(parsing: String(trimmed.prefix(32)), currency: currency)
            guard money.minorUnits >= 0, Money.isWithinLimit(money.minorUnits) else { throw DashboardFailure.badForm("the amount is out of range") }
            return money.minorUnits
        } catch let failure as DashboardFailure {
            throw failure
        } catch {
            throw DashboardFailure.badForm("the amount must be a number such as 5.00 (\(error))")
        }
    }
}
