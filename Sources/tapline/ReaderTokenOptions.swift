import ArgumentParser
import Gateway

/// `tapline serve`'s choice of reader tokens: Tapline's own (the simulated reader), signed
/// with the payment service provider's key and claims, or fetched from the provider's token
/// service (both for Apple's reader on an iPhone).
struct ReaderTokenOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.readerTokens.key), help: ArgumentHelp(ServerSetting.readerTokens.help))
    var mode: String?

    @Option(name: .customLong(ServerSetting.readerTokenKey.key), help: ArgumentHelp(ServerSetting.readerTokenKey.help))
    var keyFile: String?

    @Option(name: .customLong(ServerSetting.readerTokenKeyId.key), help: ArgumentHelp(ServerSetting.readerTokenKeyId.help))
    var keyId: String?

    @Option(name: .customLong(ServerSetting.readerTokenIssuer.key), help: ArgumentHelp(ServerSetting.readerTokenIssuer.help))
    var issuer: String?

    @Option(name: .customLong(ServerSetting.readerTokenClaims.key), help: ArgumentHelp(ServerSetting.readerTokenClaims.help))
    var claimsFile: String?

    @Option(name: .customLong(ServerSetting.readerTokenService.key), help: ArgumentHelp(ServerSetting.readerTokenService.help))
    var service: String?

    @Option(name: .customLong(ServerSetting.readerTokenServiceCert.key), help: ArgumentHelp(ServerSetting.readerTokenServiceCert.help))
    var serviceCert: String?

    @Option(name: .customLong(ServerSetting.readerTokenServiceKey.key), help: ArgumentHelp(ServerSetting.readerTokenServiceKey.help))
    var serviceKey: String?

    @Option(name: .customLong(ServerSetting.readerTokenServiceCA.key), help: ArgumentHelp(ServerSetting.readerTokenServiceCA.help))
    var serviceCA: String?

    @Option(name: .customLong(ServerSetting.readerTokenServiceTimeout.key), help: ArgumentHelp(ServerSetting.readerTokenServiceTimeout.help))
    var serviceTimeout: Int?

    /// These flags into `overrides`.
    func apply(to overrides: inout ConfigurationOverrides) {
        overrides.readerTokens = mode
        overrides.readerTokenKeyFile = keyFile
        overrides.readerTokenKeyId = keyId
        overrides.readerTokenIssuer = issuer
        overrides.readerTokenClaimsFile = claimsFile
        overrides.readerTokenService = service
        overrides.readerTokenServiceCert = serviceCert
        overrides.readerTokenServiceKey = serviceKey
        overrides.readerTokenServiceCA = serviceCA
        overrides.readerTokenServiceTimeout = serviceTimeout
    }
}
