import Foundation

/// A configuration file in a temporary folder, removed by the caller's `defer`.
struct TemporaryConfigurationFile {
    let path: String

    init(_ text: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-\(UUID().uuidString).toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
