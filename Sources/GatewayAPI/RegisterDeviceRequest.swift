/// `POST /v1/devices`: registers the phone an app runs on (again, if it was registered).
public struct RegisterDeviceRequest: Codable, Sendable, Equatable {
    /// The app's installation id: 1–128 of `A–Z a–z 0–9 . _ -` (ARISE `getDeviceId()`, a lowercase UUID).
    public var deviceId: String
    /// A name to recognise the device by; kept when absent on a later registration.
    public var deviceName: String?

    public init(deviceId: String, deviceName: String? = nil) {
        self.deviceId = deviceId
        self.deviceName = deviceName
    }
}
