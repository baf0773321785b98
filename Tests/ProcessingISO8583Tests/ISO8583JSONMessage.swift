import CardData
import ProcessingISO8583

/// A message as the Python side writes it (scripts/interop/iso8583_profile.py): text
/// fields as text, b fields as uppercase hex, field numbers as strings.
struct ISO8583JSONMessage: Codable, Equatable, CustomStringConvertible {
    var mti: String
    var fields: [String: String]

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init(mti: String, fields: [String: String]) {
        self.mti = mti
        self.fields = fields
    }

    /// The JSON form of `message`.
    init(_ message: ISO8583Message) {
        mti = message.mti.rawValue
        fields = Dictionary(uniqueKeysWithValues: message.fields.map { number, value in
            switch value {
            case .text(let text): return (String(number), text)
            case .binary(let bytes): return (String(number), Hex.encode(bytes))
            }
        })
    }

    /// The Swift value, b fields (by `table`) turned from hex into bytes.
    func message(table: ISO8583FieldTable = .tapline) throws -> ISO8583Message {
        guard let type = ISO8583MTI(rawValue: mti) else { throw Invalid(description: "bad MTI \(mti)") }
        var message = ISO8583Message(mti: type)
        for (key, value) in fields {
            guard let number = Int(key), let spec = table[number] else { throw Invalid(description: "field \(key)") }
            message[field: number] = spec.encoding == .raw ? .binary(try Hex.decode(value)) : .text(value)
        }
        return message
    }

    // Test data only (test PANs), so a failure message may show it whole.
    var description: String {
        "\(mti) " + fields.keys.sorted { Int($0)! < Int($1)! }.map { "\($0)=\(fields[$0]!)" }.joined(separator: " ")
    }
}
