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
        let model = Page(
            title: "Payment settings", user: DashboardPageModel(title: "", session: session, user: user).user,
            isAdmin: user.role == .admin, csrf: session.csrfToken, notice: notice, problem: problem,
            text: DashboardSettingsForm.textFields.filter { !Self.choices.keys.contains($0) }.map {
                Field(name: $0, label: DashboardSettingsForm.labels[$0] ?? $0, value: form[$0])
            },
            choices: Self.choices.sorted { $0.key < $1.key }.map { name, options in
                Choice(name: name, label: DashboardSettingsForm.labels[name] ?? name, options: options.map {
                    Option(value: $0, text: $0.isEmpty ? "(keep as it is)" : $0, selected: form[name] == $0)
                })
            },
            checkboxes: DashboardSettingsForm.checkboxes.map {
                Checkbox(name: $0, label: DashboardSettingsForm.labels[$0] ?? $0, checked: form[$0] == "on")
            })
        return DashboardResponse.html(DashboardTemplates.shared.render("settings", model), status: status)
    }

    /// The fields chosen from a list, with the list.
    static let choices: [String: [String]] = [
        "zeroCostProcessingOption": ZeroCostProcessingOption.allCases.map(\.rawValue),
        "avsProfile": ["", "Strict", "Moderate", "Tolerant"],
    ]

    struct Field {
        var name: String
        var label: String
        var value: String
    }

    struct Option {
        var value: String
        var text: String
        var selected: Bool
    }

    struct Choice {
        var name: String
        var label: String
        var options: [Option]
    }

    struct Checkbox {
        var name: String
        var label: String
        var checked: Bool
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var notice: String?
        var problem: String?
        var text: [Field]
        var choices: [Choice]
        var checkboxes: [Checkbox]
    }
}
