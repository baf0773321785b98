/// A range of card numbers by their first digits, as a routing rule names it: `"4"`,
/// `"411111"`, or `"510000-559999"` (both ends the same length, 1 to 8 digits). A card
/// matches when its first as many digits lie in the range.
public struct BINRange: Sendable, Equatable, CustomStringConvertible {
    public let low: String
    public let high: String

    /// Nil for anything but 1 to 8 digits, or two such of one length joined by `-` with the
    /// lower first.
    public init?(_ text: String) {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 1 || ends.count == 2,
              ends.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              ends[0].count == ends[ends.count - 1].count, ends[0] <= ends[ends.count - 1] else { return nil }
        low = ends[0]
        high = ends[ends.count - 1]
    }

    /// Whether a card whose number starts with `prefix` lies in the range. Digit strings of
    /// one length compare as numbers.
    func contains(prefix: String) -> Bool {
        guard prefix.count >= low.count else { return false }
        let head = String(prefix.prefix(low.count))
        return low <= head && head <= high
    }

    public var description: String { low == high ? low : "\(low)-\(high)" }
}
