#!/usr/bin/env bash
# Makes sure a Chromium exists for the browser tests.  Playwright's own browser download
# cannot reach the network on our machines, so we use Debian's chromium package.
set -euo pipefail
for candidate in "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser "$(command -v chromium || true)"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    echo "chromium: $candidate"
    exit 0
  fi
done
if ls "$HOME"/.cache/ms-playwright/chromium*/chrome-linux*/chrome >/dev/null 2>&1; then
  echo "chromium: Playwright's own"
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "No Chromium found: install Debian's 'chromium' package (or run 'playwright install chromium')." >&2
exit 1
