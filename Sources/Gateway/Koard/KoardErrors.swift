import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// Errors on the Koard routes speak Koard: the payment's state in Koard's names and fields
/// in snake_case. Codes and HTTP statuses are the canonical ones, so a refusal means the
/// same on both APIs (404 unknown payment, 409 refused move or amount over what is
/// available, 400 bad input).
enum KoardErrors {
    /// Runs `body`, rewriting an error it throws for the Koard routes. `payment` reads the
    /// payment a failure is about, for its state in Koard's names.
    static func translating<T>(
        payment: @Sendable () async throws -> Transaction? = { nil }, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let failure as GatewayFailure {
            let current = failure.paymentStatus == nil ? nil : try? await payment()
            throw error(for: failure, payment: current)
        } catch var error as GatewayError {
            // The HTTP edge's own refusals (body, Idempotency-Key), and a failure a route's
            // inner pass translated already: only names to respell, which a second pass keeps.
            error.body.field = error.body.field.map(snakeCase)
            error.body.message = snakeCaseFieldNames(in: error.body.message)
            throw error
        }
    }

    /// The Koard answer to `failure`: the canonical one with fields in snake_case and the
    /// payment's state in Koard's names (read from `payment` when there is one), and a
    /// refused move saying that state in its message.
    static func error(for failure: GatewayFailure, payment: Transaction?) -> GatewayError {
        var error = GatewayError(failure)
        error.body.field = error.body.field.map(snakeCase)
        error.body.message = snakeCaseFieldNames(in: error.body.message)
        if let canonical = failure.paymentStatus {
            let koard = KoardStatus(payment ?? Transaction.placeholder(status: canonical))
            error.body.status = koard.rawValue
            if case .paymentRefused(.invalidTransition, _) = failure {
                error.body.message += " (Koard state: \(koard.rawValue))"
            }
        }
        return error
    }

    /// The request fields Koard spells in snake_case, as the shared services name them in
    /// messages; only these are rewritten, so a permission name such as `ecommerceRefund` stays.
    static let koardFieldNames = [
        "generalCardData", "paymentCardData", "transactionId", "eventId", "taxRate", "taxAmount", "tipAmount", "tipType",
        "surchargeAmount", "surchargeRate",
    ]

    /// `message` with each of ``koardFieldNames`` written as Koard writes it.
    static func snakeCaseFieldNames(in message: String) -> String {
        koardFieldNames.reduce(message) { text, name in text.replacingOccurrences(of: name, with: snakeCase(name)) }
    }

    /// "breakdown.taxRate" → "breakdown.tax_rate"; snake_case names and header names
    /// ("Idempotency-Key") are left as they are.
    static func snakeCase(_ field: String) -> String {
        guard field.first?.isLowercase == true, !field.contains("-") else { return field }
        var result = ""
        for character in field {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Transaction {
    /// A payment with only a status, for mapping a status when the payment cannot be read.
    static func placeholder(status: TransactionStatus) -> Transaction {
        Transaction(id: "", merchantId: "", type: .authorization, status: status, currency: .usd, amount: 0, createdAt: .distantPast)
    }
}
