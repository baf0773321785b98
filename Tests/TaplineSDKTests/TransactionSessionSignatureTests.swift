import CardData
import Foundation
import Gateway
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// A signature provider that answers `signature` and counts how often it was asked.
final class CountingSignature: SignatureProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var asked = 0
    let signature: String?
    init(_ signature: String?) { self.signature = signature }
    var calls: Int { lock.withLock { asked } }
    func captureSignature(amount: Money) async -> String? {
        lock.withLock { asked += 1 }
        return signature
    }
}

/// A card that asks for the cardholder's signature: in either signature mode the session
/// asks the app's ``SignatureProvider``, stores the signature and captures; with no
/// provider or a nil answer the payment is voided before capture. Other cards never ask.
@Suite("Transaction session: the signature a card asks for")
struct TransactionSessionSignatureTests {
    static let png = "iVBORw0KGgo="

    static func stored(_ fixture: TapFixture, _ receipt: TransactionReceipt) async throws -> PaymentCore.Transaction {
        try #require(try await fixture.gateway.store.read {
            try await $0.transaction(id: receipt.recipientTransactionId!, merchantId: fixture.gateway.merchantId)
        })
    }

    /// ARISE's `performTransaction` has no signature step: its result says the approved
    /// payment is held for a signature, and the app's upload and capture complete it.
    @Test func theARISEResultSaysAHeldPaymentAwaitsItsSignature() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            let result = try await fixture.client.ttp.performTransaction(amount: 12.00)
            #expect(result.status == .approved)
            #expect(result.partnerDataMap?["signatureRequired"] == "true")
            let id = try #require(result.transactionId)
            _ = try await fixture.client.uploadSignature(transactionId: id, signatureBase64: Self.png)
            let capture = try await fixture.client.captureTransaction(transactionId: id)
            #expect(capture.paymentStatus == .captured)
        }
        try await TapFixture.run { fixture in
            let plain = try await fixture.client.ttp.performTransaction(amount: 12.00)
            #expect(plain.partnerDataMap?["signatureRequired"] == nil)
        }
    }

    /// Tap to Pay on iPhone has no separate device screen: device mode asks the app's provider.
    @Test func theDefaultDeviceModeAsksTheAppAndCapturesWithTheSignatureStored() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            let provider = CountingSignature(Self.png)
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(signatureProvider: provider))
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
            #expect(provider.calls == 1)
            #expect(recorder.states == [.connectingToDevice, .awaitingCard, .authorising, .awaitingSignature, .completed])
            #expect(receipt.responseCode == .approved && receipt.captured && !receipt.signatureVerificationFailed)
            #expect(receipt.signatureBase64 == Self.png && receipt.authenticationMethod == .signature)
            let payment = try await Self.stored(fixture, receipt)
            #expect(payment.status == .captured && payment.capturedAmount == 7_000 && payment.signature == Self.png)
        }
    }

    @Test(arguments: [false, true])
    func withoutASignatureTheDeviceModePaymentIsVoidedNeverCaptured(hasProvider: Bool) async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            let provider = CountingSignature(nil)
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(
                signatureProvider: hasProvider ? provider : nil))
            let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
            #expect(provider.calls == (hasProvider ? 1 : 0))
            #expect(receipt.signatureVerificationFailed && !receipt.captured && receipt.responseCode == .declined)
            #expect(receipt.signatureBase64 == nil)
            let payment = try await Self.stored(fixture, receipt)
            #expect(payment.status == .voided && payment.capturedAmount == 0 && payment.signature == nil, "declined before capture")
        }
    }

    @Test func appModeStoresTheSignatureThenCaptures() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(
                signatureMode: .app(FixedSignature(signature: Self.png))))
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
            #expect(recorder.states == [.connectingToDevice, .awaitingCard, .authorising, .awaitingSignature, .completed])
            #expect(receipt.signatureBase64 == Self.png && receipt.captured && receipt.additionalResponseInformation == nil)
            let stored = try await fixture.client.getSignature(transactionId: receipt.recipientTransactionId!)
            #expect(stored?.signature == Self.png && stored?.contentType == "image/png")
            #expect(try await Self.stored(fixture, receipt).status == .captured)
        }
    }

    @Test func appModeWithARejectedSignatureVoidsBeforeCapture() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(
                signatureMode: .app(FixedSignature(signature: nil))))
            let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
            #expect(receipt.signatureVerificationFailed && !receipt.captured && receipt.responseCode == .declined)
            let payment = try await Self.stored(fixture, receipt)
            #expect(payment.status == .voided && payment.capturedAmount == 0)
        }
    }

    /// A merchant who waives signatures has the payment captured at once; without a
    /// provider it stands, unsigned.
    @Test func aMerchantsWaiverKeepsTheUnsignedPayment() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: .signature)) { fixture in
            _ = try await fixture.gateway.services.admin.updatePaymentSettings(
                merchantId: fixture.gateway.merchantId, UpdatePaymentSettingsRequest(isSignatureWaived: true))
            let receipt = try await TransactionSession(client: fixture.client).startTransaction(amount: 7_000, currency: "USD")
            #expect(receipt.responseCode == .approved && receipt.captured && !receipt.signatureVerificationFailed)
            #expect(try await Self.stored(fixture, receipt).status == .captured)
        }
    }

    @Test(arguments: [CardholderVerification.noCVM, .onlinePIN, .consumerDevice])
    func aCardThatAsksNoSignatureIsNeverAskedForOne(_ verification: CardholderVerification) async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: verification)) { fixture in
            let provider = CountingSignature(Self.png)
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(signatureProvider: provider))
            let recorder = StateRecorder()
            session.addStateListener(recorder)
            let receipt = try await session.startTransaction(amount: 7_000, currency: "USD")
            #expect(provider.calls == 0 && !recorder.states.contains(.awaitingSignature))
            #expect(receipt.captured && receipt.signatureBase64 == nil && !receipt.signatureVerificationFailed)
        }
    }

    @Test func theIssuersPINRequestAsksNoSignature() async throws {
        try await TapFixture.run(customer: SimulatedCustomer(card: TestCards.pinRequired.pan)) { fixture in
            let provider = CountingSignature(Self.png)
            let session = TransactionSession(client: fixture.client, configuration: TransactionSessionConfiguration(signatureProvider: provider))
            let receipt = try await session.startTransaction(amount: 2_500, currency: "USD")
            #expect(provider.calls == 0 && receipt.authenticationMethod == .onlinePIN && receipt.captured)
        }
    }
}
