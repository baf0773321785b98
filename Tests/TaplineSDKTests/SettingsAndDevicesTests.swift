import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

@Suite("SDK permissions, devices and settings against a live gateway")
struct SettingsAndDevicesTests {
    @Test func permissionsAreTheClientsGrant() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let permissions = try await client.getPermissions()
            #expect(Set(permissions.permissions) == Set(APIPermission.defaultGrant))
            #expect(permissions.contains(.ecommerceSale))
            #expect(permissions.contains(.achDebit) && !permissions.contains(.achHold))
            #expect(permissions.unrecognized.isEmpty)
        }
    }

    @Test func aMissingPermissionIsForbiddenWithTheGatewaysCode() async throws {
        let gateway = try await LiveGateway.make(permissions: [.listTransactions])
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            #expect(try await client.getPermissions().permissions == [.listTransactions])
            let error = await thrownError { () async throws(TaplineAPIError) in
                _ = try await client.submitSaleTransaction(input: TestInput.card(5))
            }
            guard case .forbidden(let problem) = error else {
                Issue.record("expected forbidden, got \(String(describing: error))")
                return
            }
            #expect(problem.httpStatus == 403)
            #expect(problem.code == "forbidden")
        }
    }

    @Test func devicesAfterRegisteringThisPhone() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            #expect(try await client.getDevices().devices.isEmpty)
            let deviceId = client.getDeviceId()
            // Registration belongs to the Tap to Pay module; the test calls the route itself.
            let registered: DeviceInfo = try await client.connection.post(
                APIPath.devices, body: RegisterDeviceRequest(deviceId: deviceId, deviceName: "Till 1"))
            #expect(registered.deviceId == deviceId)

            let devices = try await client.getDevices()
            #expect(devices.devices.map(\.deviceId) == [deviceId])
            let info = try await client.getDeviceInfo(deviceId: deviceId)
            #expect(info.deviceName == "Till 1")
            #expect(info.tapToPayStatus == "Inactive")
            #expect(info.tapToPayEnabled == false)
            #expect(info.lastLoginAt != nil)
            #expect(info.userProfiles.map(\.id) == [gateway.clientId])

            let unknown = await thrownError { () async throws(TaplineAPIError) in _ = try await client.getDeviceInfo(deviceId: "not-registered") }
            #expect(unknown?.problem?.httpStatus == 404)
            guard case .notFound = unknown else {
                Issue.record("expected notFound, got \(String(describing: unknown))")
                return
            }
        }
    }

    @Test
    func paymentSettings() async throws {
        let gateway = try await LiveGateway.make(permissions: APIPermission.allCases)
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let settings = try await client.getPaymentSettings()
            #expect(!settings.availableCurrencies.isEmpty)
            #expect(settings.defaultTipsOptions?.isEmpty == false)
        }
    }

    @Test
    func calculateAmountLive() async throws {
        let gateway = try await LiveGateway.make(permissions: APIPermission.allCases)
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let request = AmountCalculationRequest(amount: MajorUnits(string: "100.00")!, currency: .usd, percentageOffRate: .percent(5), tipAmount: 10.00)
            let calculation = try await client.calculateAmount(request: request)
            #expect(calculation.currency == .usd)
            for tender in [calculation.cash, calculation.creditCard, calculation.debitCard, calculation.ach] {
                #expect(tender.baseAmount == 100)
                #expect(tender.percentageOffAmount == 5)
                #expect(tender.tipAmount == 10)
                #expect(tender.totalAmount == tender.baseAmount - tender.percentageOffAmount - tender.cashDiscountAmount
                    + tender.surchargeAmount + tender.tipAmount + tender.taxAmount)
                #expect(try tender.minorUnits.totalAmount == Money(decimal: tender.totalAmount, currency: .usd).minorUnits)
            }
            #expect(calculation.wire.cash == calculation.cash.minorUnits)
        }
    }
}
