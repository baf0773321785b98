import Foundation
import GatewayAPI
import Storage

/// What a merchant may submit as evidence, checked before anything is written: some text, or
/// files, or both. Limits keep one answer from filling the database: text up to
/// ``maxTextLength`` characters, at most ``maxFiles`` files of the media types in
/// ``contentTypes``, each up to ``maxFileBytes`` and together up to ``maxTotalBytes``.
struct DisputeEvidence: Sendable {
    static let maxTextLength = 20_000
    static let maxFiles = 5
    static let maxFileBytes = 2 * 1024 * 1024
    static let maxTotalBytes = 5 * 1024 * 1024
    static let maxNameLength = 200
    static let contentTypes: Set<String> = ["application/pdf", "image/png", "image/jpeg", "text/plain"]
    /// The route's body limit: every file at its largest in base64, the text, and room for the JSON around them.
    static let maxBodyBytes = maxTotalBytes / 3 * 4 + 8 + maxTextLength * 6 + 64 * 1024

    var text: String?
    var files: [(name: String, contentType: String, data: Data)]

    /// A file as sent: its bytes nil when they could not be read (not base64).
    struct SentFile {
        var name: String
        var contentType: String
        var data: Data?
    }

    /// The API's evidence (files in base64), or a 400 naming the first field that breaks a rule.
    init(_ request: DisputeEvidenceRequest) throws {
        try self.init(
            text: request.text,
            files: (request.files ?? []).map { SentFile(name: $0.name, contentType: $0.contentType, data: Data(base64Encoded: $0.data)) })
    }

    /// Evidence whose files' bytes are in hand (the dashboard's uploads), checked by the same rules.
    init(text sentText: String?, files sent: [SentFile]) throws {
        // Counted in code points, as the document's maxLength counts.
        if let sentText, sentText.unicodeScalars.count > Self.maxTextLength {
            throw GatewayFailure.invalid("text", "text is at most \(Self.maxTextLength) characters")
        }
        let text = sentText?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.text = text?.isEmpty == false ? text : nil
        guard sent.count <= Self.maxFiles else { throw GatewayFailure.invalid("files", "at most \(Self.maxFiles) files") }
        var total = 0
        files = []
        for (index, file) in sent.enumerated() {
            let field = "files[\(index)]"
            guard !file.name.isEmpty, file.name.unicodeScalars.count <= Self.maxNameLength,
                  !file.name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "/" || $0 == "\\" }) else {
                throw GatewayFailure.invalid("\(field).name", "a file's name is 1 to \(Self.maxNameLength) characters, without / \\ or control characters")
            }
            guard Self.contentTypes.contains(file.contentType) else {
                throw GatewayFailure.invalid("\(field).contentType", "contentType is one of: \(Self.contentTypes.sorted().joined(separator: ", "))")
            }
            guard let data = file.data, !data.isEmpty else {
                throw GatewayFailure.invalid("\(field).data", "data is the file's bytes in standard base64, at least one byte")
            }
            guard data.count <= Self.maxFileBytes else {
                throw GatewayFailure.invalid("\(field).data", "a file is at most \(Self.maxFileBytes) bytes")
            }
            total += data.count
            guard total <= Self.maxTotalBytes else {
                throw GatewayFailure.invalid("files", "the files together are at most \(Self.maxTotalBytes) bytes")
            }
            files.append((file.name, file.contentType, data))
        }
        guard self.text != nil || !files.isEmpty else {
            throw GatewayFailure.invalid("text", "evidence needs text, files, or both")
        }
    }
}
