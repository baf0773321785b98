/// Whether this device can use Tap to Pay, check by check (ARISE `TTPCompatibilityResult`).
public struct TTPCompatibilityResult: Sendable, Equatable {
    public var deviceModelCheck: DeviceModelCheck
    public var iosVersionCheck: IOSVersionCheck
    public var locationPermission: LocationPermissionStatus
    public var tapToPayEntitlement: TapToPayEntitlementStatus

    public init(deviceModelCheck: DeviceModelCheck, iosVersionCheck: IOSVersionCheck, locationPermission: LocationPermissionStatus,
                tapToPayEntitlement: TapToPayEntitlementStatus) {
        self.deviceModelCheck = deviceModelCheck
        self.iosVersionCheck = iosVersionCheck
        self.locationPermission = locationPermission
        self.tapToPayEntitlement = tapToPayEntitlement
    }

    /// True when every check passes.
    public var isCompatible: Bool { incompatibilityReasons.isEmpty }

    /// One sentence per failed check; empty when compatible.
    public var incompatibilityReasons: [String] {
        var reasons: [String] = []
        if !deviceModelCheck.isCompatible {
            reasons.append("Device model \(deviceModelCheck.modelIdentifier) does not support Tap to Pay (iPhone XS or later is required)")
        }
        if !iosVersionCheck.isCompatible {
            reasons.append("OS version \(iosVersionCheck.version) is older than the required \(iosVersionCheck.minimumRequiredVersion)")
        }
        switch locationPermission {
        case .granted: break
        case .denied: reasons.append("Location permission has been denied")
        case .undetermined: reasons.append("Location permission has not been requested yet")
        }
        if tapToPayEntitlement == .unavailable {
            reasons.append("The Tap to Pay entitlement or NFC hardware is unavailable")
        }
        return reasons
    }
}

/// The device model check (iPhone XS or later).
public struct DeviceModelCheck: Sendable, Equatable {
    public var isCompatible: Bool
    /// e.g. "iPhone14,2".
    public var modelIdentifier: String

    public init(isCompatible: Bool, modelIdentifier: String) {
        self.isCompatible = isCompatible
        self.modelIdentifier = modelIdentifier
    }
}

/// The OS version check.
public struct IOSVersionCheck: Sendable, Equatable {
    public var isCompatible: Bool
    public var version: String
    public var minimumRequiredVersion: String

    public init(isCompatible: Bool, version: String, minimumRequiredVersion: String) {
        self.isCompatible = isCompatible
        self.version = version
        self.minimumRequiredVersion = minimumRequiredVersion
    }
}

/// Whether the app may use the device's location (Tap to Pay requires it).
public enum LocationPermissionStatus: String, Sendable, Equatable {
    case granted, denied, undetermined
}

/// Whether the app has the Tap to Pay entitlement and the device its NFC hardware.
public enum TapToPayEntitlementStatus: String, Sendable, Equatable {
    case available, unavailable
}
