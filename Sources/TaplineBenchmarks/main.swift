@preconcurrency import CardData
@preconcurrency import Crypto
import Foundation

// Micro-benchmarks, run by `python3 scripts/bench.py micro NAME` (scripts/bench/micro.py):
// card-data sealing, webhook delivery throughput (WebhookBenchmark.swift), the simulated
// processor's memory (SimulatorMemoryBenchmark.swift), SQLite write throughput with and
// without group commit (SQLiteWriteBenchmark.swift), and the request path's parts
// (RequestPathBenchmark.swift).
//
//   TaplineBenchmarks open [seconds per measurement, default 2] [rounds, default 5]
//   TaplineBenchmarks webhooks [events, default 2000] [rounds, default 3]
//   TaplineBenchmarks simulator [sales, default 100000] [bound in MB, default 32]
//   TaplineBenchmarks sqlite-writes [writes, default 2000] [concurrency, default 32]
//   TaplineBenchmarks request-path [parts, default token-verify,body-decode,ids] [seconds, default 1] [rounds, default 5]
//
// `open` measures CompactJWE.open of a ~300-byte card payload on one thread, the whole
// SealedCardData.open of a card read (base64, JWE, TLV), and in the same
// run a baseline: AES-256-GCM open of a ciphertext of the same size with the same AAD. The
// two alternate for several rounds and medians are reported; these machines are noisy, so
// the ratio is what travels between them.

/// Keeps results alive so the optimiser cannot drop the work being measured.
nonisolated(unsafe) var sink = 0

/// Runs `body` repeatedly for `seconds` of wall time and returns calls per second.
func rate(seconds: Double, _ body: () throws -> Int) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let limit = Duration.milliseconds(Int64(seconds * 1000))
    var calls = 0
    var elapsed = Duration.zero
    // Read the clock once per batch so its cost does not count against fast operations.
    let batch = 64
    repeat {
        for _ in 0..<batch { sink &+= try body() }
        calls += batch
        elapsed = clock.now - start
    } while elapsed < limit
    let components = elapsed.components
    return Double(calls) / (Double(components.seconds) + Double(components.attoseconds) / 1e18)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// About 300 bytes shaped like a contactless card read: nested tag-length-value items.
func cardPayload() -> Data {
    var body = Data()
    let items: [(tag: [UInt8], length: Int)] = [
        ([0x5A], 8), ([0x57], 17), ([0x5F, 0x24], 3), ([0x5F, 0x2A], 2), ([0x9F, 0x02], 6),
        ([0x9A], 3), ([0x9C], 1), ([0x9F, 0x37], 4), ([0x9F, 0x26], 8), ([0x9F, 0x10], 32),
        ([0x9F, 0x4B], 64), ([0x9F, 0x6E], 20), ([0xDF, 0x01], 80),
    ]
    for (index, item) in items.enumerated() {
        body.append(contentsOf: item.tag)
        body.append(UInt8(item.length))
        body.append(contentsOf: (0..<item.length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
    }
    return Data([0xFF, 0x01, 0x82, UInt8(body.count >> 8), UInt8(body.count & 0xFF)]) + body
}

func benchmarkOpen(seconds: Double, rounds: Int) throws {
    let key = OpeningKey.generate(keyId: "bench-1")
    let ring = OpeningKeyRing(current: key)
    let plaintext = cardPayload()
    let compact = try CompactJWE.seal(plaintext, to: key.sealingKey, extraHeader: ["typ": "tapline-card"])
    guard try CompactJWE.open(compact, keys: ring).plaintext == plaintext else {
        fatalError("the benchmark payload does not round-trip")
    }

    let aesKey = SymmetricKey(size: .bits256)
    let aad = Data(compact.prefix { $0 != "." }.utf8)
    let box = try AES.GCM.seal(plaintext, using: aesKey, authenticating: aad)
    let combined = box.combined!

    let openJWE = { try CompactJWE.open(compact, keys: ring).plaintext.count }
    // What the gateway does per tap: base64, the JWE, the TLV, the card read.
    var read = CardRead(readId: "bench-read", readAt: Date(), pan: "4242424242424242", expiry: try CardExpiry(month: 12, year: 2030))
    read.track2 = Data(repeating: 0x42, count: 19)
    read.cryptogram = Data(repeating: 0x9A, count: 8)
    read.issuerApplicationData = Data(repeating: 0x06, count: 32)
    read.amount = 1_000
    read.currencyCode = 840
    let sealed = try SealedCardData.seal(read, general: GeneralCardData(), to: key.sealingKey)
    let openCardData = { try SealedCardData.open(paymentCardData: sealed.paymentCardData, keys: ring).read.readId.count }
    // The baseline parses the sealed box from bytes too, as open has to.
    let openAESGCM = {
        try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: aesKey, authenticating: aad).count
    }

    print("payload: \(plaintext.count) bytes plaintext, \(compact.utf8.count) bytes compact JWE")
    print("warming up…")
    _ = try rate(seconds: min(0.5, seconds), openJWE)
    _ = try rate(seconds: min(0.5, seconds), openAESGCM)

    var jweRates: [Double] = []
    var cardRates: [Double] = []
    var aesRates: [Double] = []
    for round in 1...rounds {
        jweRates.append(try rate(seconds: seconds, openJWE))
        cardRates.append(try rate(seconds: seconds, openCardData))
        aesRates.append(try rate(seconds: seconds, openAESGCM))
        print(String(format: "round %d: open %.0f/s  card data %.0f/s  aes-gcm %.0f/s", round, jweRates.last!, cardRates.last!, aesRates.last!))
    }
    let jwe = median(jweRates)
    let card = median(cardRates)
    let aes = median(aesRates)
    print(String(format: "open: %.0f/s  aes-gcm baseline: %.0f/s  ratio %.4f  (medians of %d rounds × %.1f s, one thread)",
                 jwe, aes, jwe / aes, rounds, seconds))
    print(String(format: "card data (base64 + JWE + TLV, %d-byte field): %.0f/s  ratio to aes-gcm %.4f",
                 sealed.paymentCardData.utf8.count, card, card / aes))
    if sink == 42 { print("") }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "open":
    let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 2
    let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 5
    guard seconds > 0, rounds > 0 else {
        print("seconds and rounds must be positive")
        exit(2)
    }
    try benchmarkOpen(seconds: seconds, rounds: rounds)
case "webhooks":
    let events = arguments.dropFirst().first.flatMap(Int.init) ?? 2_000
    let rounds = arguments.dropFirst(2).first.flatMap(Int.init) ?? 3
    guard events > 0, rounds > 0 else {
        print("events and rounds must be positive")
        exit(2)
    }
    try await benchmarkWebhooks(events: events, rounds: rounds)
case "sqlite-writes":
    let writes = arguments.dropFirst().first.flatMap(Int.init) ?? 2_000
    let concurrency = arguments.dropFirst(2).first.flatMap(Int.init) ?? 32
    guard writes > 0, concurrency > 0 else {
        print("writes and concurrency must be positive")
        exit(2)
    }
    try await benchmarkSQLiteWrites(writes: writes, concurrency: concurrency)
case "simulator":
    let sales = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
    let bound = arguments.dropFirst(2).first.flatMap(Double.init) ?? 32
    guard sales > 0, bound > 0 else {
        print("sales and bound must be positive")
        exit(2)
    }
    let within = try await benchmarkSimulatorMemory(sales: sales, boundMB: bound)
    exit(within ? 0 : 1)
case "request-path":
    let all: Set<String> = ["token-verify", "body-decode", "ids"]
    let parts = arguments.dropFirst().first.map { Set($0.split(separator: ",").map(String.init)) } ?? all
    let seconds = arguments.dropFirst(2).first.flatMap(Double.init) ?? 1
    let rounds = arguments.dropFirst(3).first.flatMap(Int.init) ?? 5
    guard parts.isSubset(of: all), seconds > 0, rounds > 0 else {
        print("parts are \(all.sorted().joined(separator: ",")); seconds and rounds must be positive")
        exit(2)
    }
    try await benchmarkRequestPath(parts: parts, seconds: seconds, rounds: rounds)
default:
    print("usage: TaplineBenchmarks open [seconds per measurement, default 2] [rounds, default 5]")
    print("       TaplineBenchmarks webhooks [events, default 2000] [rounds, default 3]")
    print("       TaplineBenchmarks simulator [sales, default 100000] [bound in MB, default 32]")
    print("       TaplineBenchmarks sqlite-writes [writes, default 2000] [concurrency, default 32]")
    print("       TaplineBenchmarks request-path [token-verify,body-decode,ids] [seconds, default 1] [rounds, default 5]")
    exit(2)
}
