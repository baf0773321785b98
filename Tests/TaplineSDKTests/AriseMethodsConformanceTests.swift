import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// Every method ARISE's iOS SDK document lists, in its order, each proved by calling
/// Tapline's counterpart against a live gateway with a simulated reader and checking what it
/// did. The rows are the ARISE methods checklist of issue 15.
@Suite("ARISE conformance: every documented method")
struct AriseMethodsConformanceTests {
    enum Method: String, CaseIterable, Sendable {
        case initEnvironment = "init(environment:)"
        case authenticate = "authenticate(clientId:clientSecret:)"
        case getAccessToken = "getAccessToken()"
        case refreshAccessToken = "refreshAccessToken()"
        case clearStoredToken = "clearStoredToken()"
        case getTransactions = "getTransactions(filters:)"
        case getTransactionDetails = "getTransactionDetails(id:)"
        case submitAuthTransaction = "submitAuthTransaction(input:)"
        case submitSaleTransaction = "submitSaleTransaction(input:)"
        case voidTransaction = "voidTransaction(transactionId:)"
        case captureTransaction = "captureTransaction(transactionId:amount:)"
        case refundTransaction = "refundTransaction(transactionId:amount:)"
        case refundTransactionRequest = "refundTransaction(RefundRequest)"
        case calculateAmount = "calculateAmount(request:)"
        case checkCompatibility = "ttp.checkCompatibility()"
        case getStatus = "ttp.getStatus()"
        case activate = "ttp.activate()"
        case showEducationalInfo = "ttp.showEducationalInfo(viewController:)"
        case prepare = "ttp.prepare()"
        case performTransactionAmount = "ttp.performTransaction(amount:)"
        case performTransactionCalculation = "ttp.performTransaction(calculationResult:isDebitCard:)"
        case performTransactionRequest = "ttp.performTransaction(TTPTransactionRequest)"
        case abortTransaction = "ttp.abortTransaction()"
        case eventsStream = "ttp.eventsStream()"
        case getPaymentSettings = "getPaymentSettings()"
        case getPermissions = "getPermissions()"
        case getDevices = "getDevices()"
        case getDeviceInfo = "getDeviceInfo(deviceId:)"
        case getDeviceId = "getDeviceId()"
        case getVersion = "getVersion()"
    }

    @Test(arguments: Method.allCases)
    func method(_ method: Method) async throws {
        try await TapFixture.run { fixture in try await Self.prove(method, fixture.client) }
    }

    // One switch so a new method cannot be listed without its proof.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func prove(_ method: Method, _ client: TaplineClient) async throws {
        switch method {
        case .initEnvironment:
            #expect(TaplineClient(environment: try .uat(baseURL: "http://127.0.0.1:1")).environment.name == .uat)
        case .authenticate:
            #expect(try await client.getAccessToken() != nil)
        case .getAccessToken:
            let token = try #require(await client.getAccessToken())
            #expect(token.split(separator: ".").count == 3, "a JWT")
        case .refreshAccessToken:
            let before = await client.getAccessToken()
            #expect(try await client.refreshAccessToken())
            #expect(await client.getAccessToken() != before)
        case .clearStoredToken:
            client.clearStoredToken()
            #expect(await client.getAccessToken() == nil)
        case .getTransactions:
            _ = try await client.submitSaleTransaction(input: TestInput.card(3))
            let page = try await client.getTransactions(filters: TransactionFilters(page: 0, pageSize: 1, orderBy: "date", asc: false))
            #expect(page.total == 1 && page.items.count == 1)
        case .getTransactionDetails:
            let sale = try await client.submitSaleTransaction(input: TestInput.card(3))
            #expect(try await client.getTransactionDetails(id: sale.transactionId)?.id == sale.transactionId)
        case .submitAuthTransaction:
            #expect(try await client.submitAuthTransaction(input: TestInput.card(7)).status == .authorized)
        case .submitSaleTransaction:
            #expect(try await client.submitSaleTransaction(input: TestInput.card(7)).status == .captured)
        case .voidTransaction:
            let sale = try await client.submitSaleTransaction(input: TestInput.card(7))
            #expect(try await client.voidTransaction(transactionId: sale.transactionId).status == .approved)
            #expect(try await client.getTransactionDetails(id: sale.transactionId)?.status == .voided)
        case .captureTransaction:
            let hold = try await client.submitAuthTransaction(input: TestInput.card(10))
            _ = try await client.captureTransaction(transactionId: hold.transactionId, amount: 6.00)
            #expect(try await client.getTransactionDetails(id: hold.transactionId)?.amounts?.capturedAmount == 6)
        case .refundTransaction:
            let sale = try await client.submitSaleTransaction(input: TestInput.card(10))
            _ = try await client.refundTransaction(transactionId: sale.transactionId, amount: 4.00)
            #expect(try await client.getTransactionDetails(id: sale.transactionId)?.amounts?.refundedAmount == 4)
        case .refundTransactionRequest:
            let sale = try await client.submitSaleTransaction(input: TestInput.card(10))
            _ = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId))
            #expect(try await client.getTransactionDetails(id: sale.transactionId)?.status == .refunded)
        case .calculateAmount:
            let calculation = try await client.calculateAmount(request: AmountCalculationRequest(amount: 100.00, currency: .usd, tipRate: .percent(10)))
            #expect(calculation.creditCard.totalAmount == 110)
        case .checkCompatibility:
            #expect(client.ttp.checkCompatibility().isCompatible)
        case .getStatus:
            #expect(try await client.ttp.getStatus() == .active)
        case .activate:
            try await client.ttp.activate()
            #expect(try await client.ttp.getStatus() == .active)
        case .showEducationalInfo:
            // Apple's sheet exists on iOS only; elsewhere the call says so instead of doing nothing.
            await #expect(throws: TTPError.self) { try await client.ttp.showEducationalInfo(from: NSObject()) }
        case .prepare:
            try await client.ttp.prepare()
            #expect(try await client.ttp.performTransaction(amount: 1.00).status == .approved)
        case .performTransactionAmount:
            #expect(try await client.ttp.performTransaction(amount: MajorUnits(string: "49.99")!).authorizedAmount == "49.99")
        case .performTransactionCalculation:
            let calculation = try await client.calculateAmount(request: AmountCalculationRequest(amount: 20.00, currency: .usd))
            #expect(try await client.ttp.performTransaction(calculationResult: calculation, isDebitCard: true).status == .approved)
        case .performTransactionRequest:
            let result = try await client.ttp.performTransaction(request: TTPTransactionRequest(amount: 12.00, tip: "2", subTotal: "10"))
            #expect(result.status == .approved && result.authorizedAmount == "12.00")
        case .abortTransaction:
            #expect(try await client.ttp.abortTransaction() == false, "nothing to abort")
        case .eventsStream:
            let events = try await EventLog.events(of: client.ttp) { _ = try await client.ttp.performTransaction(amount: 2.00) }
            #expect(events.contains(.customEvent(.approved)))
        case .getPaymentSettings:
            #expect(try await client.getPaymentSettings().availableCurrencies.map(\.name) == ["USD"])
        case .getPermissions:
            #expect(try await client.getPermissions().permissions.contains(.ecommerceSale))
        case .getDevices:
            #expect(try await client.getDevices().devices.map(\.deviceId) == [client.getDeviceId()])
        case .getDeviceInfo:
            #expect(try await client.getDeviceInfo(deviceId: client.getDeviceId()).tapToPayEnabled)
        case .getDeviceId:
            let id = client.getDeviceId()
            #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        case .getVersion:
            #expect(client.getVersion() == TaplineClient.version && !client.getVersion().isEmpty)
        }
    }
}
