import Foundation
import Processing

/// ACH debit request bodies for the tests: the simulator decides by the account number's
/// last four digits (``TestBankAccounts``).
enum ACHExamples {
    static let clearingAccount = "123456789"
    static let returnedAccount = "987650001"
    static let heldAccount = "555550002"
    static let declinedAccount = "444440003"

    static func body(
        amount: Int64 = 2_500, account: String = clearingAccount, routing: String = TestBankAccounts.routingNumber,
        accountType: String = "checking", holderType: String = "personal", name: String = "Jane Doe",
        extra: String = "", details: String = ""
    ) -> String {
        """
        {"amount":\(amount),"currency":"USD","referenceId":"INV-ACH",\(extra)"achDetails":{"customerAccountNumber":"\(account)",\
        "customerRoutingNumber":"\(routing)","accountType":"\(accountType)","accountHolderType":"\(holderType)",\(details)\
        "accountHolderName":"\(name)"}}
        """
    }
}
