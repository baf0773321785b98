import Foundation
@testable import Gateway
import NIOCore
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tapline serve` on a port another program holds says which address is taken and how to
/// choose another, instead of NIO's `bind(descriptor:ptr:bytes:)… (errno: 98)`.
@Suite("tapline serve on a port in use")
struct ServePortInUseTests {
    @Test func aTakenPortIsNamedWithTheWayOut() async throws {
        let held = try LoopbackPort(listening: true)
        let folder = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await TaplineRun.run(["serve", "--port", "\(held.port)", "--log-level", "critical"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let message = run.standardError
        #expect(message.contains("Error: cannot listen on 127.0.0.1:\(held.port): the address is already in use"), "\(message)")
        #expect(message.contains("--port") && message.contains("TAPLINE_PORT"), "\(message)")
        #expect(!message.contains("errno"), "\(message)")
    }

    @Test func onlyAnAddressInUseIsExplained() {
        let inUse = IOError(errnoCode: EADDRINUSE, reason: "bind(descriptor:ptr:bytes:)")
        #expect(ListenError.explaining(inUse, host: "127.0.0.1", port: 8080) == .addressInUse(host: "127.0.0.1", port: 8080))
        #expect(ListenError.explaining(IOError(errnoCode: EACCES, reason: "bind"), host: "127.0.0.1", port: 80) == nil)
        #expect(ListenError.explaining(CancellationError(), host: "127.0.0.1", port: 8080) == nil)
        #expect(ListenError.addressInUse(host: "::1", port: 8080).description.hasPrefix("cannot listen on [::1]:8080:"))
    }
}
