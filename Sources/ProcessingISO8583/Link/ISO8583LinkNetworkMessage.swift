import Foundation

/// The 0800 messages the link sends by itself (70 = the code): on each connection, sign-on
/// before any request, echo test when idle, sign-off at shutdown; on one connection, a key
/// request every key exchange interval. They carry no terminal id, so their answers are
/// matched by STAN alone.
enum ISO8583LinkNetworkMessage: String, Sendable, CustomStringConvertible {
    case signOn = "001"
    case echoTest = "301"
    case signOff = "002"
    /// The link asks for a new working key: no 125, the 0810's 125 carries the key block.
    case keyRequest = "161"

    /// The 0800 with 7 (UTC, `MMDDhhmmss`), 11 and 70.
    func request(stan: Int, at date: Date) -> ISO8583Message {
        ISO8583Message(mti: .networkManagementRequest, fields: [
            7: .text(Self.transmissionDateTime(date)),
            11: .text(String(stan)),
            70: .text(rawValue),
        ])
    }

    /// Whether `response` is the host's acceptance (39 = 00).
    static func accepted(_ response: ISO8583Message) -> Bool {
        response[field: 39]?.text == "00"
    }

    var description: String {
        switch self {
        case .signOn: return "sign-on"
        case .echoTest: return "echo test"
        case .signOff: return "sign-off"
        case .keyRequest: return "key request"
        }
    }

    /// `MMDDhhmmss` of `date` in UTC.
    static func transmissionDateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.month, .day, .hour, .minute, .second], from: date)
        return [parts.month, parts.day, parts.hour, parts.minute, parts.second]
            .map { value in
                let digits = String(value ?? 0)
                return digits.count < 2 ? "0" + digits : digits
            }
            .joined()
    }
}
