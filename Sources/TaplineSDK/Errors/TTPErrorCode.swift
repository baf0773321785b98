/// ARISE's table of Tap to Pay error codes, each with the Tapline cause it stands for.
///
/// ``TTPError/code`` keeps Tapline's own code (the gateway's, such as `processor_timeout`, or
/// the SDK's, such as `CARD_READ_TIMEOUT`); ``TTPError/errorCode`` gives the ARISE code for
/// the same cause. Codes whose cause Tapline does not have (ARISE's App Attest, GPS, keychain,
/// certificate pinning and partner checks) are listed in ``withoutTaplineCause`` and never
/// produced; docs/ios.md explains each.
public enum TTPErrorCode: String, Sendable, Equatable, CaseIterable {
    case dev003 = "DEV003"
    case gps003 = "GPS003", gps005 = "GPS005", gps006 = "GPS006"
    case att018 = "ATT018", att019 = "ATT019", att020 = "ATT020", att021 = "ATT021", att022 = "ATT022", att023 = "ATT023",
         att024 = "ATT024"
    case data001 = "DATA001", data002 = "DATA002", data003 = "DATA003", data005 = "DATA005", data008 = "DATA008",
         data009 = "DATA009", data010 = "DATA010", data011 = "DATA011", data012 = "DATA012"
    case crypto001 = "CRYPTO001", crypto002 = "CRYPTO002", crypto003 = "CRYPTO003", crypto004 = "CRYPTO004",
         crypto005 = "CRYPTO005", crypto006 = "CRYPTO006"
    case sec005 = "SEC005", sec008 = "SEC008", sec001 = "SEC001"
    case dec04 = "DEC_04"
    case mer003 = "MER003", mer004 = "MER004", mer005 = "MER005", mer006 = "MER006", mer007 = "MER007", mer008 = "MER008"
    case ec02 = "EC_02", ec500 = "EC_500", ec502 = "EC_502", ec503 = "EC_503", ec504 = "EC_504"
    case auth001 = "AUTH_001"
    case missingRequiredField = "MISSING_REQUIRED_FIELD"
    case partnerUnauthorized = "PARTNER_UNAUTHORIZED"

    /// The Tapline codes (gateway error codes and the SDK's own) behind each ARISE code.
    static let causes: [TTPErrorCode: Set<String>] = [
        .dev003: ["DEV003"],
        .data001: ["not_found"],
        .data002: [
            "invalid_request", "unknown_field", "invalid_amount", "unknown_currency", "breakdown_mismatch", "currency_not_accepted",
            "card_brand_not_accepted", "transaction_type_not_enabled", "invalid_card_data", "card_read_stale", "card_read_mismatch",
            "card_mismatch", "card_read_replayed",
        ],
        .data003: ["invalid_json"],
        .data005: ["device_not_registered", "device_header_missing", "card_read_wrong_reader", "forbidden"],
        .data012: ["INVALID_RESPONSE"],
        .crypto004: ["card_data_tampered", "card_data_not_jwe"],
        .crypto005: ["card_data_unknown_key"],
        .crypto006: ["card_data_unsupported_algorithm"],
        .auth001: ["unauthorized", "invalid_client", "invalid_grant"],
        .ec500: ["internal_error", "GATEWAY_ERROR"],
        .ec502: ["processor_error"],
        .ec503: ["service_unavailable", "processor_unavailable", "NETWORK_ERROR"],
        .ec504: ["processor_timeout"],
    ]

    /// The ARISE code for a Tapline code, when the table has one.
    public init?(taplineCode: String) {
        guard let match = Self.causes.first(where: { $0.value.contains(taplineCode) })?.key else { return nil }
        self = match
    }

    /// ARISE codes with no Tapline cause: Tapline has no App Attest service, does no GPS
    /// check of its own (the platform's reader does), keeps no keys in the keychain besides
    /// the session (whose failures are ``AuthenticationError``s), pins no certificates, renews
    /// an expired token by itself (a failed renewal is `AUTH_001`), needs no display name,
    /// category code, terminal profile or country to take a tap (and the gateway refuses
    /// settings without a currency), and has no partner or
    /// sub-merchant model.
    public static var withoutTaplineCause: [TTPErrorCode] { allCases.filter { causes[$0] == nil } }

    /// Whether trying again can succeed, as ARISE's table says.
    public var isRecoverable: Bool {
        switch self {
        case .dev003, .data001, .data002, .data003, .data005, .sec008, .mer003, .mer004, .mer005, .mer006, .mer007, .mer008,
             .missingRequiredField, .partnerUnauthorized:
            return false
        default:
            return true
        }
    }
}
