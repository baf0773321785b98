import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing
import TestSupport

/// The Halo document's examples, reproduced: names, types and status codes.
@Suite("Halo routes: /transactions/apple")
struct HaloRouteTests {
    /// Every field of `onlineAuthorizationResponse` the document lists.
    static let documentedFields: Set<String> = [
        "type", "authorizationCode", "tags", "haloReference", "errorMessage", "errorCode", "isoResponseCode", "association",
        "expiryDate", "paymentProviderReference", "cardType", "cardScheme", "customValues", "isSingleTapAndPin", "maskedPAN",
        "pinToken", "cardReaderId", "cardReaderTransactionId", "amount", "currency", "merchantReference",
    ]

    /// The JSON types the document gives each field.
    static func expectDocumentedShape(_ reply: TestReply, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let json = reply.haloJSON else { Issue.record("no onlineAuthorizationResponse", sourceLocation: sourceLocation); return }
        #expect(Set(json.keys) == documentedFields, sourceLocation: sourceLocation)
        for field in documentedFields.subtracting(["tags", "customValues", "errorCode", "amount", "isSingleTapAndPin"]) {
            #expect(json[field] is String, "\(field) is not a string", sourceLocation: sourceLocation)
        }
        #expect(json["tags"] is [Any], sourceLocation: sourceLocation)
        #expect(json["customValues"] is [String: Any], sourceLocation: sourceLocation)
        // Numbers and booleans look alike once parsed, so check the text.
        let text = reply.text
        for pattern in [#""errorCode":-?[0-9]+[,}]"#, #""amount":[0-9]+[,}]"#, #""isSingleTapAndPin":(true|false)[,}]"#] {
            #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern) in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func anApprovedTapAnswers200WithEveryDocumentedField() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(amount: 2_599))
            #expect(reply.status == 200, "\(reply.text)")
            Self.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Approved")
            #expect(answer.errorCode == 0)
            #expect(answer.errorMessage == "Transaction approved")
            #expect(answer.isoResponseCode == "00")
            #expect(answer.authorizationCode.count == 6)
            #expect(answer.maskedPAN == "424242******4242")
            #expect(answer.cardScheme == "Visa")
            #expect(answer.cardType == "Credit Card")
            #expect(answer.isSingleTapAndPin == false)
            #expect(answer.pinToken == "")
            #expect(answer.cardReaderId == "test-reader-1")
            #expect(!answer.cardReaderTransactionId.isEmpty)
            #expect(answer.amount == 2_599)
            #expect(answer.currency == "USD")
            #expect(answer.merchantReference == "INV-12345")
            // haloReference is the transaction id every follow-up route takes.
            let payment = try await session.send(.get, APIPath.transaction(answer.haloReference)).decode(TransactionResource.self)
            #expect(payment.status == .captured)
            #expect(payment.card?.entryMode == "contactless")
            #expect(payment.cardPresent?.deviceId == TestSession.deviceId)
            #expect(payment.referenceId == "INV-12345")
            // What the read and the provider gave: the EMV objects as BER-TLV hex, the expiry, the provider's values.
            #expect(answer.tags.contains("4F07A0000000031010"))
            #expect(answer.tags.contains("500456495341"), "VISA")
            #expect(answer.tags.contains("9F26089A1B2C3D4E5F6071"))
            #expect(answer.tags.contains("8A023030"), "response code 00")
            let card = try #require(payment.card)
            #expect(answer.expiryDate == String(format: "%02d%02d", card.expiryYear % 100, card.expiryMonth))
            #expect(answer.customValues["processor"] == payment.paymentProcessorId && payment.paymentProcessorId != nil)
            #expect(answer.customValues["signatureRequired"] == nil)
            let refund = try await session.followUp(answer.haloReference, .refund, json: #"{"amount":599}"#)
            #expect(refund.status == 201)
        }
    }

    @Test func aDeclineAnswers201WithTheISOCodeAsErrorCode() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(pan: TestCards.insufficientFunds.pan))
            #expect(reply.status == 201)
            Self.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Declined")
            #expect(answer.errorCode == 51)
            #expect(answer.isoResponseCode == "51")
            #expect(answer.authorizationCode == "")
            #expect(answer.paymentProviderReference == "")
            #expect(answer.isSingleTapAndPin == false)
        }
    }

    @Test func theSoftDeclineCardAsksForAPIN() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(pan: TestCards.pinRequired.pan))
            #expect(reply.status == 201)
            Self.expectDocumentedShape(reply)
            let answer = try #require(reply.halo)
            #expect(answer.type == "Declined")
            #expect(answer.errorCode == 65)
            #expect(answer.isoResponseCode == "65")
            #expect(answer.isSingleTapAndPin == true)
            #expect(answer.pinToken.count == 32)
            #expect(answer.cardScheme == "Mastercard")
            let payment = try await session.send(.get, APIPath.transaction(answer.haloReference)).decode(TransactionResource.self)
            #expect(payment.status == .pinRequired)
            #expect(payment.pin?.attemptsRemaining == 3)
        }
    }

    @Test func aProcessorFailureIsDeclined209AndAnswersNoAnswerWithAReversal() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let failed = try await session.apple(try session.tap(pan: TestCards.processorError.pan))
            #expect(failed.status == 201)
            #expect(failed.halo?.errorCode == 209)
            #expect(failed.halo?.isoResponseCode == "96")
            let lost = try await session.apple(try session.tap(pan: TestCards.noAnswer.pan))
            #expect(lost.halo?.errorCode == 209)
            #expect(lost.halo?.isoResponseCode == "91")
            let id = try #require(lost.halo?.haloReference)
            #expect(await harness.processor.isReversed(transactionId: id))
        }
    }

    @Test func theSameRequestSentAgainReplaysItsAnswer() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sealed = try session.tap()
            let first = try await session.apple(sealed)
            let again = try await session.apple(sealed)
            #expect(again.status == first.status)
            #expect(again.halo == first.halo)
            #expect(again.headers[HTTPField.Name(APIHeader.idempotentReplayed)!] == "true")
            let id = try #require(first.halo?.haloReference)
            #expect(await harness.processor.approvalCount(transactionId: id) == 1)
            // The same card read under another reference is a replay, refused.
            let replay = try await session.apple(sealed, reference: "INV-OTHER")
            #expect(replay.status == 409)
            #expect(replay.error?.code == "card_read_replayed")
        }
    }

    @Test func withoutABearerTokenItIs401() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.appleTransaction, json: "{}", token: "not-a-token")
            #expect(reply.status == 401)
            #expect(reply.error?.code == "unauthorized")
        }
    }
}
