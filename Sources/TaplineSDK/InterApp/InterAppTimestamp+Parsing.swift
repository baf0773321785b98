import PaymentCore

extension InterAppTimestamp {
    /// Parses an ISO 8601 date and time with a UTC offset, in every form inter-app callers
    /// are known to send:
    ///
    /// - `2021-03-29T00:00:00Z`, `2021-03-29T00:00:00.000+0300`, `2019-09-13T12:14:19.8703452+03:00`;
    /// - fractional seconds of any length (after a `.` or `,`), kept to the nanosecond;
    /// - offsets `Z`, `+hh:mm`, `+hhmm` and `+hh`; seconds may be left out (`2021-03-29T10:30Z`).
    ///
    /// Returns nil for anything else. A time without an offset is refused on purpose: it
    /// would be local time on whichever device reads it, and a search window that shifts by
    /// hours could match the wrong payment.
    public init?(iso8601 text: String) {
        var scanner = TimestampScanner(text)
        guard let year = scanner.digits(count: 4), scanner.skip("-"),
              let month = scanner.digits(count: 2), scanner.skip("-"),
              let day = scanner.digits(count: 2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.digits(count: 2), scanner.skip(":"),
              let minute = scanner.digits(count: 2)
        else { return nil }
        var second: Int64 = 0
        var nanoseconds: Int64 = 0
        if scanner.skip(":") {
            guard let seconds = scanner.digits(count: 2) else { return nil }
            second = seconds
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fractionAsNanoseconds() else { return nil }
                nanoseconds = fraction
            }
        }
        guard let offset = scanner.utcOffsetSeconds(), scanner.isAtEnd else { return nil }
        guard let date = CivilDate(year: year, month: month, day: day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let localSeconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
        self.init(secondsSince1970: localSeconds - offset, nanoseconds: Int32(nanoseconds), utcOffsetSeconds: Int32(offset))
    }
}

/// A cursor over the ASCII bytes of a timestamp. Bytes rather than `Character`s, because
/// only ASCII digits may count as digits here (`isNumber` accepts "٣").
private struct TimestampScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { position == bytes.count }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, position < bytes.count, bytes[position] == ascii else { return false }
        position += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(count: Int) -> Int64? {
        guard position + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[position..<position + count] {
            guard let digit = Self.digit(byte) else { return nil }
            value = value * 10 + digit
        }
        position += count
        return value
    }

    /// One or more digits of a fraction of a second, in nanoseconds. Digits past the ninth
    /// are read and dropped: no sender means anything by them, and refusing them would
    /// refuse a valid ISO 8601 date.
    mutating func fractionAsNanoseconds() -> Int64? {
        var nanoseconds: Int64 = 0
        var length = 0
        while position < bytes.count, let digit = Self.digit(bytes[position]) {
            if length < 9 { nanoseconds = nanoseconds * 10 + digit }
            length += 1
            position += 1
        }
        guard length > 0 else { return nil }
        for _ in length..<max(length, 9) { nanoseconds *= 10 }
        return nanoseconds
    }

    /// `Z`, `+hh:mm`, `+hhmm` or `+hh` (or with `-`), in seconds ahead of UTC.
    mutating func utcOffsetSeconds() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(count: 2), hours <= 23 else { return nil }
        var minutes: Int64 = 0
        let hadColon = skip(":")
        if hadColon || !isAtEnd {
            guard let parsed = digits(count: 2), parsed <= 59 else { return nil }
            minutes = parsed
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (0x30...0x39).contains(byte) ? Int64(byte - 0x30) : nil
    }
}
