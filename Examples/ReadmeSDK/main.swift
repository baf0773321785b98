import Foundation
import TaplineSDK

// The gateway and API client from the `export` line `tapline serve` printed on its first start.
let env = ProcessInfo.processInfo.environment
let tapline = TaplineClient(
    environment: TaplineEnvironment(url: env["TAPLINE"] ?? "http://127.0.0.1:8080")!,
    configuration: TaplineConfiguration(cardReader: SimulatedCardReader()))   // ProximityCardReader() on an iPhone
try await tapline.authenticate(clientId: env["CLIENT_ID"] ?? "", clientSecret: env["CLIENT_SECRET"] ?? "")

// Tap to Pay, as the ARISE SDK does it: activate once per device, prepare after sign-in.
if try await tapline.ttp.getStatus() != .active { try await tapline.ttp.activate() }
try await tapline.ttp.prepare()
let result = try await tapline.ttp.performTransaction(amount: 49.99)   // major units, as ARISE counts
print(result.status, result.transactionId ?? "", result.maskedCardNumber ?? "")

// Or with states and a receipt (the Toro flow); amounts in minor units, as Toro counts.
let session = TransactionSession(client: tapline)
let receipt = try await session.startTransaction(amount: 1_250, currency: "USD",
                                                 metadata: TransactionMetadata(saleReferenceId: "ORDER-42"))
print(receipt.responseCode, receipt.panStart ?? "", receipt.panLastFour ?? "")

// Everything else: getTransactions(filters:), getTransactionDetails(id:), submitSaleTransaction,
// captureTransaction, refundTransaction, voidTransaction, incrementAuthorization, adjustTip,
// reverse, calculateAmount, getPaymentSettings, getPermissions, getDevices, getDeviceInfo.
let refund = try await tapline.refundTransaction(transactionId: result.transactionId!, amount: 10.00)
print(refund.status)
