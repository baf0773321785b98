import ArgumentParser

/// `tapline serve`'s choice of processor: the simulator, or an acquirer host over ISO 8583.
struct AcquirerOptions: ParsableArguments {
    @Option(help: "simulator, or an acquirer host: iso8583://host:port (env TAPLINE_PROCESSOR, default simulator).")
    var processor: String?

    @Option(name: .customLong("acquirer-connections"), help: "Connections kept open to the acquirer host (env TAPLINE_ACQUIRER_CONNECTIONS, default 2).")
    var acquirerConnections: Int?

    @Option(name: .customLong("zone-pin-key-file"), help: "File with the zone PIN key shared with the acquirer, 32 or 48 hex digits (env TAPLINE_ZONE_PIN_KEY with the key itself).")
    var zonePINKeyFile: String?
}
