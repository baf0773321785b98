extension ConfigurationOverrides {
    /// The dashboard's settings from the environment: `TAPLINE_DASHBOARD_PASSWORD_COST`
    /// (bcrypt cost of new passwords, 10–15) and `TAPLINE_DASHBOARD_SECURE_COOKIES`
    /// (`true` behind a proxy that terminates TLS).
    static func dashboard(_ environment: [String: String], into settings: inout DashboardSettings) throws(ConfigurationError) {
        if let text = environment["TAPLINE_DASHBOARD_PASSWORD_COST"] {
            guard let cost = UInt8(text), (10...15).contains(cost) else {
                throw .invalid("TAPLINE_DASHBOARD_PASSWORD_COST must be 10 to 15 (bcrypt's cost; each step doubles the work), not \(text.prefix(16))")
            }
            settings.passwordCost = cost
        }
        if let text = environment["TAPLINE_DASHBOARD_SECURE_COOKIES"] {
            switch text.lowercased() {
            case "true", "1", "yes": settings.secureCookies = true
            case "false", "0", "no": settings.secureCookies = false
            default: throw .invalid("TAPLINE_DASHBOARD_SECURE_COOKIES must be true or false, not \(text.prefix(16))")
            }
        }
    }
}
