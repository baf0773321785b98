import Foundation

/// Keeps each item in its own file of mode 0600, in a directory of mode 0700: the default
/// store on platforms without a Keychain (Linux); on an iPhone the Keychain is the default and
/// this store is the app's choice.
public struct FileTokenStore: TokenStore {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `~/.tapline/sdk` on Linux and macOS; on iOS (and the other sandboxed Apple platforms)
    /// `Tapline/sdk` in the app's Application Support folder, which the app owns and keeps.
    public static func defaultDirectory() -> URL {
        #if os(Linux) || os(macOS)
        // homeDirectoryForCurrentUser exists on macOS and Linux only: Apple's iOS SDK has none.
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".tapline/sdk", isDirectory: true)
        #else
        // The user domain always has one; the fallback is where it lives in an app's sandbox.
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support", isDirectory: true)
        return support.appendingPathComponent("Tapline/sdk", isDirectory: true)
        #endif
    }

    public func read(_ key: String) throws -> Data? {
        let url = file(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func write(_ data: Data, for key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Write a private temporary file and rename it, so the secret is never readable by
        // others and a crash never leaves half a file.
        let temporary = directory.appendingPathComponent(".\(key).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        _ = try? FileManager.default.removeItem(at: file(key))
        try FileManager.default.moveItem(at: temporary, to: file(key))
    }

    public func delete(_ key: String) throws {
        let url = file(key)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key) }
}
