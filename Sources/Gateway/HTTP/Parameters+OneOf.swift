import Hummingbird

extension Parameters {
    /// The query parameter `name` as one of `E`'s raw values, nil when not sent; any other
    /// value is 400 naming the parameter and every value it takes.
    func oneOf<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type) throws -> E? where E.RawValue == String {
        guard let text = get(name) else { return nil }
        guard let value = E(rawValue: text) else {
            throw GatewayFailure.invalid(name, "\(name) must be one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
