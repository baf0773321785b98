"""What a benchmark run found: rates per store and scenario, /health, latencies and RSS; printed
as a table and written as JSON."""
import contextlib
import json
import os
import statistics
import threading

LABELS = {
    "bare_post": "bare authenticated POST (/v1/amounts/calculate)",
    "keyed": "keyed sales",
    "keyed_idempotent": "keyed sales, Idempotency-Key",
    "tap": "tap sales (/transactions/apple)",
    "followups": "follow-ups (capture, refund)",
}
STORES = {"sqlite": "SQLite", "pg1": "PostgreSQL ×1", "pg2": "PostgreSQL ×2"}


class Results:
    def __init__(self, options):
        self.options = options
        self.health_rates, self.rates, self.latencies, self.memory = [], {}, [], {}

    def health(self, rate):
        self.health_rates.append(rate)

    def rate(self, store, scenario, rate):
        self.rates.setdefault(store, {}).setdefault(scenario, []).append(rate)

    def mean(self, store, scenario):
        return statistics.mean(self.rates[store][scenario])

    def latency(self, store, share, rate, p50, p99):
        self.latencies.append({"store": store, "share": share, "rate": rate, "p50_ms": p50 * 1000, "p99_ms": p99 * 1000})

    def rss(self, store, when, kib):
        self.memory.setdefault(store, {})[when] = max(kib) / 1024

    @contextlib.contextmanager
    def sampling_rss(self, store, target):
        """Samples the gateways' RSS while the block runs; keeps the highest seen."""
        stop = threading.Event()
        highest = [0]

        def sample():
            while not stop.is_set():
                highest[0] = max(highest[0], max(target.rss_kib()))
                stop.wait(0.2)

        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            yield
        finally:
            stop.set()
            sampler.join()
            during = self.memory.setdefault(store, {})
            during["during"] = max(during.get("during", 0), highest[0] / 1024)

    def table(self):
        health = statistics.mean(self.health_rates)
        lines = [f"GET /health: {health:,.0f} req/s (baseline; runs {', '.join(f'{r:,.0f}' for r in self.health_rates)})",
                 f"{'scenario':<50} {'store':<14} {'per second':>11} {'× /health':>10}  runs"]
        for scenario, label in LABELS.items():
            for store in self.rates:
                runs = self.rates[store].get(scenario)
                if runs:
                    mean = statistics.mean(runs)
                    lines.append(f"{label:<50} {STORES[store]:<14} {mean:>11,.0f} {mean / health:>10.3f}  "
                                 + ", ".join(f"{r:,.0f}" for r in runs))
        lines.append("keyed sales at a fixed rate (open loop, latency from each sale's scheduled start):")
        for entry in self.latencies:
            lines.append(f"  {STORES[entry['store']]:<14} {entry['share']:.0%} of its maximum = {entry['rate']:>6}/s:"
                         f" p50 {entry['p50_ms']:7.2f} ms, p99 {entry['p99_ms']:7.2f} ms")
        lines.append("RSS of each gateway (MB; the larger of two instances):")
        for store, memory in self.memory.items():
            lines.append(f"  {STORES[store]:<14} before {memory.get('before', 0):6.1f}, at most during {memory.get('during', 0):6.1f},"
                         f" after {memory.get('after', 0):6.1f}")
        return lines

    def print(self):
        print(f"\nTapline benchmark: release build, {os.cpu_count()} cores shared by the gateways, PostgreSQL and the load,"
              f" {self.options.connections} connections, {self.options.seconds} s per run, {self.options.rounds} rounds")
        print("\n".join(self.table()))

    def write(self, path):
        health = statistics.mean(self.health_rates)
        document = {
            "options": {k: v for k, v in vars(self.options).items()},
            "cores": os.cpu_count(),
            "health": {"per_second": health, "runs": self.health_rates},
            "rates": {store: {scenario: {"per_second": statistics.mean(runs), "ratio_to_health": statistics.mean(runs) / health,
                                         "runs": runs} for scenario, runs in scenarios.items()}
                      for store, scenarios in self.rates.items()},
            "latency": self.latencies,
            "rss_mb": self.memory,
        }
        with open(path, "w") as out:
            json.dump(document, out, indent=2)
