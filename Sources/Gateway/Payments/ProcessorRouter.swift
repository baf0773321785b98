import Processing
import Storage

/// The processors a gateway sends to, and which one takes each request: a new payment by the
/// routing rules, with failover while its link has no connection signed on; everything on an
/// existing payment (follow-ups, PIN tries, recovery, reconciliation) by the payment's own
/// `processorId`, never elsewhere (docs/iso8583.md "Several acquirers").
struct ProcessorRouter: Sendable {
    /// A processor with the name the rules, logs and `/ready` use.
    struct Link: Sendable {
        let name: String
        let gateway: ProcessorGateway
        let failover: String?
    }

    /// The default link first.
    let links: [Link]
    let routing: AcquirerRouting

    /// One processor, which takes everything (the simulator, or the one link of `--processor`).
    init(single gateway: ProcessorGateway, name: String = "processor") {
        links = [Link(name: name, gateway: gateway, failover: nil)]
        routing = AcquirerRouting(defaultLink: name)
    }

    /// The dependencies' acquirer links when there are any, else their one processor; each
    /// call bounded by `timeout`.
    init(_ dependencies: GatewayDependencies, timeout: Duration) {
        guard let network = dependencies.acquirers else {
            self.init(single: ProcessorGateway(
                processor: dependencies.processor, timeout: timeout, metrics: dependencies.metrics, tracer: dependencies.tracing.tracer))
            return
        }
        self.init(links: network.links.map {
            Link(name: $0.name, gateway: ProcessorGateway(
                processor: $0.processor, timeout: timeout, metrics: dependencies.metrics, tracer: dependencies.tracing.tracer), failover: $0.failover)
        }, routing: network.routing)
    }

    /// Several links, the routing's default first (as ``AcquirerNetwork`` orders them).
    init(links: [Link], routing: AcquirerRouting) {
        self.links = links
        self.routing = routing
    }

    /// The default processor: settings show it, and a payment of a processor this gateway no
    /// longer runs is sent to it.
    var primary: ProcessorGateway { links[0].gateway }

    var identities: [ProcessorIdentity] { links.map(\.gateway.identity) }

    /// The processor a merchant's payments go to unless a rule sends them elsewhere: its
    /// assigned link, else the default.
    func assigned(merchantId: String) -> ProcessorIdentity {
        let name = routing.assignments[merchantId] ?? routing.defaultLink
        return (links.first { $0.name == name } ?? links[0]).gateway.identity
    }

    /// The processor of an existing payment: its own, or ``primary`` for an id this gateway
    /// does not run (a payment made before its configuration changed).
    func gateway(for processorId: String?) -> ProcessorGateway {
        links.first { $0.gateway.identity.id == processorId }?.gateway ?? primary
    }

    /// The processor of the merchant's payment `id`, read before anything is written (no read
    /// with one processor). An unknown payment gets ``primary``: phase 1 then answers 404.
    func gateway(forPayment id: String, merchantId: String, store: any Store) async throws -> ProcessorGateway {
        guard links.count > 1 else { return primary }
        return gateway(for: try await store.read { try await $0.transaction(id: id, merchantId: merchantId) }?.processorId)
    }

    /// The processor a new payment goes to. `named` is the `paymentProcessorId` the request
    /// gave, which takes it there or nowhere. Otherwise the routing rules choose, and when the
    /// chosen link has no connection signed on its failover takes the payment: nothing has
    /// been sent, so nothing can be charged twice.
    /// - Throws: `GatewayFailure.processorUnreachable` when neither can be reached.
    func route(_ facts: RouteFacts, named: String? = nil) async throws -> ProcessorGateway {
        if let named {
            let gateway = gateway(for: named)
            try await gateway.requireReachable()
            return gateway
        }
        let name = links.count == 1 ? links[0].name : routing.link(for: facts)
        guard let chosen = links.first(where: { $0.name == name }) else { return primary }
        if await chosen.gateway.isReachable { return chosen.gateway }
        if let failover = chosen.failover, let secondary = links.first(where: { $0.name == failover }),
           await secondary.gateway.isReachable {
            return secondary.gateway
        }
        throw GatewayFailure.processorUnreachable(reason: nil)
    }

    /// Each link by name, and whether it has a connection signed on.
    func states() async -> [(name: String, up: Bool)] {
        var states: [(name: String, up: Bool)] = []
        for link in links { states.append((link.name, await link.gateway.isReachable)) }
        return states
    }

    /// Whether any link has a connection signed on.
    var anyReachable: Bool {
        get async {
            for link in links where await link.gateway.isReachable { return true }
            return false
        }
    }

    /// Ready when every new payment has somewhere to go: the default link or its failover is up.
    var isReady: Bool {
        get async {
            if await primary.isReachable { return true }
            guard let failover = links[0].failover, let secondary = links.first(where: { $0.name == failover }) else { return false }
            return await secondary.gateway.isReachable
        }
    }
}
