import GatewayAPI
import PaymentCore

// The wire's option and the domain's mode have the same cases; these are the only crossings.
extension ZeroCostProcessingOption {
    init(_ mode: ZeroCostProcessingMode) {
        switch mode {
        case .noZeroCost: self = .noZeroCost
        case .cashDiscount: self = .cashDiscount
        case .dualPricing: self = .dualPricing
        case .surcharge: self = .surcharge
        }
    }

    var mode: ZeroCostProcessingMode {
        switch self {
        case .noZeroCost: return .noZeroCost
        case .cashDiscount: return .cashDiscount
        case .dualPricing: return .dualPricing
        case .surcharge: return .surcharge
        }
    }
}
