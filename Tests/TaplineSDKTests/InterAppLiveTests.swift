import Foundation
import TaplineSDK
import Testing

@Suite("Inter-app requests run through the SDK against a live gateway")
struct InterAppLiveTests {
    static func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aSaleByURLIsATapAndTheCallbackCarriesTheMaskedCard() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let url = URL(string: "taplinepay://pay/v1?merchantKey=k&appId=com.example.pos&action=sale&clientTransactionId=INV-9&amount=1250&callback=interapp-callback")!
            let callback = try #require(await handler.handle(url))
            #expect(callback.scheme == "interapp-callback")
            let result = Self.query(callback)
            #expect(result["status"] == "success")
            #expect(result["action"] == "sale")
            #expect(result["clientTransactionId"] == "INV-9")
            #expect(result["amount"] == "1250")
            #expect(result["accountNumber"] == "424242******4242")
            #expect(result["cardType"] == "Credit Visa")
            #expect(result["orderCode"] == result["transactionId"])
            #expect(result["shortOrderCode"] == String(result["orderCode"]!.prefix(10)))
            #expect(result["tid"]?.count == 12)
        }
    }

    @Test func aPreAuthIsCapturedByItsShortOrderCodeAndRefundedByItsReference() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let hold = Self.query(try #require(await handler.handle(URL(string:
                "taplinepay://pay/v1?merchantKey=k&action=pre_auth&clientTransactionId=HOLD-1&amount=5000&callback=cb")!)))
            #expect(hold["status"] == "success")
            let short = try #require(hold["shortOrderCode"])
            let capture = Self.query(try #require(await handler.handle(URL(string:
                "taplinepay://pay/v1?merchantKey=k&action=capture_pre_auth&amount=4000&shortOrderCode=\(short)&txnDateFrom=2020-01-01T00:00:00Z&callback=cb")!)))
            #expect(capture["status"] == "success", "\(capture)")
            #expect(capture["amount"] == "4000")
            #expect(capture["orderCode"] == hold["orderCode"])
            #expect(capture["transactionId"] != hold["transactionId"])
            let refund = Self.query(try #require(await handler.handle(URL(string:
                "taplinepay://pay/v1?merchantKey=k&action=cancel&referenceNumber=HOLD-1&callback=cb")!)))
            #expect(refund["status"] == "success")
            #expect(refund["amount"] == "4000")
        }
    }

    @Test func anUnknownOrderCodeIsAFailCallbackNotACrash() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let result = Self.query(try #require(await handler.handle(URL(string:
                "taplinepay://pay/v1?merchantKey=k&action=capture_pre_auth&orderCode=00000000-0000-0000-0000-000000000000&callback=cb")!)))
            #expect(result["status"] == "fail")
            #expect(result["action"] == "capture_pre_auth")
            #expect(result["message"]?.isEmpty == false)
        }
    }
}
