/// Which processor a gateway sends payments to, as merchants see it (ARISE
/// `PaymentProcessor` in the payment settings, `paymentProcessorId` on a payment). The ids
/// are part of the API: stable, never reused.
public struct ProcessorIdentity: Sendable, Equatable, Hashable {
    /// A UUID, lowercase.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The built-in simulated processor.
    public static let simulator = ProcessorIdentity(id: "b7e3c9a2-5d14-4f6e-8a21-3c9d0e7f4a58", name: "Tapline Simulator")
    /// An acquirer host over ISO 8583 (`--processor iso8583://host:port`).
    public static let iso8583Acquirer = ProcessorIdentity(id: "5c0e6d3b-8f27-4a19-b6d4-2e91f7a0c843", name: "ISO 8583 acquirer")

    /// Every processor Tapline has, to name a stored payment's processor by its id.
    public static let all: [ProcessorIdentity] = [.simulator, .iso8583Acquirer]

    /// The processor with `id`, nil for an id Tapline never gave.
    public static func named(id: String) -> ProcessorIdentity? {
        all.first { $0.id == id }
    }
}
