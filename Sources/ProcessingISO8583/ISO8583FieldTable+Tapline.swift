extension ISO8583FieldTable {
    /// Tapline's profile: the ISO 8583:1987 fields the acquirer link sends or reads, ASCII
    /// text and length digits, binary bitmaps and binary b fields (the same layout as
    /// pyiso8583's `default` spec). docs/iso8583.md explains each row and where it departs
    /// from pyiso8583's `default_ascii` and moov-io's `Spec87ASCII`;
    /// scripts/interop/iso8583_vectors.py holds the same table for pyiso8583, and the vector
    /// tests check that the two agree.
    public static let tapline = ISO8583FieldTable(unchecked: taplineSpecs)

    /// The rows of ``tapline``, kept apart so the tests can check them with ``problems(in:)``.
    static let taplineSpecs: [ISO8583FieldSpec] = [
        ISO8583FieldSpec(2, "Primary account number", .numeric, .llvar, max: 19),
        ISO8583FieldSpec(3, "Processing code", .numeric, .fixed, max: 6),
        ISO8583FieldSpec(4, "Amount, transaction", .numeric, .fixed, max: 12),
        ISO8583FieldSpec(7, "Transmission date and time", .numeric, .fixed, max: 10),
        ISO8583FieldSpec(11, "Systems trace audit number", .numeric, .fixed, max: 6),
        ISO8583FieldSpec(12, "Time, local transaction", .numeric, .fixed, max: 6),
        ISO8583FieldSpec(13, "Date, local transaction", .numeric, .fixed, max: 4),
        ISO8583FieldSpec(14, "Date, expiration", .numeric, .fixed, max: 4),
        ISO8583FieldSpec(18, "Merchant type", .numeric, .fixed, max: 4),
        ISO8583FieldSpec(22, "Point of service entry mode", .numeric, .fixed, max: 3),
        ISO8583FieldSpec(23, "Card sequence number", .numeric, .fixed, max: 3),
        ISO8583FieldSpec(25, "Point of service condition code", .numeric, .fixed, max: 2),
        ISO8583FieldSpec(32, "Acquiring institution identification code", .numeric, .llvar, max: 11),
        ISO8583FieldSpec(35, "Track 2 data", .track2, .llvar, max: 37),
        ISO8583FieldSpec(37, "Retrieval reference number", .alphanumeric, .fixed, max: 12),
        ISO8583FieldSpec(38, "Authorization identification response", .alphanumeric, .fixed, max: 6),
        ISO8583FieldSpec(39, "Response code", .alphanumeric, .fixed, max: 2),
        ISO8583FieldSpec(41, "Card acceptor terminal identification", .alphanumericSpecial, .fixed, max: 8),
        ISO8583FieldSpec(42, "Card acceptor identification code", .alphanumericSpecial, .fixed, max: 15),
        ISO8583FieldSpec(43, "Card acceptor name/location", .alphanumericSpecial, .fixed, max: 40),
        ISO8583FieldSpec(49, "Currency code, transaction", .numeric, .fixed, max: 3),
        ISO8583FieldSpec(52, "Personal identification number data", .binary, .fixed, max: 8),
        ISO8583FieldSpec(54, "Additional amounts", .alphanumeric, .lllvar, max: 120),
        ISO8583FieldSpec(55, "Integrated circuit card system related data", .binary, .lllvar, max: 255),
        ISO8583FieldSpec(60, "Reserved national", .alphanumericSpecial, .lllvar, max: 999),
        ISO8583FieldSpec(62, "Reserved private", .alphanumericSpecial, .lllvar, max: 999),
        ISO8583FieldSpec(63, "Reserved private", .alphanumericSpecial, .lllvar, max: 999),
        ISO8583FieldSpec(64, "Message authentication code", .binary, .fixed, max: 8),
        ISO8583FieldSpec(70, "Network management information code", .numeric, .fixed, max: 3),
        ISO8583FieldSpec(90, "Original data elements", .numeric, .fixed, max: 42),
        ISO8583FieldSpec(95, "Replacement amounts", .alphanumeric, .fixed, max: 42),
        ISO8583FieldSpec(120, "Reserved private", .alphanumericSpecial, .llllvar, max: 9999),
        ISO8583FieldSpec(121, "Reserved private", .alphanumericSpecial, .llllvar, max: 9999),
        ISO8583FieldSpec(125, "Reserved private", .alphanumericSpecial, .lllvar, max: 999),
        ISO8583FieldSpec(128, "Message authentication code", .binary, .fixed, max: 8),
    ]
}
