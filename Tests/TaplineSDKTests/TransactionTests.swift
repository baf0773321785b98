import Foundation
import GatewayAPI
import PaymentCore
import TaplineSDK
import Testing

@Suite("SDK transactions against a live gateway")
struct TransactionTests {
    @Test func keyedSaleThenPartialAndFullRefund() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            var input = TestInput.card(Decimal(string: "12.34")!, tip: Decimal(string: "1.66")!, referenceId: "order-1")
            input.contactInfo = ContactInfo(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com")
            let sale = try await client.submitSaleTransaction(input: input)
            #expect(sale.operationType == .sale)
            #expect(sale.status == .captured)
            #expect(sale.processedAmount == Decimal(string: "14.00"))
            #expect(sale.details.hostResponseCode == "00")
            #expect(sale.details.authCode?.isEmpty == false)
            #expect(sale.details.maskedPan == "424242******4242")
            #expect(sale.transaction.amounts?.baseAmount == Decimal(string: "12.34"))
            #expect(sale.transaction.amounts?.tipAmount == Decimal(string: "1.66"))
            #expect(sale.transaction.amounts?.minorUnits.captured == 1400)
            #expect(sale.transaction.referenceId == "order-1")
            #expect(sale.transaction.customerName == "Ada Lovelace")
            #expect(sale.transaction.createMethodId == .mobileApp)
            #expect(sale.transaction.createdById == client.getDeviceId())

            let partial = try await client.refundTransaction(transactionId: sale.transactionId, amount: 4.00, currency: .usd)
            #expect(partial.operationType == .refund)
            #expect(partial.status == .approved)
            #expect(partial.amount == 4)
            #expect(partial.paymentId == sale.transactionId)
            #expect(partial.paymentStatus == .captured)
            #expect(partial.amounts?.refundedAmount == 4)
            #expect(partial.amounts?.refundableAmount == 10)

            let rest = try await client.refundTransaction(transactionId: sale.transactionId)
            #expect(rest.amount == 10)
            #expect(rest.paymentStatus == .refunded)
            #expect(rest.amounts?.refundedAmount == 14)
        }
    }

    @Test func authorizationThenPartialCaptureFetchesTheCurrency() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let auth = try await client.submitAuthTransaction(input: TestInput.card(50))
            #expect(auth.operationType == .authorization)
            #expect(auth.status == .authorized)
            #expect(auth.processedAmount == 50)
            // No currency given: the SDK reads the payment's first.
            let capture = try await client.captureTransaction(transactionId: auth.transactionId, amount: MajorUnits(string: "30.25")!)
            #expect(capture.operationType == .capture)
            #expect(capture.status == .approved)
            #expect(capture.amount == Decimal(string: "30.25"))
            #expect(capture.paymentStatus == .captured)
            #expect(capture.amounts?.capturedAmount == Decimal(string: "30.25"))
            #expect(capture.amounts?.authorizedAmount == 50)
        }
    }

    @Test func aDeclineIsAnAnswerAndAPartialApprovalProcessesLess() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let declined = try await client.submitSaleTransaction(input: TestInput.card(25, pan: TestInput.declinedVisa))
            #expect(declined.status == .declined)
            #expect(declined.details.hostResponseCode == "05")
            #expect(declined.processedAmount == 0)
            // Minor units ending in 10: the simulator approves half.
            let partial = try await client.submitAuthTransaction(input: TestInput.card(Decimal(string: "20.10")!, pan: TestInput.amountDrivenVisa))
            #expect(partial.status == .authorized)
            #expect(partial.processedAmount == Decimal(string: "10.05"))
        }
    }

    @Test func detailsShowTheFollowUpsAndWhatIsStillAllowed() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(20, referenceId: "order-7"))
            let refund = try await client.refundTransaction(transactionId: sale.transactionId, amount: MajorUnits(string: "5.50")!)
            let details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            #expect(details.id == sale.transactionId)
            #expect(details.status == .captured)
            #expect(details.card?.brand == "visa")
            #expect(details.cardDataSource == "manual")
            #expect(details.responseCode == "00")
            #expect(details.referenceId == "order-7")
            #expect(details.operations?.map(\.id) == [refund.transactionId])
            #expect(details.operations?.first?.amount == Decimal(string: "5.50"))
            let refundable = details.availableOperations?.first { $0.operationType == .refund }
            #expect(refundable?.availableAmount == Decimal(string: "14.50"))
            let followUp = try #require(try await client.getTransactionDetails(id: refund.transactionId))
            #expect(followUp.parentId == sale.transactionId)
            #expect(followUp.amounts == nil)
        }
    }

    @Test func anotherMerchantsTransactionIsNotFound() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let other = try await gateway.otherMerchantClient(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(9))
            // As the ARISE document says: nil, not an error, for an id the merchant does not have.
            #expect(try await other.getTransactionDetails(id: sale.transactionId) == nil)
            #expect(try await client.getTransactionDetails(id: "00000000-0000-4000-8000-000000000000") == nil)
            await Self.expectNotFound { () async throws(TaplineAPIError) in
                _ = try await other.refundTransaction(transactionId: sale.transactionId, currency: .usd)
            }
            // Without a currency the SDK reads the payment first, which is not found either.
            await Self.expectNotFound { () async throws(TaplineAPIError) in
                _ = try await other.refundTransaction(transactionId: sale.transactionId, amount: 1.00)
            }
            #expect(try await client.getTransactionDetails(id: sale.transactionId)?.status == .captured)
        }
    }

    private static func expectNotFound(sourceLocation: SourceLocation = #_sourceLocation,
                                       _ body: () async throws(TaplineAPIError) -> Void) async {
        let error = await thrownError(body)
        guard case .notFound(let problem) = error else {
            Issue.record("expected notFound, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(problem.httpStatus == 404, sourceLocation: sourceLocation)
        #expect(problem.code == "not_found", sourceLocation: sourceLocation)
    }

    @Test func theGatewaysCodeMessageAndStatusSurvive() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(14))
            let error = await thrownError { () async throws(TaplineAPIError) in
                _ = try await client.refundTransaction(transactionId: sale.transactionId, amount: 20.00, currency: .usd)
            }
            guard case .conflict(let problem) = error else {
                Issue.record("expected conflict, got \(String(describing: error))")
                return
            }
            #expect(problem.httpStatus == 409)
            #expect(problem.code == APIErrorCode.amountExceedsAvailable.rawValue)
            #expect(problem.status == "captured")
            #expect(problem.field == "amount")
            #expect(!problem.message.isEmpty)
            #expect(error?.code == "amount_exceeds_available")
            #expect(error?.localizedDescription == problem.message)
        }
    }
}
