import CardData
import PaymentCore
import Processing
import Testing

/// Builders shared by the processor tests.
enum Fixtures {
    static func card(_ pan: String) -> KeyedCard {
        // Every PAN used here is a valid test number, so this cannot fail.
        try! KeyedCard(pan: pan, expiryMonth: 12, expiryYear: 2030, securityCode: "123")
    }

    static func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .usd) }

    static func authorization(
        _ id: String, pan: String = TestCards.visaApproved.pan, amount: Int64 = 10_000,
        kind: AuthorizationRequest.Kind = .authorization, pin: String? = nil, pinAttempt: Int = 1
    ) -> AuthorizationRequest {
        AuthorizationRequest(transactionId: id, kind: kind, amount: usd(amount), card: card(pan),
                             pin: pin.map { try! PIN($0) }, pinAttempt: pinAttempt)
    }

    static func followUp(
        _ id: String, of original: String, reference: String?, amount: Int64
    ) -> FollowUpProcessorRequest {
        FollowUpProcessorRequest(transactionId: id, originalTransactionId: original,
                                 originalReference: reference, amount: usd(amount))
    }

    /// Approves an original and returns its processor reference.
    static func approved(
        _ processor: SimulatedProcessor, _ id: String, amount: Int64 = 10_000,
        kind: AuthorizationRequest.Kind = .authorization
    ) async throws -> String {
        let response = try await processor.authorize(authorization(id, amount: amount, kind: kind))
        #expect(response.outcome == .approved(amount: amount))
        return try #require(response.result.reference)
    }
}
