import Foundation
@testable import Gateway
import PaymentCore
import Storage
import Testing
import TestSupport

/// The payments CSV holds every payment the filters find, however many: more than a page
/// of the store's reads, oldest first, each with its totals and authorization code.
@Suite("Dashboard: the payments CSV, every row")
struct DashboardCSVStreamTests {
    @Test func twentyFiveHundredPaymentsAreAllInTheFile() async throws {
        let harness = try await GatewayHarness.dashboard()
        let merchantId = harness.merchantId
        try await harness.store.write { writer in
            for number in 1...2_500 {
                var row = Fixtures.transaction(id: String(format: "t_%05d", number), merchantId: merchantId, amount: 1_000, createdAt: Fixtures.date(Int64(number) * 1_000))
                row.authorizedAmount = 1_000
                row.capturedAmount = 1_000
                row.refundedAmount = number == 7 ? 250 : 0
                row.tipAmount = number == 7 ? 100 : 0
                row.processorResult = ProcessorResult(responseCode: "00", message: "Approved", authorizationCode: "A\(number)")
                try await writer.insert(row)
            }
        }
        try await harness.browse { browser, _ in
            try await browser.signIn(email: "viewer@shop.example", password: DashboardHarness.password)
            let file = try await browser.get("/dashboard/payments.csv")
            #expect(file.status == 200 && file.headers[.contentType] == "text/csv; charset=utf-8")
            let table = CSVTable(file.text)
            #expect(table.rows.count == 2_500)
            #expect(table.rows.first?["id"] == "t_00001" && table.rows.last?["id"] == "t_02500", "oldest first")
            let seventh = try #require(table.rows.first { $0["id"] == "t_00007" })
            #expect(seventh["captured"] == "10.00" && seventh["refunded"] == "2.50" && seventh["net"] == "7.50" && seventh["tip"] == "1.00")
            #expect(seventh["authorization_code"] == "A7")
            #expect(Set(table.rows.compactMap { $0["id"] }).count == 2_500, "no row twice")
        }
    }
}
