/// Why a dispute cannot move as asked.
public enum DisputeError: Error, Sendable, Equatable {
    /// The merchant can only answer a dispute that still needs a response.
    case notAwaitingResponse(DisputeStatus)
    /// A closed dispute's outcome is final: a later file cannot change it.
    case alreadyClosed(DisputeStatus)
    /// The acquirer cannot send a dispute back to needing a response once it is under review.
    case cannotReopen(DisputeStatus)
}
