import Foundation
import TaplineSDK
import Testing

@Suite("Inter-app requests: every rule is a typed error")
struct InterAppValidationTests {
    typealias F = InterAppFixtures

    struct Violation: Sendable, CustomTestStringConvertible {
        var query: String
        var error: InterAppError
        var testDescription: String { query }
    }

    static let violations: [Violation] = [
        Violation(query: "action=sale&amount=600&callback=cb", error: .missingParameter("merchantKey")),
        Violation(query: "merchantKey=&action=sale&amount=600&callback=cb", error: .emptyParameter("merchantKey")),
        Violation(query: "merchantKey&action=sale&amount=600&callback=cb", error: .emptyParameter("merchantKey")),
        Violation(query: "merchantKey=K&action=sale&amount=600", error: .missingParameter("callback")),
        Violation(query: "merchantKey=K&action=sale&amount=600&callback=", error: .missingParameter("callback")),
        Violation(query: "merchantKey=K&action=sale&amount=600&callback=not%20a%20scheme", error: .invalidCallback("not a scheme")),
        Violation(query: "merchantKey=K&action=sale&amount=600&callback=cb&callback=cb2", error: .duplicateParameter("callback")),
        Violation(query: "merchantKey=K&amount=600&callback=cb", error: .missingParameter("action")),
        Violation(query: "merchantKey=K&action=refund&amount=600&callback=cb", error: .unknownAction("refund")),
        Violation(query: "merchantKey=K&action=SALE&amount=600&callback=cb", error: .unknownAction("SALE")),
        Violation(query: "merchantKey=K&action=sale&callback=cb", error: .missingParameter("amount")),
        Violation(query: "merchantKey=K&action=pre_auth&callback=cb", error: .missingParameter("amount")),
        Violation(query: "merchantKey=K&action=sale&amount=0&callback=cb", error: .amountNotPositive(parameter: "amount")),
        Violation(query: "merchantKey=K&action=pre_auth&amount=000&callback=cb", error: .amountNotPositive(parameter: "amount")),
        Violation(query: F.capture + "&amount=0", error: .amountNotPositive(parameter: "amount")),
        Violation(query: F.cancel + "&amount=0", error: .amountNotPositive(parameter: "amount")),
        Violation(query: "merchantKey=K&action=sale&amount=6.00&callback=cb", error: .invalidAmount(parameter: "amount", value: "6.00")),
        Violation(query: "merchantKey=K&action=sale&amount=-600&callback=cb", error: .invalidAmount(parameter: "amount", value: "-600")),
        Violation(query: "merchantKey=K&action=sale&amount=+600&callback=cb", error: .invalidAmount(parameter: "amount", value: "+600")),
        Violation(query: "merchantKey=K&action=sale&amount=6%2000&callback=cb", error: .invalidAmount(parameter: "amount", value: "6 00")),
        Violation(query: "merchantKey=K&action=sale&amount=1e3&callback=cb", error: .invalidAmount(parameter: "amount", value: "1e3")),
        Violation(query: "merchantKey=K&action=sale&amount=99999999999999999999&callback=cb",
                  error: .invalidAmount(parameter: "amount", value: "99999999999999999999")),
        Violation(query: "merchantKey=K&action=sale&amount=600&amount=700&callback=cb", error: .duplicateParameter("amount")),
        // %FF is a well-formed escape of a byte that is not UTF-8; Foundation repairs "%ZZ" itself.
        Violation(query: "merchantKey=K&action=sale&amount=%FF&callback=cb", error: .invalidEncoding(parameter: "amount")),
        Violation(query: F.sale + "&tipAmount=2.00", error: .invalidAmount(parameter: "tipAmount", value: "2.00")),
        Violation(query: F.sale + "&tipAmount=601", error: .tipExceedsAmount(tip: 601, amount: 600)),
        Violation(query: F.preAuth + "&tipAmount=100", error: .parameterNotAllowed(parameter: "tipAmount", action: .preAuth)),
        Violation(query: F.capture + "&tipAmount=100", error: .parameterNotAllowed(parameter: "tipAmount", action: .capturePreAuth)),
        Violation(query: F.cancel + "&tipAmount=100", error: .parameterNotAllowed(parameter: "tipAmount", action: .cancel)),
        Violation(query: F.sale + "&currency=XYZ", error: .unknownCurrency("XYZ")),
        Violation(query: F.sale + "&currency=999", error: .unknownCurrency("999")),
        Violation(query: F.sale + "&show_receipt=yes", error: .invalidBoolean(parameter: "show_receipt", value: "yes")),
        Violation(query: F.sale + "&show_transaction_result=1",
                  error: .invalidBoolean(parameter: "show_transaction_result", value: "1")),
        // Malformed even when show_receipt=true makes its value irrelevant: a typo is still a typo.
        Violation(query: F.sale + "&show_receipt=true&show_transaction_result=ja",
                  error: .invalidBoolean(parameter: "show_transaction_result", value: "ja")),
        Violation(query: F.sale + "&orderCode=1091", error: .parameterNotAllowed(parameter: "orderCode", action: .sale)),
        Violation(query: F.preAuth + "&referenceNumber=833121",
                  error: .parameterNotAllowed(parameter: "referenceNumber", action: .preAuth)),
        Violation(query: F.sale + "&txnDateFrom=2021-03-29T00:00:00Z",
                  error: .parameterNotAllowed(parameter: "txnDateFrom", action: .sale)),
        Violation(query: F.capture + "&txnDateTo=2021-03-30T00:00:00.000+0300", error: .dateToWithoutDateFrom),
        Violation(query: F.cancel + "&txnDateFrom=29/03/2021",
                  error: .invalidDate(parameter: "txnDateFrom", value: "29/03/2021")),
        Violation(query: F.cancel + "&txnDateFrom=2021-03-29T00:00:00Z&txnDateTo=2021-03-30T00:00:00",
                  error: .invalidDate(parameter: "txnDateTo", value: "2021-03-30T00:00:00")),
        Violation(query: F.capture + "&txnDateFrom=2021-03-30T00:00:00Z&txnDateTo=2021-03-29T00:00:00Z",
                  error: .dateRangeReversed(from: "2021-03-30T00:00:00Z", to: "2021-03-29T00:00:00Z")),
        // txnDateFrom alone runs to now (06:40Z); a start after now can match nothing.
        Violation(query: F.capture + "&txnDateFrom=2021-03-29T12:00:00Z",
                  error: .dateRangeReversed(from: "2021-03-29T12:00:00Z", to: "2021-03-29T06:40:00Z")),
    ]

    @Test(arguments: violations)
    func refusesWithTheExactError(_ violation: Violation) {
        #expect(throws: violation.error) { try F.parse(violation.query) }
    }

    @Test(arguments: violations)
    func messageNamesTheParameter(_ violation: Violation) throws {
        let parameter = try #require(violation.error.parameter)
        #expect(violation.error.localizedDescription.contains("'\(parameter)'"))
    }

    @Test(arguments: [
        "https://pay/v1?" + F.sale,
        "taplinepay://payment/v1?" + F.sale,
        "taplinepay://pay/v2?" + F.sale,
        "taplinepay://pay?" + F.sale,
        "taplinepay://pay/v1/sale?" + F.sale,
    ])
    func refusesURLsThatAreNotRequests(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect {
            try InterAppRequest(url: url, configuration: F.configuration)
        } throws: { error in
            guard case InterAppError.notAnInterAppRequest = error else { return false }
            return (error as? LocalizedError)?.errorDescription?.contains("taplinepay") == true
        }
    }

    @Test func theMemberwiseInitializerAppliesTheSameRules() {
        #expect(throws: InterAppError.emptyParameter("merchantKey")) {
            try InterAppRequest(action: .sale, merchantKey: "", callback: "cb", currency: .usd, amount: 1)
        }
        #expect(throws: InterAppError.amountNotPositive(parameter: "amount")) {
            try InterAppRequest(action: .cancel, merchantKey: "K", callback: "cb", currency: .usd, amount: -5,
                                match: .orderCode("1"))
        }
        #expect(throws: InterAppError.invalidAmount(parameter: "tipAmount", value: "-1")) {
            try InterAppRequest(action: .sale, merchantKey: "K", callback: "cb", currency: .usd, amount: 1, tipAmount: -1)
        }
        #expect(throws: InterAppError.emptyParameter("shortOrderCode")) {
            try InterAppRequest(action: .capturePreAuth, merchantKey: "K", callback: "cb", currency: .usd,
                                match: .shortOrderCode(""))
        }
        #expect(throws: InterAppError.invalidCallback("://")) {
            try InterAppRequest(action: .sale, merchantKey: "K", callback: "://", currency: .usd, amount: 1)
        }
    }
}
