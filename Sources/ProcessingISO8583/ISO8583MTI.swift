/// An ISO 8583:1987 message type indicator: four digits, version, class, function, origin
/// ("0100" authorization request, "0110" its response, "0400" reversal, "0800" network
/// management).
///
/// Only version 0 (1987) is accepted: the field table (``ISO8583FieldTable``) follows the
/// 1987 definitions, which later versions change, so a "1xxx" or "2xxx" message could not
/// be read correctly with it.
public struct ISO8583MTI: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The four digits, e.g. "0200".
    public let rawValue: String

    /// Nil unless `rawValue` is four ASCII digits starting with "0".
    public init?(rawValue: String) {
        let digits = Array(rawValue.utf8)
        guard digits.count == 4, digits.allSatisfy(ISO8583FieldFormat.isDigit), digits[0] == UInt8(ascii: "0") else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// Whether the function digit (the third) names a response: 1 (request response) or
    /// 3 (advice response), as in 0110, 0230, 0410, 0810.
    public var isResponse: Bool {
        let function = Array(rawValue.utf8)[2]
        return function == UInt8(ascii: "1") || function == UInt8(ascii: "3")
    }

    /// The type that answers this one (0100 → 0110, 0220 → 0230, 0401 → 0410), or nil for a
    /// response or a notification, which get no answer.
    public var responseType: ISO8583MTI? {
        var digits = Array(rawValue.utf8)
        switch digits[2] {
        // Request and advice get the function digit plus one; a repeat (origin 1) is
        // answered like the original, so the origin digit goes back to 0.
        case UInt8(ascii: "0"), UInt8(ascii: "2"):
            digits[2] += 1
            digits[3] = UInt8(ascii: "0")
            return ISO8583MTI(rawValue: String(decoding: digits, as: UTF8.self))
        default:
            return nil
        }
    }

    /// This type sent again: the origin digit (the fourth) set to 1, as 0400 → 0401 and
    /// 0220 → 0221. The host answers a repeat as it answered the first send, if it had it.
    public var repeated: ISO8583MTI {
        var digits = Array(rawValue.utf8)
        digits[3] = UInt8(ascii: "1")
        return ISO8583MTI(known: String(decoding: digits, as: UTF8.self))
    }

    /// The first send of this type: the origin digit set to 0 (0401 → 0400).
    public var firstSend: ISO8583MTI {
        var digits = Array(rawValue.utf8)
        digits[3] = UInt8(ascii: "0")
        return ISO8583MTI(known: String(decoding: digits, as: UTF8.self))
    }

    public var description: String { rawValue }

    /// For the constants below, whose digits are checked by the tests rather than at each use.
    private init(known digits: String) {
        rawValue = digits
    }

    public static let authorizationRequest = ISO8583MTI(known: "0100")
    public static let authorizationResponse = ISO8583MTI(known: "0110")
    public static let financialRequest = ISO8583MTI(known: "0200")
    public static let financialResponse = ISO8583MTI(known: "0210")
    public static let financialAdvice = ISO8583MTI(known: "0220")
    public static let financialAdviceRepeat = ISO8583MTI(known: "0221")
    public static let financialAdviceResponse = ISO8583MTI(known: "0230")
    public static let reversalRequest = ISO8583MTI(known: "0400")
    public static let reversalRequestRepeat = ISO8583MTI(known: "0401")
    public static let reversalResponse = ISO8583MTI(known: "0410")
    public static let reconciliationRequest = ISO8583MTI(known: "0500")
    public static let reconciliationResponse = ISO8583MTI(known: "0510")
    public static let networkManagementRequest = ISO8583MTI(known: "0800")
    public static let networkManagementResponse = ISO8583MTI(known: "0810")
}
