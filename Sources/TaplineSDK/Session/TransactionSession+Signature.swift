import Foundation
import GatewayAPI
import PaymentCore

extension TransactionSession {
    /// A card that asks for the cardholder's signature: the app's provider takes it, the
    /// session stores it with the payment and, when the gateway held the payment for it
    /// (`signatureRequired`), captures. Without a signature a held payment is voided, so it
    /// is never captured unsigned; a nil answer (rejected or cancelled) voids it in any case.
    func collectSignature(into receipt: inout TransactionReceipt, amount: Money, payment: TransactionResource) async throws {
        move(to: .awaitingSignature)
        let held = payment.signatureRequired == true && payment.status == .authorized
        let provider: (any SignatureProvider)?
        switch configuration.signatureMode {
        case .app(let appProvider): provider = appProvider
        case .device: provider = configuration.signatureProvider
        }
        guard let provider else {
            // The merchant waived signatures: the payment was captured and stands.
            guard held else { return }
            receipt.signatureVerificationFailed = true
            return try await void(payment.id, into: &receipt, reason: "The card asked for a signature and the app takes none (no SignatureProvider); the payment was voided")
        }
        guard let signature = await provider.captureSignature(amount: amount) else {
            receipt.signatureVerificationFailed = true
            return try await void(payment.id, into: &receipt, reason: "Signature verification failed; the payment was voided")
        }
        receipt.signatureBase64 = signature
        do {
            try await client.uploadSignature(transactionId: payment.id, signatureBase64: signature)
        } catch {
            let problem = "The signature was not stored with the payment: \(error.localizedDescription)"
            // A payment captured already stands; a held one cannot be captured without it.
            guard held else { receipt.additionalResponseInformation = problem; return }
            return try await void(payment.id, into: &receipt, reason: problem + "; the payment was voided")
        }
        guard held else { return }
        do {
            let capture = try await client.captureTransaction(transactionId: payment.id)
            receipt.captured = capture.paymentStatus == .captured
            if !receipt.captured {
                receipt.responseCode = .declined
                receipt.responseReason = capture.responseDescription ?? "The capture was declined"
            }
        } catch {
            // The signature is stored and the payment still held: the app may capture or void it.
            receipt.responseCode = .failed
            receipt.responseReason = "The capture failed (\(error.localizedDescription)); the payment is held with its signature"
        }
    }

    /// Voids the payment (approved, not to be captured) and says so on the receipt.
    private func void(_ transactionId: String, into receipt: inout TransactionReceipt, reason: String) async throws {
        _ = try await client.voidTransaction(transactionId: transactionId)
        receipt.captured = false
        receipt.responseCode = .declined
        receipt.responseReason = reason
    }
}
