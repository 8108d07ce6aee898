#!/usr/bin/env bash
# Installs what is missing, then migrates, seeds and serves ClearSpeak on http://localhost:${PORT:-3000}.
# PORT (default 3000) and DATA_DIR (default ./data) let two instances run side by side.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
export PORT="${PORT:-3000}" DATA_DIR="${DATA_DIR:-$ROOT/data}"
exec node --import tsx apps/server/src/main.ts
