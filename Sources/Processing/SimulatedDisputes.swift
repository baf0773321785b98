import Foundation
import PaymentCore

/// The disputes the simulator owes: one for each capture of its disputed test card, reported
/// `delay` after the gateway first asks about it. The clock is the caller's (`now`), so a test
/// moves time instead of sleeping. Bounded like the books: past `capacity` the oldest goes.
struct SimulatedDisputes: Sendable {
    private struct Owed: Sendable {
        var dispute: ProcessorDispute
        var dueAt: Date?
    }

    let delay: TimeInterval
    let capacity: Int
    private var owed: [Owed] = []

    init(delay: TimeInterval, capacity: Int) {
        self.delay = delay
        self.capacity = max(1, capacity)
    }

    mutating func owe(_ dispute: ProcessorDispute) {
        owed.append(Owed(dispute: dispute))
        if owed.count > capacity { owed.removeFirst(owed.count - capacity) }
    }

    /// Starts the delay of those not seen before, then hands over (and forgets) those due.
    mutating func due(at now: Date) -> [ProcessorDispute] {
        for index in owed.indices where owed[index].dueAt == nil { owed[index].dueAt = now.addingTimeInterval(delay) }
        let due = owed.filter { $0.dueAt! <= now }.map(\.dispute)
        owed.removeAll { $0.dueAt! <= now }
        return due
    }
}
