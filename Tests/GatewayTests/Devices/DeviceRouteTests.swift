import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing

extension TestSession {
    static let phone = "123e4567-e89b-12d3-a456-426614174000"

    /// `POST /v1/devices` for `deviceId`, with a name when given.
    @discardableResult
    func register(_ deviceId: String = phone, name: String? = nil, key: String? = nil, token: String? = nil) async throws -> TestReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(RegisterDeviceRequest(deviceId: deviceId, deviceName: name)), as: UTF8.self)
        return try await send(.post, APIPath.devices, json: json, token: token,
                              headers: key.map { [HTTPField.Name(APIHeader.idempotencyKey)!: $0] } ?? [:])
    }

    /// Registers and activates a device; fails the test unless both succeed.
    func activeDevice(_ deviceId: String = phone) async throws {
        #expect(try await register(deviceId).status == 201)
        #expect(try await send(.post, APIPath.activateTapToPay(deviceId)).status == 200)
    }
}

@Suite("Devices: registration, list, details, Tap to Pay activation")
struct DeviceRouteTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    @Test func registeringANewDeviceIs201AndAgainIs200WithALaterLogin() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let first = try await session.register(name: "Front counter")
            #expect(first.status == 201, "\(first.text)")
            let created = try first.decode(DeviceInfo.self)
            #expect(created.deviceId == TestSession.phone)
            #expect(created.deviceName == "Front counter")
            #expect(created.lastLoginAt == harness.clock.now())
            #expect(created.tapToPayStatus == "Inactive")
            #expect(created.tapToPayStatusId == 0)
            #expect(created.tapToPayEnabled == false)
            #expect(created.userProfiles == [DeviceUser(id: harness.clientId, firstName: "test")])

            harness.clock.advance(by: 90)
            let again = try await session.register()
            #expect(again.status == 200, "\(again.text)")
            let known = try again.decode(DeviceInfo.self)
            #expect(known.lastLoginAt == harness.clock.now())
            #expect(known.deviceName == "Front counter", "a registration without a name keeps the name")
            #expect(known.userProfiles.count == 1)

            let renamed = try await session.register(name: "Patio").decode(DeviceInfo.self)
            #expect(renamed.deviceName == "Patio")
        }
    }

    @Test func devicesAreListedOldestFirstAndShownOneByOne() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.register("phone-b", name: "B")
            harness.clock.advance(by: 1)
            try await session.register("phone-a", name: "A")
            let list = try await session.send(.get, APIPath.devices)
            #expect(list.status == 200)
            #expect(try list.decode(DevicesResponse.self).devices.map(\.deviceId) == ["phone-b", "phone-a"])

            let details = try await session.send(.get, APIPath.device("phone-a"))
            #expect(details.status == 200)
            #expect(try details.decode(DeviceInfo.self).deviceName == "A")
            #expect(try await session.send(.get, APIPath.device("never-registered")).error?.code == "not_found")
        }
    }

    @Test func anotherMerchantsDeviceIsNotFound() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.register("mine")
            let other = try await harness.otherMerchantToken(session.client)
            for path in [APIPath.device("mine"), APIPath.activateTapToPay("mine"), APIPath.readerToken("mine")] {
                let method: HTTPRequest.Method = path == APIPath.device("mine") ? .get : .post
                let reply = try await session.send(method, path, token: other)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.error?.code == "not_found")
            }
            #expect(try await session.send(.get, APIPath.devices, token: other).decode(DevicesResponse.self).devices.isEmpty)
            // The same phone under the other merchant is a device of its own, inactive there.
            #expect(try await session.register("mine", token: other).status == 201)
            #expect(try await session.send(.post, APIPath.activateTapToPay("mine"), token: other).status == 200)
            #expect(try await session.send(.get, APIPath.device("mine")).decode(DeviceInfo.self).tapToPayEnabled == false)
        }
    }

    @Test func activationAndDeactivationSetTheStatus() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.register()
            let activated = try await session.send(.post, APIPath.activateTapToPay(TestSession.phone))
            #expect(activated.status == 200)
            let active = try activated.decode(DeviceInfo.self)
            #expect((active.tapToPayStatus, active.tapToPayStatusId, active.tapToPayEnabled) == ("Active", 2, true))
            // Activating an active device changes nothing and still answers 200.
            let again = try await session.send(.post, APIPath.activateTapToPay(TestSession.phone))
            #expect(again.status == 200)
            #expect(try again.decode(DeviceInfo.self) == active)

            let deactivated = try await session.send(.post, APIPath.deactivateTapToPay(TestSession.phone))
            #expect(deactivated.status == 200)
            let inactive = try deactivated.decode(DeviceInfo.self)
            #expect((inactive.tapToPayStatus, inactive.tapToPayStatusId, inactive.tapToPayEnabled) == ("Deactivated", 4, false))
            #expect(try await session.send(.get, APIPath.device(TestSession.phone)).decode(DeviceInfo.self) == inactive)
            #expect(try await session.send(.post, APIPath.deactivateTapToPay("nope")).status == 404)
        }
    }

    @Test func registrationReplaysUnderItsIdempotencyKey() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let first = try await session.register(name: "Till", key: "register-1")
            harness.clock.advance(by: 60)
            let second = try await session.register(name: "Till", key: "register-1")
            #expect(first.status == 201)
            #expect(second.status == 201)
            #expect(second.body == first.body)
            #expect(second.headers[Self.replayed] == "true")
            let mismatch = try await session.register(name: "Other", key: "register-1")
            #expect(mismatch.status == 422)
            #expect(mismatch.error?.code == "idempotency_key_mismatch")

            let activation = try await session.send(.post, APIPath.activateTapToPay(TestSession.phone), headers: [Self.key: "on-1"])
            _ = try await session.send(.post, APIPath.deactivateTapToPay(TestSession.phone))
            let replay = try await session.send(.post, APIPath.activateTapToPay(TestSession.phone), headers: [Self.key: "on-1"])
            #expect(replay.headers[Self.replayed] == "true")
            #expect(replay.body == activation.body)
        }
    }

    @Test(arguments: [
        (#"{"deviceName":"x"}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":""}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":"has space"}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":"../etc"}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":"\#(String(repeating: "a", count: 129))"}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":42}"#, "invalid_request", "deviceId"),
        (#"{"deviceId":"ok","deviceName":"   "}"#, "invalid_request", "deviceName"),
        (#"{"deviceId":"ok","deviceName":"line\nbreak"}"#, "invalid_request", "deviceName"),
        (#"{"deviceId":"ok","deviceName":"\#(String(repeating: "n", count: 101))"}"#, "invalid_request", "deviceName"),
        ("not json", "invalid_json", "body"),
    ])
    func badRegistrationsAre400(json: String, code: String, field: String) async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.devices, json: json)
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.error?.code == code)
            #expect(reply.error?.field == field)
            #expect(try await session.send(.get, APIPath.devices).decode(DevicesResponse.self).devices.isEmpty)
        }
    }

    @Test func aLongestAllowedIdIsAccepted() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.register(String(repeating: "A1._-", count: 25) + "xyz").status == 201)
        }
    }

    @Test func eachRouteNeedsItsPermission() async throws {
        let harness = try await GatewayHarness.make(permissions: [.getTerminalList, .getTerminalInformation])
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.get, APIPath.devices).status == 200)
            for path in [APIPath.devices, APIPath.activateTapToPay("d"), APIPath.deactivateTapToPay("d"), APIPath.readerToken("d")] {
                let reply = try await session.send(.post, path, json: #"{"deviceId":"d"}"#)
                #expect(reply.status == 403, "\(path)")
                #expect(reply.error?.code == "forbidden")
            }
        }
        let tapOnly = try await GatewayHarness.make(permissions: [.featureTapToPayOnMobile])
        try await tapOnly.test { (session: TestSession) async throws in
            #expect(try await session.register().status == 201)
            #expect(try await session.send(.get, APIPath.devices).status == 403)
            #expect(try await session.send(.get, APIPath.device(TestSession.phone)).status == 403)
        }
    }
}
