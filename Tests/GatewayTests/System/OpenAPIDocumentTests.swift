@testable import Gateway
import Foundation
import GatewayAPI
import PaymentCore
import Testing

@Suite("The OpenAPI document names what the gateway answers")
struct OpenAPIDocumentTests {
    @Test func everyErrorCodeIsDocumented() {
        for code in APIErrorCode.allCases {
            #expect(OpenAPIDocument.yaml.contains("        - \(code.rawValue)\n"), "\(code.rawValue)")
        }
    }

    @Test func everyDeviceRouteAndTheDeviceHeaderAreDocumented() {
        for path in [
            APIPath.devices, APIPath.device("{deviceId}"), APIPath.activateTapToPay("{deviceId}"),
            APIPath.deactivateTapToPay("{deviceId}"), APIPath.readerToken("{deviceId}"),
        ] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        #expect(OpenAPIDocument.yaml.contains("name: \(APIHeader.deviceInstallationId)"))
    }

    @Test func everyTapToPayRouteIsDocumented() {
        for path in [
            APIPath.tapRefund, APIPath.pin("{id}"), APIPath.appleTransaction, APIPath.submitPinApple("{transactionId}"),
        ] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        // The Halo routes keep the Halo document's paths exactly, outside /v1.
        #expect(OpenAPIDocument.yaml.contains("\n  /transactions/apple:\n"))
        #expect(OpenAPIDocument.yaml.contains("\n  /transactions/{transactionId}/submitPinApple:\n"))
        // Sale and authorization take either body; an authorization also a card verification.
        #expect(OpenAPIDocument.yaml.contains(
            "            oneOf:\n              - $ref: '#/components/schemas/CardPaymentRequest'\n"
                + "              - $ref: '#/components/schemas/TapTransactionRequest'\n"))
        #expect(OpenAPIDocument.yaml.contains(
            "            oneOf:\n              - $ref: '#/components/schemas/CardPaymentRequest'\n"
                + "              - $ref: '#/components/schemas/CardVerificationRequest'\n"
                + "              - $ref: '#/components/schemas/TapTransactionRequest'\n"))
    }

    /// Every property of the wire types the Tap to Pay routes send and take is in its schema.
    @Test func everyTapToPayWireFieldIsDocumented() throws {
        let date = Date(timeIntervalSince1970: 0)
        var transaction = TransactionResource(
            id: "t", type: .sale, status: .pinRequired, merchantId: "m", currency: "USD", amount: 1, createMethodId: 9,
            createdAt: date, updatedAt: date)
        transaction.cardPresent = CardPresentDetails(deviceId: "d")
        transaction.pin = PINChallengeResource(pinToken: "p", expiresAt: date, attemptsRemaining: 3)
        let online = OnlineAuthorizationResponse(
            type: "Approved", authorizationCode: "", haloReference: "t", errorMessage: "", errorCode: 0, isoResponseCode: "00",
            association: "", paymentProviderReference: "", cardType: "", cardScheme: "", isSingleTapAndPin: false, maskedPAN: "",
            pinToken: "", cardReaderId: "", cardReaderTransactionId: "", amount: 1, currency: "USD", merchantReference: "r")
        let values: [(String, Any)] = [
            ("AppleTransactionRequest", AppleTransactionRequest(merchantReference: nil, generalCardData: nil, paymentCardData: nil)),
            ("AppleTransactionResponse", AppleTransactionResponse(onlineAuthorizationResponse: online)),
            ("OnlineAuthorizationResponse", online),
            ("HaloServerError", HaloServerError()),
            ("TapTransactionRequest", TapTransactionRequest(generalCardData: nil, paymentCardData: nil)),
            ("PINSubmissionRequest", PINSubmissionRequest(generalCardData: nil, paymentCardData: nil)),
            // `cardPresent` (PaymentCore `CardPresentDetails`) is the `CardPresentResource` schema.
            ("CardPresentResource", CardPresentDetails(deviceId: "d")),
            ("PINChallengeResource", PINChallengeResource(pinToken: "p", expiresAt: date, attemptsRemaining: 3)),
            ("TransactionResource", transaction),
        ]
        for (name, value) in values {
            let schema = try #require(Self.schema(name), "schema \(name)")
            for case let (label?, _) in Mirror(reflecting: value).children {
                #expect(schema.contains("\n        \(label):\n"), "\(name).\(label)")
            }
        }
    }

    @Test func thePricingAndSettingsRoutesAreDocumented() {
        for path in [APIPath.calculateAmount, APIPath.paymentSettings] {
            #expect(OpenAPIDocument.yaml.contains("\n  \(path):\n"), "\(path)")
        }
        #expect(OpenAPIDocument.yaml.contains("operationId: updatePaymentSettings\n"))
        #expect(OpenAPIDocument.yaml.contains("        - name: referenceId\n          in: query\n"))
    }

    /// Every property of the pricing and settings wire types is in its schema.
    @Test func everyPricingAndSettingsWireFieldIsDocumented() throws {
        let amount = AmountResource(baseAmount: 1)
        let slot = SettlementBatchTimeSlot(hours: 23, minutes: 0, timezoneName: "UTC")
        let processor = PaymentProcessorOption(id: "p", name: "n", isDefault: true, settlementBatchTimeSlots: [slot])
        let avs = AvsOptions(isEnabled: true, profileId: 1, profile: "Strict")
        let values: [(String, Any)] = [
            ("CalculateAmountRequest", CalculateAmountRequest(amount: 1, currency: "USD")),
            ("CalculateAmountResponse", CalculateAmountResponse(
                currency: "USD", currencyId: 840, zeroCostProcessingOption: .noZeroCost, useCardPrice: nil,
                cash: amount, creditCard: amount, debitCard: amount, ach: amount)),
            ("AmountResource", amount),
            ("NamedOption", NamedOption(id: 1, name: "n")),
            ("SettlementBatchTimeSlot", slot),
            ("PaymentProcessorOption", processor),
            ("AvsOptions", avs),
            ("PaymentSettingsResponse", PaymentSettingsResponse(
                availableCurrencies: [], zeroCostProcessingOption: .noZeroCost, defaultSurchargeRate: nil, defaultCashDiscountRate: nil,
                defaultDualPricingRate: nil, isTipsEnabled: true, defaultTipsOptions: nil, availableCardTypes: [],
                availableTransactionTypes: [], availablePaymentProcessors: [], avs: nil, isCustomerCardSavingByTerminalEnabled: false,
                ttpIosTerminalProfileId: nil)),
            ("UpdatePaymentSettingsRequest", UpdatePaymentSettingsRequest()),
        ]
        for (name, value) in values {
            let schema = try #require(Self.schema(name), "schema \(name)")
            for case let (label?, _) in Mirror(reflecting: value).children {
                #expect(schema.contains("\n        \(label):\n"), "\(name).\(label)")
            }
        }
        let zcp = try #require(Self.schema("ZeroCostProcessingOption"))
        #expect(zcp.contains("enum: [\(ZeroCostProcessingOption.allCases.map(\.rawValue).joined(separator: ", "))]"))
    }

    /// The text of `components.schemas.<name>`, up to the next schema.
    static func schema(_ name: String) -> String? {
        let yaml = OpenAPIDocument.yaml
        guard let schemas = yaml.range(of: "\n  schemas:\n"),
              let start = yaml.range(of: "\n    \(name):\n", range: schemas.upperBound..<yaml.endIndex) else { return nil }
        let rest = yaml[start.upperBound...]
        var end = rest.endIndex
        var index = rest.startIndex
        while let newline = rest[index...].firstIndex(of: "\n") {
            let next = rest.index(after: newline)
            let line = rest[next...].prefix(while: { $0 != "\n" })
            // The next schema: a key at four spaces of indentation.
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                end = newline
                break
            }
            index = next
        }
        return "\n" + String(rest[..<end])
    }
}
