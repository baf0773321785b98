import CardData
import Foundation
@testable import Gateway
import InteropSupport
import Testing
import TestSupport

/// The decryption service's PIN answer itself (docs/ios.md, "Card data"): for a read with a
/// PIN, `pinBlock` is the ISO 9564 format 0 block of that PIN under the shared key, the same
/// bytes Swift enciphers and that psec (scripts/interop/pin_peer.py) deciphers, and the TLV
/// it answers is the read's without DF8104.
@Suite("Remote card data: the service's translated PIN block",
       .enabled(if: DecryptionServiceRig.translatesPINs))
struct RemotePINTranslationTests {
    struct DecipherCase: Codable { var key: String, block: String, pan: String }
    struct Cases: Codable { var cases: [DecipherCase] }
    struct Results: Codable { var results: [String] }

    @Test(arguments: [RemotePINTests.pinKey, RemotePINTests.otherKey])
    func theServiceAnswersAFormat0BlockThatSwiftAndPsecReadAndATLVWithoutDF8104(hex: String) async throws {
        try await RemoteCardDataTests.withService(pinKeys: (hex, nil)) { session, rig in
            let pan = RemotePINTests.pan
            let sealed = try session.tap(pan: pan, pin: "4321", pinToken: "a-pin-token")
            let context = CardDataContext(
                merchantId: session.harness.merchantId, deviceId: TestSession.deviceId, generalCardData: sealed.generalCardData)
            guard case .remote(let endpoint, _) = session.harness.configuration.cardData else {
                Issue.record("the harness is not remote")
                return
            }
            let client = ProviderServiceClient(endpoint: endpoint)
            let body = try JSONEncoder().encode(CardDataServiceRequest(sealed.paymentCardData, context: context))
            let answer = try JSONDecoder().decode(CardDataServiceAnswer.self, from: try await client.post(body))

            let block = try #require(answer.pinBlock)
            let key = try TripleDESKey(try #require(Hex.bytes(hex)))
            #expect(block == Hex.string(try PINBlockFormat0.encipher(pin: PIN("4321"), pan: pan, key: key)), "format 0 has no fill: same bytes")
            #expect(try PINBlockFormat0.decipher(Data(try #require(Hex.bytes(block))), pan: pan, key: key) == PIN("4321"))
            let psec = try PythonPeer.runScript(
                path: "scripts/interop/pin_peer.py", arguments: ["pin0-decipher"],
                stdin: JSONEncoder().encode(Cases(cases: [DecipherCase(key: hex, block: block, pan: pan)])))
            #expect(try JSONDecoder().decode(Results.self, from: psec).results == ["4321"])

            var read = try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: rig.keys.cardDataKeys).read
            #expect(read.pinBlock != nil)
            read.pinBlock = nil
            let answered = try TLVList(decoding: try #require(Data(base64Encoded: answer.cardData)))
            #expect(answered.first(.pinBlock) == nil)
            #expect(answered.encoded == read.tlvList().encoded, "every other tag answered as read")
            #expect(try rig.journal().last == [
                "merchantId": session.harness.merchantId, "deviceId": TestSession.deviceId, "outcome": "opened", "pin": "translated",
            ])
        }
    }
}
