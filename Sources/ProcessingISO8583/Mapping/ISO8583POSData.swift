import Processing

/// Field 60 of the Tapline profile: point-of-service data, seven digits, one per position
/// (docs/iso8583.md, "POS data (60)"). Derived from how the card was read and what the
/// request is; 22 and 25 say the same in ISO 8583:1987's coarser terms.
enum ISO8583POSData {
    /// 1 terminal attendance, 2 cardholder presence, 3 card presence, 4 contactless
    /// capability, 5 PIN capability, 6 partial approval capability, 7 who started it.
    static func field60(_ request: AuthorizationRequest) -> String {
        let tapped = request.entryMode == .contactless
        let keyed = request.entryMode == .keyed
        let digits = [
            // Every Tapline payment is taken by the merchant: on its phone, its reader, or typed in.
            "0",
            // A typed card is a mail or telephone order, as 25 = 08 says.
            keyed ? "2" : "0",
            keyed ? "1" : "0",
            // Tap to Pay reads contactless cards and takes a PIN on the phone; a swipe reader
            // and a typed card are sent as neither (22 ends in 2: no PIN capability).
            tapped ? "1" : "0",
            tapped ? "1" : "0",
            // The gateway keeps a partial approval of a sale or authorization (39 = 10).
            request.kind == .sale || request.kind == .authorization ? "1" : "0",
            initiator(request.customerInitiated),
        ]
        return digits.joined()
    }

    /// 1 the cardholder started it (CIT), 2 the merchant did, with a credential it keeps
    /// (MIT), 0 the payment does not say.
    private static func initiator(_ customerInitiated: Bool?) -> String {
        switch customerInitiated {
        case true?: "1"
        case false?: "2"
        case nil: "0"
        }
    }
}
