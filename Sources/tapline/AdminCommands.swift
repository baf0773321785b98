import ArgumentParser
import Foundation
import Gateway
import GatewayAPI

/// `tapline merchant create|list|settings`.
struct MerchantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merchant", abstract: "Manage merchants.", subcommands: [Create.self, List.self, MerchantSettingsCommand.self, MerchantProfileCommand.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a merchant.")
        @Option(help: "The merchant's name.") var name: String
        @Option(help: "Days an authorization holds before it expires.") var authorizationDays: Int = 7
        @OptionGroup var store: StoreOptions

        func run() async throws {
            guard (1...31).contains(authorizationDays) else { throw ValidationError("--authorization-days must be 1 to 31") }
            let merchant = try await store.withAdmin { admin in
                try await admin.createMerchant(name: name, authorizationWindow: TimeInterval(authorizationDays * 86_400))
            }
            print("merchant id: \(merchant.id)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List merchants.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let merchants = try await store.withAdmin { admin in try await admin.merchants() }
            for merchant in merchants { print("\(merchant.id)  \(merchant.name)") }
        }
    }
}

/// `tapline client create`: an API client; its secret is printed once.
struct ClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client", abstract: "Manage API clients.", subcommands: [Create.self, Permissions.self, ClientJWTCommand.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an API client and print its secret once.")
        @Option(help: "The merchant the client acts for.") var merchantId: String
        @Option(help: "A name to recognise the client by.") var name: String = "api client"
        @Option(help: "Comma-separated ARISE permission names (default: everything Tapline implements).")
        var permissions: String?
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let granted = try permissions.map(ClientCommand.parse) ?? APIPermission.defaultGrant
            let created = try await store.withAdmin { admin in
                try await admin.createClient(merchantId: merchantId, name: name, permissions: granted)
            }
            print("client id:     \(created.client.id)")
            print("client secret: \(created.secret)")
            print("(the secret is shown only this once)")
        }
    }

    /// `tapline client permissions`: grant or revoke permissions of an existing client.
    struct Permissions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grant or revoke an API client's permissions; prints what it holds (applies from its next token).")
        @Option(help: "The API client.") var clientId: String
        @Option(help: "Comma-separated ARISE permission names to add.") var grant: String?
        @Option(help: "Comma-separated ARISE permission names to remove.") var revoke: String?
        @Flag(help: "Add everything a new client gets today (e.g. after an upgrade added webhooks and settings).")
        var grantDefaults = false
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let added = try grant.map(ClientCommand.parse) ?? []
            let removed = try revoke.map(ClientCommand.parse) ?? []
            let held = try await store.withAdmin { admin in
                try await admin.updatePermissions(clientId: clientId, grant: added, revoke: removed, grantDefaults: grantDefaults)
            }
            print("permissions: \(held.map(\.rawValue).joined(separator: ","))")
        }
    }

    static func parse(_ list: String) throws -> [APIPermission] {
        try list.split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let permission = APIPermission(rawValue: trimmed) else { throw ValidationError("unknown permission '\(trimmed)'") }
            return permission
        }
    }
}
