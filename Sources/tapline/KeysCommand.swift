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
                With a master key the keys in the database are rotated, and every running tapline serve on that \
                database hands out the new key within one job interval (30 s), with no restart. Without one the key \
                file's keys are rotated: restart tapline serve to hand out the new key.
                """)

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let keys: GatewayKeys
            let next: String
            if let master = configuration.masterKey {
                keys = try await store.withStore { database in
                    try await GatewayKeyVault.update(store: database, master: master, now: Date()) { $0.rotatingCardKey() }
                }
                next = "running instances on this database hand out the new key within one job interval; no restart needed"
            } else {
                keys = try GatewayKeys.rotateCardKey(at: configuration.keysPath)
                next = "restart tapline serve to hand out the new key"
            }
            print("current card-data key:  \(keys.cardDataKeys.current.keyId)")
            print("previous card-data key: \(keys.cardDataKeys.previous?.keyId ?? "none")")
            print(next)
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
