/// Every response code (field 39) ISO 8583:1987 defines, plus the private ones acquirers
/// send to Tapline (70, 78, 85), with what Tapline does on each: the one table the link and
/// the simulator read, and docs/iso8583.md ("Response codes") shows row for row.
///
/// A code missing here (ISO's reserved 45–50, 69–74 and letters, the private 76–89, the
/// national 97–99) is declined with a message that names it.
public enum ISOResponseCodeTable {
    /// What a code is and how Tapline treats it.
    public struct Entry: Sendable, Equatable {
        /// The standard's meaning, shown as the transaction's processor message.
        public let meaning: String
        public let handling: ISOResponseCode.Handling
    }

    public static let entries: [String: Entry] = {
        var table: [String: Entry] = [:]
        for (code, meaning, handling) in rows { table[code] = Entry(meaning: meaning, handling: handling) }
        return table
    }()

    /// Code, meaning and handling, in code order.
    public static let rows: [(String, String, ISOResponseCode.Handling)] = [
        ("00", "Approved", .approved),
        ("01", "Refer to card issuer", .referral),
        ("02", "Refer to card issuer's special conditions", .referral),
        ("03", "Invalid merchant", .decline),
        ("04", "Pick up card", .pickUp),
        ("05", "Do not honour", .decline),
        ("06", "Error", .decline),
        ("07", "Pick up card, special condition", .pickUp),
        ("08", "Honour with identification", .approved),
        ("09", "Request in progress", .retryLater),
        ("10", "Partial approval", .partialApproval),
        ("11", "Approved (VIP)", .approved),
        ("12", "Invalid transaction", .decline),
        ("13", "Invalid amount", .decline),
        ("14", "Invalid card number", .decline),
        ("15", "No such issuer", .decline),
        ("16", "Approved, update track 3", .approved),
        ("17", "Customer cancellation", .decline),
        ("18", "Customer dispute", .decline),
        ("19", "Re-enter transaction", .reenter),
        ("20", "Invalid response", .decline),
        ("21", "No action taken", .decline),
        ("22", "Suspected malfunction", .retryLater),
        ("23", "Unacceptable transaction fee", .decline),
        ("24", "File update not supported by receiver", .decline),
        ("25", "Unable to locate record on file", .decline),
        ("26", "Duplicate file update record, old record replaced", .decline),
        ("27", "File update field edit error", .decline),
        ("28", "File update file locked out", .decline),
        ("29", "File update not successful, contact acquirer", .decline),
        ("30", "Format error", .formatError),
        ("31", "Bank not supported by switch", .decline),
        ("32", "Completed partially", .decline),
        ("33", "Expired card, pick up", .pickUp),
        ("34", "Suspected fraud, pick up", .pickUp),
        ("35", "Card acceptor contact acquirer, pick up", .pickUp),
        ("36", "Restricted card, pick up", .pickUp),
        ("37", "Card acceptor call acquirer security, pick up", .pickUp),
        ("38", "Allowable PIN tries exceeded, pick up", .pickUp),
        ("39", "No credit account", .decline),
        ("40", "Requested function not supported", .decline),
        ("41", "Lost card, pick up", .pickUp),
        ("42", "No universal account", .decline),
        ("43", "Stolen card, pick up", .pickUp),
        ("44", "No investment account", .decline),
        ("51", "Insufficient funds", .decline),
        ("52", "No cheque account", .decline),
        ("53", "No savings account", .decline),
        ("54", "Expired card", .decline),
        ("55", "Incorrect PIN", .decline),
        ("56", "No card record", .decline),
        ("57", "Transaction not permitted to cardholder", .decline),
        ("58", "Transaction not permitted to terminal", .decline),
        ("59", "Suspected fraud", .decline),
        ("60", "Card acceptor contact acquirer", .referral),
        ("61", "Exceeds withdrawal amount limit", .decline),
        ("62", "Restricted card", .decline),
        ("63", "Security violation", .decline),
        ("64", "Original amount incorrect", .decline),
        ("65", "Exceeds withdrawal frequency limit: PIN required", .pinRequired),
        ("66", "Card acceptor call acquirer's security department", .referral),
        ("67", "Hard capture, pick up", .pickUp),
        ("68", "Response received too late: reversed", .retryLater),
        ("70", "PIN data required", .pinRequired),
        ("75", "Allowable number of PIN tries exceeded", .decline),
        ("78", "Blocked, first used", .decline),
        ("85", "No reason to decline", .approved),
        ("90", "Cutoff in process", .retryLater),
        ("91", "Issuer or switch inoperative", .retryLater),
        ("92", "Unable to route transaction", .retryLater),
        ("93", "Transaction cannot be completed, violation of law", .decline),
        ("94", "Duplicate transmission", .retryLater),
        ("95", "Reconcile error", .decline),
        ("96", "System malfunction", .retryLater),
    ]
}
