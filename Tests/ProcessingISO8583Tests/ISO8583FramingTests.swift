import ProcessingISO8583
import Testing

/// The 2-byte big-endian length header, both ways, over chunks cut anywhere.
@Suite struct ISO8583FramingTests {
    private let first: [UInt8] = Array("0800first".utf8)
    private let second = [UInt8](repeating: 0x42, count: 300)

    @Test func framePrefixesTheLengthBigEndian() throws {
        #expect(try ISO8583Framing.frame([1, 2, 3]) == [0, 3, 1, 2, 3])
        #expect(Array(try ISO8583Framing.frame(second).prefix(2)) == [0x01, 0x2C])
    }

    @Test func frameRefusesEmptyAndOverLimitMessages() {
        #expect(throws: ISO8583FrameError.zeroLength) { try ISO8583Framing.frame([]) }
        #expect(throws: ISO8583FrameError.overLimit(length: 11, limit: 10)) {
            try ISO8583Framing.frame([UInt8](repeating: 0, count: 11), limit: 10)
        }
        #expect(throws: ISO8583FrameError.overLimit(length: 70_000, limit: 65_535)) {
            try ISO8583Framing.frame([UInt8](repeating: 0, count: 70_000), limit: 100_000)
        }
    }

    /// The default limit is the longest message Tapline's table can describe, which the
    /// 2-byte header can carry.
    @Test func defaultLimitIsTheLongestPossibleMessage() {
        #expect(ISO8583Framing.defaultLimit == ISO8583FieldTable.tapline.maximumMessageLength)
        #expect(ISO8583Framing.defaultLimit <= 65_535)
        #expect(ISO8583FrameReader().limit == ISO8583Framing.defaultLimit)
    }

    @Test func readsAWholeFrame() throws {
        var reader = ISO8583FrameReader()
        #expect(try reader.append(try ISO8583Framing.frame(first)) == [first])
        #expect(reader.bufferedByteCount == 0)
    }

    @Test func keepsAPartialFrameUntilItIsWhole() throws {
        var reader = ISO8583FrameReader()
        let framed = try ISO8583Framing.frame(second)
        var received: [[UInt8]] = []
        for byte in framed {
            received += try reader.append([byte])
            if received.isEmpty { #expect(reader.bufferedByteCount > 0) }
        }
        #expect(received == [second])
        #expect(reader.bufferedByteCount == 0)
    }

    @Test func splitsSeveralFramesInOneChunk() throws {
        var reader = ISO8583FrameReader()
        let chunk = try ISO8583Framing.frame(first) + ISO8583Framing.frame(second) + ISO8583Framing.frame(first)
        #expect(try reader.append(chunk) == [first, second, first])
    }

    /// Two frames cut into two chunks at every possible place, header bytes included.
    @Test func reassemblesAtEveryCut() throws {
        let stream = try ISO8583Framing.frame(first) + ISO8583Framing.frame(second)
        for cut in 0...stream.count {
            var reader = ISO8583FrameReader()
            let messages = try reader.append(stream[..<cut]) + reader.append(stream[cut...])
            #expect(messages == [first, second], "cut at \(cut)")
            #expect(reader.bufferedByteCount == 0)
        }
    }

    @Test func refusesAZeroLengthHeaderAndStaysRefusing() throws {
        var reader = ISO8583FrameReader()
        #expect(throws: ISO8583FrameError.zeroLength) { try reader.append([0, 0]) }
        // The stream is out of step: a good frame after it is refused too.
        #expect(throws: ISO8583FrameError.zeroLength) { try reader.append(try ISO8583Framing.frame(first)) }
    }

    @Test func refusesAnOverLimitHeaderBeforeItsBytesArrive() throws {
        var reader = ISO8583FrameReader(limit: 10)
        #expect(try reader.append([0, 10] + [UInt8](repeating: 7, count: 10)) == [[UInt8](repeating: 7, count: 10)])
        #expect(throws: ISO8583FrameError.overLimit(length: 11, limit: 10)) { try reader.append([0, 11]) }

        var defaultReader = ISO8583FrameReader()
        #expect(throws: ISO8583FrameError.overLimit(length: 65_535, limit: ISO8583Framing.defaultLimit)) {
            try defaultReader.append([0xFF, 0xFF])
        }
    }

    @Test func refusesABadHeaderAfterGoodFramesInTheSameChunk() throws {
        var reader = ISO8583FrameReader()
        #expect(throws: ISO8583FrameError.zeroLength) { try reader.append(try ISO8583Framing.frame(first) + [0, 0]) }
    }

    @Test func limitCannotExceedWhatTheHeaderSays() {
        #expect(ISO8583FrameReader(limit: 1_000_000).limit == 65_535)
    }
}
