import Foundation
@testable import Gateway
import Storage
import Testing

/// One client address that keeps failing is refused for a while, whichever users it tries,
/// with the same answer as a wrong password; the memory it takes is bounded.
@Suite("Dashboard: sign-in throttling by address")
struct DashboardSignInThrottleTests {
    @Test func anAddressIsRefusedAfterTheLimitUntilItsOldestFailureLeavesTheWindow() {
        let throttle = DashboardSignInThrottle(limit: 3, window: 60)
        let start = Date(timeIntervalSince1970: 1_000_000)
        for second in 0..<3 {
            #expect(throttle.allows("10.0.0.1", now: start.addingTimeInterval(Double(second))))
            throttle.recordFailure("10.0.0.1", now: start.addingTimeInterval(Double(second)))
        }
        #expect(!throttle.allows("10.0.0.1", now: start.addingTimeInterval(59)))
        #expect(throttle.allows("10.0.0.2", now: start.addingTimeInterval(59)), "another address is not touched")
        #expect(throttle.allows("10.0.0.1", now: start.addingTimeInterval(60)), "the first failure has left the window")
        throttle.recordFailure("10.0.0.1", now: start.addingTimeInterval(60.5))
        #expect(!throttle.allows("10.0.0.1", now: start.addingTimeInterval(60.5)), "three failures within the window again")
    }

    @Test func itRemembersABoundedNumberOfAddresses() {
        let throttle = DashboardSignInThrottle(limit: 3, window: 3600)
        let start = Date(timeIntervalSince1970: 1_000_000)
        for index in 0...DashboardSignInThrottle.maxAddresses + 50 {
            throttle.recordFailure("addr-\(index)", now: start.addingTimeInterval(Double(index)))
        }
        #expect(throttle.trackedAddresses == DashboardSignInThrottle.maxAddresses)
        for _ in 0..<3 { throttle.recordFailure("addr-new", now: start.addingTimeInterval(20_000)) }
        #expect(!throttle.allows("addr-new", now: start.addingTimeInterval(20_000)), "the newest is kept; the stalest went")
    }

    @Test func failuresAcrossUsersFromOneAddressRefuseEvenTheRightPassword() async throws {
        let harness = try await GatewayHarness.dashboard { $0.dashboard.maxFailuresPerAddress = 3 }
        try await harness.browse { browser, _ in
            for (email, password) in [("viewer@shop.example", "wrong"), ("admin@shop.example", "wrong"), ("nobody@shop.example", "x")] {
                #expect(try await browser.signIn(email: email, password: password).status == 401)
            }
            let refused = try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            #expect(refused.status == 401 && refused.text.contains("The email, password or code is not right"))
            #expect(browser.cookies["tapline_session"] == nil)
            let admin = try await harness.store.read { try await $0.dashboardUser(email: "admin@shop.example") }
            #expect(admin?.lockedUntil == nil && admin?.failedSignIns == 1, "the user is not locked: the address is refused")
            harness.clock.advance(by: 15 * 60)
            let signedIn = try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            #expect(signedIn.status == 303, "the window has passed")
        }
    }

    @Test func overASocketTheAddressIsThePeersIP() async throws {
        let harness = try await GatewayHarness.dashboard { configuration in
            configuration.dashboard.maxFailuresPerAddress = 2
            configuration.host = "127.0.0.1"
            configuration.port = 0
        }
        try await harness.browse(.live) { browser, _ in
            for _ in 0..<2 {
                let refused = try await browser.signIn(email: "admin@shop.example", password: "wrong")
                #expect(refused.status == 401)
            }
            let right = try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            #expect(right.status == 401, "the address is refused")
            let refusals = harness.logs.all.filter { $0.contains("dashboard sign-in refused") }
            #expect(refusals.count == 3 && refusals.allSatisfy { $0.contains("client_address=127.0.0.1") }, "\(refusals)")
            #expect(!harness.logs.all.joined().contains("wrong"), "what was typed is not logged")
        }
    }
}
