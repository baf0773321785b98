import Foundation
import Hummingbird
import PaymentCore
import Storage

/// The devices page: the merchant's phones with their Tap to Pay status; an admin turns Tap
/// to Pay on or off for one, through the same service as the API.
struct DashboardDevices: Sendable {
    let devices: DeviceService
    let accounts: DashboardAccounts

    func page(session: DashboardSession, user: DashboardUser) async throws -> Response {
        let listed = try await devices.list(merchantId: user.merchantId)
        let model = Page(
            title: "Devices", user: DashboardPageModel(title: "", session: session, user: user).user, isAdmin: user.role == .admin,
            csrf: session.csrfToken, devices: listed.map(Row.init))
        return DashboardResponse.html(DashboardTemplates.shared.render("devices", model))
    }

    func setTapToPay(_ request: Request, deviceId: String, session: DashboardSession, user: DashboardUser) async throws -> Response {
        let form = try await DashboardForm.read(request, allowed: ["csrf", "tapToPay"])
        try form.authorize(session, user, viewerRefusal: "You can look at devices but not change them: your role is viewer.")
        let status: TapToPayStatus
        switch form["tapToPay"] {
        case "activate": status = .active
        case "deactivate": status = .deactivated
        default: throw DashboardFailure.badForm("tapToPay must be activate or deactivate")
        }
        do {
            _ = try await devices.setTapToPay(status, deviceId: deviceId, merchantId: user.merchantId)
        } catch is GatewayFailure {
            throw DashboardFailure.notFound("No device \(deviceId.prefix(64)) for this merchant.")
        }
        try await accounts.audit(user, "tap-to-pay-\(form["tapToPay"])", subjectId: deviceId)
        return DashboardResponse.redirect("/dashboard/devices")
    }

    struct Row {
        var id: String
        var name: String
        var status: String
        var lastLogin: String
        var active: Bool

        init(_ device: Device) {
            id = device.deviceId
            name = device.name ?? ""
            status = device.tapToPayStatus.displayName
            lastLogin = device.lastLoginAt.map(DashboardFormat.date) ?? "never"
            active = device.tapToPayStatus == .active
        }
    }

    struct Page {
        var title: String
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var devices: [Row]
    }
}
