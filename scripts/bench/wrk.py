"""wrk runs: the load for everything measured as a maximum rate. wrk is C and spends little of
the machine's CPU, so the gateway, not the load generator, sets the figure."""
import json
import os
import re
import subprocess
import tempfile

POST_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "post.lua")


class Wrk:
    def __init__(self, connections, seconds):
        self.connections, self.seconds = connections, seconds

    def get(self, url):
        return self._run([url], {})

    def post(self, urls, token, body=None, bodies=None, idempotency=None, device=None):
        """POSTs to every URL in `urls` at once (one wrk each, the connections shared out);
        returns the summed requests per second."""
        environment = {"BENCH_TOKEN": token}
        if body is not None:
            environment["BENCH_BODY"] = json.dumps(body)
        if idempotency:
            environment["BENCH_IDEMPOTENCY"] = idempotency
        if device:
            environment["BENCH_DEVICE"] = device
        files = split(bodies, len(urls)) if bodies else None
        return self._run(urls, environment, files)

    def _run(self, urls, environment, files=None):
        connections = max(1, self.connections // len(urls))
        threads = min(2, connections)
        runs = []
        for index, url in enumerate(urls):
            env = {**os.environ, **environment, "BENCH_THREADS": str(threads)}
            if files:
                env["BENCH_BODIES"] = files[index]
            if "BENCH_IDEMPOTENCY" in environment:
                # One wrk per instance: keys of their own, or the two would replay each other's.
                env["BENCH_IDEMPOTENCY"] = f"{environment['BENCH_IDEMPOTENCY']}-{index}"
            script = ["-s", POST_SCRIPT] if "BENCH_TOKEN" in environment else []
            runs.append(subprocess.Popen(
                ["wrk", f"-t{threads}", f"-c{connections}", f"-d{self.seconds}s", *script, url],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env))
        total = 0.0
        for url, process in zip(urls, runs):
            output = process.communicate()[0]
            if process.returncode != 0 or re.search(r"Non-2xx|Socket errors", output):
                raise SystemExit(f"wrk against {url} saw failed requests:\n{output}")
            total += float(re.search(r"Requests/sec:\s*([\d.]+)", output).group(1))
        return total


def split(path, parts):
    """The lines of `path` dealt out into `parts` files, so no body is sent twice."""
    if parts == 1:
        return [path]
    lines = open(path).read().splitlines()
    names = []
    for part in range(parts):
        handle, name = tempfile.mkstemp(suffix=".jsonl", dir=os.path.dirname(path))
        with os.fdopen(handle, "w") as out:
            out.write("\n".join(lines[part::parts]) + "\n")
        names.append(name)
    return names
