import Foundation
@testable import Gateway
import Testing

/// The ids the gateway gives what it stores.
@Suite("Object ids")
struct GatewayIdTests {
    /// Time-ordered (UUID version 7), so the stores' indexes on ids grow at their end.
    @Test func aPaymentsIdStartsWithTheMillisecondItWasMade() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let before = UInt64(Date().timeIntervalSince1970 * 1000)
            let sale = try await session.pay(amount: 1_000)
            let after = UInt64((Date().timeIntervalSince1970 * 1000).rounded(.up))
            let groups = sale.id.split(separator: "-")
            #expect(groups.count == 5 && groups[2].first == "7", "\(sale.id)")
            let made = try #require(UInt64(groups[0] + groups[1], radix: 16))
            #expect((before...after).contains(made), "\(sale.id)")
        }
    }
}
