import Foundation
import GatewayAPI
import Hummingbird
import Storage

/// The payment settings page: the merchant's settings as a form, which an admin saves
/// through the API's validator and service (`PaymentSettingsValidator`,
/// `PaymentSettingsService`), so a value the API refuses is refused here, with the same words,
/// and nothing is saved.
struct DashboardPaymentSettings: Sendable {
    let settings: PaymentSettingsService
    let accounts: DashboardAccounts

    static let viewerRefusal = "You can look at payment settings but not change them: your role is viewer."

    func page(session: DashboardSession, user: DashboardUser) async throws -> Response {
        let stored = try await settings.settings(merchantId: user.merchantId)
        return render(DashboardSettingsForm(stored), session: session, user: user)
    }

    func save(_ request: Request, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: DashboardSettingsForm.fields)
        try form.authorize(session, user, viewerRefusal: Self.viewerRefusal)
        let typed = DashboardSettingsForm(values: form.fields.filter { $0.key != "csrf" })
        do {
            let change = try PaymentSettingsValidator.validate(try typed.request())
            let saved = try await settings.update(merchantId: user.merchantId, change)
            try await accounts.audit(user, "update-payment-settings")
            return render(DashboardSettingsForm(saved), session: session, user: user, notice: "Saved.")
        } catch let failure as GatewayFailure {
            // What the user typed stays in the form, beside the reason.
            let reason = GatewayError.canonical(failure)?.body.message ?? "\(failure)"
            return render(typed, session: session, user: user, problem: "Not saved: \(reason)", status: .badRequest)
        }
    }

    private func render(
        _ form: DashboardSettingsForm, session: DashboardSession, user: DashboardUser, notice: String? = nil, problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let fields = DashboardSettingsForm.order.map { name in
            let label = DashboardSettingsForm.labels[name] ?? name
            if let options = Self.choices[name] {
                return Field(name: name, label: label, choice: options.map {
                    Option(value: $0, text: $0.isEmpty ? "(keep as it is)" : $0, selected: form[name] == $0)
                })
            }
            if DashboardSettingsForm.checkboxes.contains(name) { return Field(name: name, label: label, checked: form[name] == "on") }
            return Field(name: name, label: label, text: form[name])
        }
        let model = Page(
            title: "Payment settings", user: DashboardPageModel(title: "", session: session, user: user).user,
            isAdmin: user.role == .admin, csrf: session.csrfToken, notice: notice, problem: problem, fields: fields)
        return DashboardResponse.html(DashboardTemplates.shared.render("settings", model), status: status)
    }

    /// The fields chosen from a list, with the list.
    static let choices: [String: [String]] = [
        "zeroCostProcessingOption": ZeroCostProcessingOption.allCases.map(\.rawValue),
        "avsProfile": ["", "Strict", "Moderate", "Tolerant"],
    ]

    /// One field of the form: a text box, a list to choose from, or a checkbox.
    struct Field {
        var name: String
        var label: String
        var text: String?
        var choice: [Option]?
        var isChoice = false
        var isCheckbox = false
        var checked = false

        init(name: String, label: String, text: String) {
            (self.name, self.label, self.text) = (name, label, text)
        }

        init(name: String, label: String, choice: [Option]) {
            (self.name, self.label, self.choice, self.isChoice) = (name, label, choice, true)
        }

        init(name: String, label: String, checked: Bool) {
            (self.name, self.label, self.isCheckbox, self.checked) = (name, label, true, checked)
        }
    }

    struct Option {
        var value: String
        var text: String
        var selected: Bool
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var notice: String?
        var problem: String?
        var fields: [Field]
    }
}
