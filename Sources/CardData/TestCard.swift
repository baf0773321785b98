/// One card of the simulator's test-card table.
public struct TestCard: Sendable, Equatable {
    /// The card number, digits only. Test numbers are public, so unlike a real PAN this
    /// one may be printed.
    public let pan: String
    public let brand: CardBrand
    public let behaviour: TestCardBehaviour
    /// One line for the README and the demo ("declined 51 insufficient funds").
    public let summary: String

    public init(pan: String, brand: CardBrand, behaviour: TestCardBehaviour, summary: String) {
        self.pan = pan
        self.brand = brand
        self.behaviour = behaviour
        self.summary = summary
    }

    /// The PAN in groups as printed on the card ("4242 4242 4242 4242", Amex "3782 822463 10005").
    public var formattedPAN: String {
        let groups = pan.count == 15 ? [4, 6, 5] : Array(repeating: 4, count: (pan.count + 3) / 4)
        var rest = Substring(pan)
        var parts: [Substring] = []
        for size in groups where !rest.isEmpty {
            parts.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return parts.joined(separator: " ")
    }
}
