import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import Testing
import TestSupport

/// Tap to Pay helpers on a test session: a registered, active device and a reader that
/// seals to the gateway's current card-data key.
extension TestSession {
    static let deviceId = "5c0ffee0-0000-4000-8000-000000000001"
    static let deviceHeader = HTTPField.Name(APIHeader.deviceInstallationId)!

    /// The reader of the session's device (``deviceId``), sealing to the current key.
    var reader: TestTapReader { reader(for: Self.deviceId) }

    /// The reader of `deviceId` at the session's merchant.
    func reader(for deviceId: String) -> TestTapReader {
        reader(sealingTo: harness.dependencies.keys.cardDataKeys.current.sealingKey, deviceId: deviceId)
    }

    /// A reader of the session's merchant sealing to `key` (an old or a foreign one).
    func reader(sealingTo key: SealingKey, deviceId: String = Self.deviceId) -> TestTapReader {
        TestTapReader(gatewayKey: key, merchantId: harness.merchantId, deviceId: deviceId)
    }

    /// Registers the device and turns Tap to Pay on; fails the test unless both work.
    func activateDevice(_ deviceId: String = Self.deviceId) async throws {
        let registered = try await send(.post, "/v1/devices", json: #"{"deviceId":"\#(deviceId)","deviceName":"Till 1"}"#)
        #expect([200, 201].contains(registered.status), "\(registered.text)")
        let activated = try await send(.post, "/v1/devices/\(deviceId)/tap-to-pay/activate")
        #expect(activated.status == 200, "\(activated.text)")
    }

    /// A tap of `pan`, read now by the session's reader.
    func tap(
        pan: String = TestCards.visaApproved.pan, amount: UInt64? = 10_000, currencyCode: Int = 840, kind: CardRead.Kind = .purchase,
        pin: String? = nil, pinToken: String? = nil, readAgo: TimeInterval = 1, cvmResults: Data = Data([0x1F, 0x03, 0x02])
    ) throws -> SealedCardData {
        try reader.tap(pan: pan, amount: amount, currencyCode: currencyCode, kind: kind,
                       readAt: harness.clock.now().addingTimeInterval(-readAgo), pin: pin, pinToken: pinToken, cvmResults: cvmResults)
    }

    /// `POST /transactions/apple` from the device.
    func apple(_ sealed: SealedCardData, reference: String = "INV-12345", device: String? = Self.deviceId) async throws -> TestReply {
        try await send(.post, APIPath.appleTransaction, json: TestTapReader.appleBody(sealed, merchantReference: reference),
                       headers: device.map { [Self.deviceHeader: $0] } ?? [:])
    }

    /// `POST /transactions/{id}/submitPinApple` from the device.
    func submitPIN(_ id: String, _ sealed: SealedCardData, reference: String = "INV-12345", device: String = Self.deviceId) async throws -> TestReply {
        try await send(.post, APIPath.submitPinApple(id), json: TestTapReader.appleBody(sealed, merchantReference: reference),
                       headers: [Self.deviceHeader: device])
    }
}

extension TestReply {
    /// The `onlineAuthorizationResponse` of a Halo answer.
    var halo: OnlineAuthorizationResponse? { try? decode(AppleTransactionResponse.self).onlineAuthorizationResponse }

    /// The raw JSON object of the `onlineAuthorizationResponse`, to check names and types.
    var haloJSON: [String: Any]? {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return object?["onlineAuthorizationResponse"] as? [String: Any]
    }
}
