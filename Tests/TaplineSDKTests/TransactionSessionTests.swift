import CardData
import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// Records states as a listener hears them.
final class StateRecorder: TransactionStateListener, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TransactionState] = []
    var states: [TransactionState] { lock.withLock { recorded } }
    func onTransactionStateChanged(_ state: TransactionState) { lock.withLock { recorded.append(state) } }
}

struct FixedGratuity: GratuityProvider {
    let percentIndex: Int?
    func chooseGratuity(for amount: Money, suggestions: [SuggestedGratuity]) async -> Int64? {
        percentIndex.map { suggestions[$0].amount }
    }
}

struct FixedSignature: SignatureProvider {
    let signature: String?
    func captureSignature(amount: Money) async -> String? { signature }
}

@Suite("Transaction session: states, gratuity, cancel and receipt")
struct TransactionSessionTests {
    @Test func anApprovedTapMovesThroughTheStatesAndFillsTheReceipt() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client)
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let metadata = TransactionMetadata(saleReferenceId: "ORDER-42", additionalInformation: ["table": .string("7"), "covers": .number(4), "vip": .bool(true), "items": .array([.object(["sku": .string("A-1")])])])
            let receipt = try await session.startTransaction(amount: 1_000, currency: "USD", metadata: metadata)
            #expect(recorder.states == [.connectingToDevice, .awaitingCard, .authorising, .completed])
            #expect(session.transactionState == .completed)
            #expect(receipt.saleReferenceId == "ORDER-42")
            #expect(receipt.amount == 1_000)
            #expect(receipt.authorisedAmount == 1_000)
            #expect(receipt.type == .purchase)
            #expect(receipt.gratuityAmount == 0)
            #expect(receipt.baseAmount == 1_000 && receipt.discountAmount == 0 && receipt.surchargeAmount == 0 && receipt.taxAmount == 0)
            #expect(receipt.surchargeRate == nil)
            #expect(receipt.currency == .usd)
            #expect(receipt.authCode?.isEmpty == false)
            #expect(receipt.responseCode == .approved)
            #expect(receipt.actionCode == "00")
            #expect(receipt.authenticationMethod == .noCVM)
            #expect(receipt.aid == "A0000000031010")
            #expect(receipt.applicationLabel == "VISA")
            #expect(receipt.paymentInterface == .contactless)
            #expect(receipt.panStart == "424242")
            #expect(receipt.panLastFour == "4242")
            #expect(receipt.recipientTransactionId != nil)
            #expect(receipt.initiatorTransactionId != "ORDER-42" && receipt.initiatorTransactionId != nil, "the SDK's id, not the app's")
            #expect(receipt.transactionReference != nil)
            #expect(receipt.dateTime != nil)
            #expect(receipt.terminalSerialNumber == fixture.client.getDeviceId())
            #expect(receipt.captured)
            #expect(receipt.signatureVerificationFailed == false)
            // Sent with the authorisation, stored with the payment, returned as sent.
            let sent: [String: JSONValue] = ["table": .string("7"), "covers": .number(4), "vip": .bool(true), "items": .array([.object(["sku": .string("A-1")])])]
            #expect(receipt.additionalInformation == sent)
            let stored = try #require(try await fixture.client.getTransactionDetails(id: receipt.recipientTransactionId!))
            #expect(stored.additionalInformation == sent)
        }
    }

    @Test func thePINPathPassesThroughAwaitingPinEntry() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan)) { fixture in
            let session = TransactionSession(client: fixture.client)
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let receipt = try await session.startTransaction(amount: 2_500, currency: "USD")
            #expect(recorder.states == [.connectingToDevice, .awaitingCard, .authorising, .awaitingPinEntry, .authorising, .completed])
            #expect(receipt.authenticationMethod == .onlinePIN)
            #expect(receipt.responseCode == .approved)
        }
    }

    @Test func theGratuityPromptAddsTheChosenTipFromTheMerchantsSuggestions() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(
                gratuityEnabled: true, gratuityProvider: FixedGratuity(percentIndex: 1)))
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let receipt = try await session.startTransaction(amount: 2_000, currency: "USD")
            #expect(recorder.states == [.connectingToDevice, .awaitingGratuity, .awaitingCard, .authorising, .completed])
            #expect(receipt.gratuityAmount == 360)
            #expect(receipt.amount == 2_360)
            #expect(receipt.baseAmount == 2_000, "the receipt shows the price before the gratuity")
            let stored = try #require(try await fixture.gateway.store.read {
                try await $0.transaction(id: receipt.recipientTransactionId!, merchantId: fixture.gateway.merchantId)
            })
            #expect(stored.tipAmount == 360)
        }
    }

    @Test func cancellingAtTheGratuityPromptChargesNothing() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(
                gratuityEnabled: true, gratuityProvider: FixedGratuity(percentIndex: nil)))
            await #expect(throws: TransactionSessionError.cancelled) { try await session.startTransaction(amount: 2_000, currency: "USD") }
            #expect(session.transactionState == .cancelled)
        }
    }

    /// Toro: the SDK sets initiatorTransactionId itself; the app's id is saleReferenceId.
    @Test func theInitiatorIdIsTheSDKsNotTheApps() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client)
            let first = try await session.startTransaction(
                amount: 1_000, currency: "USD", metadata: TransactionMetadata(saleReferenceId: "app-ref-1"))
            let second = try await session.startTransaction(
                amount: 1_000, currency: "USD", metadata: TransactionMetadata(saleReferenceId: "app-ref-2"))
            #expect(first.saleReferenceId == "app-ref-1")
            let id = try #require(first.initiatorTransactionId)
            #expect(UUID(uuidString: id) != nil && id != second.initiatorTransactionId)
            #expect(first.currency == .usd)
        }
    }

    @Test func cancelTransactionWhileWaitingForTheCard() async throws {
        try await TapFixture.run(pace: .manual) { fixture in
            let session = TransactionSession(client: fixture.client)
            let events = try fixture.client.ttp.eventsStream()
            let receipt = Task { try await session.startTransaction(amount: 500, currency: "USD") }
            for await event in events where event == .readerEvent(.readyForTap) { break }
            #expect(session.transactionState == .awaitingCard)
            #expect(await session.cancelTransaction())
            await #expect(throws: TransactionSessionError.cancelled) { try await receipt.value }
            #expect(session.transactionState == .cancelled)
        }
    }

    @Test func aRefundByTapLinksToTheSaleByItsReference() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client)
            let sale = try await session.startTransaction(amount: 3_000, currency: "USD", metadata: TransactionMetadata(saleReferenceId: "R-1"))
            let refund = try await session.startTransaction(
                amount: 1_000, currency: "USD", type: .refund,
                metadata: TransactionMetadata(originalTransactionDetails: OriginalTransactionDetails(saleReferenceId: "R-1")))
            #expect(refund.responseCode == .approved)
            #expect(refund.type == .refund)
            let payment = try #require(try await fixture.gateway.store.read {
                try await $0.transaction(id: sale.recipientTransactionId!, merchantId: fixture.gateway.merchantId)
            })
            #expect(payment.refundedAmount == 1_000)
        }
    }

    @Test func metadataIsCheckedBeforeAnythingHappens() async throws {
        try await TapFixture.run { fixture in
            let session = TransactionSession(client: fixture.client)
            let long = String(repeating: "x", count: 36)
            await #expect {
                try await session.startTransaction(amount: 100, currency: "USD", metadata: TransactionMetadata(saleReferenceId: long))
            } throws: { error in
                (error as? TaplineAPIError)?.problem?.field == "saleReferenceId"
            }
            let prompting = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(gratuityEnabled: true))
            await #expect {
                try await prompting.startTransaction(amount: 100, currency: "USD", metadata: TransactionMetadata(gratuityAmount: 5))
            } throws: { error in
                (error as? TaplineAPIError)?.problem?.field == "gratuityAmount"
            }
            #expect(session.transactionState == .ready)
        }
    }
}
