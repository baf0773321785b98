import Foundation
import PaymentCore

extension TransactionResource {
    /// This resource as `APIJSON.encoder` encodes it, byte for byte, written by hand: a
    /// payment is encoded for each of its events and its answer, and `JSONEncoder` spent 60–100
    /// µs on each. Members are written in the encoder's key order (UTF-8); the rare ones go
    /// through `JSONEncoder`. `TransactionResourceJSONTests` pins it against the encoder with
    /// every member set.
    public func jsonData() throws -> Data {
        var json = JSONBytes()
        try write(into: &json)
        return Data(json.bytes)
    }

    func write(into json: inout JSONBytes) throws {
        try json.object { json in
            try json.member("achDetails", encoded: achDetails)
            try json.member("additionalInformation", encoded: additionalInformation)
            json.member("amount", amount)
            if let amountDetails { json.key("amountDetails"); amountDetails.write(into: &json) }
            if let amounts { json.key("amounts"); amounts.write(into: &json) }
            if let availableOperations {
                json.key("availableOperations")
                json.array(availableOperations) { json, operation in operation.write(into: &json) }
            }
            try json.member("avsResponse", encoded: avsResponse)
            json.member("batchId", batchId)
            try json.member("billingAddress", encoded: billingAddress)
            try json.member("breakdown", encoded: breakdown)
            if let card { json.key("card"); card.write(into: &json) }
            try json.member("cardEntry", encoded: cardEntry)
            if let cardPresent { json.key("cardPresent"); cardPresent.write(into: &json) }
            try json.member("contactInfo", encoded: contactInfo)
            json.member("createMethodId", createMethodId)
            json.member("createdAt", createdAt)
            json.member("createdById", createdById)
            json.member("currency", currency)
            json.member("customerEmail", customerEmail)
            json.member("customerId", customerId)
            json.member("customerName", customerName)
            json.member("hasSignature", hasSignature)
            json.member("id", id)
            try json.member("merchant", encoded: merchant)
            json.member("merchantId", merchantId)
            if let operations {
                json.key("operations")
                try json.array(operations) { json, operation in try operation.write(into: &json) }
            }
            json.member("parentId", parentId)
            json.member("paymentMethodType", paymentMethodType?.rawValue)
            json.member("paymentProcessorId", paymentProcessorId)
            json.member("paymentProcessorName", paymentProcessorName)
            try json.member("pin", encoded: pin)
            if let processor { json.key("processor"); processor.write(into: &json) }
            json.member("referenceId", referenceId)
            json.member("settledAt", settledAt)
            try json.member("shippingAddress", encoded: shippingAddress)
            json.member("signatureRequired", signatureRequired)
            json.member("stan", stan)
            json.member("status", status.rawValue)
            json.member("type", type.rawValue)
            json.member("updatedAt", updatedAt)
        }
    }
}

extension AmountResource {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("baseAmount", baseAmount)
            json.member("cashDiscountAmount", cashDiscountAmount)
            json.member("cashDiscountRate", cashDiscountRate)
            json.member("percentageOffAmount", percentageOffAmount)
            json.member("percentageOffRate", percentageOffRate)
            json.member("surchargeAmount", surchargeAmount)
            json.member("surchargeRate", surchargeRate)
            json.member("taxAmount", taxAmount)
            json.member("taxRate", taxRate)
            json.member("tipAmount", tipAmount)
            json.member("tipRate", tipRate)
            json.member("totalAmount", totalAmount)
        }
    }
}

extension PaymentAmounts {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("authorized", authorized)
            json.member("captured", captured)
            if let chargedBack { json.member("chargedBack", chargedBack) }
            json.member("refundable", refundable)
            json.member("refunded", refunded)
            json.member("tip", tip)
        }
    }
}

extension AvailableOperationResource {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("availableAmount", availableAmount)
            json.member("operationType", operationType.rawValue)
            if let suggestedTips {
                json.key("suggestedTips")
                json.array(suggestedTips) { json, tip in
                    json.object { json in
                        json.member("tipAmount", tip.tipAmount)
                        json.member("tipPercent", tip.tipPercent)
                    }
                }
            }
        }
    }
}

extension CardResource {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("brand", brand)
            json.member("entryMode", entryMode)
            json.member("expiryMonth", expiryMonth)
            json.member("expiryYear", expiryYear)
            json.member("maskedPan", maskedPan)
        }
    }
}

extension CardPresentDetails {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("applicationId", applicationId)
            json.member("applicationLabel", applicationLabel)
            json.member("applicationTransactionCounter", applicationTransactionCounter)
            json.member("cardReaderId", cardReaderId)
            json.member("cardReaderTransactionId", cardReaderTransactionId)
            json.member("cryptogram", cryptogram)
            json.member("cvmResults", cvmResults)
            json.member("deviceId", deviceId)
            json.member("emvResponse", emvResponse)
            json.member("funding", funding)
            json.member("terminalVerificationResults", terminalVerificationResults)
        }
    }
}

extension ProcessorResource {
    func write(into json: inout JSONBytes) {
        json.object { json in
            json.member("authorizationCode", authorizationCode)
            json.member("message", message)
            json.member("responseCode", responseCode)
        }
    }
}

extension FollowUpResponse {
    /// As `APIJSON.encoder` encodes it, written by hand (``TransactionResource/jsonData()``).
    public func jsonData() throws -> Data {
        var json = JSONBytes()
        try json.object { json in
            json.key("operation")
            try operation.write(into: &json)
            json.key("payment")
            try payment.write(into: &json)
        }
        return Data(json.bytes)
    }
}
