import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// Field 55 of an answer (docs/iso8583.md, "Issuer data in the answer (55)"): issuer
/// authentication data 91 and scripts 71/72 passed back, anything else dropped, and a 55 that
/// is not BER-TLV never changes the decision.
@Suite struct ISO8583IssuerDataTests {
    /// 91 (ARPC and its response code), a 71 script with a command (86), a 72 script with an
    /// id (9F18) and a command, and tags that are not the issuer's to give back.
    static let arpc: [UInt8] = [0x91, 0x0A, 1, 2, 3, 4, 5, 6, 7, 8, 0x30, 0x30]
    static let script71: [UInt8] = [0x71, 0x09, 0x86, 0x07, 0x84, 0x24, 0x00, 0x00, 0x02, 0xAB, 0xCD]
    static let script72: [UInt8] = [0x72, 0x0D, 0x9F, 0x18, 0x04, 0, 0, 0, 1, 0x86, 0x04, 0x80, 0xCA, 0x9F, 0x17]
    static let other: [UInt8] = [0x8A, 0x02, 0x30, 0x30, 0x9F, 0x36, 0x02, 0x00, 0x07]

    private func answer(code: String = "00", field55: [UInt8]?) async throws -> ProcessorResponse {
        let transport = ScriptedTransport { request throws(ISO8583TransportError) in
            var response = ScriptedTransport.answer(request, code: code)
            response.fields[55] = field55.map { .binary($0) }
            return response
        }
        return try await ISO8583Requests.processor(transport).authorize(try ISO8583Requests.tap())
    }

    @Test func issuerAuthenticationDataAndScriptsComeBackInTheirOrder() async throws {
        let response = try await answer(field55: Self.other + Self.script71 + Self.arpc + Self.other + Self.script72)
        #expect(response.outcome == .approved(amount: 5000))
        #expect(response.emvResponse == Data(Self.script71 + Self.arpc + Self.script72))
    }

    @Test func aDeclineCarriesItsIssuerDataToo() async throws {
        let response = try await answer(code: "05", field55: Self.arpc)
        #expect(response.outcome == .declined)
        #expect(response.emvResponse == Data(Self.arpc))
    }

    /// Nothing of the issuer's, no 55, or a 55 that is not TLV: nothing, and the decision stands.
    @Test(arguments: [nil, other, [], [0x91, 0x0A, 1, 2], [0x91], [0x71, 0x03, 0x86, 0x05, 0x00], [0xFF, 0xFF, 0xFF]] as [[UInt8]?])
    func noIssuerDataGivesNothing(field55: [UInt8]?) async throws {
        let response = try await answer(field55: field55)
        #expect(response.outcome == .approved(amount: 5000))
        #expect(response.emvResponse == nil)
    }

    /// Random bytes in 55 never stop the reader: whatever comes back parses as 91/71/72 only.
    @Test func randomField55NeverTraps() {
        var random = SplitMix64(seed: 55)
        for _ in 0..<2_000 {
            let length = Int(random.next() % 64)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if let kept = ISO8583IssuerData.read(.binary(bytes)) {
                #expect([0x91, 0x71, 0x72].contains(kept.first))
            }
        }
        #expect(ISO8583IssuerData.read(.text("910A")) == nil)
    }

    /// The answer's 55 is logged as its length only, like the request's.
    @Test func theAnswersField55IsNeverLogged() {
        var response = ISO8583Message(mti: .financialResponse)
        response.fields[55] = .binary(Self.arpc + Self.script71)
        let printed = "\(response) \(String(reflecting: response))"
        #expect(printed.contains("55=<removed, 23 bytes>"))
        #expect(!printed.contains("0102030405060708") && !printed.uppercased().contains("910A"))
    }
}
