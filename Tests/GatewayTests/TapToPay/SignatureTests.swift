import Foundation
import GatewayAPI
import Testing
import TestSupport

/// Toro's app signature mode on the gateway: a tapped payment takes one PNG or JPEG
/// signature, stored with it and read back for the receipt; anything else is refused by name.
@Suite("Tap to Pay: the signature taken in the app")
struct SignatureTests {
    static let png = "iVBORw0KGgo="          // the PNG signature bytes
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]).base64EncodedString()

    static func tappedSale(_ session: TestSession) async throws -> String {
        try await session.activateDevice()
        let sale = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try session.tap()),
                                          headers: [TestSession.deviceHeader: TestSession.deviceId])
        return try sale.decode(TransactionResource.self).id
    }

    @Test func storedOnceAndReadBack() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let id = try await Self.tappedSale(session)
            #expect(try await session.send(.get, APIPath.signature(id)).status == 404)
            let put = try await session.send(.put, APIPath.signature(id), json: #"{"signature":"\#(Self.jpeg)"}"#)
            #expect(put.status == 200, "\(put.text)")
            #expect(try put.decode(SignatureResource.self) == SignatureResource(signature: Self.jpeg, contentType: "image/jpeg"))
            let read = try await session.send(.get, APIPath.signature(id)).decode(SignatureResource.self)
            #expect(read.signature == Self.jpeg && read.contentType == "image/jpeg")
            #expect(try await session.send(.get, APIPath.transaction(id)).decode(TransactionResource.self).hasSignature == true)
            // The same image again is a repeat; another one is refused, and the first stands.
            #expect(try await session.send(.put, APIPath.signature(id), json: #"{"signature":"\#(Self.jpeg)"}"#).status == 200)
            // A well-formed image the payment's state refuses: 409, not 400 (the body is valid).
            let other = try await session.send(.put, APIPath.signature(id), json: #"{"signature":"\#(Self.png)"}"#)
            #expect(other.status == 409 && other.error?.code == "invalid_state_transition" && other.error?.field == "signature")
            #expect(try await session.send(.get, APIPath.signature(id)).decode(SignatureResource.self).signature == Self.jpeg)
            // Another merchant sees nothing.
            let stranger = try await harness.otherMerchantToken(session.client)
            #expect(try await session.send(.get, APIPath.signature(id), token: stranger).status == 404)
            #expect(try await session.send(.put, APIPath.signature(id), json: #"{"signature":"\#(Self.png)"}"#, token: stranger).status == 404)
        }
    }

    @Test(arguments: [
        (#"{"signature":"not base64!"}"#, "signature"),
        (#"{"signature":"R0lGODlhAQABAAAAACw="}"#, "signature"),     // a GIF
        (#"{"signature":"\#(Data(repeating: 0x89, count: 70_000).base64EncodedString())"}"#, "signature"),
        (#"{"signature":"iVBORw0KGgo=","contentType":"image/png"}"#, "contentType"),
        (#"{"signature":"iVBORw0KGgo=","note":"x"}"#, "note"),
    ])
    func whatCannotBeAnImageIsRefused(_ body: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let id = try await Self.tappedSale(session)
            let reply = try await session.send(.put, APIPath.signature(id), json: body)
            #expect(reply.status == 400 && reply.error?.field == field, "\(reply.text)")
            #expect(try await session.send(.get, APIPath.signature(id)).status == 404, "nothing stored")
        }
    }

    @Test func aKeyedPaymentTakesNone() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let keyed = try await session.pay()
            let reply = try await session.send(.put, APIPath.signature(keyed.id), json: #"{"signature":"\#(Self.png)"}"#)
            #expect(reply.status == 409 && reply.error?.message.contains("keyed") == true, "\(reply.text)")
        }
    }
}
