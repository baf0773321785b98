import Foundation
import GatewayAPI

extension TaplineClient {
    /// What each tender (cash, credit card, debit card, ACH) would pay for `request.amount`
    /// under the merchant's Zero Cost Processing mode (ARISE `calculateAmount`), so the
    /// customer can see the totals before choosing. The request is checked before it is sent;
    /// ``AmountCalculation/wire`` keeps the exact minor-unit totals to charge.
    public func calculateAmount(request: AmountCalculationRequest) async throws(TaplineAPIError) -> AmountCalculation {
        let body = try request.wire()
        let response: CalculateAmountResponse = try await connection.post(APIPath.calculateAmount, body: body)
        return try AmountCalculation(response)
    }
}
