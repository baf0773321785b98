/// Header names of the canonical API.
public enum APIHeader {
    public static let idempotencyKey = "Idempotency-Key"
    /// Set to "true" on a response replayed from an earlier request with the same key.
    public static let idempotentReplayed = "Idempotent-Replayed"
    public static let correlationId = "X-Correlation-Id"
    /// The app's installation id, naming the registered device a Tap to Pay request comes from.
    public static let deviceInstallationId = "X-Device-Installation-Id"
}
