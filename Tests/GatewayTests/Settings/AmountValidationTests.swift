import Foundation
import GatewayAPI
import Testing

/// Every refused calculation is a 400 naming its field.
@Suite("Amount calculation: validation")
struct AmountValidationTests {
    static let cases: [(json: String, field: String, code: String)] = [
        (#"{"amount":0,"currency":"USD"}"#, "amount", "invalid_amount"),
        (#"{"amount":-5,"currency":"USD"}"#, "amount", "invalid_amount"),
        (#"{"amount":100000000000,"currency":"USD"}"#, "amount", "invalid_amount"),
        (#"{"currency":"USD"}"#, "amount", "invalid_request"),
        // A fraction in an integer field is named, not mistaken for a rate beside it.
        (#"{"amount":12.5,"currency":"USD","surchargeRate":2.5}"#, "amount", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","percentageOffRate":2.5,"tipAmount":1.5}"#, "tipAmount", "invalid_request"),
        (#"{"amount":1000}"#, "currency", "invalid_request"),
        (#"{"amount":1000,"currency":"XYZ"}"#, "currency", "unknown_currency"),
        (#"{"amount":1000,"currency":"EUR"}"#, "currency", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","percentageOffRate":101}"#, "percentageOffRate", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","surchargeRate":-1}"#, "surchargeRate", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","surchargeRate":"abc"}"#, "surchargeRate", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","tipRate":3.33333}"#, "tipRate", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","tipAmount":-1}"#, "tipAmount", "invalid_amount"),
        (#"{"amount":1000,"currency":"USD","tipAmount":100,"tipRate":10}"#, "tipRate", "invalid_request"),
        (#"{"amount":1000,"currency":"USD","useCardPrice":"yes"}"#, "useCardPrice", "invalid_request"),
    ]

    @Test(arguments: cases)
    func aBadFieldIsNamed(json: String, field: String, code: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.calculate(json)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.field == field, "\(reply.text)")
            #expect(reply.error?.code == code, "\(reply.text)")
        }
    }
}
