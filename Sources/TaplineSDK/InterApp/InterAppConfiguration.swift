import Foundation
import PaymentCore

/// How the payment app reads inter-app requests: the URL scheme it registered, the
/// currency amounts are in when a request does not say, and the clock that stands in for
/// "now" when a search window has no end.
public struct InterAppConfiguration: Sendable {
    /// The scheme the payment app registered, compared case-insensitively; `taplinepay` by default.
    public var scheme: String
    /// The currency of a request that has no `currency` parameter.
    public var defaultCurrency: Currency
    /// The current time, read once per request; injected so tests and replays are exact.
    public var now: @Sendable () -> Date

    /// The scheme Tapline payment apps answer unless configured otherwise.
    public static let defaultScheme = "taplinepay"

    /// The scheme Viva's document names (`vivapayclient://pay/v1`).
    public static let vivaScheme = "vivapayclient"

    /// A payment app that answers requests written for Viva's terminal app as they are:
    /// `vivapayclient://pay/v1?…`, amounts in euro cents unless a request says otherwise.
    public static func vivaCompatible(now: @escaping @Sendable () -> Date = { Date() }) -> InterAppConfiguration {
        InterAppConfiguration(scheme: vivaScheme, defaultCurrency: .eur, now: now)
    }

    /// A configuration; every argument has the default a Tapline payment app uses.
    public init(
        scheme: String = InterAppConfiguration.defaultScheme,
        defaultCurrency: Currency = .usd,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.scheme = scheme
        self.defaultCurrency = defaultCurrency
        self.now = now
    }
}
