import CardData
import Foundation

extension ConfigurationOverrides {
    /// The seconds a decryption-service exchange may take, when not given.
    static let cardDataServiceDefaultTimeout = 5

    /// The card-data mode from `card-data`, with the decryption
    /// service's endpoint when it is `remote`, its TLS files read now so a mistake stops the
    /// start, not the first tap. `pass-through` needs the acquirer link (`processor`): the
    /// simulator cannot open card data. Each refusal is one line naming the setting and the fix.
    func cardDataMode(_ sources: SettingSources, processor: ProcessorChoice) throws(ConfigurationError) -> CardDataMode {
        let mode = sources.lookup(.cardData)
        let service = sources.lookup(.cardDataService)
        let cert = sources.lookup(.cardDataServiceCert)
        let key = sources.lookup(.cardDataServiceKey)
        let ca = sources.lookup(.cardDataServiceCA)
        let timeout = sources.lookup(.cardDataServiceTimeout)
        let pinKey = sources.lookup(.cardDataServicePINKey)
        switch mode?.value ?? "tapline" {
        case let local where local == "tapline" || local == "pass-through":
            if let stray = [service, cert, key, ca, timeout, pinKey].compactMap({ $0 }).first {
                throw .invalid("\(stray.source) applies only to --card-data remote: add --card-data remote, or remove \(stray.source)")
            }
            guard local == "pass-through" else { return .tapline }
            guard processor.network != nil else {
                throw .invalid("\(mode?.source ?? "--card-data") pass-through sends card data unopened to an acquirer that decrypts it: "
                    + "add --processor iso8583://host:port, or use --card-data tapline with the simulator")
            }
            return .passThrough
        case "remote":
            guard let service, !service.value.isEmpty else {
                throw .invalid("--card-data remote needs --card-data-service URL (env TAPLINE_CARD_DATA_SERVICE): the https URL of the "
                    + "provider's decryption service (to try one: python3 samples/decryption_service.py)")
            }
            var seconds = Self.cardDataServiceDefaultTimeout
            if let timeout {
                guard let value = Int(timeout.value), (1...60).contains(value) else {
                    throw .invalid("\(timeout.source) must be whole seconds from 1 to 60, not '\(timeout.value)'")
                }
                seconds = value
            }
            return .remote(try ProviderServiceEndpoint(
                url: service.value, clientCertificateFile: cert?.value, clientKeyFile: key?.value, caFile: ca?.value,
                timeout: .seconds(seconds), flag: "--card-data-service"),
                pinKey: try pinKey.map { file throws(ConfigurationError) in try Self.cardDataServicePINKey(file: file.value, source: file.source) })
        case let other:
            throw .invalid("\(mode?.source ?? "--card-data") must be tapline, remote or pass-through, not '\(other)'")
        }
    }

    /// The triple-DES PIN key the decryption service enciphers the PINs it answers under, from
    /// a file of 32 or 48 hex digits (double- or triple-length). Refusals never echo the key.
    private static func cardDataServicePINKey(file: String, source flag: String) throws(ConfigurationError) -> TripleDESKey {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw .invalid("cannot read \(flag) \(file): give the file holding the PIN key shared with the decryption service in hex")
        }
        let hex = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard hex.count == 32 || hex.count == 48, let bytes = Hex.bytes(hex), let key = try? TripleDESKey(bytes) else {
            throw .invalid("\(flag) \(file) must hold 32 or 48 hex digits (a double- or triple-length triple-DES key shared with the decryption service)")
        }
        return key
    }
}
