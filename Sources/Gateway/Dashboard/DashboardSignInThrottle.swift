import Foundation
import PaymentCore

/// Counts failed sign-ins by the client's address, so one address cannot try password after
/// password across many users (the per-user lock only stops guessing at one). After
/// ``DashboardSettings/maxFailuresPerAddress`` failures within ``DashboardSettings/addressWindow``,
/// the address is refused, with the same words as a wrong password, until its oldest
/// counted failure leaves the window. Kept in memory per instance, and bounded: past
/// ``maxAddresses`` the address that failed longest ago is forgotten first.
final class DashboardSignInThrottle: Sendable {
    static let maxAddresses = 10_000
    private let limit: Int
    private let window: TimeInterval
    private let failures = LockedBox<[String: [Date]]>([:])

    init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Whether `address` may try now.
    func allows(_ address: String, now: Date) -> Bool {
        failures.withLock { all in
            let recent = (all[address] ?? []).filter { $0 > now.addingTimeInterval(-window) }
            all[address] = recent.isEmpty ? nil : recent
            return recent.count < limit
        }
    }

    /// How many addresses it remembers now.
    var trackedAddresses: Int { failures.withLock { $0.count } }

    func recordFailure(_ address: String, now: Date) {
        failures.withLock { all in
            var recent = (all[address] ?? []).filter { $0 > now.addingTimeInterval(-window) }
            recent.append(now)
            // Only the last `limit` failures decide anything.
            all[address] = Array(recent.suffix(limit))
            if all.count > Self.maxAddresses {
                let stalest = all.min { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
                if let stalest { all[stalest.key] = nil }
            }
        }
    }
}
