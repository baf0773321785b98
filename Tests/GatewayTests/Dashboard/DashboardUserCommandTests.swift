import Foundation
@testable import Gateway
import Logging
import StorageSQLite
import Testing

/// `tapline user create`: a dashboard user of a merchant, whose password (printed once, or
/// read from standard input) signs in to the dashboard of a gateway on that database.
@Suite("Dashboard: tapline user create")
struct DashboardUserCommandTests {
    @Test func aCreatedUserSignsInWithThePrintedPassword() async throws {
        let folder = try TaplineRun.emptyFolder().resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("tapline.sqlite").path
        try await SQLiteStore.open(path: database, logger: Logger(label: "test")).close()
        let merchant = try await TaplineRun.run(["merchant", "create", "--name", "Corner Café"], in: folder)
        let merchantId = String(merchant.standardOutput.dropFirst("merchant id: ".count)).trimmingCharacters(in: .whitespacesAndNewlines)

        let created = try await TaplineRun.run(
            ["user", "create", "--merchant-id", merchantId, "--email", "Ann@Shop.example", "--role", "admin"], in: folder)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("dashboard user: ann@shop.example (admin) of merchant \(merchantId)"))
        let password = try #require(created.standardOutput.split(separator: "\n").first { $0.hasPrefix("password:") }?
            .split(separator: " ").last.map(String.init))
        #expect(password.count == 24)

        let again = try await TaplineRun.run(["user", "create", "--merchant-id", merchantId, "--email", "ann@shop.example"], in: folder)
        #expect(again.status == 1 && again.standardError.contains("already has a dashboard user"), "\(again.standardError)")
        let badRole = try await TaplineRun.run(["user", "create", "--merchant-id", merchantId, "--email", "b@shop.example", "--role", "owner"], in: folder)
        #expect(badRole.status == 1 && badRole.standardError.contains("--role must be admin or viewer"), "\(badRole.standardError)")
        let unknown = try await TaplineRun.run(["user", "create", "--merchant-id", "nope", "--email", "c@shop.example"], in: folder)
        #expect(unknown.status == 1 && unknown.standardError.contains("no merchant with id nope"), "\(unknown.standardError)")

        let store = try await SQLiteStore.open(path: database, logger: Logger(label: "test"))
        let harness = try await GatewayHarness.make(store: store)
        try await harness.browse { browser, _ in
            let reply = try await browser.signIn(email: "ann@shop.example", password: password)
            #expect(reply.status == 303 && browser.cookies["tapline_session"] != nil)
        }
        try await store.close()
    }

    @Test func aShortOrMalformedInputIsRefusedBeforeAnythingIsWritten() async throws {
        let harness = try await GatewayHarness.make()
        let admin = harness.services.admin
        await #expect(throws: AdminError.self) {
            _ = try await admin.createDashboardUser(merchantId: harness.merchantId, email: "no-at-sign", role: .viewer, cost: 4)
        }
        await #expect(throws: AdminError.self) {
            _ = try await admin.createDashboardUser(merchantId: harness.merchantId, email: "a@b.example", role: .viewer, password: "short", cost: 4)
        }
        await #expect(throws: AdminError.self) {
            _ = try await admin.createDashboardUser(
                merchantId: harness.merchantId, email: "a@b.example", role: .viewer, password: String(repeating: "x", count: 73), cost: 4)
        }
        #expect(try await harness.store.read { try await $0.dashboardUsers(merchantId: harness.merchantId) }.isEmpty)
    }
}
