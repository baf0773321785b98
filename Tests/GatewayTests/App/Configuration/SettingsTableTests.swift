import Foundation
import Gateway
import Testing

/// The README's settings table is made from the code (`tapline config table`), so the two
/// cannot drift; `--help` is made from the same ``ServerSetting``s.
@Suite("Settings table: the README equals the code's")
struct SettingsTableTests {
    @Test func theReadmesTableIsTheGeneratedOne() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../README.md").standardized
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- settings-table: made by `tapline config table`; a test keeps it equal -->\n"
        let end = "<!-- settings-table end -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            Issue.record("README.md has no settings-table markers")
            return
        }
        let table = String(text[start.upperBound..<stop.lowerBound])
        #expect(table == ServerSetting.markdownTable(), "regenerate with: swift run tapline config table")
    }

    @Test func keysAndVariablesAreEachUsedOnce() {
        #expect(Set(ServerSetting.all.map(\.key)).count == ServerSetting.all.count)
        #expect(Set(ServerSetting.all.map(\.variable)).count == ServerSetting.all.count)
        #expect(ServerSetting.all.allSatisfy { $0.variable.hasPrefix("TAPLINE_") && !$0.about.isEmpty })
        // A secret is never in the file: the file names the secret's own file.
        #expect(ServerSetting.all.filter(\.isSecret).allSatisfy { !$0.inFile && ServerSetting.named($0.key + "-file") != nil })
    }
}
