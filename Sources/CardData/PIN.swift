/// A cardholder PIN in transit to the processor, for single tap and PIN.
///
/// Like ``KeyedCard`` it never prints its digits and is not `Codable`: a PIN is verified
/// and forgotten, never logged or stored.
public struct PIN: Equatable, Sendable {
    /// The PIN's digits. Never log or store them.
    public let digits: String

    /// 4 to 12 ASCII digits, as ISO 9564 allows.
    public init(_ digits: String) throws(CardDataError) {
        let isDigits = digits.allSatisfy { $0.isASCII && $0.isNumber }
        guard isDigits, (4...12).contains(digits.count) else { throw .invalidPIN }
        self.digits = digits
    }
}

extension PIN: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "PIN(****)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
