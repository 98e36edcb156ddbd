#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "==> Installing Debian's chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || {
    echo "Could not install chromium with apt-get; install the 'chromium' package and run the tests again." >&2
    exit 1
  }
else
  echo "Browser tests need /usr/bin/chromium: install Debian's 'chromium' package (apt-get install chromium)." >&2
  exit 1
fi
