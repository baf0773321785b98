import Foundation
import PaymentCore
import Testing

/// Ids keep the text of `UUID().uuidString.lowercased()`: 122 random bits, or (time-ordered) the millisecond and 74.
@Suite("Random ids")
struct RandomIDTests {
    private static let hexDigits = Set("0123456789abcdef")

    @Test func anIdIsALowercaseVersion4UUID() throws {
        for _ in 0..<1_000 {
            let id = RandomID.uuidString()
            #expect(id.count == 36)
            let groups = id.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(id)")
            #expect(groups.joined().allSatisfy(Self.hexDigits.contains), "\(id)")
            #expect(groups[2].first == "4", "\(id)")
            #expect("89ab".contains(try #require(groups[3].first)), "\(id)")
            let parsed = try #require(UUID(uuidString: id))
            #expect(parsed.uuidString.lowercased() == id)
        }
    }

    @Test func theHexFormIsTheSameBitsWithoutDashes() {
        for _ in 0..<1_000 {
            let hex = RandomID.uuidHex()
            #expect(hex.count == 32 && hex.allSatisfy(Self.hexDigits.contains), "\(hex)")
            #expect(Array(hex)[12] == "4", "\(hex)")
        }
    }

    @Test func noDuplicatesIn100kFromConcurrentTasks() async {
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { (0..<25_000).map { _ in RandomID.uuidString() } } }
            var all: [String] = []
            for await part in group { all += part }
            return all
        }
        #expect(ids.count == 100_000)
        #expect(Set(ids).count == 100_000)
    }

    @Test func everyRandomBitVaries() {
        // Each of the 122 random bits is set in some ids and clear in others; a fixed bit
        // (a pool handing out zeros, a byte left unfilled) would show here.
        var ones = [Int](repeating: 0, count: 128)
        let count = 2_000
        for _ in 0..<count {
            let id = RandomID.uuidHex()
            for (index, digit) in id.enumerated() {
                let value = Int(String(digit), radix: 16)!
                for bit in 0..<4 where value & (8 >> bit) != 0 { ones[index * 4 + bit] += 1 }
            }
        }
        let fixed: Set<Int> = [48, 49, 50, 51, 64, 65] // the version (0100) and variant (10) bits
        for bit in 0..<128 where !fixed.contains(bit) {
            #expect((count / 4...count * 3 / 4).contains(ones[bit]), "bit \(bit) was set \(ones[bit]) times in \(count)")
        }
    }

    @Test func aTimeOrderedIdIsAVersion7UUIDStartingWithItsMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000.123)
        for _ in 0..<1_000 {
            let id = RandomID.timeOrderedString(at: date)
            let groups = id.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(id)")
            #expect(groups.joined().allSatisfy(Self.hexDigits.contains), "\(id)")
            #expect(groups[2].first == "7", "\(id)")
            #expect("89ab".contains(try #require(groups[3].first)), "\(id)")
            #expect(UInt64(groups[0] + groups[1], radix: 16) == 1_795_000_000_123, "\(id)")
            #expect(try #require(UUID(uuidString: id)).uuidString.lowercased() == id)
        }
    }

    @Test func timeOrderedIdsSortAsTheirTimesAndDifferWithinAMillisecond() {
        let ids = (0..<2_000).map { RandomID.timeOrderedString(at: Date(timeIntervalSince1970: Double(1_795_000_000_000 + $0 / 2) / 1000)) }
        // Two ids of one millisecond compare in either order; across milliseconds they sort by time.
        let firsts = stride(from: 0, to: ids.count, by: 2).map { ids[$0] }
        #expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(ids).count == ids.count)
        // The 74 bits after the time are random: each is set in some ids and clear in others.
        var ones = [Int](repeating: 0, count: 128)
        for id in ids {
            for (index, digit) in id.replacingOccurrences(of: "-", with: "").enumerated() {
                let value = Int(String(digit), radix: 16)!
                for bit in 0..<4 where value & (8 >> bit) != 0 { ones[index * 4 + bit] += 1 }
            }
        }
        let random = (52..<64).map { $0 } + (66..<128).map { $0 }
        for bit in random {
            #expect((ids.count / 4...ids.count * 3 / 4).contains(ones[bit]), "bit \(bit) was set \(ones[bit]) times in \(ids.count)")
        }
    }
}
