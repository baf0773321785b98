import Foundation
import PaymentCore
@testable import TaplineSDK
import Testing

/// Every field of Viva's "Capture Pre-auth" request and response, each proved: request
/// fields by how Tapline's inter-app codec reads them, response fields on a real capture
/// through a live gateway. The rows are the Viva checklist of issue 15.
@Suite("Viva conformance: capture pre-auth request and response")
struct VivaConformanceTests {
    static let base = "vivapayclient://pay/v1?merchantKey=SG23323424EXS3&appId=com.example.myapp&action=capture_pre_auth&callback=interapp-callback"

    /// The request with `extra`, naming a payment by order code when `extra` names none (a
    /// capture must name its payment).
    static func request(_ extra: String) throws -> InterAppRequest {
        let names = ["orderCode=", "shortOrderCode=", "referenceNumber="].contains { extra.contains($0) }
        return try bare(extra + (names ? "" : "&orderCode=109113919500020"))
    }

    static func bare(_ extra: String) throws -> InterAppRequest {
        try InterAppRequest(url: URL(string: base + extra)!, configuration: .vivaCompatible(now: { Date(timeIntervalSince1970: 1_617_000_000) }))
    }

    enum RequestField: String, CaseIterable, Sendable {
        case scheme, merchantKey, appId, action, amount, referenceNumber, orderCode, shortOrderCode, txnDateFrom, txnDateTo
        case showReceipt = "show_receipt", showTransactionResult = "show_transaction_result", protocolName = "protocol", callback
    }

    @Test(arguments: RequestField.allCases)
    func requestField(_ field: RequestField) throws {
        switch field {
        case .scheme:
            #expect(try Self.request("").action == .capturePreAuth)
            #expect(throws: InterAppError.self) { try InterAppRequest(url: URL(string: Self.base)!) }
        case .merchantKey: #expect(try Self.request("").merchantKey == "SG23323424EXS3")
        case .appId: #expect(try Self.request("").appId == "com.example.myapp")
        case .action:
            #expect(try Self.request("").action.rawValue == "capture_pre_auth")
            // Viva makes every search parameter optional; Tapline refuses a capture that names no payment.
            #expect(throws: InterAppError.paymentNotNamed(action: .capturePreAuth)) { try Self.bare("&amount=600") }
        case .amount:
            #expect(try Self.request("&amount=600").amount == 600)
            #expect(try Self.request("").amount == nil, "no amount: the whole hold")
        case .referenceNumber: #expect(try Self.request("&referenceNumber=833121").match == .referenceNumber("833121"))
        case .orderCode:
            #expect(try Self.request("&orderCode=109113919500020&referenceNumber=833121").match == .orderCode("109113919500020"))
        case .shortOrderCode:
            #expect(try Self.request("&shortOrderCode=1091139195&orderCode=109113919500020").match == .shortOrderCode("1091139195"))
        case .txnDateFrom:
            let range = try #require(try Self.request("&txnDateFrom=2021-03-29T00:00:00.000%2B0300").dateRange)
            #expect(range.from.date == Date(timeIntervalSince1970: 1_616_965_200))
            #expect(range.to.date == Date(timeIntervalSince1970: 1_617_000_000), "no txnDateTo: now")
        case .txnDateTo:
            #expect(throws: InterAppError.self) { try Self.request("&txnDateTo=2021-03-30T00:00:00.000%2B0300") }
        case .showReceipt: #expect(try Self.request("&show_receipt=false").showReceipt == false)
        case .showTransactionResult:
            #expect(try Self.request("&show_receipt=false&show_transaction_result=false").showTransactionResult == false)
            // With show_receipt true, the document says the result screen shows regardless.
            #expect(try Self.request("&show_receipt=true&show_transaction_result=false").showTransactionResult == true)
        case .protocolName: #expect(try Self.request("&protocol=int_default").protocolName == "int_default")
        case .callback: #expect(try Self.request("").callback == "interapp-callback")
        }
    }

    enum ResponseField: String, CaseIterable, Sendable {
        case callback, status, message, action, clientTransactionId, amount, cardType, accountNumber, orderCode, shortOrderCode, tid
        case transactionDate, transactionId
    }

    @Test(arguments: ResponseField.allCases)
    func responseField(_ field: ResponseField) async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client), configuration: .vivaCompatible())
            let hold = InterAppLiveTests.query(try #require(await handler.handle(URL(string:
                "vivapayclient://pay/v1?merchantKey=k&action=pre_auth&clientTransactionId=12345678901234567890123456789012&amount=1200&currency=USD&callback=interapp-callback")!)))
            let url = try #require(await handler.handle(URL(string:
                "vivapayclient://pay/v1?merchantKey=k&action=capture_pre_auth&orderCode=\(hold["orderCode"]!)&currency=USD&callback=interapp-callback")!))
            let result = InterAppLiveTests.query(url)
            switch field {
            case .callback: #expect(url.absoluteString.hasPrefix("interapp-callback://result"))
            case .status: #expect(result["status"] == "success")
            case .message: #expect(result["message"]?.isEmpty == false)
            case .action: #expect(result["action"] == "capture_pre_auth")
            case .clientTransactionId: #expect(hold["clientTransactionId"] == "12345678901234567890123456789012")
            case .amount: #expect(result["amount"] == "1200")
            case .cardType: #expect(result["cardType"] == "Credit Visa")
            case .accountNumber: #expect(result["accountNumber"] == "424242******4242")
            case .orderCode: #expect(result["orderCode"] == hold["orderCode"])
            case .shortOrderCode: #expect(result["shortOrderCode"] == String(hold["orderCode"]!.prefix(13)))
            case .tid: #expect(result["tid"]?.count == 12)
            case .transactionDate: #expect(result["transactionDate"].flatMap(InterAppTimestamp.init(iso8601:)) != nil)
            case .transactionId: #expect(result["transactionId"] != nil && result["transactionId"] != hold["transactionId"])
            }
        }
    }
}
