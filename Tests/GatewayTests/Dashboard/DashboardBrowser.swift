import Foundation
@testable import Gateway
import HTTPTypes
import Hummingbird
import Processing
import HummingbirdTesting
import Storage
import Testing

/// A browser for the in-process dashboard tests: keeps the cookies the gateway sets and
/// sends them back, posts forms url-encoded, and follows no redirect by itself.
final class DashboardBrowser: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    /// The raw `Set-Cookie` values of the last answer.
    private(set) var lastSetCookies: [String] = []

    init(_ client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func get(_ path: String) async throws -> TestReply {
        try await send(.get, path, body: nil, contentType: nil)
    }

    @discardableResult
    func post(_ path: String, _ form: [(String, String)]) async throws -> TestReply {
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, path, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// Posts a form with files as `multipart/form-data`, as a browser does for `enctype` multipart.
    @discardableResult
    func postMultipart(
        _ path: String, _ form: [(String, String)], files: [(field: String, filename: String, type: String, data: Data)]
    ) async throws -> TestReply {
        let boundary = "----TaplineTestBoundary7MA4YWxk"
        var body = Data()
        for (name, value) in form {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        for file in files {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename.replacingOccurrences(of: "\"", with: "%22"))\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return try await send(.post, path, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// The hidden `csrf` value of the form on `page`.
    static func csrf(in page: TestReply) -> String {
        guard let range = page.text.range(of: #"name="csrf" value=""#) else { return "" }
        return String(page.text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The hidden idempotency `key` of the first form on `page` that posts to `action`.
    static func key(in page: TestReply, action: String) -> String {
        guard let form = page.text.range(of: "action=\"\(action)\"") else { return "" }
        let rest = page.text[form.upperBound...]
        guard let range = rest.range(of: #"name="key" value=""#) else { return "" }
        return String(rest[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Signs in through the form, as a person would; returns the answer to the POST.
    @discardableResult
    func signIn(email: String, password: String, next: String = "/dashboard") async throws -> TestReply {
        let form = try await get("/dashboard/sign-in?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        return try await post("/dashboard/sign-in", [("csrf", Self.csrf(in: form)), ("next", next), ("email", email), ("password", password)])
    }

    func forget(_ name: String) { cookies[name] = nil }
    func setCookie(_ name: String, _ value: String) { cookies[name] = value }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: Data?, contentType: String?) async throws -> TestReply {
        var headers: HTTPFields = [:]
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if let contentType { headers[.contentType] = contentType }
        let reply = try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(data: $0) }) { response in
            TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
        }
        lastSetCookies = reply.headers[values: .setCookie]
        for cookie in lastSetCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.count > 1 ? String(pair[1]) : ""
            if cookie.contains("Max-Age=0") || value.isEmpty { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = value }
        }
        return reply
    }

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

extension GatewayHarness {
    /// A harness whose dashboard hashes cheaply and answers a refusal at once, with an admin
    /// and a viewer of its merchant (their passwords are "correct horse battery").
    static func dashboard(
        store: (any Store)? = nil, processor: any PaymentProcessor = SimulatedProcessor(),
        configure: (inout GatewayConfiguration) -> Void = { _ in }
    ) async throws -> GatewayHarness {
        var configuration = GatewayConfiguration()
        configure(&configuration)
        configuration.dashboard.passwordCost = 4
        configuration.dashboard.failedSignInDelay = .milliseconds(1)
        let harness = try await GatewayHarness.make(store: store, processor: processor, configuration: configuration)
        for (email, role) in [("admin@shop.example", DashboardUser.Role.admin), ("viewer@shop.example", .viewer)] {
            _ = try await harness.services.admin.createDashboardUser(
                merchantId: harness.merchantId, email: email, role: role, password: DashboardHarness.password, cost: 4)
        }
        return harness
    }

    /// Runs `body` with a browser on the app in process, and a session for the API.
    func browse<T: Sendable>(
        _ mode: TestingSetup = .router, _ body: @escaping @Sendable (DashboardBrowser, TestSession) async throws -> T
    ) async throws -> T {
        try await test(mode) { session in try await body(DashboardBrowser(session.client), session) }
    }
}

enum DashboardHarness {
    static let password = "correct horse battery"
}
