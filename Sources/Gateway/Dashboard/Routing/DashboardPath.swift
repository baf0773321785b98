import Foundation

/// Every URL of the dashboard, built in one place: the router's templates
/// (``template(_:)``), the redirects handlers answer with, and the links pages show. A
/// template never spells a dashboard URL itself.
enum DashboardPath: Hashable, Sendable {
    case payments
    case payment(String)
    /// An action on a payment (capture, refund…), asked then confirmed.
    case paymentAction(String)
    case paymentsCSV
    /// A payment's or refund's receipt, a page to print.
    case receipt(String)
    case volumeChart
    case stylesheet
    case signIn
    case signOut
    case batches
    case closeBatch
    case batchCSV(String)
    case devices
    case deviceTapToPay(String)
    case clients
    case client(String)
    case clientPermissions(String)
    case revokeClient(String)
    case settings
    case audit
    /// The merchant's users; an admin's invitation, role change, password reset and removal.
    case team
    case teamRole(String)
    case teamPasswordReset(String)
    case removeTeamUser(String)
    case teamTwoFactorOff(String)
    /// The signed-in user's own password, and their two-factor sign-in.
    case password
    case twoFactor
    case twoFactorOff
    /// An invitation's one-time link; its token is the path's last segment.
    case invitation(String)
    /// The merchant's disputes; one dispute, its acceptance, its evidence and one evidence file.
    case disputes
    case dispute(String)
    case acceptDispute(String)
    case disputeEvidence(String)
    case disputeEvidenceFile(String, fileId: String)
    case webhooks
    case removeWebhook(String)
    case rotateWebhookSecret(String)
    case webhookEvent(String)
    case resendWebhookEvent(String)

    static let root = "/dashboard"

    /// The path, with an id escaped for a path segment.
    var path: String {
        switch self {
        case .payments: return Self.root
        case .payment(let id): return "\(Self.root)/payments/\(Self.segment(id))"
        case .paymentAction(let id): return "\(DashboardPath.payment(id).path)/act"
        case .paymentsCSV: return "\(Self.root)/payments.csv"
        case .receipt(let id): return "\(DashboardPath.payment(id).path)/receipt"
        case .volumeChart: return "\(Self.root)/volume.svg"
        case .stylesheet: return "\(Self.root)/static/dashboard.css"
        case .signIn: return "\(Self.root)/sign-in"
        case .signOut: return "\(Self.root)/sign-out"
        case .batches: return "\(Self.root)/batches"
        case .closeBatch: return "\(Self.root)/batches/close"
        case .batchCSV(let id): return "\(Self.root)/batches/\(Self.segment(id))/csv"
        case .devices: return "\(Self.root)/devices"
        case .deviceTapToPay(let id): return "\(Self.root)/devices/\(Self.segment(id))/tap-to-pay"
        case .clients: return "\(Self.root)/clients"
        case .client(let id): return "\(Self.root)/clients/\(Self.segment(id))"
        case .clientPermissions(let id): return "\(DashboardPath.client(id).path)/permissions"
        case .revokeClient(let id): return "\(DashboardPath.client(id).path)/revoke"
        case .settings: return "\(Self.root)/settings"
        case .audit: return "\(Self.root)/audit"
        case .team: return "\(Self.root)/team"
        case .teamRole(let id): return "\(Self.root)/team/\(Self.segment(id))/role"
        case .teamPasswordReset(let id): return "\(Self.root)/team/\(Self.segment(id))/require-password-change"
        case .removeTeamUser(let id): return "\(Self.root)/team/\(Self.segment(id))/remove"
        case .teamTwoFactorOff(let id): return "\(Self.root)/team/\(Self.segment(id))/two-factor-off"
        case .password: return "\(Self.root)/password"
        case .twoFactor: return "\(Self.root)/two-factor"
        case .twoFactorOff: return "\(Self.root)/two-factor/off"
        case .invitation(let token): return "\(Self.root)/invitation/\(Self.segment(token))"
        case .disputes: return "\(Self.root)/disputes"
        case .dispute(let id): return "\(Self.root)/disputes/\(Self.segment(id))"
        case .acceptDispute(let id): return "\(DashboardPath.dispute(id).path)/accept"
        case .disputeEvidence(let id): return "\(DashboardPath.dispute(id).path)/evidence"
        case .disputeEvidenceFile(let id, let fileId): return "\(DashboardPath.disputeEvidence(id).path)/\(Self.segment(fileId))"
        case .webhooks: return "\(Self.root)/webhooks"
        case .removeWebhook(let id): return "\(Self.root)/webhooks/\(Self.segment(id))/remove"
        case .rotateWebhookSecret(let id): return "\(Self.root)/webhooks/\(Self.segment(id))/rotate-secret"
        case .webhookEvent(let id): return "\(Self.root)/webhooks/events/\(Self.segment(id))"
        case .resendWebhookEvent(let id): return "\(DashboardPath.webhookEvent(id).path)/resend"
        }
    }

    /// The path with a query string (`?closed=1`); names and values are escaped.
    func with(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\(Self.queryPart($0.0))=\(Self.queryPart($0.1))" }.joined(separator: "&")
    }

    /// The router's template of a path with an id (`/dashboard/payments/:id`).
    static func template(_ make: (String) -> DashboardPath) -> String {
        make(PathParameter.id.template).path
    }

    /// Whether `path` is the dashboard's (an unknown one gets the dashboard's own 404 page).
    static func contains(_ path: String) -> Bool {
        path == root || path.hasPrefix(root + "/")
    }

    /// An id as one path segment. The router's `:id` (or another parameter) passes as it is.
    private static func segment(_ id: String) -> String {
        templates.contains(id) ? id : (id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    private static let templates = Set(PathParameter.allCases.map(\.template))

    private static func queryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986's unreserved characters: everything else is escaped.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
