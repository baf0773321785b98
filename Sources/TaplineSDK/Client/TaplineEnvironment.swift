import Foundation

/// Which gateway the SDK talks to (ARISE `Environment`). Tapline is self-hosted, so an
/// environment is a name and the base URL of a gateway the merchant's provider runs:
///
/// - ``uat(baseURL:)``: a sandbox gateway (ARISE `.uat`), usually on the simulated
///   processor; plain http is allowed, for a gateway on a laptop or in CI.
/// - ``production(baseURL:)``: a gateway that moves real money (ARISE `.production`); it
///   must be https, so card data and credentials never cross a network in the clear.
/// - ``init(url:)`` / ``init(baseURL:)``: a custom gateway, with no rule on the scheme.
/// - ``local``: a sandbox gateway on this machine, as `swift run tapline serve` starts it.
public struct TaplineEnvironment: Sendable, Equatable {
    /// The environment's name, as ARISE names its two.
    public enum Name: String, Sendable, Equatable, CaseIterable {
        case uat
        case production
        case custom
    }

    /// Why a URL cannot be an environment.
    public enum URLError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not an absolute http(s) URL with a host.
        case notAGatewayURL(String)
        /// A production gateway must be reached over https.
        case productionNeedsHTTPS(String)

        public var description: String {
            switch self {
            case .notAGatewayURL(let url): return "'\(url)' is not an absolute http(s) URL with a host"
            case .productionNeedsHTTPS(let url): return "a production gateway must use https, not '\(url)'"
            }
        }
    }

    public var name: Name
    public var baseURL: URL

    /// A custom gateway at `baseURL`.
    public init(baseURL: URL) {
        self.name = .custom
        self.baseURL = baseURL
    }

    /// A custom gateway at `url`; nil when `url` is not an absolute http(s) URL.
    public init?(url: String) {
        guard let parsed = try? Self.gatewayURL(url) else { return nil }
        self.init(baseURL: parsed)
    }

    /// A sandbox gateway (ARISE `.uat`): test cards, no real money.
    public static func uat(baseURL: String) throws(URLError) -> TaplineEnvironment {
        var environment = TaplineEnvironment(baseURL: try gatewayURL(baseURL))
        environment.name = .uat
        return environment
    }

    /// A live gateway (ARISE `.production`): cards are charged. Refuses anything but https.
    public static func production(baseURL: String) throws(URLError) -> TaplineEnvironment {
        let url = try gatewayURL(baseURL)
        guard url.scheme?.lowercased() == "https" else { throw .productionNeedsHTTPS(baseURL) }
        var environment = TaplineEnvironment(baseURL: url)
        environment.name = .production
        return environment
    }

    /// A sandbox gateway on this machine as `swift run tapline serve` starts it.
    public static let local: TaplineEnvironment = {
        var environment = TaplineEnvironment(baseURL: URL(string: "http://127.0.0.1:8080")!)
        environment.name = .uat
        return environment
    }()

    private static func gatewayURL(_ text: String) throws(URLError) -> URL {
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
              parsed.host != nil else { throw .notAGatewayURL(text) }
        return parsed
    }
}
