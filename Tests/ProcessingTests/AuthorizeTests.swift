import CardData
import PaymentCore
import Processing
import Testing

@Suite struct AuthorizeTests {
    /// What each card of the table answers to a 100.00 sale.
    enum Expected: Sendable {
        case approved
        case declined(String)
        case pinRequired(String)
        case throwsError(ProcessorError)
    }

    @Test(arguments: [
        (TestCards.visaApproved, Expected.approved),
        (TestCards.mastercardApproved, .approved),
        (TestCards.amexApproved, .approved),
        (TestCards.doNotHonour, .declined("05")),
        (TestCards.insufficientFunds, .declined("51")),
        (TestCards.expiredCard, .declined("54")),
        (TestCards.pinRequired, .pinRequired("65")),
        (TestCards.processorError, .throwsError(.unavailable(code: "96", message: "System malfunction"))),
        (TestCards.noAnswer, .throwsError(.noAnswer)),
        (TestCards.amountDriven, .approved),
        (TestCard(pan: "6011111111111117", brand: .discover, behaviour: .approve, summary: "unlisted"), .approved),
    ])
    func everyTestCard(_ card: TestCard, _ expected: Expected) async throws {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1", pan: card.pan, amount: 10_000, kind: .sale)
        switch expected {
        case .approved:
            let response = try await processor.authorize(request)
            #expect(response.outcome == .approved(amount: 10_000))
            #expect(response.result.responseCode == "00")
            #expect(response.result.message == "Approved")
            #expect(response.result.authorizationCode?.count == 6)
            #expect(response.result.reference != nil)
            #expect(await processor.approvalCount(transactionId: "t1") == 1)
        case .declined(let code):
            let response = try await processor.authorize(request)
            #expect(response.outcome == .declined)
            #expect(response.result.responseCode == code)
            #expect(response.result.authorizationCode == nil)
            #expect(response.result.reference == nil)
            #expect(await processor.approvalCount(transactionId: "t1") == 0)
        case .pinRequired(let code):
            let response = try await processor.authorize(request)
            #expect(response.outcome == .pinRequired)
            #expect(response.result.responseCode == code)
        case .throwsError(let error):
            await #expect(throws: error) { try await processor.authorize(request) }
            #expect(try await processor.lookup(transactionId: "t1") == nil)
            #expect(await processor.calls.first?.result == .threw(error))
        }
    }

    @Test(arguments: [
        (Int64(10_000), ProcessorResponse.Shape.approved(10_000, "00")),
        (10_010, .approved(5_005, "10")),
        (2_510, .approved(1_255, "10")),
        (10_008, .approved(10_008, "08")),
        (10_011, .approved(10_011, "11")),
        (10_005, .declined("05")),
        (10_051, .declined("51")),
        (10_043, .declined("43")),
        (10_065, .pinRequired("65")),
        (10_070, .pinRequired("70")),
    ])
    func amountDrivenCard(_ amount: Int64, _ expected: ProcessorResponse.Shape) async throws {
        let processor = SimulatedProcessor()
        let response = try await processor.authorize(
            Fixtures.authorization("t1", pan: TestCards.amountDriven.pan, amount: amount))
        #expect(response.shape == expected)
    }

    @Test(arguments: ["91", "96"])
    func amountDrivenSystemErrorsThrow(_ code: String) async {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1", pan: TestCards.amountDriven.pan, amount: 100 + Int64(code)!)
        await #expect(throws: ProcessorError.unavailable(code: code, message: ISOResponseCode(rawValue: code).message)) {
            try await processor.authorize(request)
        }
    }

    @Test func partialApprovalHoldsOnlyTheApprovedAmount() async throws {
        let processor = SimulatedProcessor()
        let response = try await processor.authorize(
            Fixtures.authorization("t1", pan: TestCards.amountDriven.pan, amount: 10_010))
        #expect(response.outcome == .approved(amount: 5_005))
        let reference = try #require(response.result.reference)
        let tooMuch = try await processor.capture(Fixtures.followUp("c1", of: "t1", reference: reference, amount: 6_007))
        #expect(tooMuch.shape == .declined("13"), "above the approved amount and its tip overcapture")
        let capture = try await processor.capture(Fixtures.followUp("c2", of: "t1", reference: reference, amount: 5_005))
        #expect(capture.outcome == .approved(amount: 5_005))
    }

    @Test(arguments: [("1234", ProcessorResponse.Shape.approved(10_000, "00")), ("9999", .declined("55"))])
    func singleTapAndPIN(_ pin: String, _ expected: ProcessorResponse.Shape) async throws {
        let processor = SimulatedProcessor()
        let first = try await processor.authorize(Fixtures.authorization("t1", pan: TestCards.pinRequired.pan))
        #expect(first.shape == .pinRequired("65"))
        let retry = try await processor.authorize(Fixtures.authorization("t1", pan: TestCards.pinRequired.pan, pin: pin, pinAttempt: 1))
        #expect(retry.shape == expected)
        // The same try again replays its answer, whatever PIN it carries.
        let again = try await processor.authorize(Fixtures.authorization("t1", pan: TestCards.pinRequired.pan, pin: "1234", pinAttempt: 1))
        #expect(again == retry)
        #expect(try await processor.lookup(transactionId: "t1") == retry)
    }

    @Test func aNewPINTryAfterAWrongPINIsDecidedAnew() async throws {
        let processor = SimulatedProcessor()
        let pan = TestCards.pinRequired.pan
        _ = try await processor.authorize(Fixtures.authorization("t1", pan: pan))
        let wrong = try await processor.authorize(Fixtures.authorization("t1", pan: pan, pin: "0000", pinAttempt: 1))
        #expect(wrong.shape == .declined("55"))
        let right = try await processor.authorize(Fixtures.authorization("t1", pan: pan, pin: "1234", pinAttempt: 2))
        #expect(right.shape == .approved(10_000, "00"))
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
        // Once approved, nothing reopens it: a later try replays the approval.
        let later = try await processor.authorize(Fixtures.authorization("t1", pan: pan, pin: "0000", pinAttempt: 3))
        #expect(later == right)
        // An earlier try still replays its own answer.
        #expect(try await processor.authorize(Fixtures.authorization("t1", pan: pan, pin: "0000", pinAttempt: 1)) == wrong)
    }

    @Test func unreferencedRefundCreditsApprovingCardsAndDeclinesOthers() async throws {
        let processor = SimulatedProcessor()
        let credit = try await processor.authorize(Fixtures.authorization("r1", amount: 2_500, kind: .refund))
        #expect(credit.outcome == .approved(amount: 2_500))
        let declined = try await processor.authorize(Fixtures.authorization("r2", pan: TestCards.doNotHonour.pan, kind: .refund))
        #expect(declined.shape == .declined("05"))
        // A refund books no authorization: nothing can be captured or refunded against it.
        let reference = try #require(credit.result.reference)
        let capture = try await processor.capture(Fixtures.followUp("c1", of: "r1", reference: reference, amount: 2_500))
        #expect(capture.shape == .declined("12"))
    }

    @Test func repeatedTransactionIdApprovesOnce() async throws {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1")
        let first = try await processor.authorize(request)
        let second = try await processor.authorize(request)
        #expect(first == second)
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
        #expect(await processor.calls.map(\.outcome) == [.approved(amount: 10_000), .approved(amount: 10_000)])
    }

    @Test func concurrentRepeatsApproveOnce() async throws {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1")
        let responses = try await withThrowingTaskGroup(of: ProcessorResponse.self) { group in
            for _ in 0..<20 { group.addTask { try await processor.authorize(request) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(responses.map(\.result.reference)).count == 1)
        #expect(await processor.approvalCount(transactionId: "t1") == 1)
    }

    @Test func repeatedDeclineStaysDeclined() async throws {
        let processor = SimulatedProcessor()
        let request = Fixtures.authorization("t1", pan: TestCards.insufficientFunds.pan)
        let first = try await processor.authorize(request)
        #expect(try await processor.authorize(request) == first)
    }

    @Test(arguments: [Int64(0), -100])
    func refusesNonPositiveAmounts(_ amount: Int64) async throws {
        let processor = SimulatedProcessor()
        let response = try await processor.authorize(Fixtures.authorization("t1", amount: amount))
        #expect(response.shape == .declined("13"))
    }

    @Test func distinctApprovalsGetDistinctCodesAndReferences() async throws {
        let processor = SimulatedProcessor()
        let first = try await processor.authorize(Fixtures.authorization("t1"))
        let second = try await processor.authorize(Fixtures.authorization("t2"))
        #expect(first.result.authorizationCode != second.result.authorizationCode)
        #expect(first.result.reference != second.result.reference)
    }

    @Test func requestsNeverPrintCardData() throws {
        let request = Fixtures.authorization("t1", pin: "5731")
        var dumped = ""
        dump(request, to: &dumped)
        for text in ["\(request)", String(reflecting: request), dumped] {
            #expect(!text.contains(TestCards.visaApproved.pan), "leaks the PAN: \(text)")
            #expect(!text.contains("5731"), "leaks the PIN: \(text)")
            #expect(!text.contains("123"), "leaks the CVV: \(text)")
        }
    }
}
