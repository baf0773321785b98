import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing
import TestSupport

/// A tapped card whose CVM results ask for the cardholder's signature is never captured
/// without one: the tap is held as an authorization flagged `signatureRequired`, a capture
/// is refused (409 `signature_required`, nothing written) until the signature is stored,
/// unless the merchant's settings waive it (`isSignatureWaived`).
@Suite("Tap to Pay: no capture without the signature the card asked for")
struct SignatureRequiredTests {
    /// CVM results (9F34): signature, result unknown (the terminal cannot judge one).
    static let signatureCVM = Data([0x1E, 0x03, 0x00])

    /// A tap of a card with CVM results `cvm` posted to `path` from the session's device.
    static func tap(_ session: TestSession, cvm: Data = signatureCVM, path: String = APIPath.sale) async throws -> TransactionResource {
        let reply = try await session.send(.post, path, json: TapRouteTests.body(try session.tap(cvmResults: cvm)),
                                           headers: [TestSession.deviceHeader: TestSession.deviceId])
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode(TransactionResource.self)
    }

    static func capture(_ session: TestSession, _ id: String, key: String) async throws -> TestReply {
        try await session.send(.post, APIPath.followUp(id, .capture), json: "{}", headers: [HTTPField.Name(APIHeader.idempotencyKey)!: key])
    }

    @Test(arguments: [
        ([UInt8]([0x1E, 0x03, 0x00]), true),     // signature
        ([0x05, 0x03, 0x00], true),               // PIN verified by the card, and signature
        ([0x1F, 0x03, 0x02], false),              // no CVM
        ([0x02, 0x03, 0x00], false),              // online PIN
        ([0x3F, 0x03, 0x02], false),              // the phone verified the cardholder (CDCVM)
    ])
    func aTapSaleIsHeldExactlyWhenItsCardAsksForASignature(_ cvm: [UInt8], held: Bool) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await Self.tap(session, cvm: Data(cvm))
            let operations = Set((sale.availableOperations ?? []).map(\.operationType))
            if held {
                #expect(sale.type == .authorization && sale.status == .authorized && sale.signatureRequired == true)
                #expect(sale.amounts?.captured == 0 && sale.batchId == nil, "nothing captured, nothing in the batch")
                #expect(!operations.contains(.capture) && operations.contains(.void), "capture waits for the signature; void does not")
            } else {
                #expect(sale.type == .sale && sale.status == .captured && sale.signatureRequired == nil)
            }
        }
    }

    @Test func haloSaysAHeldTapAwaitsItsSignatureInCustomValues() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await session.apple(try session.tap(cvmResults: Data([0x1E, 0x03, 0x00])))
            let answer = try #require(reply.halo, "\(reply.text)")
            #expect(answer.customValues["signatureRequired"] == "true")
            #expect(answer.tags.contains("9F34031E0300"), "the CVM results that asked for it")
        }
    }

    @Test func aCaptureWithoutTheSignatureIsRefusedOnEveryRouteAndWritesNothing() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let held = try await Self.tap(session, path: APIPath.authorization)
            #expect(held.status == .authorized && held.signatureRequired == true)
            let before = try await harness.store.read { try await $0.transaction(id: held.id, merchantId: harness.merchantId) }

            let refused = try await Self.capture(session, held.id, key: "capture-1")
            #expect(refused.status == 409 && refused.error?.code == "signature_required" && refused.error?.status == "authorized", "\(refused.text)")
            #expect(refused.error?.message.contains("/signature") == true)
            let koard = try await session.koard(APIPath.Koard.capture(held.id), "{}")
            #expect(koard.status == 409 && koard.error?.code == "signature_required", "\(koard.text)")

            let after = try await harness.store.read { try await $0.transaction(id: held.id, merchantId: harness.merchantId) }
            #expect(after == before, "the payment is unchanged")
            #expect(try await harness.store.read { try await $0.followUps(of: held.id, merchantId: harness.merchantId) }.isEmpty)
            #expect(try await harness.store.read { try await $0.idempotencyRecord(merchantId: harness.merchantId, key: "capture-1") } == nil,
                    "the key is free for the capture once signed")

            // Signed: the same capture goes through.
            let signed = try await session.send(.put, APIPath.signature(held.id), json: #"{"signature":"\#(SignatureTests.png)"}"#)
            #expect(signed.status == 200, "\(signed.text)")
            let captured = try await Self.capture(session, held.id, key: "capture-1")
            #expect(captured.status == 201, "\(captured.text)")
            let payment = try captured.decode(FollowUpResponse.self).payment
            #expect(payment.status == .captured && payment.amounts?.captured == 10_000 && payment.batchId != nil)
            #expect(payment.hasSignature == true && payment.signatureRequired == true)
        }
    }

    @Test func theMerchantsWaiverCapturesAtOnceAndReleasesAHeldPayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let heldBefore = try await Self.tap(session)
            #expect(heldBefore.status == .authorized)

            let waived = try await session.send(.patch, APIPath.paymentSettings, json: #"{"isSignatureWaived":true}"#)
            #expect(waived.status == 200, "\(waived.text)")
            #expect(try waived.decode(PaymentSettingsResponse.self).isSignatureWaived)
            #expect(try await session.send(.get, APIPath.paymentSettings).decode(PaymentSettingsResponse.self).isSignatureWaived)

            let sale = try await Self.tap(session)
            #expect(sale.type == .sale && sale.status == .captured && sale.signatureRequired == nil, "captured at once, as the merchant chose")
            let capture = try await Self.capture(session, heldBefore.id, key: "capture-held")
            #expect(capture.status == 201, "the waiver applies to a payment held before it: \(capture.text)")
        }
    }

    @Test func theDashboardsCaptureIsRefusedWithTheReason() async throws {
        let harness = try await GatewayHarness.dashboard()
        try await harness.browse { browser, session in
            try await session.activateDevice()
            let held = try await Self.tap(session)
            try await browser.signIn(email: "admin@shop.example", password: DashboardHarness.password)
            let page = try await browser.get("/dashboard/payments/\(held.id)")
            #expect(page.text.contains(#"id="act-void""#))
            #expect(!page.text.contains(#"id="act-capture""#), "no Capture button while the signature is missing")
            // A capture form posted anyway (an old page, a hand-made request) is refused with the reason.
            let byHand = DashboardActionTests.form(page, action: "void").map { $0.0 == "action" ? ("action", "capture") : $0 } + [("confirm", "yes")]
            let refused = try await browser.post("/dashboard/payments/\(held.id)/act", byHand)
            #expect(refused.status == 409 && refused.text.contains("signature and none is stored"), "\(refused.status) \(refused.text.prefix(1500))")
            #expect(try await session.send(.get, APIPath.transaction(held.id)).decode(TransactionResource.self).status == .authorized)
        }
    }

    /// Halo and Koard taps answer in their own shapes: an approved (held) payment.
    @Test func haloAndKoardTapsAnswerAsApproved() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let halo = try await session.apple(try session.tap(cvmResults: Self.signatureCVM))
            #expect(halo.status == 200 && halo.halo?.errorCode == 0, "\(halo.text)")
            let sealed = try session.tap(amount: 2_500, cvmResults: Self.signatureCVM)
            let koard = try await session.koardPost(APIPath.Koard.payment, TestSession.koardBody(sealed, amount: 2_500))
            #expect(koard.status == 201, "\(koard.text)")
            #expect(try koard.koard.status == .authorized)
        }
    }
}
