import CardData
import Foundation
import PaymentCore
import Processing

// `simulator`: N approved sales (default 100 000) straight into one `SimulatedProcessor`, as
// `tapline serve` configures it (default capacities), on one task. The process's resident memory (VmRSS in
// /proc/self/status) is read after a warm-up of 1 000 sales and every quarter of the run;
// the growth from the warm-up to the end is checked against a bound in MB, and the run
// fails (exit 1) above it. VmHWM, the peak, is reported beside it.

/// One field of /proc/self/status in bytes ("VmRSS", "VmHWM"); nil off Linux.
func processStatusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        // "VmRSS:     54321 kB"
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 2, let kilobytes = Int(parts[1]) else { return nil }
        return kilobytes * 1024
    }
    return nil
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

/// Returns false when the growth went over `boundMB`.
func benchmarkSimulatorMemory(sales: Int, boundMB: Double) async throws -> Bool {
    guard processStatusBytes("VmRSS") != nil else {
        print("needs /proc/self/status (Linux)")
        return false
    }
    let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
    let card = try KeyedCard(pan: TestCards.visaApproved.pan, expiryMonth: 12, expiryYear: 2030, securityCode: "123")
    func sale() async throws {
        // The gateway's ids are lowercased UUIDs; the same shape keeps the strings' size real.
        let request = AuthorizationRequest(transactionId: UUID().uuidString.lowercased(), kind: .sale,
                                           amount: Money(minorUnits: 1_000, currency: .usd), card: card)
        guard case .approved = try await processor.authorize(request).outcome else { throw CancellationError() }
    }

    for _ in 0..<1_000 { try await sale() }
    let baseline = processStatusBytes("VmRSS") ?? 0
    print("after 1000 warm-up sales: VmRSS \(megabytes(baseline))")
    let clock = ContinuousClock()
    let started = clock.now
    let quarter = max(1, sales / 4)
    for index in 1...max(1, sales) {
        try await sale()
        if index % quarter == 0 || index == sales {
            let rss = processStatusBytes("VmRSS") ?? 0
            let remembered = await processor.rememberedCount
            print("after \(index) sales: VmRSS \(megabytes(rss)) (+\(megabytes(rss - baseline))), \(remembered) ids remembered")
        }
    }
    let elapsed = clock.now - started
    let final = processStatusBytes("VmRSS") ?? 0
    let peak = processStatusBytes("VmHWM") ?? 0
    let growth = final - baseline
    print(String(format: "%d sales in %.1f s", sales, seconds(elapsed)))
    print("VmRSS growth: \(megabytes(growth)) (\(growth / max(1, sales)) bytes per sale); peak VmHWM \(megabytes(peak)); bound \(String(format: "%.0f", boundMB)) MB")
    let within = Double(growth) <= boundMB * 1_048_576
    print(within ? "within the bound" : "OVER THE BOUND")
    return within
}
