/// Which acquirer link takes a new payment: the first routing rule it meets, else the link
/// its merchant is assigned to, else the default link. Follow-ups never come here: they go
/// to their payment's own link.
public struct AcquirerRouting: Sendable, Equatable {
    /// The link of a payment no rule and no assignment names.
    public var defaultLink: String
    /// Merchant id → link name.
    public var assignments: [String: String]
    /// In the file's order; the first that matches wins.
    public var routes: [AcquirerRoute]

    public init(defaultLink: String, assignments: [String: String] = [:], routes: [AcquirerRoute] = []) {
        self.defaultLink = defaultLink
        self.assignments = assignments
        self.routes = routes
    }

    func link(for facts: RouteFacts) -> String {
        routes.first { $0.matches(facts) }?.link ?? assignments[facts.merchantId] ?? defaultLink
    }
}
