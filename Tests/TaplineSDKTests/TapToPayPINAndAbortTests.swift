import CardData
import Foundation
import GatewayAPI
import Storage
@testable import TaplineSDK
import Testing

@Suite("Tap to Pay: single tap and PIN, retries, aborts and reader failures")
struct TapToPayPINAndAbortTests {
    @Test func theIssuersPINRequestIsAnsweredInsidePerformTransaction() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan, pinEntries: ["0000", "1234"])) { fixture in
            var result: TTPTransactionResult?
            let events = try await EventLog.events(of: fixture.client.ttp) {
                result = try await fixture.client.ttp.performTransaction(amount: 40.00)
            }
            let pinRound: [TTPEvent] = [
                .readerEvent(.pinEntryRequested), .readerEvent(.pinEntryCompleted), .customEvent(.authorizing),
            ]
            #expect(events == [
                .customEvent(.inProgress), .readerEvent(.readyForTap), .readerEvent(.cardDetected), .customEvent(.cardDetected),
                .readerEvent(.readCompleted), .customEvent(.cardReadSuccess), .customEvent(.authorizing),
            ] + pinRound + pinRound + [.customEvent(.approved)])
            let approved = try #require(result)
            #expect(approved.status == .approved)
            #expect(approved.cvmAction == "onlinePIN")
            let stored = try #require(try await fixture.gateway.store.read { try await $0.transaction(id: approved.transactionId!, merchantId: fixture.gateway.merchantId) })
            #expect(stored.status == .captured)
        }
    }

    @Test func threeWrongPINsDeclineForGood() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan, pinEntries: ["0000", "1111", "2222"])) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 40.00)
            #expect(result.status == .declined)
            #expect(result.authorisationResponseCode == "75")
        }
    }

    @Test func aCancelledPINEntryLeavesThePaymentWaitingAndReportsCancelled() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan, pinEntries: [])) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 40.00)
            #expect(result.status == .cancelled)
            let id = try #require(result.transactionId)
            let stored = try #require(try await fixture.gateway.store.read { try await $0.transaction(id: id, merchantId: fixture.gateway.merchantId) })
            #expect(stored.status == .pinRequired)
        }
    }

    @Test func aReadRetryIsReportedAndTheSecondTapPays() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(failedReads: 1)) { fixture in
            var result: TTPTransactionResult?
            let events = try await EventLog.events(of: fixture.client.ttp) {
                result = try await fixture.client.ttp.performTransaction(amount: 5.00)
            }
            #expect(Array(events.prefix(6)) == [
                .customEvent(.inProgress), .readerEvent(.readyForTap), .readerEvent(.cardDetected), .customEvent(.cardDetected),
                .readerEvent(.readRetry), .customEvent(.cardReadFailure),
            ])
            #expect(result?.status == .approved)
        }
    }

    @Test func abortWhileWaitingForTheCardCancelsWithNothingCharged() async throws {
        try await TapFixture.run(pace: .manual) { fixture in
            let stream = try fixture.client.ttp.eventsStream()
            async let result = fixture.client.ttp.performTransaction(amount: 9.00)
            for await event in stream where event == .readerEvent(.readyForTap) { break }
            let aborted = try await fixture.client.ttp.abortTransaction()
            #expect(aborted)
            let cancelled = try await result
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.transactionId == nil)
            let list = try await fixture.gateway.store.read { try await $0.transactions(TransactionQuery(merchantId: fixture.gateway.merchantId)) }
            #expect(list.total == 0)
        }
    }

    @Test func abortFailsOnceTheCardIsBeingRead() async throws {
        try await TapFixture.run(pace: .manual) { fixture in
            let stream = try fixture.client.ttp.eventsStream()
            async let result = fixture.client.ttp.performTransaction(amount: 9.00)
            for await event in stream where event == .readerEvent(.readyForTap) { break }
            fixture.reader.presentCard()
            for await event in stream where event == .readerEvent(.cardDetected) { break }
            await #expect(throws: TTPError.failedToAbortTransaction) { try await fixture.client.ttp.abortTransaction() }
            fixture.reader.finishRead()
            let approved = try await result
            #expect(approved.status == .approved)
        }
    }

    @Test func aReaderSessionEndedInTheBackgroundIsPreparedAgainByItself() async throws {
        try await TapFixture.run { fixture in
            fixture.reader.endSession()
            let result = try await fixture.client.ttp.performTransaction(amount: 8.00)
            #expect(result.status == .approved)
        }
    }

    @Test func abortWithNothingRunningIsFalse() async throws {
        try await TapFixture.run { fixture in
            let aborted = try await fixture.client.ttp.abortTransaction()
            #expect(aborted == false)
        }
    }

    @Test func theCustomerDismissingTheReaderIsCancelledAndWalkingAwayIsATimeout() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(action: .dismiss)) { fixture in
            let dismissed = try await fixture.client.ttp.performTransaction(amount: 3.00)
            #expect(dismissed.status == .cancelled)
            fixture.reader.customer = SimulatedCustomer(action: .walkAway)
            await #expect {
                try await fixture.client.ttp.performTransaction(amount: 3.00)
            } throws: { error in
                (error as? TTPError)?.code == "CARD_READ_TIMEOUT"
            }
        }
    }

    @Test func inputIsCheckedBeforeTheCardIsRead() async throws {
        try await TapFixture.run { fixture in
            await #expect {
                try await fixture.client.ttp.performTransaction(amount: MajorUnits(string: "1.234")!)
            } throws: { error in
                (error as? TaplineAPIError)?.problem?.field == "amount"
            }
            await #expect(throws: TaplineAPIError.self) { try await fixture.client.ttp.performTransaction(amount: 0.00) }
            await #expect(throws: TaplineAPIError.self) { try await fixture.client.ttp.performTransaction(amount: 1.00, currency: "XXX") }
        }
    }

    @Test func withoutAReaderEveryTapToPayCallSaysSo() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            #expect(client.ttp.checkCompatibility().isCompatible == false)
            await #expect { try await client.ttp.prepare() } throws: { error in
                if case TTPError.sdkNotInitialized = error { return true }
                return false
            }
            #expect(throws: TTPError.self) { try client.ttp.eventsStream() }
        }
    }
}
