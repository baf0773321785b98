import Foundation
import PaymentCore

/// What a signature may be and which payment may take one.
enum SignatureImage {
    /// `image/png` or `image/jpeg`, read from the image's first bytes; anything else, text
    /// that is not base64, or an image over the size limit is refused naming `signature`.
    static func contentType(of base64: String) throws -> String {
        guard base64.count <= (Transaction.signatureMaxBytes + 2) / 3 * 4, let image = Data(base64Encoded: base64) else {
            throw GatewayFailure.invalid(
                "signature", "signature must be base64 of a PNG or JPEG image of at most \(Transaction.signatureMaxBytes) bytes")
        }
        if image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if image.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        throw GatewayFailure.invalid("signature", "signature must be a PNG or JPEG image")
    }

    /// A signature belongs to a tapped payment that went through (held or charged, or
    /// refunded or voided since), and is taken once: the same image again is a repeat, a
    /// different one is refused. A refusal is 409 `invalid_state_transition`: the request is
    /// well formed, the payment's state is what refuses it.
    static func check(_ payment: Transaction, taking signature: String) throws {
        guard payment.cardPresent != nil else {
            throw refused("only a payment from a tapped card takes a signature; transaction \(payment.id) was keyed")
        }
        let wentThrough: Set<TransactionStatus> = [.authorized, .captured, .refunded, .voided]
        guard wentThrough.contains(payment.status) else {
            throw refused("transaction \(payment.id) is \(payment.status.rawValue); only an approved payment takes a signature")
        }
        if let stored = payment.signature, stored != signature {
            throw refused("transaction \(payment.id) has a signature already; it is taken once")
        }
    }

    private static func refused(_ message: String) -> GatewayError {
        GatewayError(.conflict, .invalidStateTransition, message, field: "signature")
    }
}
