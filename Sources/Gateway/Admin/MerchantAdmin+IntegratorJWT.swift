import Foundation
import Storage

// `tapline client jwt`: an API client's backend signs its own JWTs (the Halo integrator's).
extension MerchantAdmin {
    /// What a client registers for its own JWTs: its keys (a PEM file's text or a JWKS URL,
    /// exactly one) and the claims its tokens carry.
    public struct IntegratorJWTRegistration: Sendable {
        public var issuer: String
        public var audience: String
        public var userClaim = "sub"
        public var acceptedOnV1 = false
        /// A PEM file's text: one or more `PUBLIC KEY` blocks, EC P-256 or RSA ≥ 2048.
        public var publicKeyPEM: String?
        public var jwksURL: String?

        public init(issuer: String, audience: String) {
            self.issuer = issuer
            self.audience = audience
        }
    }

    /// Registers (or replaces) the client's JWT keys and claims. Returns the client and the
    /// `kid` of each PEM key (its RFC 7638 thumbprint), which tokens must name.
    public func registerIntegratorJWT(
        clientId: String, _ registration: IntegratorJWTRegistration
    ) async throws -> (client: APIClient, keyIds: [String]) {
        let (settings, keyIds) = try Self.settings(registration)
        let client = try await store.write { writer in
            guard var client = try await writer.apiClient(id: clientId) else { throw AdminError.unknownClient(clientId) }
            client.integratorJWT = settings
            do {
                try await writer.update(client)
            } catch StoreError.duplicate {
                throw AdminError.invalidSetting(field: "issuer", message: "another API client registers the issuer \(settings.issuer)")
            }
            return client
        }
        return (client, keyIds)
    }

    /// Forgets the client's JWT keys: from now on only Tapline's access tokens open the API for it.
    public func removeIntegratorJWT(clientId: String) async throws -> APIClient {
        try await store.write { writer in
            guard var client = try await writer.apiClient(id: clientId) else { throw AdminError.unknownClient(clientId) }
            client.integratorJWT = nil
            try await writer.update(client)
            return client
        }
    }

    /// The settings a registration stores, refused with the option to fix when it cannot work.
    static func settings(_ registration: IntegratorJWTRegistration) throws -> (IntegratorJWTSettings, [String]) {
        let issuer = registration.issuer.trimmingCharacters(in: .whitespaces)
        guard !issuer.isEmpty, issuer.count <= 255, issuer != AccessTokenSigner.issuer else {
            throw AdminError.invalidSetting(field: "issuer", message: "the tokens' iss: 1 to 255 characters, not \"\(AccessTokenSigner.issuer)\"")
        }
        guard !registration.audience.isEmpty, registration.audience.count <= 255 else {
            throw AdminError.invalidSetting(field: "audience", message: "the tokens' aud: 1 to 255 characters")
        }
        guard !registration.userClaim.isEmpty, registration.userClaim.count <= 64 else {
            throw AdminError.invalidSetting(field: "user-claim", message: "the claim naming the merchant user: 1 to 64 characters (default sub)")
        }
        var settings = IntegratorJWTSettings(
            issuer: issuer, audience: registration.audience, userClaim: registration.userClaim, acceptedOnV1: registration.acceptedOnV1)
        switch (registration.publicKeyPEM, registration.jwksURL) {
        case (let pem?, nil):
            let keys: [IntegratorKey]
            do {
                keys = try IntegratorKey.keys(fromPEM: pem)
            } catch let error as IntegratorKeyError {
                throw AdminError.invalidSetting(field: "public-key-file", message: error.description)
            }
            settings.publicKeysPEM = IntegratorKey.pemBlocks(pem)
            return (settings, keys.map(\.keyId))
        case (nil, let url?):
            guard JWKSPolicy.jwksURL(url) != nil else {
                throw AdminError.invalidSetting(
                    field: "jwks-url", message: "an https URL (http only on loopback: 127.0.0.1, ::1, localhost), without user or password")
            }
            settings.jwksURL = url
            return (settings, [])
        default:
            throw AdminError.invalidSetting(field: "public-key-file", message: "give exactly one of --public-key-file and --jwks-url")
        }
    }
}
