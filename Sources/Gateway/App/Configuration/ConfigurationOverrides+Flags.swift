/// The flags as typed properties, for the command line and tests; each reads and writes the
/// flag's text in ``ConfigurationOverrides/flags``. A number is kept as its digits and checked
/// with the same words as one from the environment or the file.
extension ConfigurationOverrides {
    public var host: String? { get { self[.host] } set { self[.host] = newValue } }
    public var port: Int? { get { self[.port].flatMap { Int($0) } } set { self[.port] = newValue.map(String.init) } }
    public var databasePath: String? { get { self[.database] } set { self[.database] = newValue } }
    public var keysPath: String? { get { self[.keys] } set { self[.keys] = newValue } }
    public var logLevel: String? { get { self[.logLevel] } set { self[.logLevel] = newValue } }
    public var logFormat: String? { get { self[.logFormat] } set { self[.logFormat] = newValue } }
    public var readerTokenLifetime: Int? { get { self[.readerTokenLifetime].flatMap { Int($0) } } set { self[.readerTokenLifetime] = newValue.map(String.init) } }
    public var pinMaxAttempts: Int? { get { self[.pinMaxAttempts].flatMap { Int($0) } } set { self[.pinMaxAttempts] = newValue.map(String.init) } }
    public var pinWindow: Int? { get { self[.pinWindow].flatMap { Int($0) } } set { self[.pinWindow] = newValue.map(String.init) } }
    public var webhookTimeout: Int? { get { self[.webhookTimeout].flatMap { Int($0) } } set { self[.webhookTimeout] = newValue.map(String.init) } }
    public var drainTimeout: Int? { get { self[.drainTimeout].flatMap { Int($0) } } set { self[.drainTimeout] = newValue.map(String.init) } }
    public var metricsPort: Int? { get { self[.metricsPort].flatMap { Int($0) } } set { self[.metricsPort] = newValue.map(String.init) } }
    public var otlpEndpoint: String? { get { self[.otlpEndpoint] } set { self[.otlpEndpoint] = newValue } }
    public var otlpProtocol: String? { get { self[.otlpProtocol] } set { self[.otlpProtocol] = newValue } }
    public var databaseURL: String? { get { self[.databaseURL] } set { self[.databaseURL] = newValue } }
    public var databasePoolSize: Int? { get { self[.databasePoolSize].flatMap { Int($0) } } set { self[.databasePoolSize] = newValue.map(String.init) } }
    public var masterKeyFile: String? { get { self[.masterKeyFile] } set { self[.masterKeyFile] = newValue } }
    public var configFile: String? { get { self[.config] } set { self[.config] = newValue } }
    public var processor: String? { get { self[.processor] } set { self[.processor] = newValue } }
    public var acquirerConnections: Int? { get { self[.acquirerConnections].flatMap { Int($0) } } set { self[.acquirerConnections] = newValue.map(String.init) } }
    public var acquirerResponseTimeout: Int? { get { self[.acquirerResponseTimeout].flatMap { Int($0) } } set { self[.acquirerResponseTimeout] = newValue.map(String.init) } }
    public var acquirerEchoInterval: Int? { get { self[.acquirerEchoInterval].flatMap { Int($0) } } set { self[.acquirerEchoInterval] = newValue.map(String.init) } }
    public var acquirerTLSCA: String? { get { self[.acquirerTLSCA] } set { self[.acquirerTLSCA] = newValue } }
    public var acquirerTLSCert: String? { get { self[.acquirerTLSCert] } set { self[.acquirerTLSCert] = newValue } }
    public var acquirerTLSKey: String? { get { self[.acquirerTLSKey] } set { self[.acquirerTLSKey] = newValue } }
    public var acquirerTLSPin: String? { get { self[.acquirerTLSPin] } set { self[.acquirerTLSPin] = newValue } }
    public var zonePINKeyFile: String? { get { self[.zonePINKeyFile] } set { self[.zonePINKeyFile] = newValue } }
    public var acquirerMACKeyFile: String? { get { self[.acquirerMACKeyFile] } set { self[.acquirerMACKeyFile] = newValue } }
    public var acquirerZoneMasterKeyFile: String? { get { self[.acquirerZoneMasterKeyFile] } set { self[.acquirerZoneMasterKeyFile] = newValue } }
    public var acquirerKeyExchangeInterval: Int? { get { self[.acquirerKeyExchangeInterval].flatMap { Int($0) } } set { self[.acquirerKeyExchangeInterval] = newValue.map(String.init) } }
    public var acquirersFile: String? { get { self[.acquirers] } set { self[.acquirers] = newValue } }
    public var readerTokens: String? { get { self[.readerTokens] } set { self[.readerTokens] = newValue } }
    public var readerTokenKeyFile: String? { get { self[.readerTokenKey] } set { self[.readerTokenKey] = newValue } }
    public var readerTokenKeyId: String? { get { self[.readerTokenKeyId] } set { self[.readerTokenKeyId] = newValue } }
    public var readerTokenIssuer: String? { get { self[.readerTokenIssuer] } set { self[.readerTokenIssuer] = newValue } }
    public var readerTokenClaimsFile: String? { get { self[.readerTokenClaims] } set { self[.readerTokenClaims] = newValue } }
    public var readerTokenService: String? { get { self[.readerTokenService] } set { self[.readerTokenService] = newValue } }
    public var readerTokenServiceCert: String? { get { self[.readerTokenServiceCert] } set { self[.readerTokenServiceCert] = newValue } }
    public var readerTokenServiceKey: String? { get { self[.readerTokenServiceKey] } set { self[.readerTokenServiceKey] = newValue } }
    public var readerTokenServiceCA: String? { get { self[.readerTokenServiceCA] } set { self[.readerTokenServiceCA] = newValue } }
    public var readerTokenServiceTimeout: Int? { get { self[.readerTokenServiceTimeout].flatMap { Int($0) } } set { self[.readerTokenServiceTimeout] = newValue.map(String.init) } }
    public var cardData: String? { get { self[.cardData] } set { self[.cardData] = newValue } }
    public var cardDataService: String? { get { self[.cardDataService] } set { self[.cardDataService] = newValue } }
    public var cardDataServiceCert: String? { get { self[.cardDataServiceCert] } set { self[.cardDataServiceCert] = newValue } }
    public var cardDataServiceKey: String? { get { self[.cardDataServiceKey] } set { self[.cardDataServiceKey] = newValue } }
    public var cardDataServiceCA: String? { get { self[.cardDataServiceCA] } set { self[.cardDataServiceCA] = newValue } }
    public var cardDataServiceTimeout: Int? { get { self[.cardDataServiceTimeout].flatMap { Int($0) } } set { self[.cardDataServiceTimeout] = newValue.map(String.init) } }
    public var cardDataServicePINKey: String? { get { self[.cardDataServicePINKey] } set { self[.cardDataServicePINKey] = newValue } }
}
