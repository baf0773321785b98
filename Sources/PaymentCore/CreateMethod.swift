/// How a transaction was created (ARISE `CreateMethodId`, same raw values).
public enum CreateMethod: Int, Sendable, Codable, CaseIterable {
    case portal = 1
    case apiToken = 2
    case terminal = 3
    case invoice = 4
    case quickPayment = 5
    case webComponent = 6
    case subscription = 7
    case mobileApp = 8
    case tapToPay = 9
}
