import ArgumentParser
import Foundation
import Gateway
import Storage

/// `tapline user create`: a dashboard user; a generated password is printed once.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage dashboard users.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a dashboard user; its password is read from standard input or generated and printed once.")
        @Option(help: "The merchant whose dashboard the user signs in to.") var merchantId: String
        @Option(help: "The user's email, which they sign in with.") var email: String
        @Option(help: "admin (acts on payments and settings) or viewer (looks only).") var role: String = "viewer"
        @Flag(help: "Read the password (at least 12 characters) from the first line of standard input.")
        var passwordStdin = false
        @OptionGroup var store: StoreOptions

        func run() async throws {
            guard let role = DashboardUser.Role(rawValue: role) else {
                throw CommandFailure(description: "--role must be admin or viewer, not \(role)")
            }
            let password = passwordStdin ? readLine(strippingNewline: true) : nil
            if passwordStdin, password == nil { throw CommandFailure(description: "--password-stdin: standard input is empty") }
            let created = try await store.withAdmin { admin in
                try await admin.createDashboardUser(merchantId: merchantId, email: email, role: role, password: password)
            }
            print("dashboard user: \(created.user.email) (\(created.user.role.rawValue)) of merchant \(created.user.merchantId)")
            if !passwordStdin {
                print("password:       \(created.password)")
                print("(the password is shown only this once)")
            }
        }
    }
}
