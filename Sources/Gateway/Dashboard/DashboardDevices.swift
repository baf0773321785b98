import Foundation
import Hummingbird
import PaymentCore
import Storage

/// The devices page: the merchant's phones with their Tap to Pay status; an admin turns Tap
/// to Pay on or off for one, through the same service as the API.
struct DashboardDevices: Sendable {
    let devices: DeviceService
    let accounts: DashboardAccounts

    func page(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (session, user) = (try input.session, try input.user)
        let listed = try await devices.list(merchantId: user.merchantId)
        let model = Page(
            title: "Devices", user: input.layout.user, isAdmin: user.role == .admin, csrf: session.csrfToken, devices: listed.map { Row($0, format: input.format) })
        return .page(DashboardResponse.html(DashboardTemplates.shared.render(model)))
    }

    func setTapToPay(_ input: DashboardInput) async throws -> DashboardOutcome {
        let (user, deviceId, form) = (try input.user, try input.parameter(.id), input.form)
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
        return .redirect(.devices)
    }

    struct Row {
        var id: String
        /// Where its Tap to Pay form posts.
        var post: String
        var name: String
        var status: String
        var lastLogin: String
        var active: Bool

        init(_ device: Device, format: MerchantFormat) {
            id = device.deviceId
            post = DashboardPath.deviceTapToPay(device.deviceId).path
            name = device.name ?? ""
            status = device.tapToPayStatus.displayName
            lastLogin = device.lastLoginAt.map(format.time) ?? "never"
            active = device.tapToPayStatus == .active
        }
    }

    struct Page: DashboardView {
        static let template = "devices"
        var title: String
        var site = DashboardPageModel.Site()
        var user: DashboardPageModel.UserModel?
        var isAdmin: Bool
        var csrf: String
        var devices: [Row]
    }
}
