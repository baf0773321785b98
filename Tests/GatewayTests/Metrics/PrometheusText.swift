import Foundation

/// A scrape read back: each sample of Prometheus' text format by name and label set, so a
/// test compares exact values.
struct PrometheusText {
    struct Sample: Equatable {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    let text: String
    let samples: [Sample]

    init(_ text: String) {
        self.text = text
        samples = text.split(separator: "\n").compactMap(Self.sample)
    }

    /// The value of the sample with exactly these labels, or nil when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    /// Every sample of `name`, by label set.
    func all(_ name: String) -> [[String: String]: Double] {
        Dictionary(samples.filter { $0.name == name }.map { ($0.labels, $0.value) }, uniquingKeysWith: +)
    }

    private static func sample(_ line: Substring) -> Sample? {
        guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            return nil
        }
        let series = line[..<space]
        guard let open = series.firstIndex(of: "{") else { return Sample(name: String(series), labels: [:], value: value) }
        var labels: [String: String] = [:]
        let body = series[series.index(after: open)..<(series.lastIndex(of: "}") ?? series.endIndex)]
        let pattern = try! NSRegularExpression(pattern: #"([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)""#)
        let text = String(body)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else { continue }
            labels[String(text[name])] = String(text[value])
        }
        return Sample(name: String(series[..<open]), labels: labels, value: value)
    }
}
