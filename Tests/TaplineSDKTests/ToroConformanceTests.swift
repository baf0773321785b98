import CardData
import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// Every state, method, metadata field, signature mode and receipt field of the Toro iOS
/// SDK's "Transactions" page, each proved with a `TransactionSession` against a live gateway
/// and a simulated reader. The rows are the Toro checklist of issue 15.
@Suite("Toro conformance: states, metadata, signatures, receipt")
struct ToroConformanceTests {
    enum Item: String, CaseIterable, Sendable {
        // States
        case ready, connectingToDevice, awaitingGratuity, awaitingCard, awaitingSignature, awaitingPinEntry
        case awaitingApplicationSelection, authorising, completed, cancelled, failed
        // Listening and cancelling
        case stateListener = "TransactionStateListener", stateProperty = "transactionState", cancelTransaction = "cancelTransaction()"
        // TransactionMetadata
        case saleReferenceId = "metadata.saleReferenceId", gratuityAmount = "metadata.gratuityAmount"
        case additionalInformation = "metadata.additionalInformation", originalTransactionDetails = "metadata.originalTransactionDetails"
        // Signature modes
        case signatureDevice = "SignatureMode.device", signatureApp = "SignatureMode.app"
        // TransactionReceipt
        case receiptAmounts = "receipt.amount/authorisedAmount/gratuityAmount/currency/type"
        case receiptDecision = "receipt.authCode/responseCode/responseReason/actionCode/additionalResponseInformation"
        case receiptCard = "receipt.authenticationMethod/aid/applicationLabel/paymentInterface/panStart/panLastFour"
        case receiptIds = "receipt.recipientTransactionId/initiatorTransactionId/transactionReference/dateTime/terminalSerialNumber"
        case receiptSignature = "receipt.signatureBase64/signatureVerificationFailed"
        case receiptCapturedAndPlace = "receipt.captured/latitude/longitude"
    }

    struct FixedLocation: LocationProvider {
        func currentLocation() async -> (latitude: String, longitude: String)? { ("51.5072", "-0.1276") }
    }

    static func session(_ fixture: TapFixture, _ configuration: TransactionSessionConfiguration = .init()) -> (TransactionSession, StateRecorder) {
        let session = TransactionSession(client: fixture.client, configuration: configuration)
        let recorder = StateRecorder()
        session.addStateListener(recorder)
        return (session, recorder)
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    @Test(arguments: Item.allCases)
    func item(_ item: Item) async throws {
        switch item {
        case .ready, .connectingToDevice, .awaitingCard, .authorising, .completed, .stateListener, .stateProperty:
            try await TapFixture.run { fixture in
                let (session, recorder) = Self.session(fixture)
                #expect(session.transactionState == .ready)
                _ = try await session.startTransaction(amount: 1_000, currency: "USD")
                #expect(recorder.states == [.connectingToDevice, .awaitingCard, .authorising, .completed])
                #expect(session.transactionState == .completed)
            }
        case .awaitingGratuity:
            try await TapFixture.run { fixture in
                let (session, recorder) = Self.session(fixture, .init(gratuityEnabled: true, gratuityProvider: FixedGratuity(percentIndex: 0)))
                let receipt = try await session.startTransaction(amount: 2_000, currency: "USD")
                #expect(recorder.states.contains(.awaitingGratuity) && receipt.gratuityAmount == 300)
            }
        case .awaitingSignature, .signatureApp, .receiptSignature:
            try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
                let (session, recorder) = Self.session(fixture, .init(signatureMode: .app(FixedSignature(signature: "iVBORw0KGgo="))))
                let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
                #expect(recorder.states.contains(.awaitingSignature))
                #expect(receipt.signatureBase64 == "iVBORw0KGgo=" && !receipt.signatureVerificationFailed && receipt.captured)
                #expect(try await fixture.client.getSignature(transactionId: receipt.recipientTransactionId!)?.signature == "iVBORw0KGgo=")
            }
        case .signatureDevice:
            // The reading device is the phone: its signature pad is the app's provider.
            try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
                let receipt = try await Self.session(fixture, .init(signatureProvider: FixedSignature(signature: "iVBORw0KGgo="))).0
                    .startTransaction(amount: 7_000, currency: "USD")
                #expect(receipt.captured && receipt.signatureBase64 == "iVBORw0KGgo=" && !receipt.signatureVerificationFailed)
            }
        case .awaitingPinEntry:
            try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan)) { fixture in
                let (session, recorder) = Self.session(fixture)
                _ = try await session.startTransaction(amount: 2_500, currency: "USD")
                #expect(recorder.states.contains(.awaitingPinEntry))
            }
        case .awaitingApplicationSelection:
            // A contactless card on an iPhone: the platform's reader picks the application
            // itself, so the session never waits on it; the state exists for completeness.
            try await TapFixture.run { fixture in
                let (session, recorder) = Self.session(fixture)
                _ = try await session.startTransaction(amount: 1_000, currency: "USD")
                #expect(!recorder.states.contains(.awaitingApplicationSelection))
                #expect(TransactionState.awaitingApplicationSelection.rawValue == "awaitingApplicationSelection")
            }
        case .cancelled, .cancelTransaction:
            try await TapFixture.run(pace: .manual) { fixture in
                let session = TransactionSession(client: fixture.client)
                let events = try fixture.client.ttp.eventsStream()
                let running = Task { try await session.startTransaction(amount: 500, currency: "USD") }
                for await event in events where event == .readerEvent(.readyForTap) { break }
                #expect(await session.cancelTransaction())
                await #expect(throws: TransactionSessionError.cancelled) { try await running.value }
                #expect(session.transactionState == .cancelled)
            }
        case .failed:
            try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.processorError.pan)) { fixture in
                let session = TransactionSession(client: fixture.client)
                let receipt = try? await session.startTransaction(amount: 1_000, currency: "USD")
                #expect(session.transactionState == .failed || receipt?.responseCode == .failed)
            }
        case .saleReferenceId, .additionalInformation, .receiptAmounts, .receiptDecision, .receiptCard, .receiptIds, .receiptCapturedAndPlace:
            try await TapFixture.run { fixture in
                let metadata = TransactionMetadata(saleReferenceId: "ORDER-7", additionalInformation: ["table": .string("4")])
                let receipt = try await Self.session(fixture, .init(locationProvider: FixedLocation()))
                    .0.startTransaction(amount: 1_000, currency: "USD", metadata: metadata)
                switch item {
                case .saleReferenceId: #expect(receipt.saleReferenceId == "ORDER-7")
                case .additionalInformation: #expect(receipt.additionalInformation == ["table": .string("4")])
                case .receiptAmounts:
                    #expect(receipt.amount == 1_000 && receipt.authorisedAmount == 1_000 && receipt.gratuityAmount == 0)
                    #expect(receipt.currency == .usd && receipt.type == .purchase)
                case .receiptDecision:
                    #expect(receipt.authCode?.count == 6 && receipt.responseCode == .approved && receipt.actionCode == "00")
                    #expect(receipt.responseReason == "Approved" && receipt.additionalResponseInformation == nil)
                case .receiptCard:
                    #expect(receipt.authenticationMethod == .noCVM && receipt.aid == "A0000000031010" && receipt.applicationLabel == "VISA")
                    #expect(receipt.paymentInterface == .contactless && receipt.panStart == "424242" && receipt.panLastFour == "4242")
                case .receiptIds:
                    #expect(receipt.recipientTransactionId != nil && receipt.initiatorTransactionId != nil)
                    #expect(receipt.transactionReference != nil && receipt.dateTime != nil)
                    #expect(receipt.terminalSerialNumber == fixture.client.getDeviceId())
                default:
                    #expect(receipt.captured && receipt.latitude == "51.5072" && receipt.longitude == "-0.1276")
                }
            }
        case .gratuityAmount:
            try await TapFixture.run { fixture in
                let receipt = try await Self.session(fixture).0.startTransaction(
                    amount: 1_000, currency: "USD", metadata: TransactionMetadata(gratuityAmount: 150))
                #expect(receipt.gratuityAmount == 150 && receipt.amount == 1_150)
            }
        case .originalTransactionDetails:
            try await TapFixture.run { fixture in
                let session = TransactionSession(client: fixture.client)
                let sale = try await session.startTransaction(amount: 3_000, currency: "USD")
                let refund = try await session.startTransaction(
                    amount: 1_000, currency: "USD", type: .refund,
                    metadata: TransactionMetadata(originalTransactionDetails: OriginalTransactionDetails(transactionId: sale.recipientTransactionId)))
                #expect(refund.type == .refund && refund.responseCode == .approved)
            }
        }
    }
}
