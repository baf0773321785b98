import ArgumentParser
import Foundation
import TaplineSDK

/// Where a command that works through the API (`demo`, `webhooks`) finds the gateway and
/// signs in: the flags, else `TAPLINE_URL`, `TAPLINE_CLIENT_ID` and `TAPLINE_CLIENT_SECRET`
/// (the `export` line `tapline serve` prints on its first start).
struct GatewayLoginOptions: ParsableArguments {
    @Option(help: "The gateway's base URL (or TAPLINE_URL).")
    var url: String?
    @Option(help: "API client id (or TAPLINE_CLIENT_ID).")
    var clientId: String?
    @Option(help: "API client secret (or TAPLINE_CLIENT_SECRET).")
    var clientSecret: String?

    /// A session signed in through the SDK, its tokens (and device id) kept in `store`. A
    /// gateway that does not answer, or refuses the credentials, is a ``CommandFailure``
    /// saying which, in one line.
    func signIn(keepingTokensIn store: any TokenStore) async throws -> GatewayLogin {
        let environment = ProcessInfo.processInfo.environment
        let address = url ?? environment["TAPLINE_URL"] ?? "http://127.0.0.1:8080"
        guard let base = TaplineEnvironment(url: address) else { throw ValidationError("--url must be an http(s) URL") }
        guard let id = clientId ?? environment["TAPLINE_CLIENT_ID"], let secret = clientSecret ?? environment["TAPLINE_CLIENT_SECRET"] else {
            throw ValidationError("give --client-id and --client-secret (or TAPLINE_CLIENT_ID and TAPLINE_CLIENT_SECRET)")
        }
        let client = TaplineClient(environment: base, configuration: TaplineConfiguration(tokenStore: store))
        do {
            try await client.authenticate(clientId: id, clientSecret: secret)
        } catch .networkError(let detail) {
            throw CommandFailure(description: "cannot reach the gateway at \(address) (\(detail)); is tapline serve running there? (--url or TAPLINE_URL)")
        } catch .invalidCredentials(let problem) {
            throw CommandFailure(description: "the gateway at \(address) refused the client id and secret: \(problem.message)")
        } catch {
            throw CommandFailure(description: "signing in to \(address) failed: \(error.errorDescription ?? "\(error)")")
        }
        return GatewayLogin(environment: base, store: store, client: client)
    }
}

/// A signed-in session: the gateway, the token store (which a second client with a card
/// reader shares, as `demo`'s does) and the client.
struct GatewayLogin {
    let environment: TaplineEnvironment
    let store: any TokenStore
    let client: TaplineClient
}
