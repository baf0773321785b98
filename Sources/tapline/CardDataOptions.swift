import ArgumentParser
import Gateway

/// `tapline serve`'s choice of how card data is opened: Tapline's own JWE (the simulated
/// reader), or the payment service provider's decryption service (Apple's reader on an iPhone).
struct CardDataOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.cardData.key), help: ArgumentHelp(ServerSetting.cardData.help))
    var mode: String?

    @Option(name: .customLong(ServerSetting.cardDataService.key), help: ArgumentHelp(ServerSetting.cardDataService.help))
    var service: String?

    @Option(name: .customLong(ServerSetting.cardDataServiceCert.key), help: ArgumentHelp(ServerSetting.cardDataServiceCert.help))
    var certificateFile: String?

    @Option(name: .customLong(ServerSetting.cardDataServiceKey.key), help: ArgumentHelp(ServerSetting.cardDataServiceKey.help))
    var keyFile: String?

    @Option(name: .customLong(ServerSetting.cardDataServiceCA.key), help: ArgumentHelp(ServerSetting.cardDataServiceCA.help))
    var caFile: String?

    @Option(name: .customLong(ServerSetting.cardDataServiceTimeout.key), help: ArgumentHelp(ServerSetting.cardDataServiceTimeout.help))
    var timeout: Int?

    @Option(name: .customLong(ServerSetting.cardDataServicePINKey.key), help: ArgumentHelp(ServerSetting.cardDataServicePINKey.help))
    var pinKeyFile: String?

    /// These flags into `overrides`.
    func apply(to overrides: inout ConfigurationOverrides) {
        overrides.cardData = mode
        overrides.cardDataService = service
        overrides.cardDataServiceCert = certificateFile
        overrides.cardDataServiceKey = keyFile
        overrides.cardDataServiceCA = caFile
        overrides.cardDataServiceTimeout = timeout
        overrides.cardDataServicePINKey = pinKeyFile
    }
}
