import Foundation
import GatewayAPI

extension TaplineClient {
    /// The merchant's payment configuration (ARISE `getPaymentSettings`): currencies, Zero
    /// Cost Processing mode and rates, tips, card types, processors. Rates are exact decimal
    /// percentages, so the gateway's type is returned as it is.
    public func getPaymentSettings() async throws(TaplineAPIError) -> PaymentSettingsResponse {
        try await connection.get(APIPath.paymentSettings)
    }

    /// The permissions of the authenticated API client (ARISE `getPermissions`).
    public func getPermissions() async throws(TaplineAPIError) -> ApiPermissionsResponse {
        let response: PermissionsResponse = try await connection.get(APIPath.permissions)
        return ApiPermissionsResponse(response)
    }
}
