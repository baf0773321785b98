/// `PUT /v1/transactions/{id}/signature` takes it; `GET` answers it: the cardholder's
/// signature taken in the app (Toro's app signature mode), as a base64 PNG or JPEG.
public struct SignatureResource: Codable, Sendable, Equatable {
    /// Base64 of a PNG or JPEG image, at most 64 KiB decoded.
    public var signature: String
    /// `image/png` or `image/jpeg`, from the image's own first bytes (answers only).
    public var contentType: String?

    public init(signature: String, contentType: String? = nil) {
        self.signature = signature
        self.contentType = contentType
    }
}
