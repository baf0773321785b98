import Foundation
import Hummingbird

/// A submitted HTML form (`application/x-www-form-urlencoded`), or a page's query string,
/// read strictly: at most ``maxBytes``, each field once, and only the fields the route takes
/// (an unknown one is refused by name, as the API refuses unknown JSON fields). `+` is a
/// space, as browsers send it.
struct DashboardForm: Sendable {
    static let maxBytes = 16 * 1024
    let fields: [String: String]

    /// `what` begins the refusal of a field the route does not take.
    static func parse(_ buffer: ByteBuffer, allowed: Set<String>, what: String = "the form has no field") throws -> DashboardForm {
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            guard allowed.contains(name) else { throw DashboardFailure.badForm("\(what) \(name.prefix(40))") }
            guard fields[name] == nil else { throw DashboardFailure.badForm("the field \(name.prefix(40)) was sent twice") }
            fields[name] = value
        }
        return DashboardForm(fields: fields)
    }

    subscript(_ name: String) -> String { fields[name] ?? "" }

    /// The field's value; nil when it was not sent.
    func get(_ name: String) -> String? { fields[name] }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
