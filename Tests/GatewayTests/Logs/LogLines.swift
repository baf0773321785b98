import Foundation
@testable import Gateway
import Testing

/// Checks on captured log lines.
enum LogLines {
    /// With `.json`, every captured line must be one JSON object with the fixed fields; a
    /// test of what the logs hold runs in both formats, so the JSON escaping cannot let a
    /// secret through that the text format keeps out, or break a line.
    static func expectWellFormed(_ lines: [String], _ format: LogFormat, sourceLocation: SourceLocation = #_sourceLocation) {
        guard format == .json else { return }
        for line in lines {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            #expect(object != nil && line.hasSuffix("}\n"), "not one JSON object: \(line)", sourceLocation: sourceLocation)
            for key in ["timestamp", "level", "message", "label"] {
                #expect(object?[key] is String, "no \(key) in \(line)", sourceLocation: sourceLocation)
            }
        }
    }
}
