#!/usr/bin/env bash
# Browser tests drive Debian's chromium headless shell through playwright-core (never a downloaded
# browser): the package chromium-headless-shell, the lighter headless build Playwright itself prefers
# for headless runs (tests/support/browser.ts, docs/testing.md).
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "==> Installing Debian's chromium-headless-shell for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) || {
    echo "Could not install chromium-headless-shell with apt-get; install the 'chromium-headless-shell' package and run the tests again." >&2
    exit 1
  }
else
  echo "Browser tests need /usr/bin/chromium-headless-shell: install Debian's 'chromium-headless-shell' package (apt-get install chromium-headless-shell)." >&2
  exit 1
fi
