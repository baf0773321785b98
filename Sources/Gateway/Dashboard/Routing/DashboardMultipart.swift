import Foundation
import Hummingbird

/// A file a dashboard form sent (`<input type="file">`), as the browser named and typed it.
struct DashboardUpload: Sendable, Equatable {
    var filename: String
    var contentType: String
    var data: Data
}

/// What a form with files may send: its one file field, and how many bytes the body holds at most.
struct DashboardUploadRule: Sendable {
    var field: String
    var maxBytes: Int
}

/// A `multipart/form-data` body (RFC 7578), read as strictly as a url-encoded form: the
/// text parts become the form's fields (each once, only those the route takes), the parts
/// of the one file field its uploads; a part of no file chosen (an empty filename) is none.
enum DashboardMultipart {
    static func parse(
        _ buffer: ByteBuffer, contentType: String?, allowed: Set<String>, files field: String
    ) throws -> (DashboardForm, [DashboardUpload]) {
        guard let boundary = boundary(of: contentType) else { throw DashboardFailure.badForm("the form is not multipart/form-data") }
        let body = Array(buffer.readableBytesView)
        let delimiter = Array("--\(boundary)".utf8)
        var fields: [String: String] = [:]
        var uploads: [DashboardUpload] = []
        let starts = ranges(of: delimiter, in: body[...])
        guard starts.count >= 2 else { throw DashboardFailure.badForm("the form's parts are not delimited") }
        for (index, start) in starts.dropLast().enumerated() {
            // A part runs from after its delimiter's CRLF to the CRLF before the next delimiter.
            let from = start + delimiter.count + 2
            let to = starts[index + 1] - 2
            guard from <= to, to <= body.count else { throw DashboardFailure.badForm("a part of the form is cut short") }
            // Slices of the body: its bytes are copied once, into the field or the file.
            let part = body[from..<to]
            guard let split = ranges(of: Array("\r\n\r\n".utf8), in: part).first else { throw DashboardFailure.badForm("a part has no headers") }
            let headers = String(decoding: part[..<split], as: UTF8.self)
            let content = part[(split + 4)...]
            let (name, filename, type) = try describe(headers)
            guard allowed.contains(name) || name == field else { throw DashboardFailure.badForm("the form has no field \(name.prefix(40))") }
            if name == field {
                guard let filename, !filename.isEmpty else { continue }
                uploads.append(DashboardUpload(filename: filename, contentType: type ?? "application/octet-stream", data: Data(content)))
            } else {
                guard fields[name] == nil else { throw DashboardFailure.badForm("the field \(name.prefix(40)) was sent twice") }
                fields[name] = String(decoding: content, as: UTF8.self)
            }
        }
        return (DashboardForm(fields: fields), uploads)
    }

    /// The boundary of a `multipart/form-data` content type, quoted or not.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// A part's field name, file name and media type, from its headers.
    private static func describe(_ headers: String) throws -> (String, String?, String?) {
        var name: String?
        var filename: String?
        var type: String?
        for line in headers.components(separatedBy: "\r\n") {
            let lower = line.lowercased()
            if lower.hasPrefix("content-disposition:") {
                name = parameter("name", in: line)
                filename = parameter("filename", in: line)
            } else if lower.hasPrefix("content-type:") {
                type = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces).lowercased()
            }
        }
        guard let name else { throw DashboardFailure.badForm("a part of the form has no name") }
        return (name, filename, type)
    }

    /// `name="value"` in a Content-Disposition line; browsers escape a quote in it as %22.
    private static func parameter(_ key: String, in line: String) -> String? {
        guard let range = line.range(of: "; \(key)=\"") else { return nil }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "%22", with: "\"")
    }

    /// Where `needle` starts in `haystack`, every time (indices of `haystack`'s own).
    private static func ranges(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = haystack.startIndex
        let first = needle[0]
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
