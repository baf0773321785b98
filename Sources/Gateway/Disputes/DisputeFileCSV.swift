/// RFC 4180 records with the line each starts on: fields split by commas, a field in double
/// quotes may hold commas, quotes (doubled) and line breaks; CRLF or LF ends a record.
enum DisputeFileCSV {
    struct Record: Sendable, Equatable {
        var line: Int
        var fields: [String]
    }

    static func records(_ text: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return iterator.next()
        }
        while let scalar = next() {
            if quoted {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = following }
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r":
                continue
            case "\n":
                fields.append(field)
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = ""
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else {
            throw DisputeFile.invalid(line: recordLine, "body", "a quoted field is not closed")
        }
        if !field.isEmpty || !fields.isEmpty { fields.append(field); records.append(Record(line: recordLine, fields: fields)) }
        return records
    }
}
