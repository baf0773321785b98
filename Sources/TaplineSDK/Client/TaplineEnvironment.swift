import Foundation

/// Which gateway the SDK talks to. Tapline is self-hosted, so an environment is the base
/// URL of a gateway: a sandbox one (simulated processor) or a production one.
public struct TaplineEnvironment: Sendable, Equatable {
    public var baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// A gateway on this machine as `swift run tapline serve` starts it.
    public static let local = TaplineEnvironment(baseURL: URL(string: "http://127.0.0.1:8080")!)

    /// A gateway at `url`; nil when `url` is not an absolute http(s) URL.
    public init?(url: String) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
              parsed.host != nil else { return nil }
        self.baseURL = parsed
    }
}
