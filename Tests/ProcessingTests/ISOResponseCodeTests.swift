import Processing
import Testing

@Suite struct ISOResponseCodeTests {
    @Test(arguments: [
        ("00", ISOResponseCode.Disposition.approved), ("08", .approved), ("11", .approved),
        ("10", .partiallyApproved), ("65", .pinRequired), ("70", .pinRequired),
        ("91", .systemError), ("96", .systemError),
        ("05", .declined), ("12", .declined), ("51", .declined), ("54", .declined), ("55", .declined),
        ("Z9", .declined),
    ])
    func disposition(_ code: String, _ disposition: ISOResponseCode.Disposition) {
        let responseCode = ISOResponseCode(rawValue: code)
        #expect(responseCode.disposition == disposition)
        #expect(responseCode.isApproval == (disposition == .approved || disposition == .partiallyApproved))
    }

    @Test(arguments: [
        ("00", "Approved"), ("05", "Do not honour"), ("10", "Partial approval"), ("12", "Invalid transaction"),
        ("13", "Invalid amount"), ("14", "Invalid card number"), ("41", "Lost card, pick up"),
        ("43", "Stolen card, pick up"), ("51", "Insufficient funds"), ("54", "Expired card"),
        ("55", "Incorrect PIN"), ("57", "Transaction not permitted to cardholder"),
        ("61", "Exceeds withdrawal amount limit"), ("62", "Restricted card"),
        ("75", "Allowable number of PIN tries exceeded"), ("91", "Issuer or switch inoperative"),
        ("96", "System malfunction"),
    ])
    func messages(_ code: String, _ message: String) {
        #expect(ISOResponseCode(rawValue: code).message == message)
    }

    @Test func unknownCodesNameThemselves() {
        #expect(ISOResponseCode(rawValue: "Q1").message.contains("Q1"))
        #expect("\(ISOResponseCode.approved)" == "00 Approved")
    }

    @Test func processorErrorsDescribeThemselves() {
        #expect("\(ProcessorError.unavailable(code: "96", message: "System malfunction"))"
            == "processor unavailable: 96 System malfunction")
        #expect("\(ProcessorError.noAnswer)" == "processor did not answer in time")
        #expect(ProcessorError.noAnswer.mayHaveApproved)
        #expect(!ProcessorError.unavailable(code: "96", message: "").mayHaveApproved)
    }
}
