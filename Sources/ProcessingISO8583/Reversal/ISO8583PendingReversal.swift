import Foundation

/// A message the acquirer has not acknowledged yet (store-and-forward): a reversal, the 0400
/// sent as it is until it has reached the wire once, then repeated as 0401 until a 0410
/// comes; or a completion advice whose 0220 got no answer, repeated as 0221 until a 0230
/// comes. It holds no card data: both name their original by fields 37 and 90, never by
/// the card.
public struct ISO8583PendingReversal: Sendable, Equatable {
    /// Our id of the request being reversed.
    public var transactionId: String
    /// Tapline's merchant whose request it was.
    public var merchantId: String
    /// The 0400 or the 0220, as first sent.
    public var message: ISO8583Message
    /// How many times it was sent without an acknowledgement; 0 until the 0400 went out.
    public var attempts: Int
    public var nextAttemptAt: Date

    public init(transactionId: String, merchantId: String, message: ISO8583Message, attempts: Int, nextAttemptAt: Date) {
        self.transactionId = transactionId
        self.merchantId = merchantId
        self.message = message
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
    }

    /// What it is, for the log: "reversal" (04xx) or "advice" (0220).
    public var kind: String { message.mti.rawValue.hasPrefix("04") ? "reversal" : "advice" }

    /// The reversal as text for the queue's storage: the MTI and the text fields as JSON.
    /// A reversal has no b fields, so nothing is lost.
    public var storedText: String {
        var fields: [String: String] = [:]
        for (number, value) in message.fields { if let text = value.text { fields[String(number)] = text } }
        let stored = Stored(mti: message.mti.rawValue, fields: fields)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(stored)) ?? Data(), as: UTF8.self)
    }

    /// Reads ``storedText``; nil when it is not a reversal Tapline stored.
    public static func message(fromStoredText text: String) -> ISO8583Message? {
        guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(text.utf8)),
              let mti = ISO8583MTI(rawValue: stored.mti) else { return nil }
        var message = ISO8583Message(mti: mti)
        for (key, value) in stored.fields {
            guard let number = Int(key) else { return nil }
            message.fields[number] = .text(value)
        }
        return message
    }

    private struct Stored: Codable {
        var mti: String
        var fields: [String: String]
    }
}
