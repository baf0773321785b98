@preconcurrency import Crypto
import Foundation

extension ConfigurationOverrides {
    /// The reader-token mode from `reader-tokens`, with the
    /// provider's key, key id, issuer and claim template when it is `signed`, the token
    /// service and its TLS files when it is `remote`, each read and
    /// checked now so a mistake stops the start, not the first device. Each refusal is one
    /// line naming the setting and the fix; none repeats the key.
    func readerTokenMode(_ sources: SettingSources) throws(ConfigurationError) -> ReaderTokenMode {
        let mode = sources.lookup(.readerTokens)
        let key = sources.lookup(.readerTokenKey)
        let keyId = sources.lookup(.readerTokenKeyId)
        let issuer = sources.lookup(.readerTokenIssuer)
        let claims = sources.lookup(.readerTokenClaims)
        let signedSettings = [key, keyId, issuer, claims].compactMap { $0 }
        let chosen = mode?.value ?? "tapline"
        if chosen == "tapline" || chosen == "signed", let stray = sources.firstGiven(Self.remoteReaderTokenSettings)?.source {
            throw .invalid("\(stray) applies only to remote reader tokens: add --reader-tokens remote, or remove \(stray)")
        }
        switch chosen {
        case "tapline":
            if let stray = signedSettings.first {
                throw .invalid("\(stray.source) applies only to signed reader tokens: add --reader-tokens signed, or remove \(stray.source)")
            }
            return .tapline
        case "remote":
            if let stray = signedSettings.first {
                throw .invalid("\(stray.source) applies only to signed reader tokens; with --reader-tokens remote the provider's token "
                    + "service signs them: remove \(stray.source)")
            }
            return .remote(try remoteReaderTokens(sources))
        case "signed":
            guard let key else {
                throw .invalid("--reader-tokens signed needs --reader-token-key FILE (env TAPLINE_READER_TOKEN_KEY): the provider's P-256 "
                    + "private key in PEM (a test key: openssl ecparam -name prime256v1 -genkey -noout -out provider.pem)")
            }
            guard let keyId, !keyId.value.isEmpty else {
                throw .invalid("--reader-tokens signed needs --reader-token-key-id (env TAPLINE_READER_TOKEN_KEY_ID): the id of the provider's key, the tokens' kid")
            }
            guard let claims else {
                throw .invalid("--reader-tokens signed needs --reader-token-claims FILE (env TAPLINE_READER_TOKEN_CLAIMS): the JSON claim "
                    + "template, e.g. samples/reader-token-claims.json")
            }
            let template = try Self.template(file: claims)
            if template.usesIssuer && (issuer?.value ?? "").isEmpty {
                throw .invalid("\(claims.source) uses {{issuer}}: give --reader-token-issuer (env TAPLINE_READER_TOKEN_ISSUER), or take {{issuer}} out of the template")
            }
            return .signed(SignedReaderTokenSettings(
                privateKey: try Self.signingKey(file: key), keyId: keyId.value, issuer: issuer?.value ?? "", claims: template))
        case let other:
            throw .invalid("\(mode?.source ?? "--reader-tokens") must be tapline, signed or remote, not '\(other)'")
        }
    }

    /// The provider's P-256 private key from a PEM file: SEC1 (`EC PRIVATE KEY`, what `openssl
    /// ecparam -genkey` writes, with or without its `EC PARAMETERS` block) or PKCS#8 (`PRIVATE KEY`).
    private static func signingKey(file: SettingValue) throws(ConfigurationError) -> P256.Signing.PrivateKey {
        guard let text = try? String(contentsOfFile: file.value, encoding: .utf8) else {
            throw .invalid("cannot read the \(file.source) file \(file.value): give the path of the provider's P-256 private key (PEM)")
        }
        for label in ["EC PRIVATE KEY", "PRIVATE KEY"] {
            guard let begin = text.range(of: "-----BEGIN \(label)-----"),
                  let end = text.range(of: "-----END \(label)-----", range: begin.upperBound..<text.endIndex) else { continue }
            if let key = try? P256.Signing.PrivateKey(pemRepresentation: String(text[begin.lowerBound..<end.upperBound])) {
                return key
            }
        }
        throw .invalid("the \(file.source) file \(file.value) holds no P-256 private key in PEM (SEC1 \"EC PRIVATE KEY\" or PKCS#8 "
            + "\"PRIVATE KEY\"); make one with: openssl ecparam -name prime256v1 -genkey -noout -out provider.pem")
    }

    /// The claim template, read and checked.
    private static func template(file: SettingValue) throws(ConfigurationError) -> ReaderTokenClaimTemplate {
        guard let data = FileManager.default.contents(atPath: file.value) else {
            throw .invalid("cannot read the \(file.source) file \(file.value): give the path of the JSON claim template")
        }
        do {
            return try ReaderTokenClaimTemplate(json: data)
        } catch {
            throw .invalid("the \(file.source) file \(file.value) \(error.description); fix the template")
        }
    }
}
