import CardData
import Foundation
import GatewayAPI
@testable import TaplineSDK
import Testing

@Suite("Tap to Pay through the simulated reader against a live gateway")
struct TapToPayTests {
    @Test func activationRegistersTheDeviceAndPrepareMakesItReady() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let reader = SimulatedCardReader()
            let client = try await gateway.client(environment, reader: reader)
            #expect(try await client.ttp.getStatus() == .inactive)
            await #expect(throws: TTPError.notActive) { try await client.ttp.prepare() }
            try await client.ttp.activate()
            #expect(try await client.ttp.getStatus() == .active)
            let events = try await EventLog.events(of: client.ttp) { try await client.ttp.prepare() }
            #expect(events == [
                .customEvent(.preparing), .readerEvent(.updateProgress(0)), .customEvent(.updateReaderProgress(0)),
                .readerEvent(.updateProgress(50)), .customEvent(.updateReaderProgress(50)),
                .readerEvent(.updateProgress(100)), .customEvent(.updateReaderProgress(100)), .customEvent(.ready),
            ])
            let device = try #require(try await gateway.store.read { try await $0.device(merchantId: gateway.merchantId, deviceId: client.getDeviceId()) })
            #expect(device.name == "Test iPhone")
        }
    }

    @Test func anApprovedTapReportsEveryEventInOrderAndTheMaskedCard() async throws {
        try await TapFixture.run { fixture in
            var result: TTPTransactionResult?
            let events = try await EventLog.events(of: fixture.client.ttp) {
                result = try await fixture.client.ttp.performTransaction(amount: MajorUnits(string: "12.34")!)
            }
            #expect(events == [
                .customEvent(.inProgress), .readerEvent(.readyForTap), .readerEvent(.cardDetected), .customEvent(.cardDetected),
                .readerEvent(.readCompleted), .customEvent(.cardReadSuccess), .customEvent(.authorizing), .customEvent(.approved),
            ])
            let approved = try #require(result)
            #expect(approved.status == .approved)
            #expect(approved.transactionOutcome == "APPROVED")
            #expect(approved.authorizedAmount == "12.34")
            #expect(approved.maskedCardNumber == "424242******4242")
            #expect(approved.cardBrandName == "Visa")
            #expect(approved.authorisationResponseCode == "00")
            #expect(approved.applicationIdentifier == "A0000000031010")
            let stored = try #require(try await fixture.gateway.store.read { try await $0.transaction(id: approved.transactionId!, merchantId: fixture.gateway.merchantId) })
            #expect(stored.status == .captured)
            #expect(stored.createMethod == .tapToPay)
            #expect(stored.capturedAmount == 1_234)
        }
    }

    @Test(arguments: [
        (TestCards.visaApproved, TTPTransactionStatus.approved, "00"),
        (TestCards.mastercardApproved, .approved, "00"),
        (TestCards.amexApproved, .approved, "00"),
        (TestCards.doNotHonour, .declined, "05"),
        (TestCards.insufficientFunds, .declined, "51"),
        (TestCards.expiredCard, .declined, "54"),
        (TestCards.pinRequired, .approved, "00"),
        (TestCards.processorError, .failed, "96"),
    ])
    func everyTestCardEndsAsTheTableSays(card: TestCard, status: TTPTransactionStatus, code: String) async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: card.pan)) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 25.00)
            #expect(result.status == status, "\(card.summary)")
            #expect(result.authorisationResponseCode == code, "\(card.summary)")
            #expect(result.transactionId != nil)
            #expect(result.maskedCardNumber == PAN.masked(card.pan))
        }
    }

    @Test func aLostProcessorAnswerFailsThePaymentAndNamesIt() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.noAnswer.pan)) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 25.00)
            #expect(result.status == .failed)
            let id = try #require(result.transactionId)
            let stored = try #require(try await fixture.gateway.store.read { try await $0.transaction(id: id, merchantId: fixture.gateway.merchantId) })
            #expect(stored.status == .failed)
        }
    }

    @Test func aPartialApprovalReportsTheAuthorisedAmount() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.amountDriven.pan)) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: MajorUnits(string: "20.10")!)
            #expect(result.status == .approved)
            #expect(result.authorizedAmount == "10.05")
        }
    }
}
