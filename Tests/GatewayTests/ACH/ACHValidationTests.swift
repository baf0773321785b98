import Foundation
import GatewayAPI
import Testing

/// Every field of an ACH debit checked before anything is written: a 400 naming the field,
/// a message that never repeats the account number, and no row left behind. Extremes an
/// attacker would try included.
@Suite("ACH: bad input is refused, field by field")
struct ACHValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var body: String
        var field: String
        var testDescription: String { field }
    }

    static let cases: [Case] = [
        Case(body: ACHExamples.body(amount: 0), field: "amount"),
        Case(body: ACHExamples.body(amount: -1), field: "amount"),
        Case(body: ACHExamples.body(amount: Int64.max), field: "amount"),
        Case(body: ACHExamples.body(amount: Int64.min), field: "amount"),
        Case(body: ACHExamples.body().replacingOccurrences(of: #""USD""#, with: #""EUR""#), field: "currency"),
        Case(body: ACHExamples.body().replacingOccurrences(of: #""USD""#, with: #""XXQ""#), field: "currency"),
        Case(body: ACHExamples.body(routing: "011000016"), field: "achDetails.customerRoutingNumber"),
        Case(body: ACHExamples.body(routing: "01100001"), field: "achDetails.customerRoutingNumber"),
        Case(body: ACHExamples.body(routing: "０11000015"), field: "achDetails.customerRoutingNumber"),
        Case(body: ACHExamples.body(account: "12a456789"), field: "achDetails.customerAccountNumber"),
        Case(body: ACHExamples.body(account: "123"), field: "achDetails.customerAccountNumber"),
        Case(body: ACHExamples.body(account: String(repeating: "1", count: 18)), field: "achDetails.customerAccountNumber"),
        Case(body: ACHExamples.body(account: String(repeating: "9", count: 100_000)), field: "achDetails.customerAccountNumber"),
        Case(body: ACHExamples.body(accountType: "money"), field: "achDetails.accountType"),
        Case(body: ACHExamples.body(holderType: "1"), field: "achDetails.accountHolderType"),
        Case(body: ACHExamples.body(name: ""), field: "achDetails.accountHolderName"),
        Case(body: ACHExamples.body(name: String(repeating: "J", count: 23)), field: "achDetails.accountHolderName"),
        Case(body: ACHExamples.body(name: #"Jane\u0000Doe"#), field: "achDetails.accountHolderName"),
        Case(body: ACHExamples.body(details: #""taxId":"12-345678","#), field: "achDetails.taxId"),
        Case(body: ACHExamples.body(extra: #""referenceId2":"x","#), field: "referenceId2"),
        Case(body: ACHExamples.body(details: #""secCode":"WEB","#), field: "achDetails.secCode"),
        Case(body: ACHExamples.body(extra: #""createdById":"","#), field: "createdById"),
        Case(body: #"{"amount":2500,"currency":"USD"}"#, field: "achDetails"),
    ]

    @Test(arguments: cases)
    func aBadFieldIsNamedAndNothingIsWritten(_ bad: Case) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.achDebit, json: bad.body)
            #expect(reply.status == 400, "\(reply.text.prefix(300))")
            #expect(reply.error?.field == bad.field, "\(reply.text.prefix(300))")
            #expect(!reply.text.contains("123456789"), "the account number is never echoed")
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.total == 0)
        }
    }

    @Test func aClientWithoutTheACHPermissionsIsRefused() async throws {
        let grant = APIPermission.defaultGrant.filter { $0 != .achDebit && $0 != .achVoid }
        let harness = try await GatewayHarness.make(permissions: grant)
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body())
            #expect(reply.status == 403 && reply.error?.message.contains("achDebit") == true)
            // A card void needs no ACH permission.
            let sale = try await session.pay()
            #expect(try await session.followUp(sale.id, .void).status == 201)
        }
        // An ACH debit made by a client that may debit but not cancel.
        let debitOnly = try await GatewayHarness.make(permissions: APIPermission.defaultGrant.filter { $0 != .achVoid })
        try await debitOnly.test { (session: TestSession) async throws in
            let debit = try await session.send(.post, APIPath.achDebit, json: ACHExamples.body()).decode(TransactionResource.self)
            let cancel = try await session.followUp(debit.id, .void)
            #expect(cancel.status == 403 && cancel.error?.message.contains("achVoid") == true, "\(cancel.text)")
            #expect(try await session.send(.get, APIPath.transaction(debit.id)).decode(TransactionResource.self).status == .scheduled)
        }
    }
}
