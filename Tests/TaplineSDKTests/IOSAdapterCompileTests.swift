import Foundation
import Testing

/// TaplineSDKProximityReader compiles only against Apple's iOS SDK, which Linux CI does not
/// have. This suite type-checks it against stand-ins for ProximityReader, UIKit and CoreLocation
/// transcribed from Apple's documentation (Stubs/), so a call that does not match Apple's
/// documented API (a label, `async`/`throws`, an optional, an enum case) fails CI. It proves
/// nothing about behaviour on a device: docs/ios.md.
@Suite("The iOS adapter type-checks against Apple's documented API")
struct IOSAdapterCompileTests {
    /// One wrong call: the copy of the adapter it is made in must fail on that line.
    struct Mutation: CustomStringConvertible {
        var file: String
        var original: String
        var wrong: String
        var description: String { "\(file): \(wrong)" }
    }

    /// Each is checked in a copy of its own: swiftc stops checking function bodies in the files
    /// after one with an error, and leaves out warnings in a file that already has errors.
    static let wrongCalls = [
        // Apple's label is `using:`.
        Mutation(file: "ProximityCardReader.swift",
                 original: "let prepared = try await reader.prepare(using: Self.appleToken(token))",
                 wrong: "let prepared = try await reader.prepare(with: Self.appleToken(token))"),
        // cancelRead() is documented `async throws -> Bool`: without `try` it does not compile.
        Mutation(file: "ProximityCardReader.swift",
                 original: "_ = try? await session.cancelRead()",
                 wrong: "_ = await session.cancelRead()"),
        // PaymentCardReadResult.generalCardData is `String?`: using it as a String does not compile.
        Mutation(file: "ProximityCardReader+Mapping.swift",
                 original: "return CardReadResult(id: result.id, generalCardData: general, paymentCardData: payment)",
                 wrong: "return CardReadResult(id: result.id, generalCardData: result.generalCardData, paymentCardData: payment)"),
        // Apple has no `cardDeclined` read error; its case is `paymentCardDeclined`.
        Mutation(file: "ProximityCardReader+Mapping.swift",
                 original: "case .cardReadFailed, .paymentReadFailed, .paymentCardDeclined:",
                 wrong: "case .cardReadFailed, .paymentReadFailed, .cardDeclined:"),
        // PINToken(rawValue:) does not throw: `try` on it is only a warning, which the check
        // makes an error.
        Mutation(file: "ProximityCardReader.swift",
                 original: "let token = PaymentCardReaderSession.PINToken(rawValue: pinToken)",
                 wrong: "let token = try PaymentCardReaderSession.PINToken(rawValue: pinToken)"),
    ]

    @Test func theAdapterTypeChecksAgainstTheDocumentedAPI() throws {
        let sources = try IOSAdapterCheck.swiftFiles(in: IOSAdapterCheck.adapterDirectory)
        #expect(sources.count >= 4, "the adapter's files: \(sources)")
        let result = try IOSAdapterCheck.typecheck(sources)
        // Passing alone would prove nothing if the `#if` left the module empty: the wrong calls
        // below failing on their lines show the same invocation compiles the adapter's code.
        #expect(result.status == 0, "swiftc -typecheck of Sources/TaplineSDKProximityReader failed:\n\(result.diagnostics)")
    }

    /// Type-checks a copy of the adapter with `mutation` made and expects an error on its line.
    @Test(arguments: wrongCalls)
    func aCallThatDoesNotMatchTheDocumentedAPIFailsOnItsLine(_ mutation: Mutation) throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ios-adapter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for source in try IOSAdapterCheck.swiftFiles(in: IOSAdapterCheck.adapterDirectory) {
            try FileManager.default.copyItem(at: source, to: copy.appendingPathComponent(source.lastPathComponent))
        }

        let file = copy.appendingPathComponent(mutation.file)
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].contains(mutation.original) }
        // The adapter changed under this test: update the mutation, never drop it silently.
        try #require(matches.count == 1, "\(mutation.file) should contain `\(mutation.original)` once")
        lines[matches[0]] = lines[matches[0]].replacingOccurrences(of: mutation.original, with: mutation.wrong)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)

        let result = try IOSAdapterCheck.typecheck(try IOSAdapterCheck.swiftFiles(in: copy))
        #expect(result.status != 0)
        let location = "/\(mutation.file):\(matches[0] + 1):"
        let errors = result.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.contains { $0.contains(location) }, "no error at \(location)\n\(result.diagnostics)")
    }
}
