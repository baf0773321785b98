import CardData
import ProcessingISO8583
import Testing

/// Byte-exact checks against messages pyiso8583 encoded under the same field table
/// (Fixtures/iso8583_vectors.json, from scripts/interop/iso8583_vectors.py). No Python is
/// needed to run these.
@Suite struct ISO8583VectorTests {
    private static let fixtures = Result { try ISO8583Fixtures.load() }
    private let codec = ISO8583Codec()

    @Test func fixturesAreThere() throws {
        let fixtures = try Self.fixtures.get()
        #expect(fixtures.vectors.count >= 8)
        #expect(!fixtures.pyiso8583.isEmpty)
    }

    /// The script's table is the Swift table, row for row, so the vectors test this profile
    /// and not pyiso8583's defaults.
    @Test func scriptTableIsTheSwiftTable() throws {
        let swiftRows = ISO8583FieldTable.tapline.specs.map { spec in
            ISO8583Fixtures.Row(
                field: spec.number, name: spec.name, format: spec.format.rawValue,
                length: spec.lengthType.rawValue, max: spec.maxLength)
        }
        #expect(swiftRows == (try Self.fixtures.get().table))
    }

    @Test func encodesWhatPyiso8583Encoded() throws {
        for vector in try Self.fixtures.get().vectors {
            let encoded = try codec.encode(try vector.message.message())
            #expect(Hex.encode(encoded) == vector.hex, "\(vector.name)")
        }
    }

    @Test func decodesWhatPyiso8583Encoded() throws {
        for vector in try Self.fixtures.get().vectors {
            let decoded = try codec.decode(try Hex.decode(vector.hex))
            #expect(ISO8583JSONMessage(decoded) == vector.message, "\(vector.name)")
        }
    }

    /// The shapes where a codec goes wrong: the secondary bitmap, every length type, binary
    /// fixed and variable fields, an empty variable field, both length maxima.
    @Test func vectorsCoverTheInterestingShapes() throws {
        let vectors = try Self.fixtures.get().vectors
        let fields = Set(vectors.flatMap { $0.fields.keys })
        for number in ["2", "35", "52", "54", "55", "62", "70", "90", "95", "128"] {
            #expect(fields.contains(number), "field \(number)")
        }
        // Bit 1 of the primary bitmap (first byte after the MTI's four): a secondary bitmap.
        let hasSecondaryBitmap = try vectors.map { try Hex.decode($0.hex)[4] & 0x80 != 0 }
        #expect(hasSecondaryBitmap.contains(true))
        #expect(vectors.contains { $0.fields.values.contains("") })
        #expect(vectors.contains { $0.fields["62"]?.count == 999 })
        #expect(vectors.contains { $0.fields["2"]?.count == 19 })
    }
}
