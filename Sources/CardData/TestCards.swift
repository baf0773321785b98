/// The test-card table shared by the simulated card reader and the simulated processor
/// (DESIGN.md, "Test cards of the simulator"). Any valid card not listed here approves.
public enum TestCards {
    /// The PIN that approves a single-tap-and-PIN retry.
    public static let correctPIN = "1234"

    public static let visaApproved = TestCard(
        pan: "4242424242424242", brand: .visa, behaviour: .approve, summary: "approved")
    public static let mastercardApproved = TestCard(
        pan: "5555555555554444", brand: .mastercard, behaviour: .approve, summary: "approved")
    public static let amexApproved = TestCard(
        pan: "378282246310005", brand: .amex, behaviour: .approve, summary: "approved")
    public static let doNotHonour = TestCard(
        pan: "4000000000000002", brand: .visa, behaviour: .decline(responseCode: "05"),
        summary: "declined 05 do not honour")
    public static let insufficientFunds = TestCard(
        pan: "4000000000009995", brand: .visa, behaviour: .decline(responseCode: "51"),
        summary: "declined 51 insufficient funds")
    public static let expiredCard = TestCard(
        pan: "4000000000000069", brand: .visa, behaviour: .decline(responseCode: "54"),
        summary: "declined 54 expired card")
    public static let pinRequired = TestCard(
        pan: "5200828282828210", brand: .mastercard,
        behaviour: .pinRequired(responseCode: "65", correctPIN: correctPIN, wrongPINResponseCode: "55"),
        summary: "soft decline 65, single tap and PIN; PIN \(correctPIN) approves, any other PIN declines 55")
    public static let processorError = TestCard(
        pan: "4000000000000119", brand: .visa, behaviour: .processorError(responseCode: "96"),
        summary: "processor error 96, the operation fails")
    public static let noAnswer = TestCard(
        pan: "4000000000000259", brand: .visa, behaviour: .noAnswer,
        summary: "processor does not answer in time, the operation fails and is reversed")
    public static let amountDriven = TestCard(
        pan: "4000000000000077", brand: .visa, behaviour: .amountDriven,
        summary: "the last two digits of the amount's minor units are the response code (00 approves, 10 approves half)")

    public static let disputed = TestCard(
        pan: "4000000000001976", brand: .visa, behaviour: .disputed(reasonCode: "10.4", reason: "Other fraud: card-absent environment"),
        summary: "approved; once captured, disputed (reason 10.4) a few seconds later")

    /// Every listed card, in the order of the README table.
    public static let all: [TestCard] = [
        visaApproved, mastercardApproved, amexApproved, doNotHonour, insufficientFunds, expiredCard,
        pinRequired, processorError, noAnswer, amountDriven, disputed,
    ]

    /// The listed card with this PAN (digits only), if any.
    public static func card(pan: String) -> TestCard? {
        all.first { $0.pan == pan }
    }

    /// What the simulator does with `pan`: the table's behaviour, or `.approve` for any
    /// other card.
    public static func behaviour(pan: String) -> TestCardBehaviour {
        card(pan: pan)?.behaviour ?? .approve
    }
}
