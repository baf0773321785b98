import Foundation

/// Where `tapline export` writes: standard output, or a new file (mode 0600, since it names
/// customers) that is removed again when the export fails half-way.
final class ExportSink {
    private let handle: FileHandle
    private let path: String?
    private var buffer = Data()

    init(path: String?) throws {
        self.path = path
        guard let path else {
            handle = FileHandle.standardOutput
            return
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(description: "--output: \(path) already exists; choose a new file")
        }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let file = FileHandle(forWritingAtPath: path)
        else { throw CommandFailure(description: "--output: \(path) cannot be created (does its folder exist and is it writable?)") }
        handle = file
    }

    /// Lines are gathered and written some 64 KiB at a time.
    func write(_ line: String) throws {
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 65_536 { try flush() }
    }

    func finish() throws {
        try flush()
        if path != nil { try handle.close() }
    }

    func abandon() {
        guard let path else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
