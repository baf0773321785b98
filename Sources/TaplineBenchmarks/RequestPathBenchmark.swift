import Foundation
import Gateway
import PaymentCore

// `request-path`: the parts of the request path changed by issue 28 (part 4), each beside the
// way it ran before, in the same run, on one thread: `token-verify` (AuthMiddleware's reading
// of a bearer token), `body-decode` (JSONCoding.decode of a keyed sale's body), `ids` (a
// lowercase UUID).
// Medians of several rounds, reported as calls per second and the ratio now / before.

private func report(_ name: String, now: [Double], before: [Double], label: String = "before") {
    let (current, old) = (median(now), median(before))
    print("\(name): now " + String(format: "%.0f/s", current) + "  \(label) " + String(format: "%.0f/s  ratio %.2f", old, current / old)
          + "  (medians of \(now.count) rounds)")
}

func benchmarkRequestPath(parts: Set<String>, seconds: Double, rounds: Int) async throws {
    if parts.contains("token-verify") {
        let (now, before) = RequestPathBenchmarks.tokenVerification()
        guard now() > 0, before() > 0 else { fatalError("the benchmark token does not verify") }
        var nowRates: [Double] = [], beforeRates: [Double] = []
        for _ in 1...rounds {
            nowRates.append(rate(seconds: seconds, now))
            beforeRates.append(rate(seconds: seconds, before))
        }
        report("token-verify", now: nowRates, before: beforeRates)
    }
    if parts.contains("body-decode") {
        let (now, before) = RequestPathBenchmarks.bodyDecoding()
        guard try now() == 10_000, try before() == 10_000 else { fatalError("the benchmark body does not decode") }
        var nowRates: [Double] = [], beforeRates: [Double] = []
        for _ in 1...rounds {
            nowRates.append(try rate(seconds: seconds, now))
            beforeRates.append(try rate(seconds: seconds, before))
        }
        report("body-decode", now: nowRates, before: beforeRates)
    }
    if parts.contains("ids") {
        let fast = { RandomID.uuidString().utf8.count }
        let foundation = { UUID().uuidString.lowercased().utf8.count }
        // The other candidate: Foundation's formatting of bits from the standard library's
        // generator (getrandom(2), eight bytes per call).
        let system = {
            var generator = SystemRandomNumberGenerator()
            var bits = (generator.next(), generator.next())
            return withUnsafeMutableBytes(of: &bits) { bytes in
                bytes[6] = bytes[6] & 0x0F | 0x40
                bytes[8] = bytes[8] & 0x3F | 0x80
                return UUID(uuid: bytes.load(as: uuid_t.self)).uuidString.lowercased().utf8.count
            }
        }
        var fastRates: [Double] = [], foundationRates: [Double] = [], systemRates: [Double] = []
        for _ in 1...rounds {
            fastRates.append(rate(seconds: seconds, fast))
            foundationRates.append(rate(seconds: seconds, foundation))
            systemRates.append(rate(seconds: seconds, system))
        }
        report("ids", now: fastRates, before: foundationRates, label: "UUID()")
        report("ids", now: fastRates, before: systemRates, label: "UUID(uuid: SystemRandomNumberGenerator)")
    }
}
