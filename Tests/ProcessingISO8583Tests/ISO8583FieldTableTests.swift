@testable import ProcessingISO8583
import Testing

@Suite struct ISO8583FieldTableTests {
    @Test func taplineTableHasNoProblems() {
        #expect(ISO8583FieldTable.problems(in: ISO8583FieldTable.taplineSpecs).isEmpty)
        #expect(ISO8583FieldTable.tapline.fields.count == ISO8583FieldTable.taplineSpecs.count)
    }

    @Test func refusesImpossibleTables() {
        let cases: [(ISO8583FieldSpec, ISO8583FieldTable.Problem)] = [
            (ISO8583FieldSpec(1, "Bitmap", .binary, .fixed, max: 8), .reservedNumber(1)),
            (ISO8583FieldSpec(65, "Bitmap, tertiary", .binary, .fixed, max: 8), .reservedNumber(65)),
            (ISO8583FieldSpec(129, "Beyond", .numeric, .fixed, max: 1), .reservedNumber(129)),
            (ISO8583FieldSpec(4, "Amount", .numeric, .fixed, max: 0), .impossibleLength(4)),
            (ISO8583FieldSpec(2, "PAN", .numeric, .llvar, max: 100), .impossibleLength(2)),
            (ISO8583FieldSpec(55, "ICC", .binary, .lllvar, max: 1000), .impossibleLength(55)),
        ]
        for (spec, problem) in cases {
            #expect(throws: problem) { try ISO8583FieldTable([spec]) }
        }
        let amount = ISO8583FieldSpec(4, "Amount", .numeric, .fixed, max: 12)
        #expect(throws: ISO8583FieldTable.Problem.duplicate(4)) { try ISO8583FieldTable([amount, amount]) }
    }

    @Test func binaryFieldsTravelRawAndTextAsASCII() {
        for spec in ISO8583FieldTable.tapline.specs {
            #expect(spec.encoding == (spec.format == .binary ? .raw : .ascii), "\(spec.number)")
        }
        #expect(ISO8583FieldTable.tapline[52]?.description == "b 8")
        #expect(ISO8583FieldTable.tapline[55]?.description == "b ..255 LLLVAR")
    }

    /// MTI 4 + two bitmaps 16 + every field at its maximum with its length digits.
    @Test func maximumMessageLengthCountsEveryField() {
        let fields = ISO8583FieldTable.tapline.specs.reduce(0) { $0 + $1.lengthType.prefixLength + $1.maxLength }
        #expect(ISO8583FieldTable.tapline.maximumMessageLength == 20 + fields)
        #expect(ISO8583FieldTable.tapline.maximumMessageLength == 24745)
    }
}
