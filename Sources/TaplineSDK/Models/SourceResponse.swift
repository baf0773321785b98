import PaymentCore

/// Where a transaction came from (ARISE `SourceResponseDto`): how it was created and by whom.
public struct SourceResponse: Sendable, Equatable {
    /// The ARISE operation of the row it describes.
    public var operationType: OperationType?
    /// The device, terminal or API client that created it (ARISE `createdById`).
    public var id: String?
    /// How it was created, as ARISE's `CreateMethodId` display names put it ("Tap to Pay",
    /// "API Token", …).
    public var name: String

    public init(operationType: OperationType?, id: String?, name: String) {
        self.operationType = operationType
        self.id = id
        self.name = name
    }

    init(type: TransactionType, createMethod: CreateMethod?, createdById: String?) {
        self.init(operationType: OperationType(type), id: createdById, name: createMethod?.displayName ?? "Unknown")
    }
}

extension CreateMethod {
    /// ARISE's display name for the method.
    public var displayName: String {
        switch self {
        case .portal: return "Portal"
        case .apiToken: return "API Token"
        case .terminal: return "Terminal"
        case .invoice: return "Invoice"
        case .quickPayment: return "Quick Payment"
        case .webComponent: return "Web Component"
        case .subscription: return "Subscription"
        case .mobileApp: return "Mobile App"
        case .tapToPay: return "Tap to Pay"
        }
    }
}
