// Transcribed from Apple's documentation (see docs/ios.md). The real type is an imported C enum,
// which Swift treats as open to new cases, like this stub compiled with library evolution.

/// Constants that indicate the app's authorization to use location services.
/// https://developer.apple.com/documentation/corelocation/clauthorizationstatus
public enum CLAuthorizationStatus: Int32, Sendable {
    /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/notdetermined
    case notDetermined = 0
    /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/restricted
    case restricted = 1
    /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/denied
    case denied = 2
    /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedalways
    case authorizedAlways = 3
    /// https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedwheninuse
    case authorizedWhenInUse = 4
}
