import Foundation

/// The protected header of a card-data JWE, as checked by `CompactJWE.open`: by the time a
/// header exists it is ECDH-ES with A256GCM, names a key and carries an ephemeral key.
public struct JWEHeader: Sendable, Equatable {
    /// `alg`, always `ECDH-ES`.
    public let algorithm: String
    /// `enc`, always `A256GCM`.
    public let encryption: String
    /// `kid`: the gateway key the payload was sealed to.
    public let keyId: String
    /// `epk`: the sender's one-time public key.
    public let ephemeralKey: ECPublicJWK
    /// `apu`, decoded; nil when absent.
    public let partyUInfo: Data?
    /// `apv`, decoded; nil when absent.
    public let partyVInfo: Data?
    /// The other string-valued fields (`typ`, `cty`, the caller's own); fields of other
    /// types are ignored, as RFC 7516 asks of parameters a recipient does not understand.
    public let extra: [String: String]

    /// Names the JWE sets itself, or that would change how it is opened; callers cannot
    /// pass them as extra fields.
    static let reservedNames: Set<String> = ["alg", "enc", "kid", "epk", "apu", "apv", "crit", "zip"]

    init(keyId: String, ephemeralKey: ECPublicJWK, extra: [String: String]) {
        algorithm = CompactJWE.algorithm
        encryption = CompactJWE.encryption
        self.keyId = keyId
        self.ephemeralKey = ephemeralKey
        partyUInfo = nil
        partyVInfo = nil
        self.extra = extra
    }

    /// Parses and checks a decoded header segment. The checks run in a fixed order (crit,
    /// alg, enc, zip, kid, epk) so each malformed input has one, predictable error.
    static func parse(_ json: Data) throws(SealedDataError) -> JWEHeader {
        guard let object = try? JSONSerialization.jsonObject(with: json),
              let fields = object as? [String: Any] else { throw .malformedHeader }
        guard fields["crit"] == nil else { throw .unsupportedCritical }
        guard let alg = fields["alg"] as? String else { throw .malformedHeader }
        guard alg == CompactJWE.algorithm else { throw .unsupportedAlgorithm(SealedDataError.clipped(alg)) }
        guard let enc = fields["enc"] as? String else { throw .malformedHeader }
        guard enc == CompactJWE.encryption else { throw .unsupportedEncryption(SealedDataError.clipped(enc)) }
        if let zip = fields["zip"] {
            throw .unsupportedCompression(SealedDataError.clipped(zip as? String ?? "?"))
        }
        guard let kid = fields["kid"] as? String, !kid.isEmpty else {
            throw .unknownKey(SealedDataError.clipped(fields["kid"] as? String ?? ""))
        }
        guard let epk = fields["epk"] as? [String: Any],
              let kty = epk["kty"] as? String, let crv = epk["crv"] as? String,
              let x = epk["x"] as? String, let y = epk["y"] as? String,
              kty == "EC", crv == "P-256" else { throw .invalidEphemeralKey }
        return JWEHeader(
            algorithm: alg, encryption: enc, keyId: kid, ephemeralKey: ECPublicJWK(x: x, y: y),
            partyUInfo: try partyInfo(fields["apu"]), partyVInfo: try partyInfo(fields["apv"]),
            extra: fields.filter { !reservedNames.contains($0.key) }.compactMapValues { $0 as? String }
        )
    }

    private init(
        algorithm: String, encryption: String, keyId: String, ephemeralKey: ECPublicJWK,
        partyUInfo: Data?, partyVInfo: Data?, extra: [String: String]
    ) {
        self.algorithm = algorithm
        self.encryption = encryption
        self.keyId = keyId
        self.ephemeralKey = ephemeralKey
        self.partyUInfo = partyUInfo
        self.partyVInfo = partyVInfo
        self.extra = extra
    }

    private static func partyInfo(_ value: Any?) throws(SealedDataError) -> Data? {
        guard let value else { return nil }
        guard let text = value as? String, let data = Base64URL.decode(text) else { throw .malformedHeader }
        return data
    }

    /// The header as JSON in a fixed field order (alg, enc, kid, epk, apu, apv, then extra
    /// fields by name), so equal inputs seal to equal bytes and test vectors stay stable.
    var json: Data {
        var members = [
            ("alg", quoted(algorithm)), ("enc", quoted(encryption)), ("kid", quoted(keyId)),
            ("epk", "{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\(quoted(ephemeralKey.x)),\"y\":\(quoted(ephemeralKey.y))}"),
        ]
        if let partyUInfo { members.append(("apu", quoted(Base64URL.encode(partyUInfo)))) }
        if let partyVInfo { members.append(("apv", quoted(Base64URL.encode(partyVInfo)))) }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { members.append((name, quoted(value))) }
        let body = members.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",")
        return Data("{\(body)}".utf8)
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control characters escaped.
    private func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
