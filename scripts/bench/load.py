"""The benchmark's own HTTP/1.1 client: asyncio streams on keep-alive connections, the standard
library only. It prepares what the load needs (tokens, devices, payments to follow up) and
drives the load wrk cannot: a fixed list of follow-ups, and sales at a fixed rate (open loop:
each request starts on schedule whether or not the ones before have answered, and its latency
counts from that scheduled start, so a stalled server cannot hide its queue)."""
import asyncio
import json
import time
from urllib.parse import urlsplit


class Connection:
    """One keep-alive connection to one gateway."""

    def __init__(self, base):
        url = urlsplit(base)
        self.host, self.port = url.hostname, url.port
        self.reader = self.writer = None

    async def send(self, method, path, headers, body=None):
        """Returns (status, parsed JSON body or raw bytes)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        head += f"Content-Length: {len(data)}\r\n\r\n"
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        if "content-length" in fields:
            payload = await self.reader.readexactly(int(fields["content-length"]))
        else:
            payload = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                payload += (await self.reader.readexactly(size + 2))[:-2]
                if size == 0:
                    break
        if fields.get("connection", "").lower() == "close":
            self.close()
        try:
            return status, json.loads(payload) if payload else None
        except ValueError:
            return status, payload

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def run(coroutine):
    return asyncio.run(coroutine)


async def each(base, requests, connections=16):
    """Sends `requests` [(method, path, headers, body, expected status)] over `connections`
    keep-alive connections as fast as they answer; returns (answers in order, seconds, errors)."""
    answers = [None] * len(requests)
    errors = []
    queue = list(enumerate(requests))
    queue.reverse()
    bases = base if isinstance(base, list) else [base]

    async def worker(number):
        connection = Connection(bases[number % len(bases)])
        while queue:
            index, (method, path, headers, body, expected) = queue.pop()
            status, answer = await connection.send(method, path, headers, body)
            answers[index] = answer
            if status != expected:
                errors.append(f"{method} {path}: HTTP {status} {str(answer)[:200]}")
        connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(worker(n) for n in range(max(1, min(connections, len(requests))))))
    return answers, time.perf_counter() - started, errors


async def fixed_rate(bases, method, path, headers, body, rate, seconds, expected):
    """Open-loop load at `rate` requests/s for `seconds`, spread over `bases`; returns latencies
    in seconds (from each request's scheduled start) and errors."""
    idle = {base: [] for base in bases}
    latencies, errors, tasks = [], [], []

    async def one(base, scheduled):
        connection = idle[base].pop() if idle[base] else Connection(base)
        try:
            status, answer = await connection.send(method, path, headers, body)
            if status != expected:
                errors.append(f"HTTP {status} {str(answer)[:200]}")
        except (OSError, asyncio.IncompleteReadError) as failure:
            errors.append(f"{type(failure).__name__}: {failure}")
            connection.close()
        latencies.append(time.perf_counter() - scheduled)
        idle[base].append(connection)

    started = time.perf_counter()
    for index in range(int(rate * seconds)):
        scheduled = started + index / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.ensure_future(one(bases[index % len(bases)], scheduled)))
    await asyncio.gather(*tasks)
    for connections in idle.values():
        for connection in connections:
            connection.close()
    return latencies, errors


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")
