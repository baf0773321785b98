/// Whether Tap to Pay is active on this device (ARISE `TTPStatus`).
public enum TTPStatus: String, Sendable, Equatable {
    case active
    case inactive
}
