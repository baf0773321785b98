/// An ABA routing transit number: nine digits whose weighted sum (3, 7, 1 repeated) is a
/// multiple of ten, which catches every single mistyped digit and most swapped pairs.
public struct RoutingNumber: Sendable, Equatable, Codable, CustomStringConvertible {
    public let digits: String

    /// Nil unless `text` is nine ASCII digits with a good check digit.
    public init?(_ text: String) {
        guard text.utf8.count == 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let values = text.utf8.map { Int($0) - 48 }
        let weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
        guard zip(values, weights).reduce(0, { $0 + $1.0 * $1.1 }) % 10 == 0 else { return nil }
        digits = text
    }

    /// A routing number is public (it names the bank), so it prints in full.
    public var description: String { digits }
}
