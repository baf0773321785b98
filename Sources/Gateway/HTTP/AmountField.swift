import PaymentCore

/// The one check of an amount a client sends, on every route: an integer of minor units
/// from 1 (or 0 where zero means something, a tip) to ``Money/largestMinorUnits``. A refusal
/// is a 400 `invalid_amount` naming the field, before anything is read or written.
enum AmountField {
    /// An amount that must be more than zero.
    static func positive(_ amount: Int64, field: String, hint: String = "minor units") throws -> Int64 {
        guard amount > 0 else {
            throw GatewayError.invalid(field, "\(field) must be greater than zero (\(hint))", code: .invalidAmount)
        }
        return try atMostLargest(amount, field: field)
    }

    /// ``positive(_:field:hint:)`` for an amount that may be left out.
    static func positive(_ amount: Int64?, field: String, hint: String = "minor units") throws -> Int64? {
        try amount.map { try positive($0, field: field, hint: hint) }
    }

    /// An amount that may be zero (a tip), never negative.
    static func nonNegative(_ amount: Int64, field: String) throws -> Int64 {
        guard amount >= 0 else { throw GatewayError.invalid(field, "\(field) must not be negative", code: .invalidAmount) }
        return try atMostLargest(amount, field: field)
    }

    /// ``nonNegative(_:field:)`` for an amount that may be left out.
    static func nonNegative(_ amount: Int64?, field: String) throws -> Int64? {
        try amount.map { try nonNegative($0, field: field) }
    }

    private static func atMostLargest(_ amount: Int64, field: String) throws -> Int64 {
        guard amount <= Money.largestMinorUnits else {
            throw GatewayError.invalid(
                field, "\(field) must be at most \(Money.largestMinorUnits) minor units, the largest amount Tapline takes",
                code: .invalidAmount)
        }
        return amount
    }
}
