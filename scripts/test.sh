#!/usr/bin/env bash
# Installs everything the tests need (Chromium from Debian included) and runs every test:
# lint, types, unit and integration (real database: PGlite, then PostgreSQL when reachable),
# and end-to-end in Chromium against the real built server. Ends with "N passed, N failed".
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh --with-browser

out="$ROOT/.tmp/test-results"
rm -rf "$out"; mkdir -p "$out"
status=0
step() { log "$1"; shift; "$@" || { status=1; log "FAILED: $*"; }; }

step "Lint" npm run --silent lint
step "Typecheck" npm run --silent typecheck

step "Unit and integration tests (embedded PGlite)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json"

pg_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node -e "const s=require('net').connect(${PGPORT:-5432},'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1))" 2>/dev/null || [ -n "${DATABASE_URL:-}" ]; then
  step "Server tests again against PostgreSQL" env TEST_DATABASE_URL="$pg_url" \
    npx vitest run --project @clearspeak/server --reporter=default --reporter=json --outputFile.json="$out/vitest-postgres.json"
else
  log "PostgreSQL not reachable on 127.0.0.1:5432 and DATABASE_URL unset: PostgreSQL pass skipped"
fi

if has_workspace e2e && [ -f e2e/playwright.config.ts ]; then
  step "End-to-end tests in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" \
    npx playwright test -c e2e/playwright.config.ts --reporter=list,json
fi

node scripts/test-summary.mjs "$out" || status=1
exit $status
