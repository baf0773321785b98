import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the gateway could not listen, in words an operator can act on: NIO's own error names
/// a system call and an errno (`bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`).
public enum ListenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process (often another `tapline serve`) listens on the address already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            return "cannot listen on \(address): the address is already in use (another tapline serve, or another program, "
                + "is listening there); stop it, or choose another port with --port or TAPLINE_PORT"
        }
    }

    /// `error` as a ``ListenError`` when it is the failure to listen on `host`:`port`, else nil
    /// (the error is then passed on as it is).
    public static func explaining(_ error: any Error, host: String, port: Int) -> ListenError? {
        guard let io = error as? IOError, io.errnoCode == EADDRINUSE else { return nil }
        return .addressInUse(host: host, port: port)
    }
}
