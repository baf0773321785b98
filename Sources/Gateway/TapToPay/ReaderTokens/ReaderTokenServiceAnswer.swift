import Foundation

/// The token service's answer: `{"token": "...", "expiresAt": "RFC 3339"}`. Other members
/// are ignored, so a provider may add its own (a key id, a trace id). A token that is empty,
/// too long, holds anything but printable ASCII (whitespace included), or an expiry that is
/// unreadable, past, or further off than ``RemoteReaderTokenSettings/maxTokenLifetime`` is
/// refused as garbage: the device is told the service is unavailable.
struct ReaderTokenServiceAnswer: Decodable {
    var token: String
    var expiresAt: String

    /// The token and its expiry from `body`, checked against `now` and `maxLength`; throws
    /// a reason that never repeats the token.
    static func issued(from body: Data, maxLength: Int, now: Date) throws(ReaderTokenServiceFailure) -> IssuedReaderToken {
        guard let answer = try? JSONDecoder().decode(Self.self, from: body) else {
            throw .garbage("answered something other than a JSON object with the strings token and expiresAt")
        }
        guard !answer.token.isEmpty, answer.token.utf8.count <= maxLength else {
            throw .garbage("answered a token that is empty or longer than \(maxLength) bytes")
        }
        guard answer.token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .garbage("answered a token with whitespace or characters other than printable ASCII")
        }
        guard let expiresAt = Self.date(answer.expiresAt) else {
            throw .garbage("answered an expiresAt that is not an RFC 3339 time")
        }
        guard expiresAt > now, expiresAt.timeIntervalSince(now) <= RemoteReaderTokenSettings.maxTokenLifetime else {
            throw .garbage("answered a token that expired already or lives longer than a week")
        }
        return IssuedReaderToken(token: answer.token, expiresAt: expiresAt)
    }

    /// An RFC 3339 time, with or without fractional seconds.
    static func date(_ text: String) -> Date? {
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        if let date = whole.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}

/// Why the token service gave no token the gateway can use. The reasons never hold a token.
enum ReaderTokenServiceFailure: Error, CustomStringConvertible {
    /// The exchange failed (down, slow, TLS, a status other than 200, too big).
    case service(ProviderServiceError)
    /// A 200 whose body is not a usable answer.
    case garbage(String)

    var description: String {
        switch self {
        case .service(let error): return error.description
        case .garbage(let reason): return reason
        }
    }
}
