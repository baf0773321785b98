import Foundation

/// A payment service provider's signing setup in a temporary folder, as
/// `tapline serve --reader-tokens signed` reads it: the private key (PEM) and the claim
/// template (JSON). Test keys only.
public struct ProviderSigningFolder: Sendable {
    public let url: URL
    public let keyPath: String
    public let claimsPath: String

    /// A SEC1 key as `openssl ecparam -name prime256v1 -genkey` writes it, with its
    /// `EC PARAMETERS` block.
    public static let sec1Key = """
        -----BEGIN EC PARAMETERS-----
        BggqhkjOPQMBBw==
        -----END EC PARAMETERS-----
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIDRPZ1rn13av0W9CUbkdKibdMzajhqf9Dq6ypM1VMOTMoAoGCCqGSM49
        AwEHoUQDQgAEu9iNfyiAj6rOGXGmX5DFvGh3B7I/6k/oFHBpdOSMm/+7oFrGBURv
        nW7Y4oVCBd53oNrocsqm9NgtSXWoZuBJMg==
        -----END EC PRIVATE KEY-----

        """

    /// Another P-256 key, PKCS#8 (`openssl pkcs8 -topk8 -nocrypt`).
    public static let pkcs8Key = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgGWcymB65gWIYbjVf
        phF96npw6I8CDbf00FRQJH2oO/ChRANCAASMzw2V7UobSF8za7XQsH3TYas3eshM
        MvlxjKsU48bGXEoA1b6oXglXkkcQIzxvFK9A94oLfYxTX67XExKdAUSM
        -----END PRIVATE KEY-----

        """

    /// A P-384 key: not one signed reader tokens take.
    public static let p384Key = """
        -----BEGIN EC PRIVATE KEY-----
        MIGkAgEBBDBFswEQwovD3G8I0VAMkWfIGreq4zzqmhgLY8FZgNzrgb3ysjxrQxqf
        aTLAc4Oxy8SgBwYFK4EEACKhZANiAASNQOLgK3IfuNt4T8EIUJcLpf061MTtrpkx
        z3qUCLaBbv2Nm7CbB0rbTH1fFp+uwekGsLyo1oZnrYoeKbyFfGZZRQheY9cXGwfl
        WalLm1ewAebtdXJ9y8lKTspp9oSClas=
        -----END EC PRIVATE KEY-----

        """

    /// Every placeholder, whole and inside text, at the top and nested, beside fixed values.
    public static let claims = """
        {
          "iss": "{{issuer}}",
          "sub": "{{deviceId}}",
          "merchantIdentifier": "{{merchantIdentifier}}",
          "iat": "{{issuedAt}}",
          "exp": "{{expiresAt}}",
          "jti": "{{nonce}}",
          "tapline": {"merchant": "{{merchantId}}", "label": "{{deviceId}} since {{issuedAt}}"},
          "aud": ["apple-tap-to-pay", 7, true]
        }
        """

    /// Writes `key` and `claims` into a new temporary folder.
    public static func make(key: String = sec1Key, claims: String = claims) throws -> ProviderSigningFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let folder = ProviderSigningFolder(
            url: url, keyPath: url.appendingPathComponent("provider.pem").path, claimsPath: url.appendingPathComponent("claims.json").path)
        try Data(key.utf8).write(to: URL(fileURLWithPath: folder.keyPath))
        try Data(claims.utf8).write(to: URL(fileURLWithPath: folder.claimsPath))
        return folder
    }

    /// The `TAPLINE_READER_TOKEN*` variables that choose signed tokens with this folder's files.
    public func environment(keyId: String = "provider-key-1", issuer: String = "psp.example") -> [String: String] {
        [
            "TAPLINE_READER_TOKENS": "signed", "TAPLINE_READER_TOKEN_KEY": keyPath, "TAPLINE_READER_TOKEN_KEY_ID": keyId,
            "TAPLINE_READER_TOKEN_ISSUER": issuer, "TAPLINE_READER_TOKEN_CLAIMS": claimsPath,
        ]
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
