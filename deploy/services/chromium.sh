#!/usr/bin/env bash
# Debian's Chromium for the console's browser tests (test/browser/, driven by playwright-core at
# /usr/bin/chromium; no tool downloads a browser of its own). Installs it when missing; safe to run again.
# Usage: deploy/services/chromium.sh
set -euo pipefail
SERVICE=chromium
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$HERE/lib.sh"

[[ -x /usr/bin/chromium ]] || apt_install chromium
