/// The API whose shape a route answers in. An idempotency key keeps it, so the recovery job
/// finishing the key after a crash answers a Halo or Koard client's retry in that client's
/// shape rather than `/v1`'s.
enum ResponseFormat: String, Sendable {
    /// `/v1`: a `TransactionResource`, or a `FollowUpResponse` for a follow-up.
    case v1
    /// Halo's `/transactions/apple`: an `onlineAuthorizationResponse`.
    case halo
    /// Halo's `submitPinApple`: the same, as the answer to a PIN.
    case haloPIN = "halo_pin"
    /// The Koard routes: a `KoardTransactionResponse` in snake_case.
    case koard
}
