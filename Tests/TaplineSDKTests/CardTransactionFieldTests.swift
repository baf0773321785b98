import Foundation
import GatewayAPI
import PaymentCore
import Processing
@testable import TaplineSDK
import Testing

/// The SDK's keyed payment with every ARISE field it can send, through a live gateway, and
/// what comes back: price, processor, addresses, contact, AVS, receipt.
@Suite("SDK keyed payments: every field")
struct CardTransactionFieldTests {
    @Test func aPricedSaleWithAddressesComesBackWhole() async throws {
        let gateway = try await LiveGateway.make()
        _ = try await gateway.services.admin.updatePaymentSettings(
            merchantId: gateway.merchantId,
            try APIJSON.decoder.decode(UpdatePaymentSettingsRequest.self, from: Data(
                #"{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3,"taxRate":10,"avs":{"isEnabled":true,"profile":"moderate"}}"#.utf8)))
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let settings = try await client.getPaymentSettings()
            var input = TestInput.card(Decimal(string: "20.00")!)
            input.paymentProcessorId = settings.availablePaymentProcessors.first?.id
            input.tipRate = .percent(15)
            input.percentageOffRate = .fraction(Decimal(string: "0.1")!)
            input.billingAddress = PostalAddress(line1: "1 Main St", postalCode: "22222")
            input.shippingAddress = PostalAddress(city: "Leeds", countryId: 826)
            input.contactInfo = ContactInfo(firstName: "Ada", companyName: "Engines", mobileNumber: "+44 20", smsNotification: true)
            input.customerInitiatedTransaction = true
            let sale = try await client.submitSaleTransaction(input: input)
            // 20.00 − 2.00 off = 18.00; tip 2.70, tax 1.80, surcharge 0.54: 23.04.
            #expect(sale.status == .captured)
            #expect(sale.processedAmount == Decimal(string: "23.04"))
            let amount = try #require(sale.transactionReceipt.amountDetails)
            #expect(amount.baseAmount == 20 && amount.percentageOffAmount == 2 && amount.tipAmount == Decimal(string: "2.70"))
            #expect(amount.taxAmount == Decimal(string: "1.80") && amount.surchargeAmount == Decimal(string: "0.54"))
            #expect(amount.totalAmount == Decimal(string: "23.04"))
            #expect(sale.avsResponse?.code == "Z" && sale.avsResponse?.raw["postalCodeMatch"] == "Y")
            #expect(sale.details.code == "approved" && sale.details.hostResponseDefinition == "Approved")
            #expect(sale.details.processorResponseCode == "00" && sale.details.message == "Approved: 23.04 USD")
            #expect(sale.transactionReceipt.processorId == ProcessorIdentity.simulator.id)
            #expect(sale.transactionReceipt.processor == "Tapline Simulator")

            let details = try #require(try await client.getTransactionDetails(id: sale.transactionId))
            #expect(details.billingAddress?.postalCode == "22222" && details.shippingAddress?.countryId == 826)
            #expect(details.contactInfo?.smsNotification == true && details.cardEntry?.customerInitiated == true)
            let summary = try #require(try await client.getTransactions().items.first)
            #expect(summary.amountDetails == amount && summary.paymentProcessorId == ProcessorIdentity.simulator.id)
            #expect(summary.customerCompany == "Engines" && summary.customerPhone == "+44 20")
        }
    }

    @Test func aSwipeIsSentAndTheGatewayNamesARefusedField() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            var swipe = CardTransactionInput(amount: 5.00, currency: .usd, track2: ";4242424242424242=39121010000000000000?")
            swipe.emvFallbackCondition = "iccTerminalError"
            let sale = try await client.submitSaleTransaction(input: swipe)
            #expect(sale.transaction.cardDataSource == "swipe" && sale.details.maskedPan == "424242******4242")
            #expect(sale.transaction.cardEntry?.fallbackCondition == .iccTerminalError)
            #expect(!String(describing: swipe).contains("4242424242424242"))
            // A refund request can name the swipe (and only it) as how the card was read.
            await expectRefusedInput("cardDataSource") { () async throws(TaplineAPIError) in
                _ = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId, amount: 1.00, cardDataSource: .manual))
            }
            let refund = try await client.refundTransaction(RefundRequest(transactionId: sale.transactionId, amount: 1.00, cardDataSource: .swipe))
            #expect(refund.status == .approved)

            var vaulted = TestInput.card(5)
            vaulted.paymentMethodId = "pm_1"
            await #expect { try await client.submitSaleTransaction(input: vaulted) } throws: { error in
                guard case TaplineAPIError.badRequest(let problem) = error else { return false }
                return problem.field == "paymentMethodId"
            }
        }
    }

    @Test func aPINIsRefusedBeforeAnythingIsSent() async throws {
        var input = TestInput.card(5)
        input.pin = "1234"
        #expect(throws: TaplineAPIError.self) { try input.wire(deviceId: "d") }
        #expect(!String(describing: input).contains("1234") && !String(reflecting: input).contains("1234"))
    }
}
