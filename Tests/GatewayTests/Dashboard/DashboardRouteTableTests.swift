@testable import Gateway
import Foundation
import Storage
import Testing

/// The dashboard's routes are in the gateway's one route table, and what each declares holds
/// for every one of them, enumerated (a new page or form is covered without being named):
/// a session or a trip to sign-in and back, the CSRF token, the role, the query it reads,
/// and the dashboard's own 404 page for any other address.
@Suite("Dashboard: every route of the table")
struct DashboardRouteTableTests {
    static var keys: [String] { RouteTable.dashboardRoutes.map(RouteTable.key).sorted() }
    static var formKeys: [String] { RouteTable.dashboardRoutes.filter { $0.method == .post }.map(RouteTable.key).sorted() }
    static var adminKeys: [String] {
        RouteTable.dashboardRoutes.filter { if case .signedIn(.admin) = $0.access { return true } else { return false } }.map(RouteTable.key).sorted()
    }

    /// A concrete path of a template: each `:id` filled in.
    static func concrete(_ template: String) -> String { template.replacing(":id", with: "x-1") }

    @Test func theDashboardIsOnTheTableWithTypedPaths() {
        #expect(Self.keys.count == 46)
        for route in RouteTable.dashboardRoutes {
            #expect(DashboardPath.contains(route.path), "\(RouteTable.key(route))")
            #expect(route.method == .get || route.form != nil, "\(RouteTable.key(route)) reads no form")
        }
        // Every admin route is a form, and every form an admin's but those each user sends for
        // themselves: sign-in and sign-out, their own password and two-factor sign-in, an invitation's.
        #expect(Set(Self.adminKeys) == Set(Self.formKeys).subtracting([
            "POST /dashboard/sign-in", "POST /dashboard/sign-out", "POST /dashboard/password", "POST /dashboard/invitation/:id",
            "POST /dashboard/two-factor", "POST /dashboard/two-factor/off",
        ]))
    }

    @Test(arguments: keys)
    func withoutASessionTheBrowserSignsInAndComesBack(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        guard case .signedIn = route.access else { return }
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let path = Self.concrete(route.path)
            let reply = route.method == .get ? try await browser.get(path) : try await browser.post(path, [("csrf", "x")])
            #expect(reply.status == 303, "\(key)")
            let location = try #require(reply.headers[.location])
            #expect(location.hasPrefix("/dashboard/sign-in?next="), "\(key): \(location)")
            let next = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "next" }?.value)
            // A form's own address answers only POST: sign-in leads back to the page it is on.
            let back = try #require(RouteTable.dashboardRoutes.first { $0.method == .get && Self.matches($0.path, next) }, "\(key) → \(next)")
            #expect(route.method == .post || back.path == route.path, "\(key) → \(next)")
        }
    }

    @Test(arguments: formKeys)
    func aFormWithoutTheSessionsTokenIsRefusedAndChangesNothing(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let before = try await Self.state(harness)
            let reply = try await browser.post(Self.concrete(route.path), [("csrf", "not-the-token")])
            #expect(reply.status == 403 && reply.text.contains("This form has expired"), "\(key): \(reply.status)")
            #expect(reply.headers[.contentType]?.hasPrefix("text/html") == true, "\(key)")
            #expect(try await Self.state(harness) == before, "\(key) changed something")
        }
    }

    @Test(arguments: adminKeys)
    func aViewerIsRefusedEveryAdminForm(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let page = try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            #expect(page.status == 303)
            let csrf = DashboardBrowser.csrf(in: try await browser.get("/dashboard"))
            let before = try await Self.state(harness)
            let reply = try await browser.post(Self.concrete(route.path), [("csrf", csrf)])
            #expect(reply.status == 403 && reply.text.contains("your role is viewer"), "\(key): \(reply.status)")
            #expect(try await Self.state(harness) == before, "\(key) changed something")
        }
    }

    @Test(arguments: keys.filter { $0.hasPrefix("GET ") && $0 != "GET /dashboard/static/dashboard.css" })
    func aPageRefusesAQueryParameterItDoesNotRead(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let reply = try await browser.get(Self.concrete(route.path) + "?zzunknown=1")
            #expect(reply.status == 400 && reply.text.contains("this page has no parameter zzunknown"), "\(key): \(reply.status)")
        }
    }

    /// Every page a signed-in user reaches from the menu names the merchant they work for.
    @Test(arguments: keys.filter { $0.hasPrefix("GET ") && !$0.contains(":") && !$0.contains(".") && !$0.contains("sign-in") })
    func everyPageNamesTheMerchant(_ key: String) async throws {
        let route = try #require(RouteTable.route(key))
        let harness = try await GatewayHarness.dashboard()
        let name = try #require(try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.name)
        try await harness.browse { browser, _ in
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let page = try await browser.get(route.path)
            #expect(page.status == 200 && page.text.contains(#"<span class="merchant">\#(name)</span>"#), "\(key)")
        }
    }

    @Test(arguments: ["/dashboard/nowhere", "/dashboard/payments/x-1/nowhere", "/dashboard/static/other.css"])
    func anUnknownDashboardAddressIsTheDashboardsOwn404(_ path: String) async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, _ in
            let reply = try await browser.get(path)
            #expect(reply.status == 404 && reply.text.contains("There is no dashboard page at this address."))
            #expect(reply.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    /// Whether a concrete path (with its query) is one of a template's.
    static func matches(_ template: String, _ path: String) -> Bool {
        let asked = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/", omittingEmptySubsequences: false)
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        return asked.count == parts.count && zip(parts, asked).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
    }

    /// What a form could change: the payments, endpoints, clients, settings and the audit list.
    static func state(_ harness: GatewayHarness) async throws -> String {
        let merchantId = harness.merchantId
        let audit = try await harness.store.read { try await $0.dashboardAudit(merchantId: merchantId, limit: 100) }
            .filter { !$0.action.hasPrefix("sign-") }.map(\.action)
        let clients = try await harness.store.read { try await $0.apiClients(merchantId: merchantId) }.map { "\($0.id) \($0.permissions) \(String(describing: $0.revokedAt))" }
        return try await MutatingRouteTests.work(harness) + "\n" + audit.joined(separator: ",") + "\n" + clients.joined(separator: ",")
    }
}
