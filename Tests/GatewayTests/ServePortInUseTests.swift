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
        let held = try HeldLoopbackPort()
        defer { held.close() }
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

/// A listening TCP socket on 127.0.0.1 and an ephemeral port, as another program would hold it.
private struct HeldLoopbackPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socketDescriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketDescriptor >= 0 else { throw ServeProcessError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Bool in
                bind(socketDescriptor, generic, length) == 0 && listen(socketDescriptor, 1) == 0
                    && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        guard bound else {
            Self.close(socketDescriptor)
            throw ServeProcessError("could not hold a loopback port: errno \(errno)")
        }
        descriptor = socketDescriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { Self.close(descriptor) }

    private static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}
