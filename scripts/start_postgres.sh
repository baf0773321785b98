#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages if needed, starts a cluster on loopback, and
# makes the role and database the tests use. Prints the URL for TAPLINE_POSTGRES_URL.
# Run as root (CI, the sandbox). Idempotent: a second run finds everything in place.
# Standard output is the URL and nothing else (callers capture it), so everything the
# PostgreSQL tools print goes to standard error: `pg_ctlcluster start` says things like
# "Removed stale pid file." on a fresh machine, and that once ended up inside the URL.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main" || pg_createcluster "$version" main >&2
pg_ctlcluster "$version" main status >/dev/null 2>&1 || pg_ctlcluster "$version" main start >&2
ready() {
    for _ in $(seq 1 50); do
        su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    echo "PostgreSQL $version did not come up" >&2
    return 1
}
ready
# Headroom: the tests run in parallel, each store keeps a pool and the fleet tests run two
# instances (PostgresTestSchema also bounds how many test schemas, and so pools, are in use).
if [ "$(su postgres -c "psql -qtAc 'show max_connections'")" -lt 300 ]; then
    su postgres -c "psql -qc 'ALTER SYSTEM SET max_connections = 300'" >/dev/null
    pg_ctlcluster "$version" main restart >&2
    ready
fi
su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname = 'tapline'\"" | grep -q 1 \
    || su postgres -c "psql -qc \"create role tapline login superuser password 'tapline'\""
su postgres -c "psql -qtAc \"select 1 from pg_database where datname = 'tapline'\"" | grep -q 1 \
    || su postgres -c "createdb -O tapline tapline"
echo "postgres://tapline:tapline@127.0.0.1:5432/tapline"
