import Foundation
import GatewayAPI

/// Tap to Pay on this device (ARISE `ttp`): compatibility, activation, preparing the
/// reader, and payments by tap with their events.
public final class TapToPay: Sendable {
    let connection: GatewayConnection
    let reader: (any CardReader)?
    let deviceName: String?

    init(connection: GatewayConnection, reader: (any CardReader)?, deviceName: String?) {
        self.connection = connection
        self.reader = reader
        self.deviceName = deviceName
    }
}
