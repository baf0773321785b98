import ArgumentParser
import Foundation
import Gateway

/// `tapline keys rotate-card-key`: a new card-data key for the gateway.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage the gateway's keys.", subcommands: [RotateCardKey.self])

    struct RotateCardKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-card-key",
            abstract: "Make a new card-data key current; the current one stays as the previous key, the older one is dropped.",
            discussion: "A running tapline serve keeps the keys it started with: restart it to hand out the new key.")

        @Option(name: .customLong("keys"), help: "Key file (env TAPLINE_KEYS, default ./tapline-keys.json).")
        var keysPath: String?

        func run() async throws {
            let path: String
            do {
                path = try ConfigurationOverrides(keysPath: keysPath).resolve(environment: ProcessInfo.processInfo.environment).keysPath
            } catch {
                throw ValidationError(error.description)
            }
            let keys = try GatewayKeys.rotateCardKey(at: path)
            print("current card-data key:  \(keys.cardDataKeys.current.keyId)")
            print("previous card-data key: \(keys.cardDataKeys.previous?.keyId ?? "none")")
            print("restart tapline serve to hand out the new key")
        }
    }
}
