import Foundation
import PaymentCore
import TaplineSDK
import Testing

@Suite("Inter-app handler, end to end with a fake performer")
struct InterAppHandlerTests {
    typealias F = InterAppFixtures

    static let request = F.url("merchantKey=K&appId=com.example.pos&action=sale&clientTransactionId=c-42&amount=1200"
        + "&tipAmount=200&currency=EUR&callback=interapp-callback")

    static let approval = InterAppOutcome(
        approved: true, message: "", amount: 1400, cardType: "Visa", accountNumber: "4242424242424242",
        orderCode: "1091166300000136", shortOrderCode: "1091166300", tid: "16016684",
        transactionDate: F.timestamp("2021-03-29T09:40:00+03:00"), transactionId: "1091166300000136")

    static func handle(_ url: URL, _ result: Result<InterAppOutcome, FakePerformerError>) async -> (URL?, [InterAppRequest]) {
        let performer = FakePerformer(result)
        let handler = InterAppHandler(performer: performer, configuration: F.configuration)
        let answer = await handler.handle(url)
        return (answer, await performer.requests)
    }

    @Test func approvedPaymentAnswersSuccessWithTheCardMasked() async throws {
        let (answer, requests) = await Self.handle(Self.request, .success(Self.approval))
        let url = try #require(answer)
        #expect(url.absoluteString.hasPrefix("interapp-callback://result?status=success&"))
        #expect(!url.absoluteString.contains("4242424242424242"))
        let response = try InterAppResponse(url: url)
        #expect(response == (try InterAppResponse(
            status: .success, message: "Transaction successful", action: .sale, clientTransactionId: "c-42", amount: 1400,
            cardType: "Visa", accountNumber: "424242******4242", orderCode: "1091166300000136",
            shortOrderCode: "1091166300", tid: "16016684", transactionDate: F.timestamp("2021-03-29T09:40:00+03:00"),
            transactionId: "1091166300000136")))
        let performed = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(performed.money == Money(minorUnits: 1200, currency: .eur) && performed.tipAmount == 200)
        #expect(performed.appId == "com.example.pos")
    }

    @Test func declinedPaymentAnswersFailWithTheOutcomesMessageAndFields() async throws {
        let decline = InterAppOutcome(approved: false, message: "Insufficient funds", amount: 1400, cardType: "Visa",
                                      accountNumber: "424242******4242", transactionId: "t-1")
        let (answer, _) = await Self.handle(Self.request, .success(decline))
        let response = try InterAppResponse(url: try #require(answer))
        #expect(response.status == .fail && response.message == "Insufficient funds")
        #expect(response.action == .sale && response.clientTransactionId == "c-42")
        #expect(response.accountNumber == "424242******4242" && response.transactionId == "t-1")
    }

    @Test func declineWithoutAMessageGetsAGenericOne() async throws {
        let (answer, _) = await Self.handle(Self.request, .success(InterAppOutcome(approved: false)))
        #expect(try InterAppResponse(url: try #require(answer)).message == "Transaction declined")
    }

    @Test func performerErrorAnswersFailWithItsDescription() async throws {
        let capture = F.url(F.capture + "&clientTransactionId=c-7")
        let (answer, requests) = await Self.handle(capture, .failure(FakePerformerError()))
        let response = try InterAppResponse(url: try #require(answer))
        #expect(response == InterAppResponse.failure(FakePerformerError().localizedDescription,
                                                     action: .capturePreAuth, clientTransactionId: "c-7"))
        #expect(requests.first?.match == .orderCode("109113919500020"))
    }

    @Test func invalidRequestAnswersFailWithoutCallingThePerformer() async throws {
        let bad = F.url("merchantKey=K&action=sale&clientTransactionId=c-9&amount=12.00&callback=interapp-callback")
        let (answer, requests) = await Self.handle(bad, .success(Self.approval))
        let response = try InterAppResponse(url: try #require(answer))
        #expect(response == InterAppResponse.failure(
            InterAppError.invalidAmount(parameter: "amount", value: "12.00").localizedDescription,
            action: .sale, clientTransactionId: "c-9"))
        #expect(requests.isEmpty)
    }

    @Test(arguments: [
        "otherapp://pay/v1?action=sale&clientTransactionId=c-1&callback=interapp-callback",
        "taplinepay://refund/v1?action=sale&clientTransactionId=c-1&callback=interapp-callback",
        "taplinepay://pay/v1?action=pay&clientTransactionId=c-1&callback=interapp-callback&amount=%ZZ",
        "taplinepay://pay/v1?merchantKey=K&action=sale&action=cancel&clientTransactionId=c-1&callback=interapp-callback",
    ])
    func malformedURLWithACallbackAnswersFail(_ text: String) async throws {
        let (answer, requests) = await Self.handle(URL(string: text)!, .success(Self.approval))
        let url = try #require(answer)
        #expect(url.absoluteString.hasPrefix("interapp-callback://result?status=fail&message="))
        let response = try InterAppResponse(url: url)
        #expect(response.status == .fail && !response.message.isEmpty)
        #expect(response.clientTransactionId == "c-1")
        #expect(response.action == (text.contains("action=sale&clientTransactionId") ? .sale : nil))
        #expect(requests.isEmpty)
    }

    @Test(arguments: [
        "taplinepay://pay/v1?merchantKey=K&action=sale&amount=600",
        "taplinepay://pay/v1?merchantKey=K&action=sale&amount=600&callback=",
        "taplinepay://pay/v1?merchantKey=K&action=sale&amount=600&callback=not%20a%20scheme",
        "taplinepay://pay/v1?merchantKey=K&action=sale&amount=600&callback=a&callback=b",
        "taplinepay://pay/v1?merchantKey=K&action=sale&amount=600&callback=%FF",
        "taplinepay://pay/v1",
        "mailto:someone@example.com",
    ])
    func withoutAUsableCallbackThereIsNoAnswer(_ text: String) async {
        let (answer, requests) = await Self.handle(URL(string: text)!, .success(Self.approval))
        #expect(answer == nil)
        #expect(requests.isEmpty)
    }

    @Test func invalidOutcomeFieldsAreLeftOutRatherThanFailingAnApproval() async throws {
        let odd = InterAppOutcome(approved: true, message: "Approved", amount: -5, accountNumber: "4242",
                                  tid: "TERMINAL-0000001", transactionId: "t-2")
        let (answer, _) = await Self.handle(Self.request, .success(odd))
        let response = try InterAppResponse(url: try #require(answer))
        #expect(response.status == .success && response.message == "Approved" && response.transactionId == "t-2")
        #expect(response.accountNumber == nil && response.tid == nil && response.amount == nil)
    }

    @Test func answersOnAFullCallbackURL() async throws {
        let callback = "myapp://payments/result?session=s1".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let url = F.url("merchantKey=K&action=sale&amount=600&callback=" + callback)
        let (answer, _) = await Self.handle(url, .success(Self.approval))
        #expect(try #require(answer).absoluteString.hasPrefix("myapp://payments/result?session=s1&status=success&"))
    }

    @Test func usesTheConfiguredDefaultCurrency() async throws {
        let performer = FakePerformer(.success(Self.approval))
        let handler = InterAppHandler(performer: performer, configuration: InterAppConfiguration(defaultCurrency: .gbp))
        _ = await handler.handle(F.url(F.sale))
        #expect(await performer.requests.first?.currency == .gbp)
    }
}
