/// One request message as a later message names it: its MTI, STAN and transmission date and
/// time. Field 90 (original data elements) starts with these 20 digits, and Tapline keeps
/// them on the transaction (`ProcessorResult.trace`) so a completion, reversal or refund can
/// name the original long after the request left memory.
public struct ISO8583Trace: Sendable, Hashable, CustomStringConvertible {
    public var mti: ISO8583MTI
    /// Six digits.
    public var stan: String
    /// `MMDDhhmmss`, UTC: field 7 of the request.
    public var transmission: String

    public init(mti: ISO8583MTI, stan: String, transmission: String) {
        self.mti = mti
        self.stan = stan
        self.transmission = transmission
    }

    /// Reads the 20 digits ``text`` wrote; nil for anything else.
    public init?(text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 20, digits.allSatisfy({ (0x30...0x39).contains($0) }),
              let mti = ISO8583MTI(rawValue: String(decoding: digits[0..<4], as: UTF8.self)) else { return nil }
        self.init(mti: mti, stan: String(decoding: digits[4..<10], as: UTF8.self),
                  transmission: String(decoding: digits[10..<20], as: UTF8.self))
    }

    /// The trace of a message Tapline built: its MTI, STAN (11) and transmission time (7).
    public init?(of message: ISO8583Message) {
        guard let stan = message[field: 11]?.text, let transmission = message[field: 7]?.text else { return nil }
        self.init(mti: message.mti, stan: stan, transmission: transmission)
    }

    /// MTI, STAN and transmission date and time: 20 digits.
    public var text: String { mti.rawValue + stan + transmission }

    public var description: String { text }

    /// Field 90: these 20 digits, the acquiring institution id (11 digits, zeros when none)
    /// and 11 zeros (no forwarding institution).
    public func originalDataElements(acquiringInstitution: String?) -> String {
        text + String((acquiringInstitution ?? "").suffix(11)).leftPadded(to: 11) + "".leftPadded(to: 11)
    }
}
