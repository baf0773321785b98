import Processing

/// How the ISO 8583 processor talks to its acquirer, apart from the connection itself.
public struct ISO8583ProcessorConfiguration: Sendable {
    /// How long a request waits for its response before it is reversed.
    public var responseTimeout: Duration
    /// Field 32 of every financial request and of field 90, when the acquirer wants it.
    public var acquiringInstitutionId: String?
    /// How many transaction ids the processor remembers (decisions for repeats and lookup,
    /// the last request for a reversal); the oldest is forgotten first.
    public var memoryCapacity: Int
    /// STANs reserved per durable write.
    public var traceBlockSize: Int
    /// The id and name merchants see for this link: ``ProcessorIdentity/iso8583Acquirer`` for
    /// the one link of `--processor`, a named link's own with several (docs/iso8583.md,
    /// "Several acquirers").
    public var identity: ProcessorIdentity = .iso8583Acquirer

    public init(responseTimeout: Duration = .seconds(30), acquiringInstitutionId: String? = nil,
                memoryCapacity: Int = 20_000, traceBlockSize: Int = 100) {
        self.responseTimeout = responseTimeout
        self.acquiringInstitutionId = acquiringInstitutionId
        self.memoryCapacity = memoryCapacity
        self.traceBlockSize = traceBlockSize
    }
}
