import Foundation
import PaymentCore
import Testing

/// The rules of a tapped card that asks for a signature: held in phase 1 unless waived,
/// and no capture until the signature is stored.
@Suite("Payment lifecycle: the signature a card asks for")
struct SignatureLifecycleTests {
    static func tapped(_ type: TransactionType, cvm: String?) -> Transaction {
        var payment = Transaction(id: "p", merchantId: "m", type: type, status: .pending, currency: .usd, amount: 1_000,
                                  createdAt: Date(timeIntervalSince1970: 0))
        var present = CardPresentDetails(deviceId: "d")
        present.cvmResults = cvm
        payment.cardPresent = present
        return payment
    }

    @Test(arguments: [("1E0300", true), ("5E0300", true), ("030300", true), ("050300", true), ("1F0302", false), ("020300", false),
                      ("3F0302", false), ("41", false)])
    func whichResultsAskForASignature(_ hex: String, asks: Bool) {
        // 5E is 1E with the "apply the next rule on failure" bit.
        #expect((CVMResults(hex: hex)?.asksForSignature ?? false) == asks)
    }

    @Test func aTappedSaleAskingForASignatureIsHeldAsAnAuthorization() {
        var sale = Self.tapped(.sale, cvm: "1E0300")
        PaymentLifecycle.holdForSignature(&sale, waived: false)
        #expect(sale.type == .authorization && sale.signatureRequired)

        var waived = Self.tapped(.sale, cvm: "1E0300")
        PaymentLifecycle.holdForSignature(&waived, waived: true)
        #expect(waived.type == .sale && !waived.signatureRequired)

        for var other in [Self.tapped(.sale, cvm: "1F0302"), Self.tapped(.sale, cvm: nil), Self.tapped(.refund, cvm: "1E0300")] {
            let before = other
            PaymentLifecycle.holdForSignature(&other, waived: false)
            #expect(other == before)
        }
    }

    @Test func onlyACaptureWaitsForTheSignature() throws {
        var held = Self.tapped(.authorization, cvm: "1E0300")
        held.status = .authorized
        held.signatureRequired = true
        #expect(throws: PaymentError.signatureRequired) { try PaymentLifecycle.requireSignature(.capture(amount: nil), on: held, waived: false) }
        try PaymentLifecycle.requireSignature(.void, on: held, waived: false)
        try PaymentLifecycle.requireSignature(.capture(amount: nil), on: held, waived: true)
        held.signature = "iVBORw0KGgo="
        try PaymentLifecycle.requireSignature(.capture(amount: nil), on: held, waived: false)
    }
}
