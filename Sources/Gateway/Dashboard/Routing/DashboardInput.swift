import Foundation
import Hummingbird
import PaymentCore
import Storage

/// Who is signed in to the dashboard: the session (with its CSRF token), its user and the
/// user's merchant, found from the session cookie in one read per request
/// (``DashboardSessionMiddleware``); pages use this merchant rather than reading it again.
struct DashboardSignedIn: Sendable {
    var session: DashboardSession
    var user: DashboardUser
    var merchant: Merchant? {
        didSet { format = Self.format(of: merchant) }
    }
    /// How pages write the merchant's money and times (its locale and time zone).
    private(set) var format: MerchantFormat

    init(session: DashboardSession, user: DashboardUser, merchant: Merchant?) {
        (self.session, self.user, self.merchant) = (session, user, merchant)
        format = Self.format(of: merchant)
    }

    private static func format(of merchant: Merchant?) -> MerchantFormat {
        merchant.map { MerchantFormat($0.paymentSettings) } ?? .standard
    }

    /// The merchant's name, which every page's header shows.
    var merchantName: String { merchant?.name ?? user.merchantId }

    /// The currency amounts are typed in and the volume is charted in: the merchant's first.
    var currency: Currency { merchant?.paymentSettings.currencies.first ?? .usd }
}

/// What a dashboard handler receives once ``DashboardPipeline`` has done the shared work:
/// the signed-in user (checked against the route's role), the query and the form, each read
/// strictly once, and the idempotency claim of a keyed form.
struct DashboardInput: Sendable {
    var request: Request
    var context: GatewayContext
    /// Nil only on an open route (sign-in, the stylesheet).
    var signedIn: DashboardSignedIn?
    /// The query string's parameters (`+` read as a space, as browsers send a form's).
    var query = DashboardForm(fields: [:])
    /// A POST's form; empty on a page.
    var form = DashboardForm(fields: [:])
    /// The files of a form with files (``DashboardFormRule/uploads``).
    var uploads: [DashboardUpload] = []
    /// The key a keyed form runs under.
    var claim: IdempotencyClaim?

    var session: DashboardSession {
        get throws { try requireSignedIn().session }
    }

    var user: DashboardUser {
        get throws { try requireSignedIn().user }
    }

    /// How this merchant's pages write money and times; en-US and UTC before sign-in.
    var format: MerchantFormat { signedIn?.format ?? .standard }

    /// What the layout shows: the page's title and who is signed in.
    var layout: DashboardPageModel {
        DashboardPageModel(title: "", signedIn: signedIn)
    }

    /// A path parameter of the route's template.
    func parameter(_ name: PathParameter) throws -> String {
        guard let value = context.parameters.get(name.rawValue) else { throw DashboardFailure.notFound("No such page.") }
        return value
    }

    /// A query parameter, nil when absent or empty.
    func query(_ name: String) -> String? {
        let value = query[name]
        return value.isEmpty ? nil : value
    }

    func requireSignedIn() throws -> DashboardSignedIn {
        guard let signedIn else { throw DashboardFailure.forbidden("Sign in first.") }
        return signedIn
    }
}
