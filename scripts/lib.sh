# Shared helpers for the setup, start and test scripts. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export npm_config_loglevel="${npm_config_loglevel:-error}"
export npm_config_fund=false npm_config_audit=false
# Never let a tool download its own browser: tests use Debian's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1

log() { printf '\033[1;34m[clearspeak]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[clearspeak] %s\033[0m\n' "$*" >&2; exit 1; }

# Debian packages the product needs at run time: decoding, model voices, the acoustic model,
# the decoder library the native helper is built against, and a font for the lesson videos.
RUNTIME_DEBS=(ffmpeg espeak-ng sox flac pocketsphinx-en-us libpocketsphinx-dev pkg-config gcc make libc6-dev fontconfig fonts-dejavu-core fonts-lohit-beng-bengali fonts-lohit-deva fonts-wqy-microhei)
# Extra packages for the end-to-end tests.
TEST_DEBS=(chromium)

missing_debs() {
  local pkg out=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || out+=("$pkg")
  done
  echo "${out[@]:-}"
}

ensure_debs() {
  local missing
  missing="$(missing_debs "$@")"
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    die "Missing Debian packages: $missing. Install them with: sudo apt-get install -y $missing"
  fi
  log "Installing Debian packages: $missing"
  if [ ! -f /var/lib/apt/lists/lock ] || [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v lock || true)" ]; then
    apt-get update -qq
  fi
  # shellcheck disable=SC2086
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
  fi
}

# Install npm packages only when package-lock.json changed since the last install.
ensure_node_modules() {
  local want have=""
  want="$(sha256sum package-lock.json | cut -c1-64)"
  [ -f node_modules/.clearspeak-lock ] && have="$(cat node_modules/.clearspeak-lock)"
  if [ "$want" != "$have" ]; then
    log "Installing npm packages (npm ci)"
    npm ci --no-audit --no-fund
    echo "$want" > node_modules/.clearspeak-lock
  fi
}

# True when any file under the given paths is newer than the stamp file.
is_stale() {
  local stamp="$1"; shift
  [ -e "$stamp" ] || return 0
  [ -n "$(find "$@" -newer "$stamp" -type f -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]
}

has_workspace() { [ -f "$1/package.json" ]; }
