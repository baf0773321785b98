import Foundation
@testable import Gateway
import GatewayAPI
import Testing

/// The merchant's ids at the acquirer (ISO 8583 fields 42 and 41) through
/// `/v1/settings/payment`: set, shown, cleared with `null`, and every value the link could
/// not send refused with a 400 naming the field, with nothing changed.
@Suite("Payment settings: acquirer ids")
struct PaymentSettingsAcquirerIdTests {
    /// A PATCH body as a client encodes it (escapes included).
    static func body(merchantId: String?? = .none, terminalId: String?? = .none) throws -> String {
        let request = UpdatePaymentSettingsRequest(acquirerMerchantId: merchantId, acquirerTerminalId: terminalId)
        return String(decoding: try APIJSON.encoder.encode(request), as: UTF8.self)
    }

    @Test func theIdsAreSetShownKeptAndClearedOneByOne() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            // The longest of each, from the two ends of printable ASCII.
            let merchantId = ##" !"#$%&'()*+,-."##, terminalId = #"xyz{|}\~"#
            let set = try await session.patchSettings(try Self.body(merchantId: merchantId, terminalId: terminalId))
            #expect(set.status == 200, "\(set.text)")
            var expected = PaymentSettingsRouteTests.defaults
            expected.acquirerMerchantId = merchantId
            expected.acquirerTerminalId = terminalId
            #expect(try set.decode(PaymentSettingsResponse.self) == expected)
            #expect(try await session.settings() == expected)
            let stored = try await harness.store.read { try await $0.merchant(id: harness.merchantId) }?.paymentSettings
            #expect(stored?.acquirerMerchantId == merchantId)
            #expect(stored?.acquirerTerminalId == terminalId)

            // Absent keeps; another setting beside them keeps them too.
            #expect(try await session.patchSettings(#"{"taxRate":5}"#).decode(PaymentSettingsResponse.self).acquirerTerminalId == terminalId)

            let cleared = try await session.patchSettings(#"{"acquirerTerminalId":null}"#)
            #expect(cleared.status == 200, "\(cleared.text)")
            let afterClear = try cleared.decode(PaymentSettingsResponse.self)
            #expect(afterClear.acquirerTerminalId == nil)
            #expect(afterClear.acquirerMerchantId == merchantId, "the id not named is kept")
            #expect(!cleared.text.contains("acquirerTerminalId"), "an id not set is absent, as the other optional settings")

            let both = try await session.patchSettings(#"{"acquirerMerchantId":null,"acquirerTerminalId":"7"}"#)
            #expect(try both.decode(PaymentSettingsResponse.self).acquirerMerchantId == nil)
            #expect(try both.decode(PaymentSettingsResponse.self).acquirerTerminalId == "7", "one character is enough")
        }
    }

    @Test func anotherMerchantNeverSeesThem() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let other = try await harness.otherMerchantToken(session.client)
            #expect(try await session.patchSettings(try Self.body(merchantId: "MID-1", terminalId: "TID-1")).status == 200)
            #expect(try await session.settings(token: other) == PaymentSettingsRouteTests.defaults)
        }
    }

    /// (field, value, what the message says).
    static let refused: [(field: String, value: String, says: String)] = [
        ("acquirerMerchantId", "", "it is empty"),
        ("acquirerTerminalId", "", "it is empty"),
        ("acquirerMerchantId", String(repeating: "M", count: 16), "it has 16"),
        ("acquirerTerminalId", "TERM00001", "it has 9"),
        ("acquirerMerchantId", "Café", "character 4 is U+00E9"),
        ("acquirerMerchantId", "Cafe\u{301}", "character 5 is U+0301"),
        ("acquirerMerchantId", "M🙂", "character 2 is U+1F642"),
        ("acquirerTerminalId", "T\u{7}1", "character 2 is U+0007"),
        ("acquirerTerminalId", "T\t1", "character 2 is U+0009"),
        ("acquirerTerminalId", "T1\n", "character 3 is U+000A"),
        ("acquirerTerminalId", "\r\n", "character 1 is U+000D"),
        ("acquirerTerminalId", "\u{0}T1", "character 1 is U+0000"),
        ("acquirerTerminalId", "T\u{7F}", "character 2 is U+007F"),
        ("acquirerTerminalId", "T\u{85}", "character 2 is U+0085"),
        ("acquirerTerminalId", "T1 ", "must not end with a space"),
        ("acquirerMerchantId", " ", "must not end with a space"),
    ]

    @Test(arguments: refused)
    func aValueTheLinkCannotSendIsRefusedAndNothingChanges(field: String, value: String, says: String) async throws {
        let body = field == "acquirerMerchantId" ? try Self.body(merchantId: value) : try Self.body(terminalId: value)
        try await expectRefused(body, field: field, says: says)
    }

    @Test func aHugeValueIsRefusedWithoutBeingRepeated() async throws {
        try await expectRefused(try Self.body(merchantId: String(repeating: "M", count: 600_000)), field: "acquirerMerchantId", says: "it has 600000")
        try await expectRefused(
            try Self.body(terminalId: String(repeating: "é", count: 200_000)), field: "acquirerTerminalId", says: "character 1 is U+00E9")
    }

    @Test(arguments: [
        (#"{"acquirerTerminalId":12345678}"#, "acquirerTerminalId"),
        (#"{"acquirerMerchantId":["MID"]}"#, "acquirerMerchantId"),
        (#"{"acquirerMerchantId":true}"#, "acquirerMerchantId"),
    ])
    func aValueThatIsNotTextIsRefused(json: String, field: String) async throws {
        try await expectRefused(json, field: field, says: nil)
    }

    @Test func aGoodIdBesideABadOneIsNotApplied() async throws {
        try await expectRefused(try Self.body(merchantId: "MID-1", terminalId: "TERMINAL9"), field: "acquirerTerminalId", says: "it has 9")
    }

    /// The rule itself, over every printable ASCII character and its two neighbours.
    @Test func everyPrintableASCIICharacterIsTakenAndNothingElse() {
        for value in 0x20...0x7E {
            let id = "T" + String(UnicodeScalar(UInt8(value)))
            // A space is taken anywhere but at the end (see the last check).
            #expect((AcquirerIdRule.terminal.problem(with: id) == nil) == (value != 0x20), "\(id)")
            #expect(AcquirerIdRule.merchant.problem(with: id + "M") == nil, "\(id)M")
        }
        #expect(AcquirerIdRule.terminal.problem(with: "T\u{1F}") != nil)
        #expect(AcquirerIdRule.terminal.problem(with: "T\u{7F}") != nil)
        #expect(AcquirerIdRule.terminal.problem(with: "T ")?.contains("end with a space") == true)
    }

    private func expectRefused(_ json: String, field: String, says: String?) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.patchSettings(json, key: "acquirer-1")
            #expect(reply.status == 400, "\(reply.text.prefix(300))")
            #expect(reply.error?.code == "invalid_request")
            #expect(reply.error?.field == field, "\(reply.text.prefix(300))")
            if let says { #expect(reply.error?.message.contains(says) == true, "\(reply.error?.message ?? reply.text)") }
            #expect(reply.body.count < 1_000, "the value is not repeated back")
            #expect(try await session.settings() == PaymentSettingsRouteTests.defaults)
            // The refused request left no answer under its key.
            #expect(try await session.patchSettings(#"{"taxRate":1}"#, key: "acquirer-1").status == 200)
        }
    }
}
