import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// A receipt as HTML: the page alone, which may load nothing (no script, no stylesheet, no
/// image but its own signature as a `data:` URL) and whose one inline style block is
/// allowed by its hash, so the page can be saved, shared or printed as it is.
enum ReceiptResponse {
    static func html(_ page: ReceiptPage) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .init("X-Content-Type-Options")!: "nosniff",
            .init("Referrer-Policy")!: "no-referrer",
            .contentSecurityPolicy: policy,
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: DashboardTemplates.shared.render(page))))
    }

    /// `default-src 'none'` but the template's own style block (by its SHA-256) and `data:` images.
    static let policy: String = {
        "default-src 'none'; style-src '\(styleHash)'; img-src data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    }()

    /// `sha256-…` of the text between `<style>` and `</style>` in `receipt.mustache`, as CSP
    /// hashes an inline style.
    static let styleHash: String = {
        guard let url = Bundle.module.url(forResource: "dashboard/\(ReceiptPage.template)", withExtension: "mustache")
                ?? Bundle.module.url(forResource: ReceiptPage.template, withExtension: "mustache", subdirectory: "dashboard"),
              let text = try? String(contentsOf: url, encoding: .utf8),
              let open = text.range(of: "<style>"), let close = text.range(of: "</style>", range: open.upperBound..<text.endIndex)
        else { return "sha256-" }
        let digest = SHA256.hash(data: Data(text[open.upperBound..<close.lowerBound].utf8))
        return "sha256-" + Data(digest).base64EncodedString()
    }()

    /// Whether the client asked for HTML before JSON (`Accept: text/html`); JSON otherwise.
    static func wantsHTML(_ accept: String?) -> Bool {
        guard let accept else { return false }
        for part in accept.split(separator: ",") {
            let type = part.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            if type == "text/html" { return true }
            if type == "application/json" { return false }
        }
        return false
    }
}
