extension ConfigurationOverrides {
    /// The dashboard's settings: `dashboard-password-cost` (bcrypt cost of new passwords,
    /// 10–15) and `dashboard-secure-cookies` (`true` behind a proxy that terminates TLS).
    static func dashboard(_ sources: SettingSources, into settings: inout DashboardSettings) throws(ConfigurationError) {
        if let given = sources.lookup(.dashboardPasswordCost) {
            guard let cost = UInt8(given.value), (10...15).contains(cost) else {
                throw .invalid("\(given.source) must be 10 to 15 (bcrypt's cost; each step doubles the work), not \(given.value.prefix(16))")
            }
            settings.passwordCost = cost
        }
        if let given = sources.lookup(.dashboardSecureCookies) {
            switch given.value.lowercased() {
            case "true", "1", "yes": settings.secureCookies = true
            case "false", "0", "no": settings.secureCookies = false
            default: throw .invalid("\(given.source) must be true or false, not \(given.value.prefix(16))")
            }
        }
    }
}
