import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Testing
import TestSupport

/// STANs (field 11) through the link at their edges: the wrap from 999999 to 000001 with
/// payments and follow-ups that name requests on both sides of it.
@Suite("Acquirer link: STAN wrap-around", .enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerTraceNumberTests {
    @Test func paymentsAcrossTheWrapAreMatchedAndFollowedUp() async throws {
        try await AcquirerHarness.with { acquirer in
            // The terminal's counter stands two short of the wrap (numbers 1…999,997 were used).
            _ = try await acquirer.gateway.store.reserveTraceNumbers(terminalId: AcquirerHarness.terminalId, count: 999_997)
            try await acquirer.gateway.test { (session: TestSession) async throws in
                var held: [TransactionResource] = []
                for amount in [1_001, 1_002, 1_003] {
                    let payment = try await session.pay("authorization", amount: Int64(amount))
                    #expect(payment.status == .authorized, "answered and matched by its STAN")
                    held.append(payment)
                }
                // Each follow-up names its original by the original's own STAN, before and after the wrap.
                for payment in held {
                    let capture = try await session.followUp(payment.id, .capture, json: #"{"amount":\#(payment.amount)}"#)
                    #expect(capture.status == 201, "\(capture.text)")
                }
            }
            let authorizations = try acquirer.host.received("0100").compactMap { $0["11"] as? String }
            #expect(authorizations == ["999998", "999999", "000001"])
            let completions = try acquirer.host.received("0220") + acquirer.host.received("0200")
            let named = completions.compactMap { ($0["90"] as? String).map { String($0.dropFirst(4).prefix(6)) } }
            #expect(Set(named) == ["999998", "999999", "000001"], "\(completions)")
            let used = try acquirer.host.journal().filter { $0["direction"] as? String == "in" && ($0["fields"] as? [String: Any])?["41"] as? String == AcquirerHarness.terminalId }
                .compactMap { ($0["fields"] as? [String: Any])?["11"] as? String }
            #expect(Set(used).count == used.count, "no STAN used twice for the terminal: \(used)")
            #expect(!used.contains("000000"))
        }
    }
}
