import Foundation
import PaymentCore
import Storage

/// Records with sensible defaults for tests. Dates are whole milliseconds, the precision
/// every store keeps, so what a test writes is exactly what it reads back.
public enum Fixtures {
    /// 2025-06-15 15:06:40 UTC, a whole second.
    public static let epoch = Date(timeIntervalSince1970: 1_750_000_000)

    /// `milliseconds` after ``epoch``.
    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(1_750_000_000_000 + milliseconds) / 1000)
    }

    /// `minutes` after ``epoch``.
    public static func minutes(_ minutes: Int64) -> Date {
        date(minutes * 60_000)
    }

    public static func merchant(id: String = "m_1", name: String = "Corner Café", createdAt: Date = epoch) -> Merchant {
        Merchant(id: id, name: name, createdAt: createdAt)
    }

    public static func apiClient(id: String = "c_1", merchantId: String = "m_1", createdAt: Date = epoch) -> APIClient {
        APIClient(
            id: id, merchantId: merchantId, name: "Till \(id)", secretHash: "sha256$salt$\(id)",
            permissions: ["transactions.read", "transactions.write"], createdAt: createdAt)
    }

    public static func refreshToken(
        hash: String = "rt_1", clientId: String = "c_1", merchantId: String = "m_1", familyId: String = "f_1",
        expiresAt: Date = minutes(60 * 24 * 30)
    ) -> RefreshToken {
        RefreshToken(tokenHash: hash, clientId: clientId, merchantId: merchantId, familyId: familyId, expiresAt: expiresAt)
    }

    /// A transaction with only the required fields set.
    public static func transaction(
        id: String = "t_1", merchantId: String = "m_1", type: TransactionType = .sale, status: TransactionStatus = .captured,
        parentId: String? = nil, currency: Currency = .usd, amount: Int64 = 1_000,
        createMethod: CreateMethod = .tapToPay, createdAt: Date = epoch
    ) -> Transaction {
        Transaction(
            id: id, merchantId: merchantId, type: type, status: status, parentId: parentId, currency: currency,
            amount: amount, createMethod: createMethod, createdAt: createdAt)
    }

    /// A transaction with every field set to a value other than its default, to prove a
    /// store keeps them all.
    public static func fullTransaction(id: String = "t_full", merchantId: String = "m_1") -> Transaction {
        var transaction = Transaction(
            id: id, merchantId: merchantId, type: .sale, status: .captured, parentId: "t_parent", currency: .kwd,
            amount: 12_345, createMethod: .mobileApp, createdAt: date(123))
        transaction.authorizedAmount = 12_345
        transaction.capturedAmount = 12_000
        transaction.refundedAmount = 2_500
        transaction.chargedBackAmount = 500
        transaction.tipAmount = 1_155
        transaction.pendingRefundAmount = 500
        transaction.pendingOperationId = "t_pending_op"
        transaction.card = card(pan: "5555555555554444", brand: "mastercard")
        transaction.processorResult = ProcessorResult(
            responseCode: "00", message: "Approved", authorizationCode: "A1B2C3", reference: "proc-ref-9")
        transaction.processorTrace = "0000421123180102"
        transaction.pinChallenge = PINChallenge(
            token: "pin-token-1", expiresAt: date(200_000), maxAttempts: 3, deviceId: "device_1", failedAttempts: 1)
        var details = CardPresentDetails(deviceId: "device_1")
        details.cardReaderId = "reader-9"
        details.cardReaderTransactionId = "read-77"
        details.applicationId = "A0000000041010"
        details.applicationLabel = "MASTERCARD"
        details.cryptogram = "1122334455667788"
        details.terminalVerificationResults = "0000008000"
        details.applicationTransactionCounter = "0042"
        details.funding = "debit"
        details.cvmResults = "1E0300"
        details.emvResponse = "910A0102030405060708303071098607842400000200ABCD"
        transaction.cardPresent = details
        transaction.referenceId = "order-77"
        transaction.customerId = "cust_1"
        transaction.customerName = "Zoë O'Brien"
        transaction.customerEmail = "zoe@example.com"
        transaction.createdById = "device_1"
        transaction.batchId = "b_1"
        transaction.breakdown = PaymentBreakdown(
            subtotal: 10_000, taxRate: .fraction(Decimal(string: "0.0875")!), taxAmount: 875, tipAmount: 1_155, tipType: .percentage,
            surchargeAmount: 315, surchargeRate: .percent(Decimal(string: "3.1234")!))
        transaction.settledAt = date(86_400_456)
        transaction.updatedAt = date(3_600_789)
        transaction.amountDetails = AmountBreakdown(
            base: 10_000, percentageOff: 1_000, percentageOffRate: 10, cashDiscount: 7, cashDiscountRate: Decimal(string: "0.0001")!,
            surcharge: 315, surchargeRate: Decimal(string: "3.5")!, tip: 1_155, tipRate: Decimal(string: "12.8333")!, tax: 875,
            taxRate: Decimal(string: "9.7222")!)
        transaction.processorId = "5c0e6d3b-8f27-4a19-b6d4-2e91f7a0c843"
        transaction.billingAddress = PostalAddress(
            line1: "1 Ünïcode Way", line2: "Suite 9", city: "Springfield", postalCode: "22222", stateName: "Illinois", stateId: 14,
            countryId: 840)
        transaction.shippingAddress = PostalAddress(line1: "2 Dock Rd", postalCode: "SW1A 1AA", countryId: 826)
        transaction.contact = ContactDetails(
            firstName: "Zoë", lastName: "O'Brien", companyName: "Acme", mobileNumber: "+1 555 0100", smsNotification: false)
        transaction.avsResult = .postalCodeOnly
        transaction.cardEntry = CardEntryDetails(customerInitiated: true, fallbackCondition: .noCandidateList, lastChipRead: .failed)
        transaction.additionalInformation = #"{"note":"Zoë's "table" 4","seats":[1,2.5,true]}"#
        transaction.signature = "iVBORw0KGgo="
        transaction.signatureRequired = true
        transaction.bankAccount = bankAccount()
        transaction.balanceAfter = PaymentBalance(authorized: 12_345, captured: 12_000, refunded: 500, tip: 700)
        return transaction
    }

    /// What an ACH debit keeps of its account, every field set.
    public static func bankAccount() -> BankAccountDetails {
        BankAccountDetails(
            routingNumber: "011000015", maskedAccountNumber: "*****6789", accountNumberHash: String(repeating: "ab", count: 32),
            accountType: .savings, holderType: .business, holderName: "Zoë's Café", maskedTaxId: "*****4321")
    }

    /// What the gateway keeps of a card read from `pan`: masked (first 6, last 4) and a
    /// keyed hash. The full PAN is used only here and never reaches a store.
    public static func card(
        pan: String = "4242424242424242", brand: String = "visa", entryMode: String = "contactless"
    ) -> CardSummary {
        let digits = Array(pan)
        let masked = String(digits.prefix(6)) + String(repeating: "*", count: max(0, digits.count - 10)) + String(digits.suffix(4))
        return CardSummary(
            maskedPan: masked, brand: brand, panHash: panHash(pan), expiryMonth: 12, expiryYear: 2030, entryMode: entryMode)
    }

    public static func idempotencyRecord(
        merchantId: String = "m_1", key: String = "idem_1", state: IdempotencyRecord.State = .inProgress,
        createdAt: Date = epoch
    ) -> IdempotencyRecord {
        IdempotencyRecord(merchantId: merchantId, key: key, requestHash: "hash-\(key)", state: state, createdAt: createdAt)
    }

    public static func batch(id: String = "b_1", merchantId: String = "m_1", openedAt: Date = epoch) -> Batch {
        Batch(id: id, merchantId: merchantId, openedAt: openedAt)
    }

    public static func device(
        merchantId: String = "m_1", deviceId: String = "123e4567-e89b-12d3-a456-426614174000", createdAt: Date = epoch
    ) -> Device {
        Device(merchantId: merchantId, deviceId: deviceId, createdAt: createdAt)
    }

    /// A stand-in for the gateway's keyed PAN hash (FNV-1a, keyed): deterministic, never the PAN.
    private static func panHash(_ pan: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "tapline-test-key:\(pan)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "fnv1a$" + String(hash, radix: 16)
    }
}
