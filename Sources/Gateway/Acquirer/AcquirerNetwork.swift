import Foundation
import Logging
import ProcessingISO8583
import Storage
import Tracing

/// The acquirer links a gateway runs, with the routing among them: one for `--processor
/// iso8583://…`, several for `--acquirers FILE`. Each link runs its own connections and
/// forwarder; the gateway's ``ProcessorRouter`` chooses among their processors.
public struct AcquirerNetwork: Sendable {
    /// The default link first.
    public let links: [AcquirerLink]
    public let routing: AcquirerRouting

    public init(links: [AcquirerLink], routing: AcquirerRouting) {
        self.links = links.sorted { first, second in first.name == routing.defaultLink && second.name != routing.defaultLink }
        self.routing = routing
    }

    /// Every link of `settings`, on one store. `onStatusChange` hears each link's connections
    /// come up or go down, by the link's name. Their messages are spans of `tracer`.
    /// - Throws: `ConfigurationError` for a key that is not one, naming the link.
    public init(_ settings: AcquirerNetworkSettings, store: any Store, now: @escaping @Sendable () -> Date = Date.init,
                logger: Logger, tracer: any Tracer = NoOpTracer(),
                onStatusChange: @escaping @Sendable (String, ISO8583LinkStatus) -> Void = { _, _ in }) throws {
        var links: [AcquirerLink] = []
        for named in settings.links {
            do {
                links.append(try AcquirerLink(named, store: store, now: now, logger: logger, tracer: tracer) { onStatusChange(named.name, $0) })
            } catch let error as ConfigurationError where settings.links.count > 1 {
                throw ConfigurationError.invalid("acquirer link \(named.name): \(error)")
            }
        }
        self.init(links: links, routing: settings.routing)
    }

    /// The default link.
    public var primary: AcquirerLink { links[0] }
}
