#!/usr/bin/env bash
# Makes sure what `npm test` needs is running on this machine: PostgreSQL on 127.0.0.1:5432 (trust auth), Redis on
# 127.0.0.1:6379 and Debian's chromium for the browser tests. Each is started if it is installed but not answering,
# and installed through apt-get if it is missing (root only; otherwise the message says what to run).
# TEST_SERVICES=external skips all of it (the services are someone else's, e.g. TEST_DATABASE_URL points elsewhere).
set -euo pipefail

if [ "${TEST_SERVICES:-}" = "external" ]; then
  echo "[test services] TEST_SERVICES=external: using the configured services as they are"
  exit 0
fi

say() { printf '[test services] %s\n' "$*"; }
fail() { printf '[test services] %s\n' "$*" >&2; exit 1; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    fail "$1 is missing and installing it needs root: run 'sudo apt-get install -y ${*:2}' (or start it yourself and set TEST_SERVICES=external)"
  fi
  say "installing ${*:2} through apt-get (once per machine)"
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${@:2}" >/dev/null
}

wait_for() { # wait_for <what> <command...>: up to 30 s
  local what=$1; shift
  for _ in $(seq 1 60); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  fail "$what did not answer within 30 s"
}

# PostgreSQL ---------------------------------------------------------------------------------------------------
postgres_answers() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
if command -v pg_isready >/dev/null 2>&1 && postgres_answers; then
  say "PostgreSQL answers on 127.0.0.1:5432"
else
  command -v pg_ctlcluster >/dev/null 2>&1 || apt_install PostgreSQL postgresql postgresql-client
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$version" ] || fail "PostgreSQL is installed but has no cluster under /etc/postgresql (pg_createcluster <version> main)"
  say "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  wait_for "PostgreSQL on 127.0.0.1:5432" postgres_answers
fi
# The tests connect as postgres without a password (trust auth on the loopback, as on the development machines).
psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1 \
  || fail "PostgreSQL answers but 'psql -h 127.0.0.1 -U postgres' is refused: allow trust (or set PGPASSWORD) for the loopback"

# Redis --------------------------------------------------------------------------------------------------------
redis_answers() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
if command -v redis-cli >/dev/null 2>&1 && redis_answers; then
  say "Redis answers on 127.0.0.1:6379"
else
  command -v redis-server >/dev/null 2>&1 || apt_install Redis redis-server
  say "starting Redis"
  mkdir -p /tmp/redis-test
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir /tmp/redis-test --logfile /tmp/redis-test/redis.log >/dev/null
  wait_for "Redis on 127.0.0.1:6379" redis_answers
fi

# Chromium for Playwright ----------------------------------------------------------------------------------------
if [ -x /usr/bin/chromium ]; then
  say "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
else
  apt_install chromium chromium
  say "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
fi
