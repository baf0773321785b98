import Foundation
import PaymentCore
import TaplineSDK
import Testing

@Suite("Inter-app requests: parsing and building")
struct InterAppRequestTests {
    typealias F = InterAppFixtures

    /// One full request per action, with every parameter the action allows.
    static let requests: [InterAppRequest] = {
        let range = try! InterAppDateRange(from: F.timestamp("2021-03-29T00:00:00.000+0300"),
                                           to: F.timestamp("2021-03-30T00:00:00.000+0300"))
        return [
            try! InterAppRequest(action: .sale, merchantKey: "SG23323424EXS3", callback: "interapp-callback", currency: .eur,
                                 appId: "com.example.myapp", clientTransactionId: "12345678901234567890123456789012",
                                 amount: 1200, tipAmount: 200, showReceipt: false, showTransactionResult: false,
                                 protocolName: "int_default"),
            try! InterAppRequest(action: .preAuth, merchantKey: "K", callback: "myapp://payments/result?session=ab&x=1",
                                 currency: .jpy, clientTransactionId: "order & co = 100% +1", amount: 5000),
            try! InterAppRequest(action: .capturePreAuth, merchantKey: "K", callback: "interapp-callback", currency: .gbp,
                                 amount: 500, match: .shortOrderCode("1091139195"), dateRange: range),
            try! InterAppRequest(action: .capturePreAuth, merchantKey: "K", callback: "interapp-callback", currency: .usd,
                                 match: .orderCode("109113919500020")),
            try! InterAppRequest(action: .cancel, merchantKey: "K", callback: "interapp-callback", currency: .usd,
                                 amount: 300, match: .referenceNumber("833121"), dateRange: range, showReceipt: true,
                                 showTransactionResult: false),
            try! InterAppRequest(action: .cancel, merchantKey: "K", callback: "interapp-callback", currency: .kwd,
                                 match: .orderCode("ORD-1")),
        ]
    }()

    @Test(arguments: requests)
    func buildingAndParsingRoundTrips(_ request: InterAppRequest) throws {
        let url = try request.url()
        #expect(url.scheme == "taplinepay" && url.host == "pay" && url.path == "/v1")
        #expect(try InterAppRequest(url: url, configuration: F.configuration) == request)
    }

    @Test func everyActionIsCoveredByTheRoundTrips() {
        #expect(Set(Self.requests.map(\.action)) == Set(InterAppAction.allCases))
    }

    @Test func roundTripsUnderAnotherScheme() throws {
        let request = Self.requests[0]
        let url = try request.url(scheme: "acmepay")
        #expect(url.absoluteString.hasPrefix("acmepay://pay/v1?"))
        #expect(try InterAppRequest(url: url, configuration: InterAppConfiguration(scheme: "acmepay")) == request)
        #expect(throws: InterAppError.self) { try InterAppRequest(url: url, configuration: F.configuration) }
    }

    @Test func buildsTheExpectedQuery() throws {
        let url = try Self.requests[0].url()
        #expect(url.absoluteString == "taplinepay://pay/v1?merchantKey=SG23323424EXS3&appId=com.example.myapp&action=sale"
            + "&clientTransactionId=12345678901234567890123456789012&amount=1200&currency=EUR&tipAmount=200"
            + "&show_receipt=false&show_transaction_result=false&protocol=int_default&callback=interapp-callback")
    }

    @Test func percentEncodesValuesThatWouldBreakTheQuery() throws {
        let url = try Self.requests[1].url()
        #expect(url.absoluteString.contains("clientTransactionId=order%20%26%20co%20%3D%20100%25%20%2B1"))
        #expect(url.absoluteString.contains("callback=myapp:%2F%2Fpayments%2Fresult%3Fsession%3Dab%26x%3D1"))
        let dated = try Self.requests[2].url()
        #expect(dated.absoluteString.contains("txnDateFrom=2021-03-29T00:00:00%2B03:00"))
    }

    @Test func refusesToBuildForSomethingThatIsNotAScheme() {
        #expect(throws: InterAppError.self) { try Self.requests[0].url(scheme: "not a scheme") }
    }

    /// The protocol document's own capture request, with its unescaped `+` in the date.
    @Test func parsesTheDocumentsCaptureExample() throws {
        let url = URL(string: "vivapayclient://pay/v1?callback=interapp-callback&merchantKey=SG23323424EXS3"
            + "&appId=com.vivawallet.InterAppDemo&action=capture_pre_auth&amount=500&shortOrderCode=1091139195"
            + "&txnDateFrom=2021-03-29T00:00:00.000+0300&show_receipt=true&show_transaction_result=true")!
        let configuration = InterAppConfiguration(scheme: "vivapayclient", defaultCurrency: .eur, now: { F.now })
        let request = try InterAppRequest(url: url, configuration: configuration)
        #expect(request.action == .capturePreAuth)
        #expect(request.merchantKey == "SG23323424EXS3")
        #expect(request.appId == "com.vivawallet.InterAppDemo")
        #expect(request.amount == 500)
        #expect(request.money == Money(minorUnits: 500, currency: .eur))
        #expect(request.match == .shortOrderCode("1091139195"))
        #expect(request.dateRange?.from == F.timestamp("2021-03-29T00:00:00+03:00"))
        #expect(request.dateRange?.to == F.timestamp("2021-03-29T09:40:00+03:00"))
        #expect(request.showReceipt && request.showTransactionResult)
        #expect(request.callback == "interapp-callback")
    }

    @Test func appliesDefaultsForOptionalParameters() throws {
        let request = try F.parse(F.sale)
        #expect(request.currency == .usd)
        #expect(request.money == Money(minorUnits: 600, currency: .usd))
        #expect(request.showReceipt && request.showTransactionResult)
        #expect(request.appId == nil && request.clientTransactionId == nil && request.tipAmount == nil)
        #expect(request.match == nil && request.dateRange == nil && request.protocolName == nil)
        let euro = try InterAppRequest(url: F.url(F.sale), configuration: InterAppConfiguration(defaultCurrency: .eur))
        #expect(euro.currency == .eur)
    }

    @Test func readsCurrencyByAlphabeticOrNumericCode() throws {
        #expect(try F.parse(F.sale + "&currency=gbp").currency == .gbp)
        #expect(try F.parse(F.sale + "&currency=978").currency == .eur)
    }

    @Test func showReceiptTrueOverridesShowTransactionResult() throws {
        let request = try F.parse(F.sale + "&show_receipt=true&show_transaction_result=false")
        #expect(request.showReceipt && request.showTransactionResult)
        let noReceipt = try F.parse(F.sale + "&show_receipt=false&show_transaction_result=false")
        #expect(!noReceipt.showReceipt && !noReceipt.showTransactionResult)
        let onlyResult = try F.parse(F.sale + "&show_receipt=FALSE&show_transaction_result=True")
        #expect(!onlyResult.showReceipt && onlyResult.showTransactionResult)
    }

    @Test func acceptsLeadingZerosAndATipEqualToTheAmount() throws {
        let request = try F.parse("merchantKey=K&action=sale&amount=0600&tipAmount=600&callback=interapp-callback")
        #expect(request.amount == 600 && request.tipAmount == 600)
        #expect(request.tip == Money(minorUnits: 600, currency: .usd))
    }

    @Test func ignoresUnknownAndEmptyOptionalParameters() throws {
        let request = try F.parse(F.capture + "&withInstallments=true&appId=&amount=&referenceNumber=&ISV_x=1")
        #expect(request.appId == nil && request.amount == nil)
        #expect(request.match == .orderCode("109113919500020"))
    }

    @Test func callbackMayBeAFullURL() throws {
        let query = "merchantKey=K&action=sale&amount=1&callback=" + "myapp://r?a=1".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try F.parse(query).callback == "myapp://r?a=1")
    }

    @Test func schemeAndHostAreCaseInsensitive() throws {
        let url = URL(string: "TaplinePay://PAY/v1?" + F.sale)!
        #expect(try InterAppRequest(url: url, configuration: F.configuration).action == .sale)
    }
}
