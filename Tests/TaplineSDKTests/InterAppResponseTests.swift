import Foundation
import TaplineSDK
import Testing

@Suite("Inter-app results on the callback URL")
struct InterAppResponseTests {
    typealias F = InterAppFixtures

    static func approved(accountNumber: String = "537489******1831") throws -> InterAppResponse {
        try InterAppResponse(
            status: .success, message: "Transaction successful", action: .capturePreAuth,
            clientTransactionId: "12345678901234567890123456789012", amount: 1200, cardType: "Debit Mastercard",
            accountNumber: accountNumber, orderCode: "1091166300000136", shortOrderCode: "1091166300", tid: "16016684",
            transactionDate: F.timestamp("2019-09-13T12:14:19.8703452+03:00"),
            transactionId: "a78e045c-49c3-4743-9071-f1e0ed71810c")
    }

    @Test func successResultOnABareScheme() throws {
        let url = try Self.approved().url(callback: "interapp-callback")
        #expect(url.absoluteString == "interapp-callback://result?status=success&message=Transaction%20successful"
            + "&action=capture_pre_auth&clientTransactionId=12345678901234567890123456789012&amount=1200"
            + "&cardType=Debit%20Mastercard&accountNumber=537489******1831&orderCode=1091166300000136"
            + "&shortOrderCode=1091166300&tid=16016684&transactionDate=2019-09-13T12:14:19.8703452%2B03:00"
            + "&transactionId=a78e045c-49c3-4743-9071-f1e0ed71810c")
    }

    @Test func failResultCarriesOnlyWhatIsKnown() throws {
        let failure = InterAppResponse.failure("The parameter 'amount' is required.", action: .sale, clientTransactionId: "c-1")
        let url = try failure.url(callback: "interapp-callback")
        #expect(url.absoluteString == "interapp-callback://result?status=fail"
            + "&message=The%20parameter%20%27amount%27%20is%20required.&action=sale&clientTransactionId=c-1")
        #expect(try InterAppResponse(url: url) == failure)
    }

    @Test func aFullCallbackURLGetsTheResultAddedToItsQuery() throws {
        let failure = InterAppResponse.failure("Declined")
        #expect(try failure.url(callback: "myapp://payments/result?session=abc").absoluteString
            == "myapp://payments/result?session=abc&status=fail&message=Declined")
        #expect(try failure.url(callback: "myapp://payments/result").absoluteString
            == "myapp://payments/result?status=fail&message=Declined")
        #expect(try failure.url(callback: "https://example.com/cb#top").absoluteString
            == "https://example.com/cb?status=fail&message=Declined#top")
        #expect(try failure.url(callback: "interapp-callback://").absoluteString
            == "interapp-callback://result?status=fail&message=Declined")
    }

    @Test(arguments: ["", "not a scheme", "://result", "1app", "app:"])
    func refusesACallbackThatIsNotASchemeOrURL(_ callback: String) {
        #expect(throws: InterAppError.invalidCallback(callback)) { try InterAppResponse.failure("x").url(callback: callback) }
    }

    @Test func roundTripsThroughItsURL() throws {
        let response = try Self.approved()
        #expect(try InterAppResponse(url: response.url(callback: "interapp-callback")) == response)
        #expect(try InterAppResponse(url: response.url(callback: "myapp://r?session=1")) == response)
        let awkward = InterAppResponse.failure("Refused: 100% & more = +1 #2?", action: .cancel, clientTransactionId: "a/b c")
        #expect(try InterAppResponse(url: awkward.url(callback: "cb")) == awkward)
    }

    @Test func aFullCardNumberIsMasked() throws {
        let response = try Self.approved(accountNumber: "5374891234561831")
        #expect(response.accountNumber == "537489******1831")
        #expect(try !response.url(callback: "cb").absoluteString.contains("5374891234561831"))
        #expect(try InterAppResponse.maskedAccountNumber("374245455400126") == "374245*****0126")
    }

    @Test(arguments: [
        "************1831",       // last four only
        "53748*******1831",       // five leading digits
        "537489******183",        // three trailing digits
        "5374 8912 3456 1831",    // spaces
        "537489xxxxxx1831",
        "1831",
        "53748912345618311234",   // 20 digits: not a card number
        "",
    ])
    func anythingElseIsRefused(_ accountNumber: String) {
        #expect(throws: InterAppError.invalidAccountNumber) { try Self.approved(accountNumber: accountNumber) }
        #expect(!InterAppError.invalidAccountNumber.localizedDescription.contains(accountNumber) || accountNumber.isEmpty)
    }

    @Test func parsingRefusesAnUnmaskedCardNumberInsteadOfMaskingIt() {
        let url = URL(string: "cb://result?status=success&message=ok&accountNumber=5374891234561831")!
        #expect(throws: InterAppError.invalidAccountNumber) { try InterAppResponse(url: url) }
    }

    @Test func terminalIdIsAtMostTwelveCharacters() throws {
        let ok = try InterAppResponse(status: .success, message: "", tid: "123456789012")
        #expect(ok.tid == "123456789012")
        #expect(throws: InterAppError.invalidTerminalId("1234567890123")) {
            try InterAppResponse(status: .success, message: "", tid: "1234567890123")
        }
        #expect(throws: InterAppError.invalidTerminalId("")) { try InterAppResponse(status: .success, message: "", tid: "") }
    }

    @Test func negativeAmountIsRefused() {
        #expect(throws: InterAppError.invalidAmount(parameter: "amount", value: "-1")) {
            try InterAppResponse(status: .success, message: "", amount: -1)
        }
    }

    @Test(arguments: [
        ("cb://result?message=x", InterAppError.missingParameter("status")),
        ("cb://result?status=ok", .invalidStatus("ok")),
        ("cb://result?status=fail&action=void", .unknownAction("void")),
        ("cb://result?status=fail&amount=12.00", .invalidAmount(parameter: "amount", value: "12.00")),
        ("cb://result?status=fail&transactionDate=yesterday", .invalidDate(parameter: "transactionDate", value: "yesterday")),
        ("cb://result?status=fail&tid=ABCDEFGHIJKLM", .invalidTerminalId("ABCDEFGHIJKLM")),
        ("cb://result?status=fail&status=success", .duplicateParameter("status")),
    ])
    func parsingRefusesMalformedResults(_ text: String, _ error: InterAppError) {
        #expect(throws: error) { try InterAppResponse(url: URL(string: text)!) }
    }

    @Test func parsesTheDocumentsApprovedExample() throws {
        let url = URL(string: "interapp-callback://result?status=success&message=Transaction%20successful"
            + "&action=capture_pre_auth&clientTransactionId=12345678901234567890123456789012&amount=1200"
            + "&cardType=Debit%20Mastercard&accountNumber=537489******1831&orderCode=1091166300000136"
            + "&shortOrderCode=1091166300&tid=16016684&transactionDate=2019-09-13T12:14:19.8703452+03:00"
            + "&transactionId=a78e045c-49c3-4743-9071-f1e0ed71810c")!
        #expect(try InterAppResponse(url: url) == Self.approved())
    }
}
