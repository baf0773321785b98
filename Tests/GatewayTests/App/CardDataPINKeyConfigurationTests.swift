import CardData
import Foundation
@testable import Gateway
import Testing

/// `--card-data-service-pin-key` (`TAPLINE_CARD_DATA_SERVICE_PIN_KEY`): the file holding the
/// triple-DES key the decryption service enciphers PINs under, read and checked at start.
@Suite("Card-data configuration: the PIN key shared with the decryption service")
struct CardDataPINKeyConfigurationTests {
    static let remote = ["TAPLINE_CARD_DATA": "remote", "TAPLINE_CARD_DATA_SERVICE": "https://psp.example/decrypt"]

    /// A folder for key files, removed after `body`.
    static func withKeyFile(_ contents: String, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-pin-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pin-key.hex").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    /// The key the configuration resolved to, nil for none.
    static func pinKey(_ environment: [String: String], overrides: ConfigurationOverrides = ConfigurationOverrides()) throws -> TripleDESKey? {
        guard case .remote(_, let pinKey) = try overrides.resolve(environment: environment).cardData else {
            Issue.record("not remote")
            return nil
        }
        return pinKey
    }

    @Test(arguments: ["0123456789ABCDEFFEDCBA9876543210", "0123456789abcdeffedcba987654321089abcdef01234567"])
    func aKeyFileFromTheFlagOrTheEnvironmentIsRead(hex: String) throws {
        let expected = try TripleDESKey(try #require(Hex.bytes(hex))).checkValue
        try Self.withKeyFile("\(hex)\n") { path in
            let fromEnvironment = try Self.pinKey(Self.remote.merging(["TAPLINE_CARD_DATA_SERVICE_PIN_KEY": path]) { $1 })
            #expect(fromEnvironment?.checkValue == expected)
            var overrides = ConfigurationOverrides()
            overrides.cardDataServicePINKey = path
            #expect(try Self.pinKey(Self.remote, overrides: overrides)?.checkValue == expected)
        }
    }

    @Test(arguments: [
        "0123456789ABCDEFFEDCBA987654321", "0123456789ABCDEFFEDCBA9876543210FF", "0123456789ABCDEFFEDCBA98765432XY",
        "0123456789ABCDEF", "", "0123456789ABCDEFFEDCBA9876543210 0123456789ABCDEF",
    ])
    func aKeyThatIsNot32Or48HexDigitsStopsTheStartWithoutEchoingIt(contents: String) throws {
        try Self.withKeyFile(contents) { path in
            let message = CardDataConfigurationTests.refusal(Self.remote.merging(["TAPLINE_CARD_DATA_SERVICE_PIN_KEY": path]) { $1 })
            #expect(message == "TAPLINE_CARD_DATA_SERVICE_PIN_KEY \(path) must hold 32 or 48 hex digits "
                + "(a double- or triple-length triple-DES key shared with the decryption service)")
            #expect(contents.isEmpty || message?.contains(contents.prefix(16)) == false)
        }
    }

    @Test func anUnreadableFileStopsTheStartInOneLine() {
        let message = CardDataConfigurationTests.refusal(Self.remote.merging(["TAPLINE_CARD_DATA_SERVICE_PIN_KEY": "/nonexistent/pin-key.hex"]) { $1 })
        #expect(message?.hasPrefix("cannot read TAPLINE_CARD_DATA_SERVICE_PIN_KEY /nonexistent/pin-key.hex") == true, "\(message ?? "taken")")
        #expect(message?.contains("\n") == false)
    }

    @Test(arguments: ["tapline", "pass-through"])
    func theKeyWithoutRemoteIsRefused(mode: String) {
        #expect(CardDataConfigurationTests.refusal(["TAPLINE_CARD_DATA": mode, "TAPLINE_CARD_DATA_SERVICE_PIN_KEY": "/some/pin-key.hex"]) ==
            "TAPLINE_CARD_DATA_SERVICE_PIN_KEY applies only to --card-data remote: add --card-data remote, "
            + "or remove TAPLINE_CARD_DATA_SERVICE_PIN_KEY")
        var overrides = ConfigurationOverrides()
        overrides.cardDataServicePINKey = "/some/pin-key.hex"
        #expect(CardDataConfigurationTests.refusal([:], overrides: overrides)?
            .hasPrefix("--card-data-service-pin-key applies only to --card-data remote") == true)
    }

    @Test func remoteWithoutAKeyHasNone() throws {
        #expect(try Self.pinKey(Self.remote) == nil)
    }
}
