extension APIPath {
    /// The Koard-compatible routes, exactly as the Koard document names them (outside `/v1`
    /// for sale, preauth, capture and incremental auth).
    public enum Koard {
        public static let payment = "/v4/payment"
        public static let preauth = "/v4/preauth"
        public static func capture(_ id: String) -> String { "/v3/payments/\(id)/capture" }
        public static func auth(_ id: String) -> String { "/v3/payments/\(id)/auth" }
        public static func adjust(_ id: String) -> String { "/v1/payments/\(id)/adjust" }
        public static func reverse(_ id: String) -> String { "/v1/payments/\(id)/reverse" }
        public static func refund(_ id: String) -> String { "/v1/payments/\(id)/refund" }
    }
}

/// The Koard paths under the name tests and clients already use.
public typealias KoardPath = APIPath.Koard
