import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing
import TestSupport

/// Every integer a client can send, on every route, at the values an attacker tries first.
/// Each answer must be a 4xx naming the field (or a 2xx where the value is valid), and the
/// gateway must still answer `/health` afterwards: one request never stops the process.
@Suite("Integer extremes on every route")
struct AmountExtremesTests {
    static let values: [Int64] = [.max, .min, -1, 0, 1_000_000_000_000_000, Money.largestMinorUnits + 1]

    /// One integer field of one route: `body` puts the value where the field goes, `path`
    /// makes a fresh payment when the route needs one.
    struct Field: Sendable, CustomStringConvertible {
        var route: String
        var name: String
        var method: HTTPRequest.Method = .post
        var path: @Sendable (TestSession) async throws -> String
        var body: @Sendable (TestSession, Int64) throws -> String?
        /// Whether the route needs the session's device header.
        var tapped = false
        /// Valid range; a value outside must be refused with 400.
        var valid: ClosedRange<Int64> = 1...Money.largestMinorUnits

        var description: String { "\(route) \(name)" }
    }

    static func fixed(_ path: String) -> @Sendable (TestSession) async throws -> String { { _ in path } }
    static func onSale(_ make: @escaping @Sendable (String) -> String) -> @Sendable (TestSession) async throws -> String {
        { make(try await $0.pay().id) }
    }
    static func onHold(_ make: @escaping @Sendable (String) -> String) -> @Sendable (TestSession) async throws -> String {
        { make(try await $0.pay("authorization").id) }
    }

    static let keyed = #""cardDataSource":"manual","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"currency":"USD""#
    static let breakdownFields = ["subtotal", "taxAmount", "tipAmount", "surchargeAmount"]
    static let koardBreakdownFields = ["subtotal", "tax_amount", "tip_amount", "surcharge_amount"]

    static func breakdown(_ field: String, _ value: Int64) -> String {
        #"{"subtotal":\#(field == "subtotal" ? value : 1000),"\#(field == "subtotal" ? "taxAmount" : field)":\#(field == "subtotal" ? 0 : value)}"#
    }

    static func koardBreakdown(_ field: String, _ value: Int64) -> String {
        #"{"subtotal":\#(field == "subtotal" ? value : 1000),"\#(field == "subtotal" ? "tax_amount" : field)":\#(field == "subtotal" ? 0 : value)}"#
    }

    static var canonical: [Field] {
        var fields: [Field] = []
        for kind in ["sale", "authorization"] {
            // An authorization of zero verifies the card.
            fields.append(Field(route: kind, name: "amount", path: fixed("/v1/transactions/\(kind)"),
                                body: { _, v in #"{"amount":\#(v),\#(keyed)}"# },
                                valid: kind == "authorization" ? 0...Money.largestMinorUnits : 1...Money.largestMinorUnits))
            fields.append(Field(route: kind, name: "tipAmount", path: fixed("/v1/transactions/\(kind)"),
                                body: { _, v in #"{"amount":1000,"tipAmount":\#(v),\#(keyed)}"# }, valid: 0...Money.largestMinorUnits - 1000))
            for part in breakdownFields {
                fields.append(Field(route: kind, name: "breakdown.\(part)", path: fixed("/v1/transactions/\(kind)"),
                                    body: { _, v in #"{"amount":1000,"breakdown":\#(breakdown(part, v)),\#(keyed)}"# }, valid: 0...Money.largestMinorUnits))
            }
        }
        for (name, range) in [("expirationMonth", Int64(1)...12), ("expirationYear", 0...9999), ("createMethodId", 1...9)] {
            fields.append(Field(route: "sale", name: name, path: fixed(APIPath.sale), body: { _, v in
                let month = name == "expirationMonth" ? "\(v)" : "12", year = name == "expirationYear" ? "\(v)" : "2030"
                let method = name == "createMethodId" ? #","createMethodId":\#(v)"# : ""
                return #"{"amount":1000,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":\#(month),"expirationYear":\#(year)\#(method)}"#
            }, valid: range))
        }
        fields.append(Field(route: "capture", name: "amount", path: onHold { APIPath.followUp($0, .capture) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        for part in breakdownFields {
            fields.append(Field(route: "capture", name: "breakdown.\(part)", path: onHold { APIPath.followUp($0, .capture) },
                                body: { _, v in #"{"breakdown":\#(breakdown(part, v))}"# }, valid: 0...Money.largestMinorUnits))
        }
        fields.append(Field(route: "increment", name: "amount", path: onHold { APIPath.followUp($0, .increment) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...Money.largestMinorUnits - 10_000))
        fields.append(Field(route: "adjust-tip", name: "tipAmount", path: onSale { APIPath.followUp($0, .adjustTip) },
                            body: { _, v in #"{"tipAmount":\#(v)}"# }, valid: 0...Money.largestMinorUnits - 10_000))
        fields.append(Field(route: "reverse", name: "amount", path: onHold { APIPath.followUp($0, .reverse) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        fields.append(Field(route: "refund", name: "amount", path: onSale { APIPath.followUp($0, .refund) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        for name in ["amount", "tipAmount"] {
            fields.append(Field(route: "tap sale", name: name, path: fixed(APIPath.sale), body: { session, v in
                let amounts = name == "amount" ? #""amount":\#(v),"tipAmount":0"# : #""amount":1000,"tipAmount":\#(v)"#
                return TapRouteTests.body(try session.tap(amount: nil), extra: #",\#(amounts),"currency":"USD""#)
            }, tapped: true, valid: name == "amount" ? 1...Money.largestMinorUnits : 0...Money.largestMinorUnits))
        }
        fields.append(Field(route: "tap refund", name: "amount", path: fixed(APIPath.tapRefund), body: { session, v in
            TapRouteTests.body(try session.tap(amount: nil, kind: .refund), extra: #","amount":\#(v),"currency":"USD""#)
        }, tapped: true))
        fields.append(Field(route: "amounts", name: "amount", path: fixed(APIPath.calculateAmount),
                            body: { _, v in #"{"amount":\#(v),"currency":"USD"}"# }))
        fields.append(Field(route: "amounts", name: "tipAmount", path: fixed(APIPath.calculateAmount),
                            body: { _, v in #"{"amount":1000,"currency":"USD","tipAmount":\#(v)}"# }, valid: 0...Money.largestMinorUnits - 1000))
        for (name, body) in [("settlementBatchTimeSlots.0.hours", "hours"), ("settlementBatchTimeSlots.0.minutes", "minutes")] {
            fields.append(Field(route: "settings", name: name, method: .patch, path: fixed(APIPath.paymentSettings), body: { _, v in
                let (hours, minutes) = body == "hours" ? ("\(v)", "0") : ("23", "\(v)")
                return #"{"settlementBatchTimeSlots":[{"hours":\#(hours),"minutes":\#(minutes),"timezoneName":"UTC"}]}"#
            }, valid: 0...23))
        }
        fields.append(Field(route: "settings", name: "avs.profileId", method: .patch, path: fixed(APIPath.paymentSettings),
                            body: { _, v in #"{"avs":{"isEnabled":true,"profileId":\#(v)}}"# }, valid: 1...3))
        return fields
    }

    static var koard: [Field] {
        var fields: [Field] = []
        for path in [KoardPath.payment, KoardPath.preauth] {
            fields.append(Field(route: path, name: "amount", path: fixed(path), body: { session, v in
                TestSession.koardBody(try session.tap(amount: nil), amount: v)
            }, tapped: true))
            for part in koardBreakdownFields {
                fields.append(Field(route: path, name: "breakdown.\(part)", path: fixed(path), body: { session, v in
                    TestSession.koardBody(try session.tap(amount: nil), amount: 1000, extra: #","breakdown":\#(koardBreakdown(part, v))"#)
                }, tapped: true, valid: 0...Money.largestMinorUnits))
            }
        }
        fields.append(Field(route: "koard capture", name: "amount", path: onHold { KoardPath.capture($0) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        fields.append(Field(route: "koard auth", name: "amount", path: onHold { KoardPath.auth($0) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...Money.largestMinorUnits - 10_000))
        fields.append(Field(route: "koard adjust", name: "amount", path: onSale { KoardPath.adjust($0) },
                            body: { _, v in #"{"type":"tip","amount":\#(v)}"# }, valid: 0...Money.largestMinorUnits - 10_000))
        fields.append(Field(route: "koard reverse", name: "amount", path: onHold { KoardPath.reverse($0) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        fields.append(Field(route: "koard refund", name: "amount", path: onSale { KoardPath.refund($0) },
                            body: { _, v in #"{"amount":\#(v)}"# }, valid: 1...10_000))
        return fields
    }

    @Test(arguments: canonical + koard)
    func everyExtremeIsRefusedOrValidAndTheGatewayStaysUp(field: Field) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            for value in Self.values {
                let path = try await field.path(session)
                let body = try field.body(session, value)
                let headers: HTTPFields = field.tapped ? [TestSession.deviceHeader: TestSession.deviceId] : [:]
                let reply = try await session.send(field.method, path, json: body, headers: headers)
                if field.valid.contains(value) {
                    #expect((200..<300).contains(reply.status) || (400..<500).contains(reply.status), "\(field) = \(value): \(reply.text)")
                } else {
                    #expect(reply.status == 400, "\(field) = \(value): \(reply.text)")
                    let named = reply.error?.field ?? ""
                    let leaf = String(field.name.split(separator: ".").last ?? "")
                    #expect(named.lowercased().replacingOccurrences(of: "_", with: "").contains(leaf.lowercased().replacingOccurrences(of: "_", with: ""))
                            || named == "amount", "\(field) = \(value) named '\(named)': \(reply.text)")
                }
                #expect(try await session.send(.get, APIPath.health).status == 200)
            }
        }
    }
}
