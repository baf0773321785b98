import ArgumentParser
import Foundation
import Gateway
import Hummingbird
import Logging

/// `tapline serve`: runs the gateway on an embedded SQLite database.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the gateway (embedded SQLite, no setup).")

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let configuration: GatewayConfiguration
        do {
            configuration = try StoreOptions.resolve(options.overrides)
        } catch let error as ValidationError {
            // One line naming the setting and the fix, not buried under the usage text.
            throw CommandFailure(description: error.message)
        }
        if configuration.logFormat == .json {
            // Every logger, Hummingbird's and the services' too, writes JSON lines from here on.
            LoggingSystem.bootstrap { label in JSONLogHandler(label: label) }
        }
        var logger = Logger(label: "tapline")
        logger.logLevel = configuration.logLevel
        let dependencies: GatewayDependencies
        do {
            dependencies = try await productionDependencies(configuration, logger: logger)
        } catch {
            throw CommandFailure.database(error)
        }
        // The store is closed once the server has stopped (or failed to start): SQLite's
        // connections must be closed before they go away.
        do {
            try await FirstStart.bootstrapIfEmpty(MerchantAdmin(dependencies: dependencies), configuration: configuration)
            let app = try await buildApplication(configuration, dependencies: dependencies)
            try await GatewayStop.run(app, drain: dependencies.drain, timeout: configuration.drainTimeout, logger: logger)
        } catch {
            try? await dependencies.store.close()
            // A taken port is the usual reason a start fails; say which address and what to do.
            throw ListenError.explaining(error, host: configuration.host, port: configuration.port) ?? error
        }
        try await dependencies.store.close()
    }
}

/// What a fresh install does once: a demo merchant and an API client, shown to the operator.
enum FirstStart {
    /// The demo merchant's first dashboard user, an admin.
    static let dashboardEmail = "admin@tapline.local"
    static func bootstrapIfEmpty(_ admin: MerchantAdmin, configuration: GatewayConfiguration) async throws {
        guard let (merchant, created) = try await admin.createDemoMerchantIfEmpty() else { return }
        let base = "\(configuration.tls == nil ? "http" : "https")://\(configuration.host):\(configuration.port)"
        let user = try await admin.createDashboardUser(
            merchantId: merchant.id, email: FirstStart.dashboardEmail, role: .admin, cost: configuration.dashboard.passwordCost)
        // Written straight to the file descriptor: stdout is block-buffered when redirected,
        // and the operator needs the secret now.
        FileHandle.standardOutput.write(Data("""
            Tapline created a demo merchant and an API client. The secret is shown only this once.

              merchant id:   \(merchant.id)
              client id:     \(created.client.id)
              client secret: \(created.secret)

            Get an access token:
              curl -s -X POST \(base)/v1/oauth/token -H 'Content-Type: application/json' \\
                -d '{"grant_type":"client_credentials","client_id":"\(created.client.id)","client_secret":"\(created.secret)"}'

            Or paste this line in the shell where you follow the README's walk-through:
              export TAPLINE=\(base) CLIENT_ID=\(created.client.id) CLIENT_SECRET=\(created.secret)

            The dashboard: open \(base)/dashboard and sign in as
              email:    \(user.user.email)
              password: \(user.password)
            (an admin; add others with `tapline user create --merchant-id \(merchant.id) --email … --role viewer`)

            """.utf8))
    }
}
