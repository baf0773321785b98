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
    let accounts: DashboardAccounts

    /// What the confirmation page asks: the action, its amount and the payment.
    func confirm(_ input: DashboardInput) async throws -> DashboardConfirmation {
        let (action, payment, amount) = try await read(input)
        let format = input.format
        let what = "\(action.label(ach: payment.bankAccount != nil)) \(amount.map { format.money($0, payment.currency) } ?? "all of it")"
        return DashboardConfirmation(
            question: "\(what) on \(payment.type.rawValue) \(DashboardAmount(payment).text(format))?",
            detail: payment.referenceId.map { "Reference: \($0)" } ?? "", cancel: .payment(payment.id))
    }

    /// Acts, once per form key; a refusal the payment's state makes is said on its page.
    func act(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (action, payment, amount) = try await read(input)
        let user = try input.user
        // A refusal (the payment's state, the amount available) goes out as it is: the
        // key keeps it as this form's answer, and the pipeline says it on the payment's page.
        let (operation, _) = try await followUps.perform(
            action.request(amount: amount), paymentId: payment.id, merchantId: user.merchantId,
            createdById: "dashboard:\(user.email)", idempotency: input.claim)
        try await accounts.audit(user, action.rawValue, subjectId: payment.id, detail: "\(operation.status.rawValue): \(operation.money.description)")
        return .redirect(DashboardPath.payment(payment.id).with([("done", action.rawValue)]))
    }

    /// The form's action, its payment (this merchant's) and its amount in minor units.
    private func read(_ input: DashboardInput) async throws -> (DashboardAction, Transaction, Int64?) {
        let (paymentId, user, form) = (try input.parameter(.id), try input.user, input.form)
        guard let action = DashboardAction(rawValue: form["action"]) else { throw DashboardFailure.badForm("no action \(form["action"].prefix(40))") }
        guard let payment = try await store.read({ try await $0.transaction(id: paymentId, merchantId: user.merchantId) }) else {
            throw DashboardFailure.notFound("No transaction \(paymentId.prefix(64)) for this merchant.")
        }
        return (action, payment, try Self.amount(form["amount"], action: action, currency: payment.currency))
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
