import Foundation
import PaymentCore
import Storage
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
            #expect(result["shortOrderCode"] == String(result["orderCode"]!.prefix(13)))
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

/// Viva's optional search parameters, its STAN reference and its scheme.
@Suite("Inter-app: Viva's search rules")
struct InterAppVivaSearchTests {
    static func run(_ handler: InterAppHandler, _ query: String, scheme: String = "taplinepay") async throws -> [String: String] {
        InterAppLiveTests.query(try #require(await handler.handle(URL(string: "\(scheme)://pay/v1?merchantKey=k&\(query)&callback=cb")!)))
    }

    /// A capture or cancel that names no payment would otherwise act on whichever came last.
    @Test func aCaptureOrCancelThatNamesNoPaymentIsRefusedAndChangesNothing() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let hold = try await Self.run(handler, "action=pre_auth&amount=1000")
            let sale = try await Self.run(handler, "action=sale&amount=2000")
            for query in ["action=capture_pre_auth", "action=capture_pre_auth&amount=500", "action=cancel",
                          "action=cancel&txnDateFrom=2020-01-01T00:00:00Z"] {
                let refused = try await Self.run(handler, query)
                #expect(refused["status"] == "fail", "\(query)")
                #expect(refused["message"]?.contains("must name its payment") == true, "\(query): \(refused)")
            }
            #expect(try await fixture.client.getTransactionDetails(id: try #require(hold["orderCode"]))?.status == .authorized)
            #expect(try await fixture.client.getTransactionDetails(id: try #require(sale["orderCode"]))?.status == .captured)
            let rows = try await fixture.gateway.store.read { [merchantId = fixture.gateway.merchantId] in
                try await $0.transactions(TransactionQuery(merchantId: merchantId)).total
            }
            #expect(rows == 2, "no follow-up was recorded")
        }
    }

    @Test func aHoldIsFoundByItsAmountWithinTheWindowAndTwoAreAmbiguous() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let small = try await Self.run(handler, "action=pre_auth&amount=1000")
            let large = try await Self.run(handler, "action=pre_auth&amount=2000")
            let capture = try await Self.run(handler, "action=capture_pre_auth&amount=2000&txnDateFrom=2020-01-01T00:00:00Z")
            #expect(capture["status"] == "success", "\(capture)")
            #expect(capture["orderCode"] == large["orderCode"] && capture["orderCode"] != small["orderCode"])
            _ = try await Self.run(handler, "action=pre_auth&amount=3000")
            _ = try await Self.run(handler, "action=pre_auth&amount=3000")
            let ambiguous = try await Self.run(handler, "action=capture_pre_auth&amount=3000&txnDateFrom=2020-01-01T00:00:00Z")
            #expect(ambiguous["status"] == "fail")
            #expect(ambiguous["message"]?.contains("2 pre-authorizations of 3000 minor units") == true, "\(ambiguous)")
            let none = try await Self.run(handler, "action=capture_pre_auth&amount=1000&txnDateFrom=2020-01-01T00:00:00Z&txnDateTo=2020-01-02T00:00:00Z")
            #expect(none["status"] == "fail")
        }
    }

    /// Short order codes and STANs are looked up through indexes over all of the merchant's
    /// payments, not among the device's newest page: a hold with 105 newer payments after it
    /// is still found by each.
    @Test func shortOrderCodeAndSTANFindAPaymentBehindMoreThanAPageOfNewerOnes() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let first = try await Self.run(handler, "action=pre_auth&amount=4000")
            let second = try await Self.run(handler, "action=pre_auth&amount=4100")
            let (firstId, secondId) = (try #require(first["orderCode"]), try #require(second["orderCode"]))
            let (merchantId, deviceId) = (fixture.gateway.merchantId, fixture.client.getDeviceId())
            try await fixture.gateway.store.write { writer in
                var traced = try #require(try await writer.transaction(id: secondId, merchantId: merchantId))
                traced.processorTrace = "004321" + "1124013400"   // as the acquirer link records it
                try await writer.update(traced)
                for index in 0..<105 {
                    var newer = Transaction(id: "newer-\(index)", merchantId: merchantId, type: .authorization, status: .authorized,
                                            currency: .usd, amount: 100, createMethod: .tapToPay, createdAt: Date().addingTimeInterval(60))
                    newer.createdById = deviceId
                    try await writer.insert(newer)
                }
            }
            // The short code the first answer gave: the first payment's millisecond, though the
            // second was made right after it on the same device.
            let shortCode = try #require(first["shortOrderCode"])
            #expect(firstId.hasPrefix(shortCode) && !secondId.hasPrefix(shortCode))
            let capture = try await Self.run(handler, "action=capture_pre_auth&shortOrderCode=\(shortCode)")
            #expect(capture["status"] == "success", "\(capture)")
            #expect(capture["orderCode"] == firstId)
            let cancel = try await Self.run(handler, "action=cancel&referenceNumber=004321")
            #expect(cancel["status"] == "success", "\(cancel)")
            #expect(cancel["orderCode"] == secondId)
        }
    }

    @Test func aReferenceNumberIsMatchedAgainstTheAcquirersSTAN() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client))
            let hold = try await Self.run(handler, "action=pre_auth&clientTransactionId=HOLD-7&amount=3000")
            let id = try #require(hold["orderCode"])
            // As the acquirer link records it: STAN 004217, then the transmission time.
            try await fixture.gateway.store.write { [merchantId = fixture.gateway.merchantId] writer in
                var row = try #require(try await writer.transaction(id: id, merchantId: merchantId))
                row.processorTrace = "004217" + "1124013400"
                try await writer.update(row)
            }
            let cancel = try await Self.run(handler, "action=cancel&referenceNumber=004217")
            #expect(cancel["status"] == "success", "\(cancel)")
            #expect(cancel["orderCode"] == id)
        }
    }

    @Test func theVivaPresetAnswersVivasScheme() async throws {
        try await TapFixture.run { fixture in
            let handler = InterAppHandler(performer: TaplineInterAppPerformer(client: fixture.client), configuration: .vivaCompatible())
            let sale = try await Self.run(handler, "action=sale&amount=600&currency=USD", scheme: "vivapayclient")
            #expect(sale["status"] == "success", "\(sale)")
            // Tapline's own scheme is not this app's: refused in a fail result, not paid.
            let other = try await Self.run(handler, "action=sale&amount=1", scheme: "taplinepay")
            #expect(other["status"] == "fail", "\(other)")
        }
    }
}
