import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// Sales per second through the link with and without a MAC, in one run, for the issue's
/// figures. A measurement, not a check: it runs only with TAPLINE_MEASURE_MAC=1 and prints
/// the rates; it asserts only that every sale was captured.
@Suite(.enabled(if: AcquirerHostProcess.isAvailable && ProcessInfo.processInfo.environment["TAPLINE_MEASURE_MAC"] == "1",
                "set TAPLINE_MEASURE_MAC=1 to measure"), .serialized)
struct AcquirerMACThroughputTests {
    private static let sales = 400
    private static let concurrency = 16

    private func salesPerSecond(mac: Bool) async throws -> Double {
        let key = AcquirerMACTests.macKey
        return try await AcquirerHarness.with(hostFlags: mac ? ["--mac-key", key] : [], macKey: mac ? key : nil) { acquirer in
            try await acquirer.gateway.test { (session: TestSession) async throws in
                let clock = ContinuousClock()
                let start = clock.now
                var captured = 0
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for worker in 0..<Self.concurrency {
                        group.addTask {
                            var done = 0
                            for index in stride(from: worker, to: Self.sales, by: Self.concurrency) {
                                if try await session.pay(amount: Int64(10_000 + index)).status == .captured { done += 1 }
                            }
                            return done
                        }
                    }
                    for try await done in group { captured += done }
                }
                let elapsed = clock.now - start
                #expect(captured == Self.sales)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                return Double(Self.sales) / seconds
            }
        }
    }

    @Test func salesPerSecondWithAndWithoutMAC() async throws {
        let plain = try await salesPerSecond(mac: false)
        let authenticated = try await salesPerSecond(mac: true)
        let withoutFirst = try await salesPerSecond(mac: false)
        // The MAC alone, to tell its cost from the test host's (psec in Python).
        let key = try TripleDESKey([UInt8](repeating: 0x5A, count: 16))
        let message = [UInt8](repeating: 0x30, count: 120)
        let clock = ContinuousClock()
        let macs = 2_000
        let elapsed = try clock.measure { for _ in 0..<macs { _ = try RetailMAC.mac(message, key: key) } }
        print("RetailMAC of 120 bytes: \(elapsed / macs) each")
        print("MAC throughput: without \(Int(plain)) and \(Int(withoutFirst)) sales/s, with MAC \(Int(authenticated)) sales/s, ratio \(String(format: "%.2f", authenticated / ((plain + withoutFirst) / 2)))")
    }
}
