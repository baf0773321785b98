import Foundation
import PaymentCore
import Processing
@testable import ProcessingISO8583
import Testing

/// Every field 39 of ISO 8583:1987 read through the link (docs/iso8583.md, "Response codes"),
/// and the documented table checked row for row against `ISOResponseCodeTable`.
@Suite struct ISO8583ResponseCodeTests {
    static let everyTwoDigitCode = (0...99).map { $0 < 10 ? "0\($0)" : "\($0)" }

    /// The documented table is the code's: same codes, meanings, handling and outcome.
    @Test func theDocumentedTableIsTheCodesTable() throws {
        let doc = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/iso8583.md"), encoding: .utf8)
        let documented = doc.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") && $0.contains("` | ") }
            .filter { line in Self.everyTwoDigitCode.contains { line.hasPrefix("| `\($0)` |") } }
        let expected = ISOResponseCodeTable.rows.map { code, meaning, handling in
            "| `\(code)` | \(meaning) | \(Self.label(handling)) | \(Self.outcome(handling)) |"
        }
        #expect(documented == expected, "docs/iso8583.md should hold exactly:\n\(expected.joined(separator: "\n"))")
    }

    @Test func everyCodeTheStandardDefinesHasARowAndReservedOnesNone() {
        let reservedRanges: [ClosedRange<Int>] = [45...50, 69...74, 76...89, 97...99]
        let reserved: Set<String> = Set(reservedRanges.flatMap { range in range.map { String($0) } })
        let privateKept: Set<String> = ["70", "78", "85"]
        let expected = Set(Self.everyTwoDigitCode).subtracting(reserved).union(privateKept)
        #expect(Set(ISOResponseCodeTable.entries.keys) == expected)
        #expect(ISOResponseCodeTable.rows.count == ISOResponseCodeTable.entries.count)
        #expect(ISOResponseCodeTable.rows.map(\.0) == ISOResponseCodeTable.rows.map(\.0).sorted())
    }

    @Test(arguments: [("04", .pickUp), ("07", .pickUp), ("41", .pickUp), ("43", .pickUp), ("01", .referral),
                      ("02", .referral), ("19", .reenter), ("30", .formatError), ("91", .retryLater), ("96", .retryLater),
                      ("90", .retryLater), ("51", .decline), ("54", .decline), ("55", .decline), ("75", .decline)]
                as [(String, ISOResponseCode.Handling)])
    func namedCodesHaveTheirDocumentedHandling(code: String, handling: ISOResponseCode.Handling) {
        #expect(ISOResponseCode(rawValue: code).handling == handling)
    }

    /// Each of 00–99 through the link: approvals approve, declines (pick-up and referral
    /// included) decline naming the code, re-enter, format error and retry-later fail with
    /// nothing to reverse, and a code with no row is a decline whose message names it.
    @Test(arguments: everyTwoDigitCode + ["A1", "Z9", "0A"])
    func everyCodeReachesItsOutcome(code: String) async throws {
        let transport = ScriptedTransport { ScriptedTransport.answer($0, code: code, amount: code == "10" ? "000000000617" : nil) }
        let processor = ISO8583Requests.processor(transport)
        let entry = ISOResponseCodeTable.entries[code]
        let handling = entry?.handling ?? .decline
        switch handling {
        case .reenter, .formatError, .retryLater:
            await #expect(throws: ProcessorError.unavailable(code: code, message: entry?.meaning ?? "")) {
                try await processor.authorize(try ISO8583Requests.keyedSale())
            }
        default:
            let response = try await processor.authorize(try ISO8583Requests.keyedSale())
            let outcome: OperationOutcome = switch handling {
            case .approved: .approved(amount: 1234)
            case .partialApproval: .approved(amount: 617)
            case .pinRequired: .pinRequired
            default: .declined
            }
            #expect(response.outcome == outcome)
            #expect(response.result.responseCode == code)
            #expect(response.result.message == (entry?.meaning ?? "Declined (response code \(code))"))
        }
    }

    static func label(_ handling: ISOResponseCode.Handling) -> String {
        switch handling {
        case .approved: "approved"
        case .partialApproval: "partial approval"
        case .pinRequired: "PIN required"
        case .decline: "decline"
        case .pickUp: "pick-up"
        case .referral: "referral"
        case .reenter: "re-enter"
        case .formatError: "format error"
        case .retryLater: "retry later"
        }
    }

    static func outcome(_ handling: ISOResponseCode.Handling) -> String {
        switch handling {
        case .approved: "approved"
        case .partialApproval: "approved for field 4"
        case .pinRequired: "PIN asked"
        case .decline, .pickUp, .referral: "declined"
        case .reenter, .formatError, .retryLater: "failed"
        }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
