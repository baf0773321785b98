import Logging
import NIOCore

/// One TCP connection of the link: the slot it fills, its channel, its logger (tagged with
/// its id) and what its handler reports, a stream that ends when the channel closes.
struct ISO8583LinkConnection: Sendable {
    /// What the channel handler tells the connection's task.
    enum Event: Sendable {
        /// Nothing was received for the echo interval.
        case idle
    }

    /// Unique for the link's lifetime, so that requests are failed on the right connection.
    let id: Int
    let slot: Int
    let channel: any Channel
    let logger: Logger
    let events: AsyncStream<Event>
}
