import Foundation
import InteropSupport
import Testing

/// The SDK's units are checked by the compiler, so this suite runs the compiler: `swiftc
/// -typecheck` against the TaplineSDK module this test run built. Every call below that
/// means major units refuses an integer literal (`500` could be 5.00 or 500.00); Tapline's
/// own follow-ups take `Money`; Koard's and Toro's calls take minor units and refuse a
/// float literal. A rate is a `Rate`, made as `.percent(…)` or `.fraction(…)`: a bare number
/// (0.0875 or 3) reaches no rate. The well-typed file must compile, or the refusals prove nothing.
@Suite("Amount units are checked when an app compiles")
struct AmountUnitCompileTests {
    static let header = """
        import Foundation
        import PaymentCore
        import TaplineSDK

        func calls(client: TaplineClient, session: TransactionSession) async throws {

        """

    /// Each line compiles: the unit is in the type or the literal.
    static let wellTyped = [
        #"_ = try await client.captureTransaction(transactionId: "t", amount: 5.00)"#,
        #"_ = try await client.refundTransaction(transactionId: "t", amount: MajorUnits(string: "5.00")!, currency: .usd)"#,
        #"_ = try await client.ttp.performTransaction(amount: 49.99)"#,
        #"_ = try await client.captureTransaction(transactionId: "t", amount: Money(minorUnits: 500, currency: .usd))"#,
        #"_ = try await client.refundTransaction(transactionId: "t", amount: Money(minorUnits: 500, currency: .usd))"#,
        #"_ = try await client.captureTransaction(transactionId: "t")"#,
        #"_ = try await client.incrementAuthorization(transactionId: "t", amount: Money(minorUnits: 500, currency: .usd))"#,
        #"_ = try await client.reverse(transactionId: "t", amount: Money(minorUnits: 500, currency: .usd))"#,
        #"_ = try await client.adjustTip(transactionId: "t", tipAmount: Money(minorUnits: 500, currency: .usd))"#,
        #"_ = RefundRequest(transactionId: "t", amount: 5.00)"#,
        #"_ = CardTransactionInput(amount: 5.00, currency: .usd, track2: "")"#,
        #"_ = AmountCalculationRequest(amount: MajorUnits(Decimal(string: "5")!), currency: .usd)"#,
        #"_ = AchTransactionInput(amount: 5.00, accountNumber: "1", routingNumber: "1", accountHolderName: "A")"#,
        #"_ = TTPTransactionRequest(amount: 5.00)"#,
        #"_ = try await client.ttp.sale(amount: 500, currency: "USD")"#,
        #"_ = try await client.adjust(transactionId: "t", amount: 500)"#,
        #"_ = try await session.startTransaction(amount: 500, currency: "USD")"#,
        #"_ = PaymentBreakdown(subtotal: 100, taxRate: .fraction(0.0875), surchargeRate: .percent(3))"#,
        #"_ = AmountCalculationRequest(amount: 5.00, currency: .usd, percentageOffRate: .percent(2.5), surchargeRate: .percent(3))"#,
        #"_ = { (input: inout CardTransactionInput) in input.tipRate = .percent(18); input.surchargeRate = .fraction(0.03) }"#,
        #"_ = try await client.adjust(transactionId: "t", percentage: .fraction(0.18))"#,
        #"_ = try await client.ttp.sale(amount: 500, breakdown: PaymentBreakdown(subtotal: 500, taxRate: .percent(8.75)), currency: "USD")"#,
    ]

    /// Each line must fail: a bare number where the other unit is meant.
    static let refused = [
        #"_ = try await client.captureTransaction(transactionId: "t", amount: 500)"#,
        #"_ = try await client.refundTransaction(transactionId: "t", amount: 500)"#,
        #"_ = try await client.ttp.performTransaction(amount: 500)"#,
        #"_ = try await client.incrementAuthorization(transactionId: "t", amount: 500)"#,
        #"_ = try await client.reverse(transactionId: "t", amount: 500)"#,
        #"_ = try await client.adjustTip(transactionId: "t", tipAmount: 500)"#,
        #"_ = RefundRequest(transactionId: "t", amount: 500)"#,
        #"_ = CardTransactionInput(amount: 500, currency: .usd, track2: "")"#,
        #"_ = AmountCalculationRequest(amount: 500, currency: .usd)"#,
        #"_ = AchTransactionInput(amount: 500, accountNumber: "1", routingNumber: "1", accountHolderName: "A")"#,
        #"_ = TTPTransactionRequest(amount: 500)"#,
        #"_ = try await client.ttp.sale(amount: 5.00, currency: "USD")"#,
        #"_ = try await client.adjust(transactionId: "t", amount: 5.00)"#,
        #"_ = try await session.startTransaction(amount: 5.00, currency: "USD")"#,
        #"_ = PaymentBreakdown(subtotal: 100, taxRate: 0.0875)"#,
        #"_ = PaymentBreakdown(subtotal: 100, surchargeRate: 3)"#,
        #"_ = AmountCalculationRequest(amount: 5.00, currency: .usd, surchargeRate: 3)"#,
        #"_ = AmountCalculationRequest(amount: 5.00, currency: .usd, tipRate: 0.18)"#,
        #"_ = { (input: inout CardTransactionInput) in input.tipRate = 15 }"#,
        #"_ = { (input: inout CardTransactionInput) in input.percentageOffRate = Decimal(10) }"#,
        #"_ = try await client.adjust(transactionId: "t", percentage: 0.18)"#,
    ]

    @Test func theWellTypedCallsCompile() throws {
        let result = try Self.typecheck(Self.wellTyped)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    @Test func everyBareNumberInTheOtherUnitIsACompileError() throws {
        let result = try Self.typecheck(Self.refused)
        #expect(result.status != 0)
        let firstLine = Self.header.split(separator: "\n", omittingEmptySubsequences: false).count
        for (offset, call) in Self.refused.enumerated() {
            let line = firstLine + offset
            #expect(result.diagnostics.contains("snippet.swift:\(line):"), "no error for line \(line): \(call)\n\(result.diagnostics)")
        }
    }

    /// Type-checks the calls in one file against the modules of this build.
    static func typecheck(_ calls: [String]) throws -> (status: Int32, diagnostics: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("snippet.swift")
        try (header + calls.map { "    " + $0 }.joined(separator: "\n") + "\n}\n").write(to: source, atomically: true, encoding: .utf8)
        let errors = directory.appendingPathComponent("stderr")
        try Data().write(to: errors)
        let handle = try FileHandle(forWritingTo: errors)
        defer { try? handle.close() }

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", try modulesDirectory().path, source.path]
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// Where this build put TaplineSDK's module: beside the test bundle (`Modules/` in
    /// SwiftPM 6's layout, the bundle's folder itself in older ones).
    static func modulesDirectory() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            for candidate in [folder.appendingPathComponent("Modules"), folder]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("TaplineSDK.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        throw ModulesNotFound(testBinary: CommandLine.arguments[0])
    }

    struct ModulesNotFound: Error, CustomStringConvertible {
        let testBinary: String
        var description: String { "no TaplineSDK.swiftmodule near \(testBinary)" }
    }
}
