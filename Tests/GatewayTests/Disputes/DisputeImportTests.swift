@testable import Gateway
import Foundation
import GatewayAPI
import PaymentCore
import Testing

/// `POST /v1/disputes/import`: the acquirer's dispute file, all of it or nothing, every bad
/// row named by its line and column.
@Suite("Disputes: the acquirer's file")
struct DisputeImportTests {
    static let header = "payment_id,reference,reason_code,amount,currency,status,respond_by,reason"

    @Test func aFileOpensMovesAndClosesDisputesAndATwiceImportedFileChangesNothing() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let token = try await session.operatorToken()
            let (first, second) = (try await session.pay(), try await session.pay(amount: 5_000))
            // Columns in another order, quotes around a comma, CRLF and a blank last line.
            let file = """
                status,reference,payment_id,currency,amount,reason_code,reason\r
                needsResponse,CB-1,\(first.id),USD,1800,10.4,"Fraud, ""card"" absent"\r
                lost,CB-2,\(second.id),USD,5000,13.1,\r
                \r

                """
            let imported = try await session.importDisputes(file, token: token)
            #expect(imported.status == 200, "\(imported.text)")
            let result = try imported.decode(DisputeImportResult.self)
            #expect(result.created == 2 && result.updated == 0 && result.unchanged == 0 && result.disputeIds.count == 2)
            let opened = try await session.send(.get, APIPath.dispute(result.disputeIds[0])).decode(DisputeResource.self)
            #expect(opened.reason == #"Fraud, "card" absent"#)
            #expect(opened.respondBy == harness.clock.now().addingTimeInterval(7 * 86_400), "seven days when the file gives none")
            let lost = try await session.send(.get, APIPath.dispute(result.disputeIds[1])).decode(DisputeResource.self)
            #expect(lost.status == .lost && lost.chargebackId != nil, "opened and lost in one row")
            let again = try await session.importDisputes(file, token: token)
            #expect(try again.decode(DisputeImportResult.self) == DisputeImportResult(created: 0, updated: 0, unchanged: 2, disputeIds: result.disputeIds))
        }
    }

    @Test(arguments: [
        ("\(header)\nPAY,CB-1,10.4,1800,USD,needsResponse,,\nPAY,CB-2,10.4,0,USD,needsResponse,,", "amount", "line 3"),
        ("\(header)\nPAY,CB-1,10.4,1800,XXX,needsResponse,,", "currency", "line 2"),
        ("\(header)\nPAY,CB-1,10.4,1800,USD,open,,", "status", "line 2"),
        ("\(header)\nPAY,CB-1,10.4,1800,USD,needsResponse,tomorrow,", "respond_by", "line 2"),
        ("\(header)\nPAY,,10.4,1800,USD,needsResponse,,", "reference", "line 2"),
        ("\(header)\nPAY,CB-1,10.4,1800,USD,needsResponse", "body", "line 2"),
        ("\(header),fee\nPAY,CB-1,10.4,1800,USD,needsResponse,,,1", "fee", "line 1"),
        ("payment_id,reference,amount,currency,status\nPAY,CB-1,1800,USD,won", "reason_code", "line 1"),
        ("\(header)\nPAY,CB-1,10.4,1800,USD,needsResponse,,\"unclosed", "body", "line 2"),
        ("\(header)\n", "body", "line 2"),
        ("", "body", "line 1"),
        ("\(header)\nPAY,CB-1,10.4,99999,USD,needsResponse,,", "amount", "line 2"),
        ("\(header)\nPAY,CB-1,10.4,1800,EUR,needsResponse,,", "currency", "line 2"),
        ("\(header)\nPAY,CB-1,10.4,1800,USD,needsResponse,,\nPAY,CB-2,10.4,1800,USD,needsResponse,,", "payment_id", "line 3"),
        ("\(header)\nNOPE,CB-1,10.4,1800,USD,needsResponse,,", "payment_id", "line 2"),
    ])
    func aBadRowIsNamedAndNothingIsImported(_ file: String, _ field: String, _ line: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay()
            let reply = try await session.importDisputes(file.replacingOccurrences(of: "PAY", with: sale.id), token: try await session.operatorToken())
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == field, "\(reply.text)")
            #expect(reply.error?.message.hasPrefix(line) == true, "\(reply.text)")
            #expect(reply.error?.message.hasSuffix("nothing was imported") == true, "\(reply.text)")
            let list = try await session.send(.get, APIPath.disputes).decode(DisputeList.self)
            #expect(list.total == 0, "nothing of the file is kept")
        }
    }

    @Test func aClosedDisputeIsFinalAndARowChangesOnlyItsStatus() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let token = try await session.operatorToken()
            let (sale, dispute) = try await session.disputedSale()
            _ = try await session.send(.post, APIPath.disputeAcceptance(dispute.id))
            let reopened = try await session.importDisputes(TestSession.disputeFile(payment: sale.id, status: "won"), token: token)
            #expect(reopened.status == 400 && reopened.error?.field == "status", "\(reopened.text)")
            #expect(reopened.error?.message.contains("accepted, which is final") == true, "\(reopened.text)")
            let resized = try await session.importDisputes(TestSession.disputeFile(payment: sale.id, amount: 900, status: "accepted"), token: token)
            #expect(resized.status == 400 && resized.error?.field == "reference", "\(resized.text)")
        }
    }

    @Test func aSpreadsheetsByteOrderMarkIsNotPartOfTheHeader() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay()
            let reply = try await session.importDisputes("\u{FEFF}" + TestSession.disputeFile(payment: sale.id), token: try await session.operatorToken())
            #expect(reply.status == 200, "\(reply.text)")
        }
    }

    @Test func aFileTooLongOrTooLargeIsRefusedWhole() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let token = try await session.operatorToken()
            let sale = try await session.pay()
            let rows = (0...DisputeFile.maxRows).map { "\(sale.id),CB-\($0),10.4,1,USD,needsResponse" }
            let long = try await session.importDisputes(
                "payment_id,reference,reason_code,amount,currency,status\n" + rows.joined(separator: "\n"), token: token)
            #expect(long.status == 400 && long.error?.message.hasPrefix("line 10002: a file has at most 10000 rows") == true, "\(long.text)")
            let large = try await session.importDisputes(String(repeating: "a", count: DisputeFile.maxBytes + 1), token: token)
            #expect(large.status == 413)
            let huge = try await session.importDisputes(
                TestSession.disputeFile(payment: sale.id, amount: Money.largestMinorUnits + 1), token: token)
            #expect(huge.status == 400 && huge.error?.field == "amount", "\(huge.text)")
            #expect(try await session.send(.get, APIPath.disputes).decode(DisputeList.self).total == 0)
        }
    }

    @Test func onlyAnOperatorsClientMayImport() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let sale = try await session.pay()
            let reply = try await session.importDisputes(TestSession.disputeFile(payment: sale.id), token: session.token)
            #expect(reply.status == 403, "a new client is not granted importDisputes")
        }
    }

    @Test func aVerificationOrADeclineCannotBeDisputed() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { session in
            let token = try await session.operatorToken()
            let id = try await session.pay(pan: "4000000000000002").id
            let reply = try await session.importDisputes(TestSession.disputeFile(payment: id), token: token)
            #expect(reply.status == 400 && reply.error?.field == "payment_id", "\(reply.text)")
        }
    }
}
