import ArgumentParser
import Gateway

/// `tapline serve`'s choice of processor: the simulator, or an acquirer host over ISO 8583.
struct AcquirerOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.processor.key), help: ArgumentHelp(ServerSetting.processor.help))
    var processor: String?

    @Option(name: .customLong(ServerSetting.acquirerConnections.key), help: ArgumentHelp(ServerSetting.acquirerConnections.help))
    var acquirerConnections: Int?

    @Option(name: .customLong(ServerSetting.acquirerResponseTimeout.key), help: ArgumentHelp(ServerSetting.acquirerResponseTimeout.help))
    var acquirerResponseTimeout: Int?

    @Option(name: .customLong(ServerSetting.acquirerEchoInterval.key), help: ArgumentHelp(ServerSetting.acquirerEchoInterval.help))
    var acquirerEchoInterval: Int?

    @Option(name: .customLong(ServerSetting.acquirerTLSCA.key), help: ArgumentHelp(ServerSetting.acquirerTLSCA.help))
    var acquirerTLSCA: String?

    @Option(name: .customLong(ServerSetting.acquirerTLSCert.key), help: ArgumentHelp(ServerSetting.acquirerTLSCert.help))
    var acquirerTLSCert: String?

    @Option(name: .customLong(ServerSetting.acquirerTLSKey.key), help: ArgumentHelp(ServerSetting.acquirerTLSKey.help))
    var acquirerTLSKey: String?

    @Option(name: .customLong(ServerSetting.acquirerTLSPin.key), help: ArgumentHelp(ServerSetting.acquirerTLSPin.help))
    var acquirerTLSPin: String?

    @Option(name: .customLong(ServerSetting.zonePINKeyFile.key), help: ArgumentHelp(ServerSetting.zonePINKeyFile.help))
    var zonePINKeyFile: String?

    @Option(name: .customLong(ServerSetting.acquirerMACKeyFile.key), help: ArgumentHelp(ServerSetting.acquirerMACKeyFile.help))
    var acquirerMACKeyFile: String?

    @Option(name: .customLong(ServerSetting.acquirerZoneMasterKeyFile.key), help: ArgumentHelp(ServerSetting.acquirerZoneMasterKeyFile.help))
    var acquirerZoneMasterKeyFile: String?

    @Option(name: .customLong(ServerSetting.acquirerKeyExchangeInterval.key), help: ArgumentHelp(ServerSetting.acquirerKeyExchangeInterval.help))
    var acquirerKeyExchangeInterval: Int?

    @Option(name: .customLong(ServerSetting.acquirers.key), help: ArgumentHelp(ServerSetting.acquirers.help))
    var acquirers: String?

    /// These flags into `overrides`.
    func apply(to overrides: inout ConfigurationOverrides) {
        overrides.processor = processor
        overrides.acquirerConnections = acquirerConnections
        overrides.acquirerResponseTimeout = acquirerResponseTimeout
        overrides.acquirerEchoInterval = acquirerEchoInterval
        overrides.acquirerTLSCA = acquirerTLSCA
        overrides.acquirerTLSCert = acquirerTLSCert
        overrides.acquirerTLSKey = acquirerTLSKey
        overrides.acquirerTLSPin = acquirerTLSPin
        overrides.zonePINKeyFile = zonePINKeyFile
        overrides.acquirerMACKeyFile = acquirerMACKeyFile
        overrides.acquirerZoneMasterKeyFile = acquirerZoneMasterKeyFile
        overrides.acquirerKeyExchangeInterval = acquirerKeyExchangeInterval
        overrides.acquirersFile = acquirers
    }
}
