#!/usr/bin/env python3
"""Tapline's throughput benchmark: one run, every figure as a ratio to GET /health measured in
the same run (these machines are noisy; only the ratios travel).

Measured, alternating and repeated (each round runs the scenarios forward, the next backward,
and every round starts and ends with GET /health):
  GET /health; a bare authenticated POST (POST /v1/amounts/calculate, no write); keyed sales;
  keyed sales with an Idempotency-Key each; tap sales (sealed card data opened, P-256);
  a follow-up mix (captures and 1-cent refunds, alternating)
on SQLite, PostgreSQL with one instance and PostgreSQL with two instances sharing the database.
Then keyed sales at a fixed rate, 50 % and 80 % of the maximum measured for that store (open
loop), for p50/p99 latency; and each gateway's RSS before, at most during, and after the load.
Prints a table and writes every figure as JSON.

  python3 scripts/bench.py [--seconds 5] [--rounds 2] [--stores sqlite,pg1,pg2] [--json FILE]
  python3 scripts/bench.py micro NAME [ARGS...]   (the micro-benchmarks: scripts/bench/micro.py)

With --data N it measures reading instead (scripts/bench/data.py): N payments seeded per store
(sqlite, pg1), then the server time of the batches, payments list and volume pages, API and
dashboard, each as a ratio to GET /health:

  python3 scripts/bench.py --data 100000 [--stores sqlite,pg1] [--requests 15]

Needs wrk (apt-get install wrk) and, for the PostgreSQL stores, root (scripts/start_postgres.sh).
Release build of `tapline` (SCRATCH_PATH picks the build folder). Loopback only: the gateway,
PostgreSQL, wrk and this script share the machine's cores."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench"))
from load import each, fixed_rate, percentile, run  # noqa: E402
from data import run_data  # noqa: E402
from report import Results  # noqa: E402
from servers import KEYED, check, drop_schemas, followup_pool, start_targets, tap_bodies  # noqa: E402
from wrk import Wrk  # noqa: E402

SCENARIOS = ["bare_post", "keyed", "keyed_idempotent", "tap", "followups"]


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help="length of each wrk run (default 5)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every scenario (default 2)")
    parser.add_argument("--connections", type=int, default=16, help="concurrent connections (default 16)")
    parser.add_argument("--stores", default="sqlite,pg1,pg2", help="sqlite, pg1, pg2 (default: all three)")
    parser.add_argument("--followups", type=int, default=1000, help="follow-ups per round and store (default 1000)")
    parser.add_argument("--latency-seconds", type=int, default=5, help="length of each fixed-rate run (default 5)")
    parser.add_argument("--json", default="bench-results.json", help="where the figures go (default bench-results.json)")
    parser.add_argument("--binary", help="a tapline to measure instead of building this checkout's (e.g. an older release)")
    parser.add_argument("--data", type=int, help="measure reading with this many payments seeded (sqlite, pg1) instead")
    parser.add_argument("--requests", type=int, default=15, help="--data: sequential requests per page (default 15)")
    options = parser.parse_args()
    options.stores = [store for store in options.stores.split(",") if store]
    unknown = set(options.stores) - {"sqlite", "pg1", "pg2"}
    if unknown or not options.stores:
        parser.error(f"--stores: unknown {', '.join(sorted(unknown)) or 'nothing'}; take sqlite, pg1, pg2")
    return options


def build():
    scratch = ["--scratch-path", os.environ["SCRATCH_PATH"]] if os.environ.get("SCRATCH_PATH") else []
    subprocess.run(["swift", "build", "-c", "release", "--product", "tapline", *scratch], check=True)
    folder = subprocess.run(["swift", "build", "-c", "release", *scratch, "--show-bin-path"],
                            capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(folder, "tapline")


def measure(options, binary, work, wrk, target, scenario, round_number):
    """One scenario against one store: requests per second."""
    urls = [base + path for base in target.bases for path in [{
        "bare_post": "/v1/amounts/calculate", "keyed": "/v1/transactions/sale",
        "keyed_idempotent": "/v1/transactions/sale", "tap": "/transactions/apple"}.get(scenario, "")]]
    if scenario == "bare_post":
        return wrk.post(urls, target.token, body={"amount": 10000, "currency": "USD"})
    if scenario == "keyed":
        return wrk.post(urls, target.token, body=KEYED)
    if scenario == "keyed_idempotent":
        return wrk.post(urls, target.token, body=KEYED, idempotency=f"bench-{round_number}-{time.time_ns()}")
    if scenario == "tap":
        bodies = tap_bodies(binary, target.reader_token, 3000 * options.seconds, f"{work}/taps.jsonl")
        return wrk.post(urls, target.token, bodies=bodies, device=target.device)
    requests = followup_pool(target, options.followups // 2, 50)
    _, seconds, errors = run(each(target.bases, requests, options.connections))
    check(errors, f"{target.label}: follow-ups")
    return len(requests) / seconds


def main():
    options = arguments()
    if options.data:
        return main_data(options)
    if shutil.which("wrk") is None:
        sys.exit("install wrk first: apt-get install -y wrk")
    binary = options.binary or build()
    postgres_url = None
    if {"pg1", "pg2"} & set(options.stores):
        postgres_url = subprocess.run(["bash", "scripts/start_postgres.sh"], capture_output=True, text=True,
                                      check=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="tapline-bench-")
    targets = start_targets(binary, work, options.stores, postgres_url)
    schemas = targets.pop("_schemas", [])
    results = Results(options)
    wrk = Wrk(options.connections, options.seconds)
    try:
        for store, target in targets.items():
            results.rss(store, "before", target.rss_kib())
        for round_number in range(options.rounds):
            results.health(wrk.get(targets[options.stores[0]].bases[0] + "/health"))
            steps = [(store, scenario) for scenario in SCENARIOS for store in options.stores]
            for store, scenario in steps if round_number % 2 == 0 else reversed(steps):
                target = targets[store]
                print(f"round {round_number + 1}: {scenario} on {target.label}", flush=True)
                with results.sampling_rss(store, target):
                    results.rate(store, scenario, measure(options, binary, work, wrk, target, scenario, round_number))
            results.health(wrk.get(targets[options.stores[0]].bases[0] + "/health"))
        for store in options.stores:
            target = targets[store]
            for share in (0.5, 0.8):
                rate = max(1, int(results.mean(store, "keyed") * share))
                print(f"fixed rate: keyed sales at {rate}/s on {target.label}", flush=True)
                with results.sampling_rss(store, target):
                    latencies, errors = run(fixed_rate(target.bases, "POST", "/v1/transactions/sale", target.headers,
                                                       KEYED, rate, options.latency_seconds, 201))
                check(errors, f"{target.label}: fixed rate")
                results.latency(store, share, rate, percentile(latencies, 0.5), percentile(latencies, 0.99))
        time.sleep(5)  # what a gateway gives back once the load is over
        for store, target in targets.items():
            results.rss(store, "after", target.rss_kib())
    finally:
        for target in targets.values():
            target.stop()
        if postgres_url:
            drop_schemas(postgres_url, schemas)
        shutil.rmtree(work, ignore_errors=True)
    results.print()
    results.write(options.json)
    print(f"\nfigures written to {options.json}")


def main_data(options):
    binary = options.binary or build()
    postgres_url = None
    if "pg1" in options.stores:
        postgres_url = subprocess.run(["bash", "scripts/start_postgres.sh"], capture_output=True, text=True,
                                      check=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="tapline-bench-data-")
    try:
        figures = run_data(options, binary, work, postgres_url)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(options.json, "w") as out:
        json.dump({"payments": options.data, "median_ms_and_ratio_to_health": figures}, out, indent=2)
    print(f"\nfigures written to {options.json}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["micro"]:
        import micro  # noqa: E402
        micro.main(sys.argv[2:])
    main()
