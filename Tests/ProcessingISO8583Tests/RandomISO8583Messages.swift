import ProcessingISO8583

/// Random messages valid under a field table: each field present or not, variable lengths
/// from empty to the maximum (the ends more often, where off-by-one errors live), every
/// character its format allows.
struct RandomISO8583Messages {
    var generator: SplitMix64
    let table: ISO8583FieldTable

    private static let types = ["0100", "0110", "0120", "0200", "0210", "0220", "0230", "0400", "0401", "0410", "0500", "0510", "0800", "0810"]

    init(seed: UInt64, table: ISO8583FieldTable = .tapline) {
        generator = SplitMix64(seed: seed)
        self.table = table
    }

    /// A message with about half the table's fields; none above 64 unless `secondaryBitmap`.
    mutating func next(secondaryBitmap: Bool = true) -> ISO8583Message {
        let type = Self.types.randomElement(using: &generator).flatMap(ISO8583MTI.init(rawValue:))
        var message = ISO8583Message(mti: type ?? .financialRequest)
        for spec in table.specs where (secondaryBitmap || spec.number <= 64) && Bool.random(using: &generator) {
            message[field: spec.number] = value(for: spec)
        }
        return message
    }

    /// Full length for fixed fields: the encoder would pad a shorter one, and pyiso8583
    /// refuses it, so the two sides could not be compared.
    private mutating func value(for spec: ISO8583FieldSpec) -> ISO8583FieldValue {
        let length = spec.lengthType == .fixed ? spec.maxLength : variableLength(upTo: spec.maxLength)
        let bytes = (0..<length).map { _ in byte(of: spec.format) }
        return spec.format == .binary ? .binary(bytes) : .text(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func variableLength(upTo maximum: Int) -> Int {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return 0
        case 1: return maximum
        default: return Int.random(in: 1...maximum, using: &generator)
        }
    }

    private mutating func byte(of format: ISO8583FieldFormat) -> UInt8 {
        while true {
            let candidate = UInt8.random(in: 0...255, using: &generator)
            if format.accepts(candidate) { return candidate }
        }
    }
}
