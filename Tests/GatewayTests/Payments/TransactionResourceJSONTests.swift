import Foundation
@testable import GatewayAPI
import PaymentCore
import Testing

/// `TransactionResource.jsonData()` writes by hand what `APIJSON.encoder` writes: these pin
/// it byte for byte, with every member set (checked with `Mirror`, so a member added to the
/// resource and not to the writer fails here), with none, and with the texts, dates and rates
/// whose spelling the encoder decides.
@Suite("A transaction's JSON, written by hand")
struct TransactionResourceJSONTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    static func full() throws -> TransactionResource {
        var resource = TransactionResource(
            id: "01a2225d-70a6-780c-8f0f-bd4aea06f8d3", type: .sale, status: .captured, merchantId: "demo-merchant", currency: "USD",
            amount: 1_000, createMethodId: 2, createdAt: created, updatedAt: created.addingTimeInterval(61))
        resource.parentId = "01a2225d-0000-7000-8000-000000000000"
        resource.amounts = PaymentAmounts(authorized: 1_000, captured: 900, refunded: 100, tip: 50, refundable: 800)
        resource.card = CardResource(maskedPan: "424242******4242", brand: "visa", expiryMonth: 3, expiryYear: 2030, entryMode: "contactless")
        var present = CardPresentDetails(deviceId: "5c0ffee0-0000-4000-8000-000000000001")
        present.cardReaderId = "reader-1"
        present.cardReaderTransactionId = "read-1"
        present.applicationId = "A0000000031010"
        present.applicationLabel = "VISA CREDIT"
        present.cryptogram = "0123456789ABCDEF"
        present.terminalVerificationResults = "0000008000"
        present.applicationTransactionCounter = "001F"
        present.funding = "credit"
        present.cvmResults = "1F0302"
        present.emvResponse = "910A0102030405060708090A"
        resource.cardPresent = present
        resource.pin = PINChallengeResource(pinToken: "pin-token", expiresAt: created.addingTimeInterval(120), attemptsRemaining: 2)
        resource.processor = ProcessorResource(responseCode: "00", message: "Approved", authorizationCode: "000001")
        resource.referenceId = "order-1"
        resource.customerId = "customer-1"
        resource.customerName = "Ada Lovelace"
        resource.customerEmail = "ada@example.com"
        resource.createdById = "tl_0123"
        resource.batchId = "01a2225d-70ac-7185-890e-8dae0530f91a"
        resource.settledAt = created.addingTimeInterval(86_400)
        resource.availableOperations = [
            AvailableOperationResource(operationType: .void, availableAmount: 1_000),
            AvailableOperationResource(operationType: .tipAdjustment, availableAmount: nil, suggestedTips: [
                SuggestedTip(tipPercent: 15, tipAmount: 150), SuggestedTip(tipPercent: Decimal(string: "17.5")!, tipAmount: 175),
            ]),
        ]
        var refund = TransactionResource(
            id: "op-1", type: .refund, status: .approved, merchantId: "demo-merchant", currency: "USD", amount: 100, createMethodId: 2,
            createdAt: created, updatedAt: created)
        refund.parentId = resource.id
        resource.operations = [refund]
        resource.breakdown = BreakdownRequest(subtotal: 900, taxRate: Decimal(string: "8.75"), taxAmount: 79, tipAmount: 21)
        resource.stan = "004321"
        resource.hasSignature = true
        resource.signatureRequired = false
        resource.additionalInformation = ["note": .string("a/b \"c\""), "n": .number(Decimal(string: "1.5")!), "ok": .bool(true)]
        resource.merchant = MerchantResource(name: "Shop", address: "1 Main St", phoneNumber: "+1 555", emailAddress: "a@b.c", website: "https://shop.example/")
        resource.amountDetails = AmountResource(
            baseAmount: 900, percentageOffAmount: 10, percentageOffRate: Decimal(string: "1.1")!, cashDiscountAmount: 5,
            cashDiscountRate: Decimal(string: "0.5")!, surchargeAmount: 30, surchargeRate: 3, tipAmount: 100, tipRate: 11,
            taxAmount: 79, taxRate: Decimal(string: "8.75")!)
        resource.paymentProcessorId = "b7e3c9a2-5d14-4f6e-8a21-3c9d0e7f4a58"
        resource.paymentProcessorName = "Tapline Simulator"
        resource.billingAddress = PostalAddress(line1: "1 Main St", city: "Springfield", postalCode: "12345", stateId: 5, countryId: 840)
        resource.shippingAddress = PostalAddress(line1: "2 Side St", countryId: 840)
        resource.contactInfo = ContactInfo(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", smsNotification: false)
        resource.avsResponse = AVSResponseResource(code: "Y", meaning: "Address and ZIP match", raw: ["code": "Y"])
        resource.cardEntry = CardEntryDetails(customerInitiated: true)
        resource.paymentMethodType = .card
        resource.achDetails = try APIJSON.decoder.decode(ACHDetailsResource.self, from: Data("""
            {"customerAccountNumber":"****6789","customerRoutingNumber":"021000021","accountType":"checking",
             "accountHolderType":"personal","accountHolderName":"Ada","taxId":"***-**-1234","entryClass":"WEB"}
            """.utf8))
        return resource
    }

    /// The optional members of `value` that are nil, by name.
    static func unset(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label else { return nil }
            let inner = Mirror(reflecting: child.value)
            return inner.displayStyle == .optional && inner.children.isEmpty ? label : nil
        }
    }

    static func expectSameBytes(_ resource: TransactionResource, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try APIJSON.encoder.encode(resource)
        let written = try resource.jsonData()
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func everyMemberSetIsWrittenAsTheEncoderWritesIt() throws {
        let resource = try Self.full()
        #expect(Self.unset(resource) == [], "set them in the fixture, and write them in TransactionResource+JSON")
        #expect(Self.unset(try #require(resource.cardPresent)) == [])
        #expect(Self.unset(try #require(resource.processor)) == [])
        #expect(Self.unset(try #require(resource.availableOperations?.first)) == ["suggestedTips"])
        try Self.expectSameBytes(resource)
    }

    @Test func noOptionalMemberSetIsWrittenAsTheEncoderWritesIt() throws {
        let resource = TransactionResource(
            id: "x", type: .authorization, status: .pending, merchantId: "m", currency: "JPY", amount: 0, createMethodId: 0,
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: -1))
        try Self.expectSameBytes(resource)
    }

    @Test func textIsEscapedAsTheEncoderEscapesIt() throws {
        var resource = try Self.full()
        resource.customerName = String(decoding: (0...0x7F).map { UInt8($0) }, as: UTF8.self) + "é😀\u{2028}\u{2029}\u{7F}/\\\""
        resource.referenceId = ""
        try Self.expectSameBytes(resource)
    }

    @Test(arguments: [
        0, -1, 951_782_400, 951_868_800, 1_709_164_800, 1_709_251_199.999, 4_107_542_399, 253_402_300_799, 1_795_000_000.5,
    ] as [Double])
    func datesAreSpelledAsTheEncoderSpellsThem(_ seconds: Double) throws {
        var resource = try Self.full()
        resource.createdAt = Date(timeIntervalSince1970: seconds)
        try Self.expectSameBytes(resource)
    }

    @Test(arguments: ["0", "8.75", "0.0001", "100", "33.333333", "-2.5"])
    func ratesAreSpelledAsTheEncoderSpellsThem(_ rate: String) throws {
        var resource = try Self.full()
        resource.availableOperations = [AvailableOperationResource(
            operationType: .tipAdjustment, availableAmount: Int64.max, suggestedTips: [SuggestedTip(tipPercent: Decimal(string: rate)!, tipAmount: Int64.min)])]
        try Self.expectSameBytes(resource)
    }

    @Test func aFollowUpsAnswerIsWrittenAsTheEncoderWritesIt() throws {
        let payment = try Self.full()
        let operation = try #require(payment.operations?.first)
        let response = FollowUpResponse(operation: operation, payment: payment)
        #expect(String(decoding: try response.jsonData(), as: UTF8.self) == String(decoding: try APIJSON.encoder.encode(response), as: UTF8.self))
    }
}
