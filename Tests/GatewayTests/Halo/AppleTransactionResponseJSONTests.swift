import Foundation
@testable import GatewayAPI
import Testing

/// `AppleTransactionResponse.jsonData()` writes by hand what `APIJSON.encoder` writes: pinned
/// byte for byte with every member set (counted with `Mirror`, so a member added to the answer
/// and not to the writer fails here), with texts the encoder escapes, and with nothing in the
/// lists.
@Suite("The Halo answer's JSON, written by hand")
struct AppleTransactionResponseJSONTests {
    static func full() -> AppleTransactionResponse {
        AppleTransactionResponse(onlineAuthorizationResponse: OnlineAuthorizationResponse(
            type: "Approved", authorizationCode: "000001", tags: ["4F07A0000000031010", "8A023030"],
            haloReference: "01a2225d-70a6-780c-8f0f-bd4aea06f8d3", errorMessage: "", errorCode: 0, isoResponseCode: "00",
            association: "ref-1", expiryDate: "3003", paymentProviderReference: "ref-1", cardType: "Credit Card", cardScheme: "Visa",
            customValues: ["stan": "004321", "processor": "simulator", "batchId": "b-1", "signatureRequired": "true", "Zulu": "z"],
            isSingleTapAndPin: false, maskedPAN: "424242******4242", pinToken: "", cardReaderId: "reader-1",
            cardReaderTransactionId: "read-1", amount: 1_000, currency: "USD", merchantReference: "order-1"))
    }

    static func expectSameBytes(_ answer: AppleTransactionResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try APIJSON.encoder.encode(answer)
        let written = answer.jsonData()
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func everyMemberIsWrittenAsTheEncoderWritesIt() throws {
        let answer = Self.full()
        try Self.expectSameBytes(answer)
        let members = Mirror(reflecting: answer.onlineAuthorizationResponse).children.compactMap(\.label)
        let written = try JSONSerialization.jsonObject(with: answer.jsonData()) as? [String: [String: Any]]
        let object = try #require(written?["onlineAuthorizationResponse"])
        #expect(Set(object.keys) == Set(members))
    }

    @Test func textsTheEncoderEscapesAndEmptyListsAreTheSame() throws {
        var answer = Self.full()
        answer.onlineAuthorizationResponse.errorMessage = "Declined: \"05\" do not honour\n\u{1}/\\ é"
        answer.onlineAuthorizationResponse.merchantReference = "a/b"
        answer.onlineAuthorizationResponse.customValues = ["clé \"x\"": "ü/\t"]
        answer.onlineAuthorizationResponse.isSingleTapAndPin = true
        answer.onlineAuthorizationResponse.amount = -1
        try Self.expectSameBytes(answer)
        answer.onlineAuthorizationResponse.tags = []
        answer.onlineAuthorizationResponse.customValues = [:]
        try Self.expectSameBytes(answer)
    }
}
