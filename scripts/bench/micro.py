"""`python3 scripts/bench.py micro NAME [ARGS...]`: the micro-benchmarks in `TaplineBenchmarks`,
each against its own baseline in the same run (only the ratios travel). Release build
(SCRATCH_PATH picks the build folder); the one-thread ones are pinned to one CPU when taskset exists.

  open [seconds 2] [rounds 5]                 sealed card data opened/s vs an AES-256-GCM open
  webhooks [events 2000] [rounds 3]           deliveries/s through the outbox worker vs plain POSTs
  sqlite-writes [writes 2000] [concurrency 32] SQLite writes/s: old path, inline, group commit
  request-path [parts] [seconds 1] [rounds 5] token cache, body read once, ids vs the old ways
  simulator [sales 100000] [bound MB 32]      RSS growth over N simulated sales, against a bound"""
import os
import shutil
import subprocess
import sys

PINNED = {"open", "request-path"}
NAMES = {"open", "webhooks", "sqlite-writes", "request-path", "simulator"}


def main(arguments):
    if not arguments or arguments[0] not in NAMES:
        sys.exit(__doc__)
    configuration = os.environ.get("BUILD_CONFIGURATION", "release")
    scratch = ["--scratch-path", os.environ["SCRATCH_PATH"]] if os.environ.get("SCRATCH_PATH") else []
    subprocess.run(["swift", "build", "-c", configuration, *scratch, "--product", "TaplineBenchmarks"], check=True)
    folder = subprocess.run(["swift", "build", "-c", configuration, *scratch, "--show-bin-path"],
                            capture_output=True, text=True, check=True).stdout.strip()
    pin = ["taskset", "-c", "0"] if arguments[0] in PINNED and shutil.which("taskset") else []
    sys.exit(subprocess.run([*pin, os.path.join(folder, "TaplineBenchmarks"), *arguments]).returncode)
