import Foundation
import Gateway
import Testing

/// Where the master key comes from, and that it never shows up in an error or a printout.
@Suite("Configuration: the master key")
struct MasterKeyConfigurationTests {
    @Test func noMasterKeyMeansTheKeyFile() throws {
        #expect(try ConfigurationOverrides().resolve(environment: [:]).masterKey == nil)
    }

    @Test func fromTheEnvironmentOrAFileAndTheFileWins() throws {
        let fromEnvironment = MasterKey.generate(), fromFile = MasterKey.generate()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("master-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data((fromFile.base64 + "\n").utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let environment = ["TAPLINE_MASTER_KEY": fromEnvironment.base64]
        #expect(try ConfigurationOverrides().resolve(environment: environment).masterKey?.base64 == fromEnvironment.base64)
        var flags = ConfigurationOverrides()
        flags.masterKeyFile = path
        #expect(try flags.resolve(environment: environment).masterKey?.base64 == fromFile.base64)
        #expect(try ConfigurationOverrides().resolve(environment: ["TAPLINE_MASTER_KEY_FILE": path]).masterKey?.base64 == fromFile.base64)
    }

    @Test(arguments: ["", "c2hvcnQ=", "not base64 at all", String(repeating: "A", count: 64)])
    func aMalformedKeyIsRefusedWithoutEchoingIt(_ text: String) throws {
        do {
            _ = try ConfigurationOverrides().resolve(environment: ["TAPLINE_MASTER_KEY": text])
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains("TAPLINE_MASTER_KEY must be 32 bytes in base64"))
            if !text.isEmpty { #expect(!error.description.contains(text)) }
        }
    }

    @Test func anUnreadableKeyFileIsNamed() throws {
        var flags = ConfigurationOverrides()
        flags.masterKeyFile = "/nonexistent/master.key"
        do {
            _ = try flags.resolve(environment: [:])
            Issue.record("accepted a missing file")
        } catch {
            #expect(error.description == "cannot read the master key file /nonexistent/master.key (--master-key-file)")
        }
    }

    @Test func theKeyNeverPrints() {
        let key = MasterKey.generate()
        var configuration = GatewayConfiguration()
        configuration.masterKey = key
        #expect("\(key)" == "MasterKey(redacted)")
        #expect(!String(describing: configuration).contains(key.base64))
    }
}
