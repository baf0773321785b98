import Foundation
import Gateway

/// The secret `webhooks listen` signs with: the one given, the one in a file (made there
/// with a new secret when the file is missing, so the local app can read it), or a new one.
enum WebhookListenSecret {
    static func resolve(given: String?, file: String?) throws -> String {
        if let given { return try checked(given, from: "--secret") }
        guard let file else { return WebhookForwarder.newSecret() }
        if FileManager.default.fileExists(atPath: file) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CommandFailure(description: "--secret-file: \(file) cannot be read")
            }
            return try checked(text.trimmingCharacters(in: .whitespacesAndNewlines), from: "--secret-file \(file)")
        }
        let secret = WebhookForwarder.newSecret()
        guard FileManager.default.createFile(atPath: file, contents: Data((secret + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure(description: "--secret-file: \(file) cannot be created (does its folder exist and is it writable?)")
        }
        return secret
    }

    private static func checked(_ secret: String, from source: String) throws -> String {
        guard !secret.isEmpty, !secret.contains(where: \.isWhitespace) else {
            throw CommandFailure(description: "\(source): the secret must be one word, such as whsec_…")
        }
        return secret
    }
}
