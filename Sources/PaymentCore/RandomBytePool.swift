#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The operating system's random bytes, drawn 4 KiB at a time and handed out 16 at a time
/// (``RandomID``); each byte is handed out once. Not thread-safe alone: ``RandomID`` keeps it
/// behind a lock.
struct RandomBytePool {
    static let size = 4096
    private var buffer = [UInt8](repeating: 0, count: size)
    private var offset = size

    /// Sixteen fresh random bytes.
    mutating func take16() -> (UInt64, UInt64) {
        if offset + 16 > Self.size {
            buffer.withUnsafeMutableBytes(Self.fill)
            offset = 0
        }
        defer { offset += 16 }
        return buffer.withUnsafeBytes { bytes in
            (bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
             bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        }
    }

    /// Fills `bytes` from the operating system: `/dev/urandom` on Linux (one open and read
    /// per 4 KiB), `arc4random_buf` on Apple's systems; if the device cannot be read (no file
    /// descriptor left), `SystemRandomNumberGenerator`, eight bytes per system call.
    static func fill(_ bytes: UnsafeMutableRawBufferPointer) {
        #if canImport(Darwin)
        arc4random_buf(bytes.baseAddress!, bytes.count)
        #else
        if readDevice(into: bytes) { return }
        var generator = SystemRandomNumberGenerator()
        var index = 0
        while index < bytes.count {
            let value = generator.next()
            withUnsafeBytes(of: value) { word in
                for byte in word where index < bytes.count {
                    bytes[index] = byte
                    index += 1
                }
            }
        }
        #endif
    }

    #if !canImport(Darwin)
    private static func readDevice(into bytes: UnsafeMutableRawBufferPointer) -> Bool {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var filled = 0
        while filled < bytes.count {
            let count = read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
            if count > 0 {
                filled += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
    #endif
}
