import ArgumentParser
import Foundation
import Gateway

/// `tapline keys …`: the gateway's keys, in the key file or (with a master key) in the database.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage the gateway's keys.", subcommands: [RotateCardKey.self, NewMasterKey.self])

    struct RotateCardKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-card-key",
            abstract: "Make a new card-data key current; the current one stays as the previous key, the older one is dropped.",
            discussion: """
                With a master key the keys in the database are rotated, else the key file's. A running tapline serve \
                keeps the keys it started with: restart every instance to hand out the new key.
                """)

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let keys: GatewayKeys
            if let master = configuration.masterKey {
                keys = try await store.withStore { database in
                    try await GatewayKeyVault.update(store: database, master: master, now: Date()) { $0.rotatingCardKey() }
                }
            } else {
                keys = try GatewayKeys.rotateCardKey(at: configuration.keysPath)
            }
            print("current card-data key:  \(keys.cardDataKeys.current.keyId)")
            print("previous card-data key: \(keys.cardDataKeys.previous?.keyId ?? "none")")
            print("restart tapline serve (every instance) to hand out the new key")
        }
    }

    struct NewMasterKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-master-key",
            abstract: "Print a new random master key (base64) for TAPLINE_MASTER_KEY or --master-key-file.",
            discussion: "Give every instance of a fleet the same master key; keep it out of the database and its backups.")

        func run() async throws {
            print(MasterKey.generate().base64)
        }
    }
}
