import ArgumentParser
import Gateway

/// Every setting `tapline serve` takes as a flag, shared by `serve` and `tapline config print`.
/// Each flag's name and help come from ``ServerSetting`` (the README's table does too).
struct ServeOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.host.key), help: ArgumentHelp(ServerSetting.host.help))
    var host: String?

    @Option(name: .customLong(ServerSetting.port.key), help: ArgumentHelp(ServerSetting.port.help))
    var port: Int?

    @Option(name: .customLong(ServerSetting.logFormat.key), help: ArgumentHelp(ServerSetting.logFormat.help))
    var logFormat: String?

    @Option(name: .customLong(ServerSetting.readerTokenLifetime.key), help: ArgumentHelp(ServerSetting.readerTokenLifetime.help))
    var readerTokenLifetime: Int?

    @Option(name: .customLong(ServerSetting.pinMaxAttempts.key), help: ArgumentHelp(ServerSetting.pinMaxAttempts.help))
    var pinMaxAttempts: Int?

    @Option(name: .customLong(ServerSetting.pinWindow.key), help: ArgumentHelp(ServerSetting.pinWindow.help))
    var pinWindow: Int?

    @Option(name: .customLong(ServerSetting.webhookTimeout.key), help: ArgumentHelp(ServerSetting.webhookTimeout.help))
    var webhookTimeout: Int?

    @Option(name: .customLong(ServerSetting.drainTimeout.key), help: ArgumentHelp(ServerSetting.drainTimeout.help))
    var drainTimeout: Int?

    @Option(name: .customLong(ServerSetting.metricsPort.key), help: ArgumentHelp(ServerSetting.metricsPort.help))
    var metricsPort: Int?

    @Option(name: .customLong(ServerSetting.tlsCertificate.key), help: ArgumentHelp(ServerSetting.tlsCertificate.help))
    var tlsCertificate: String?

    @Option(name: .customLong(ServerSetting.tlsKey.key), help: ArgumentHelp(ServerSetting.tlsKey.help))
    var tlsKey: String?

    @Option(name: .customLong(ServerSetting.tlsClientCA.key), help: ArgumentHelp(ServerSetting.tlsClientCA.help))
    var tlsClientCA: String?

    @Option(name: .customLong(ServerSetting.otlpEndpoint.key), help: ArgumentHelp(ServerSetting.otlpEndpoint.help))
    var otlpEndpoint: String?

    @Option(name: .customLong(ServerSetting.otlpProtocol.key), help: ArgumentHelp(ServerSetting.otlpProtocol.help))
    var otlpProtocol: String?

    @OptionGroup var store: StoreOptions

    @OptionGroup(title: "Acquirer") var acquirer: AcquirerOptions

    @OptionGroup(title: "Reader tokens") var readerTokens: ReaderTokenOptions

    @OptionGroup(title: "Card data") var cardData: CardDataOptions

    /// All the flags as overrides.
    var overrides: ConfigurationOverrides {
        var overrides = store.overrides
        overrides.host = host
        overrides.port = port
        overrides.logFormat = logFormat
        overrides.readerTokenLifetime = readerTokenLifetime
        overrides.pinMaxAttempts = pinMaxAttempts
        overrides.pinWindow = pinWindow
        overrides.webhookTimeout = webhookTimeout
        overrides.drainTimeout = drainTimeout
        overrides.metricsPort = metricsPort
        overrides[.tlsCertificate] = tlsCertificate
        overrides[.tlsKey] = tlsKey
        overrides[.tlsClientCA] = tlsClientCA
        overrides.otlpEndpoint = otlpEndpoint
        overrides.otlpProtocol = otlpProtocol
        acquirer.apply(to: &overrides)
        readerTokens.apply(to: &overrides)
        cardData.apply(to: &overrides)
        return overrides
    }
}
