import PaymentCore
import Testing

@Suite("CVM results (9F34) read as ARISE names them")
struct CVMResultsTests {
    @Test(arguments: [
        ("1F0302", "No CVM required", "Successful"),
        ("1E0300", "Signature", "Unknown"),
        ("420300", "Enciphered PIN verified online", "Unknown"),
        ("3F0302", "No CVM performed by the terminal (consumer device CVM when successful)", "Successful"),
        ("010001", "Plaintext PIN verified by the card", "Failed"),
        ("2A0000", "Method 2A", "Unknown"),
    ])
    func methodAndResultAreRead(_ hex: String, _ method: String, _ result: String) throws {
        let read = try #require(CVMResults(hex: hex))
        #expect(read.methodName == method && read.resultMessage == result)
    }

    @Test(arguments: ["", "1F03", "1F030200", "ZZ0302", "1F 302", "é1F030"])
    func anythingButThreeHexBytesIsNothing(_ hex: String) {
        #expect(CVMResults(hex: hex) == nil)
    }
}
