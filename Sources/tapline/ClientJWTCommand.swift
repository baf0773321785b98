import ArgumentParser
import Foundation
import Gateway
import Storage

/// `tapline client jwt`: the keys and claims of JWTs an API client's backend signs itself
/// (the Halo integrator's), or `--remove` to forget them.
struct ClientJWTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jwt",
        abstract: "Register the public keys and claims of JWTs an API client's backend signs (Halo routes; /v1 if allowed).")
    @Option(help: "The API client.") var clientId: String
    @Option(help: "PEM file of the backend's public keys (EC P-256 for ES256, RSA ≥ 2048 for RS256).") var publicKeyFile: String?
    @Option(help: "JWKS URL of the backend's keys: https (http only on loopback).") var jwksUrl: String?
    @Option(help: "The iss the tokens carry; names this client, so no other client may register it.") var issuer: String?
    @Option(help: "The aud the tokens carry.") var audience: String?
    @Option(help: "The claim naming the merchant user.") var userClaim = "sub"
    @Flag(help: "Accept these tokens on /v1 too (default: the Halo routes only).") var acceptOnV1 = false
    @Flag(help: "Forget the client's JWT keys.") var remove = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        if remove {
            _ = try await store.withAdmin { admin in try await admin.removeIntegratorJWT(clientId: clientId) }
            print("client \(clientId): JWT keys removed")
            return
        }
        guard let issuer, let audience else { throw ValidationError("--issuer and --audience are required (or --remove)") }
        var registration = MerchantAdmin.IntegratorJWTRegistration(issuer: issuer, audience: audience)
        registration.userClaim = userClaim
        registration.acceptedOnV1 = acceptOnV1
        registration.jwksURL = jwksUrl
        if let publicKeyFile {
            do {
                registration.publicKeyPEM = try String(contentsOfFile: publicKeyFile, encoding: .utf8)
            } catch {
                throw ValidationError("--public-key-file: cannot read \(publicKeyFile): \(error.localizedDescription)")
            }
        }
        let registered = try await store.withAdmin { admin in try await admin.registerIntegratorJWT(clientId: clientId, registration) }
        let settings = registered.client.integratorJWT
        print("issuer:     \(settings?.issuer ?? "")")
        print("audience:   \(settings?.audience ?? "")")
        print("user claim: \(settings?.userClaim ?? "")")
        print("routes:     \(acceptOnV1 ? "Halo and /v1" : "Halo only")")
        if let url = settings?.jwksURL { print("jwks url:   \(url)") }
        for keyId in registered.keyIds { print("kid:        \(keyId)") }
    }
}
