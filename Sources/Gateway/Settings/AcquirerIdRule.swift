/// What an acquirer id in the payment settings may be: ISO 8583 sends both ids as fixed
/// `ans` fields (41, the terminal id, 8 characters; 42, the merchant id, 15), so each is 1 to
/// that many printable ASCII characters (0x20–0x7E). The link pads a shorter id with spaces,
/// so an id may not end with one: "T1 " would go out as the same terminal as "T1", and the
/// two would count STANs apart on one terminal.
enum AcquirerIdRule {
    case merchant
    case terminal

    /// The settings field (API and error `field`).
    var field: String {
        switch self {
        case .merchant: "acquirerMerchantId"
        case .terminal: "acquirerTerminalId"
        }
    }

    /// The ISO 8583 field the id travels in.
    var isoField: Int {
        switch self {
        case .merchant: 42
        case .terminal: 41
        }
    }

    var maxLength: Int {
        switch self {
        case .merchant: 15
        case .terminal: 8
        }
    }

    /// Refuses `value` with a 400 naming the field and what is wrong with it. The value itself
    /// is never repeated: it may be huge or hold control characters.
    func check(_ value: String) throws {
        if let problem = problem(with: value) {
            throw GatewayFailure.invalid(field, problem)
        }
    }

    /// Why `value` cannot be sent, or nil when it can.
    func problem(with value: String) -> String? {
        let rule = "\(field) must be 1 to \(maxLength) printable ASCII characters (ISO 8583 field \(isoField)), or null to clear it"
        guard !value.isEmpty else { return "\(rule); it is empty" }
        // Scalars, not Characters: "\r\n" is one Character, and "e" with a combining accent too.
        for (offset, scalar) in value.unicodeScalars.enumerated() where !(0x20...0x7E).contains(scalar.value) {
            return "\(rule); character \(offset + 1) is U+\(Self.hex(scalar.value)), which is not printable ASCII (0x20 to 0x7E)"
        }
        let length = value.utf8.count
        guard length <= maxLength else { return "\(rule); it has \(length)" }
        guard value.last != " " else {
            return "\(field) must not end with a space: field \(isoField) is padded with spaces, so it would be the same id without it"
        }
        return nil
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
