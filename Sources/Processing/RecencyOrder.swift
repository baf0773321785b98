/// Keys in the order they were last used, so the least recently used one is found in
/// amortised constant time: the simulator's books use it to forget what nobody has asked
/// about for longest.
///
/// A use appends the key with a new stamp; the entry it supersedes stays in the queue and is
/// skipped when it reaches the front. The queue is compacted whenever it holds more than
/// twice as many entries as there are keys, so its size stays proportional to the keys'.
package struct RecencyOrder<Key: Hashable & Sendable>: Sendable {
    private var queue: [(key: Key, stamp: Int)] = []
    /// Entries before `head` are consumed.
    private var head = 0
    private var latest: [Key: Int] = [:]
    private var stamp = 0

    package init() {}

    /// How many keys are ordered.
    package var count: Int { latest.count }

    /// Makes `key` the most recently used.
    package mutating func use(_ key: Key) {
        stamp += 1
        latest[key] = stamp
        queue.append((key, stamp))
        compactIfSparse()
    }

    /// Takes the least recently used key out of the order.
    package mutating func removeOldest() -> Key? {
        while head < queue.count {
            let entry = queue[head]
            head += 1
            guard latest[entry.key] == entry.stamp else { continue }
            latest[entry.key] = nil
            compactIfSparse()
            return entry.key
        }
        return nil
    }

    private mutating func compactIfSparse() {
        // The floor keeps small orders from compacting on every use.
        guard queue.count > 64, queue.count > 2 * latest.count else { return }
        queue = queue[head...].filter { latest[$0.key] == $0.stamp }
        head = 0
    }
}
