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

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        let stored = try await settings.settings(merchantId: try input.user.merchantId)
        return .page(try render(DashboardSettingsForm(stored), input))
    }

    func save(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, form) = (try input.user, input.form)
        let typed = DashboardSettingsForm(values: form.fields.filter { $0.key != "csrf" })
        do {
            let change = try PaymentSettingsValidator.validate(try typed.request())
            let saved = try await settings.update(merchantId: user.merchantId, change)
            try await accounts.audit(user, "update-payment-settings")
            return .page(try render(DashboardSettingsForm(saved), input, notice: "Saved."))
        } catch let failure as GatewayFailure {
            // What the user typed stays in the form, beside the reason.
            let reason = GatewayError.canonical(failure)?.body.message ?? "\(failure)"
            return .page(try render(typed, input, problem: "Not saved: \(reason)", status: .badRequest))
        }
    }

    private func render(
        _ form: DashboardSettingsForm, _ input: DashboardInput, notice: String? = nil, problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let (session, user) = (try input.session, try input.user)
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
            title: "Payment settings", user: input.layout.user,
            isAdmin: user.role == .admin, csrf: session.csrfToken, notice: notice, problem: problem, fields: fields)
        return DashboardResponse.html(DashboardTemplates.shared.render(model), status: status)
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

    struct Page: DashboardView {
        static let template = "settings"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var save = DashboardPath.settings.path
        var isAdmin: Bool
        var csrf: String
        var notice: String?
        var problem: String?
        var fields: [Field]
    }
}
