/// `POST /v1/events/{id}/resend`: which endpoint gets the event again. An empty body (or no
/// `endpointId`) sends it to every endpoint that subscribes to its type now.
public struct ResendWebhookEventRequest: Codable, Sendable, Equatable {
    /// One live endpoint of the merchant, whatever it subscribes to.
    public var endpointId: String?

    public init(endpointId: String? = nil) {
        self.endpointId = endpointId
    }
}
