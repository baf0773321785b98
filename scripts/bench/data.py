"""`bench.py --data N`: what reading costs with N payments. Each store gets one gateway whose
merchant has N payments (90 % captured sales in the open batch, 10 % declined, spread over
60 days), seeded in seconds by copying one real sale in SQL (the gateway stopped for SQLite),
then the server time of each page, as the median of sequential requests on one keep-alive
connection, and its ratio to GET /health measured the same way in the same run:
GET /v1/batches, the dashboard's Batches page, GET /v1/transactions page 1 (plain and
filtered by status), the dashboard's payments list page 1 (with the 30-day volume), the
volume chart alone, one payment's page, a day's CSV, and the payments list searched (part of
a reference, an amount, a name no payment has)."""
import http.cookiejar
import os
import re
import sqlite3
import statistics
import subprocess
import time
import urllib.parse
import urllib.request

from load import Connection, each, run
from servers import KEYED, Gateway, Target, check

DAY_MS = 86_400_000


def seed_sql(table_columns, count, template_id, now_ms, dialect):
    """INSERT … SELECT copying the template sale `count` times with its own id, time,
    amount, brand, card's last four digits and status; the movement columns (SQLite 32, PostgreSQL 26) follow."""
    step = 60 * DAY_MS // count
    declined = "(i % 10 = 0)"
    amount = "(1000 + i % 5000)"
    brand = "(CASE i % 3 WHEN 0 THEN 'visa' WHEN 1 THEN 'mastercard' ELSE 'amex' END)"
    text = lambda value: f"CAST({value} AS TEXT)"  # noqa: E731
    padded = f"'000' || {text('i % 10000')}"
    last_four = f"right({padded}, 4)" if dialect == "pg" else f"substr({padded}, -4)"
    replace = {
        "id": f"'seed_' || {text('i')}",
        "status": f"CASE WHEN {declined} THEN 'declined' ELSE status END",
        "amount": amount, "authorized_amount": f"CASE WHEN {declined} THEN 0 ELSE {amount} END",
        "captured_amount": f"CASE WHEN {declined} THEN 0 ELSE {amount} END",
        "card_brand": brand, "batch_id": f"CASE WHEN {declined} THEN NULL ELSE batch_id END",
        "reference_id": f"'seed-' || {text('i')}", "processor_trace": None,
        # Cards' last four digits vary, as a real merchant's do (the search indexes them).
        "masked_pan": f"'424242******' || {last_four}",
        "created_at": f"{now_ms} - i * {step}", "updated_at": f"{now_ms} - i * {step}",
        "batch_kind": f"CASE WHEN {declined} THEN NULL ELSE 'sale' END",
        "batch_brand": f"CASE WHEN {declined} THEN NULL ELSE {brand} END",
        "batch_amount": f"CASE WHEN {declined} THEN NULL ELSE {amount} END",
    }
    values = ", ".join(("NULL" if replace[c] is None else replace[c]) if c in replace else c for c in table_columns)
    rows = (f"generate_series(CAST(1 AS BIGINT), {count}) AS seq(i)" if dialect == "pg" else "seq")
    prefix = "" if dialect == "pg" else \
        f"WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < {count}) "
    return (f"INSERT INTO transactions ({', '.join(table_columns)}) {prefix}"
            f"SELECT {values} FROM {rows}, transactions WHERE transactions.id = '{template_id}'")


def seed_sqlite(path, count, template_id):
    with sqlite3.connect(path) as database:
        columns = [row[1] for row in database.execute("PRAGMA table_info(transactions)")]
        database.execute(seed_sql(columns, count, template_id, int(time.time() * 1000), "sqlite"))


def seed_postgres(url, schema, count, template_id):
    environment = {**os.environ, "PGOPTIONS": f"-c search_path={schema} -c client_min_messages=warning"}
    psql = ["psql", "-q", "-v", "ON_ERROR_STOP=1", "-At", url]
    columns = subprocess.run(
        psql + ["-c", "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                      "AND table_name = 'transactions' AND is_generated = 'NEVER' ORDER BY ordinal_position"],
        env=environment, capture_output=True, text=True, check=True).stdout.split()
    sql = seed_sql(columns, count, template_id, int(time.time() * 1000), "pg")
    kept_lists = subprocess.run(psql + ["-c", "SELECT to_regclass('daily_volume') IS NOT NULL"],
                                env=environment, capture_output=True, text=True, check=True).stdout.strip() == "t"
    # The batch-totals triggers (migration 26) and the list-totals ones (28) would update the
    # same few lines 100,000 times in one transaction, each a new row version the next must
    # step over: seed without them and count the lines once, as the migrations' backfills do.
    steps = [sql]
    if "batch_kind" in columns:
        steps = (["ALTER TABLE transactions DISABLE TRIGGER USER", sql, "DELETE FROM batch_totals"]
                 + [f"INSERT INTO batch_totals (merchant_id, batch_id, grouping, name, currency, count, amount) "
                    f"SELECT merchant_id, batch_id, '{grouping}', {name}, currency, COUNT(*), SUM(batch_amount) "
                    f"FROM transactions WHERE batch_id IS NOT NULL AND batch_kind IS NOT NULL "
                    f"GROUP BY merchant_id, batch_id, {grouped}currency"
                    for grouping, name, grouped in (("currency", "''", ""), ("brand", "batch_brand", "batch_brand, "),
                                                    ("kind", "batch_kind", "batch_kind, "))]
                 + (list_totals_backfill() if kept_lists else [])
                 + ["ALTER TABLE transactions ENABLE TRIGGER USER"])
    arguments = ["-1"] + [part for step in steps for part in ("-c", step)]
    subprocess.run(psql + arguments, env=environment, check=True)
    subprocess.run(psql + ["-c", "ANALYZE transactions"], env=environment, check=True)


# DailyVolume.approvedStatuses: a payment the processor approved, whatever happened to it since.
APPROVED = ("authorized", "captured", "voided", "expired", "refunded", "verified", "scheduled", "heldByProcessor",
            "inProgress", "cleared", "cancelled", "chargedBack")


def list_totals_backfill():
    """The kept list counts and daily volume (migration 28) counted again from the rows, as the
    migration's backfill (SQLListTotalsMigration.backfill) does, for a seed run without triggers."""
    approved = f"parent_id IS NULL AND status IN ({', '.join(repr(status) for status in APPROVED)})"
    declined = "parent_id IS NULL AND status = 'declined'"
    refunded = "type = 'refund' AND status = 'approved'"
    original, shard = "CASE WHEN parent_id IS NULL THEN 1 ELSE 0 END", "substr(id, length(id), 1)"
    sums = ", ".join(f"CAST(SUM(CASE WHEN {test} THEN {value} ELSE 0 END) AS BIGINT)"
                     for test, amount in ((approved, "authorized_amount"), (declined, "amount"), (refunded, "amount"))
                     for value in (amount, "1"))
    return [
        "DELETE FROM transaction_counts", "DELETE FROM daily_volume",
        "INSERT INTO transaction_counts (merchant_id, original, status, type, shard, count) "
        f"SELECT merchant_id, {original}, status, type, {shard}, COUNT(*) FROM transactions "
        f"GROUP BY merchant_id, {original}, status, type, {shard}",
        "INSERT INTO daily_volume (merchant_id, currency, day, approved_amount, approved_count, declined_amount, "
        "declined_count, refunded_amount, refunded_count) "
        f"SELECT merchant_id, currency, created_at / {DAY_MS}, {sums} FROM transactions "
        f"WHERE ({approved}) OR ({declined}) OR ({refunded}) GROUP BY merchant_id, currency, created_at / {DAY_MS}",
    ]


def credentials(gateway):
    """The dashboard admin `tapline serve` printed on its first start."""
    log = open(gateway.log_path).read()
    return re.search(r"email: *(\S+)", log).group(1), re.search(r"password: *(\S+)", log).group(1)


def sign_in(base, email, password):
    """A dashboard session cookie, signed in as a browser does (the form's CSRF cookie first)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(base + "/dashboard/sign-in").read().decode()
    csrf = re.search(r'name="csrf" value="([^"]*)"', page).group(1)
    form = urllib.parse.urlencode({"csrf": csrf, "next": "/dashboard", "email": email, "password": password}).encode()
    opener.open(base + "/dashboard/sign-in", data=form).read()
    session = next((cookie.value for cookie in jar if cookie.name == "tapline_session"), None)
    if not session:
        raise SystemExit("bench: the dashboard sign-in failed")
    return session


async def median_ms(base, path, headers, requests):
    """Median wall time of `requests` sequential GETs (after two to warm up), milliseconds."""
    connection = Connection(base)
    times = []
    for index in range(requests + 2):
        start = time.perf_counter()
        status, _ = await connection.send("GET", path, headers)
        if status != 200:
            raise SystemExit(f"bench: GET {path} answered {status}")
        if index >= 2:
            times.append((time.perf_counter() - start) * 1000)
    connection.close()
    return statistics.median(times)


def measure(label, gateway, token, admin, requests):
    """{page: (median ms, ratio to /health)} for one seeded gateway."""
    api = {"Authorization": f"Bearer {token}"}
    dashboard = {"Cookie": f"tapline_session={sign_in(gateway.base, *admin)}"}
    day = time.strftime("%Y-%m-%d", time.gmtime(time.time() - DAY_MS / 1000))
    pages = [
        ("GET /v1/batches", "/v1/batches", api),
        ("dashboard Batches", "/dashboard/batches", dashboard),
        ("GET /v1/transactions", "/v1/transactions", api),
        ("GET /v1/transactions?status=declined", "/v1/transactions?status=declined", api),
        ("dashboard payments list", "/dashboard", dashboard),
        ("dashboard search, part of a reference", "/dashboard?q=seed-4242", dashboard),
        ("dashboard search, an amount", "/dashboard?q=18.00", dashboard),
        ("dashboard search, nothing found", "/dashboard?q=lovelace", dashboard),
        ("dashboard 30-day volume", "/dashboard/volume.svg", dashboard),
        ("dashboard payment page", "/dashboard/payments/seed_1", dashboard),
        ("dashboard CSV, one day", f"/dashboard/payments.csv?from={day}", dashboard),
    ]
    figures = {}
    health = run(median_ms(gateway.base, "/health", {}, requests))
    figures["GET /health"] = (health, 1.0)
    for name, path, headers in pages:
        print(f"data: {name} on {label}", flush=True)
        value = run(median_ms(gateway.base, path, headers, requests))
        figures[name] = (value, value / health)
    health_after = run(median_ms(gateway.base, "/health", {}, requests))
    figures["GET /health"] = ((health + health_after) / 2, 1.0)
    return figures


def run_data(options, binary, work, postgres_url):
    """Seeds and measures each store of `options.stores` (sqlite, pg1); prints and returns the figures."""
    results = {}
    for store in options.stores:
        if store == "pg2":
            continue
        if store == "sqlite":
            flags = ["--database", f"{work}/data.db"]
        else:
            schema = f"bench_data_{int(time.time())}_{os.getpid()}"
            subprocess.run(["psql", "-q", postgres_url, "-c", f"CREATE SCHEMA {schema}"], check=True)
            flags = ["--database-url", f"{postgres_url}?search_path={schema}"]
        gateway = Gateway(binary, work, f"data-{store}", flags)
        try:
            target = Target(store, [gateway])
            answers, _, errors = run(each(gateway.base, [("POST", "/v1/transactions/sale", target.headers, KEYED, 201)]))
            check(errors, f"{store}: template sale")
            template = answers[0]["id"]
            admin = credentials(gateway)
            started = time.time()
            if store == "sqlite":
                # SQLite's one writer: seed with the gateway stopped, then start it again.
                gateway.stop()
                seed_sqlite(f"{work}/data.db", options.data, template)
                gateway = Gateway(binary, work, f"data-{store}", flags)  # same keys: the token holds
            else:
                seed_postgres(postgres_url, schema, options.data, template)
            print(f"data: seeded {options.data} payments on {store} in {time.time() - started:.1f} s", flush=True)
            results[store] = measure(store, gateway, target.token, admin, options.requests)
        finally:
            gateway.stop()
            if store != "sqlite":
                subprocess.run(["psql", "-q", postgres_url, "-c", f"DROP SCHEMA IF EXISTS {schema} CASCADE"],
                               env={**os.environ, "PGOPTIONS": "-c client_min_messages=warning"}, check=False)
    print_figures(options.data, results)
    return results


def print_figures(count, results):
    stores = list(results)
    print(f"\nServer time with {count} payments: median ms of sequential requests (ratio to GET /health)")
    print(f"{'page':40}" + "".join(f"{store:>22}" for store in stores))
    for page in next(iter(results.values())) if results else []:
        cells = "".join(f"{results[store][page][0]:>12.2f} ({results[store][page][1]:>6.1f})" for store in stores)
        print(f"{page:40}{cells}")
