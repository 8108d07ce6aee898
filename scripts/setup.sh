#!/usr/bin/env bash
# Installs everything ClearSpeak needs and builds what is built from source.
# Usage: scripts/setup.sh [--with-browser]   (the test script passes --with-browser)
source "$(dirname "$0")/lib.sh"

with_browser=false
[ "${1:-}" = "--with-browser" ] && with_browser=true

node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 20 ] || die "Node.js 20 or newer is required (found $(node --version))."

if $with_browser; then ensure_debs "${RUNTIME_DEBS[@]}" "${TEST_DEBS[@]}"; else ensure_debs "${RUNTIME_DEBS[@]}"; fi
ensure_node_modules

# The pronunciation engine's native decoder helper is compiled from our own C source.
if has_workspace packages/speech && npm run -w @clearspeak/speech 2>/dev/null | grep -q '^  build$'; then
  npm run --silent build -w @clearspeak/speech
fi

# Course media (model voices, lesson videos, captions) are built from the course text; cached.
if has_workspace content && npm run -w @clearspeak/content 2>/dev/null | grep -q '^  build:media$'; then
  MEDIA_DIR="${MEDIA_DIR:-$ROOT/${DATA_DIR:-data}/media}" npm run --silent build:media -w @clearspeak/content
fi

# The web app is rebuilt only when its sources changed.
if is_stale apps/web/dist/index.html apps/web/src apps/web/index.html apps/web/vite.config.ts packages/contract/src; then
  log "Building the web app"
  npm run --silent build -w @clearspeak/web
fi
