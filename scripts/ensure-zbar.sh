#!/usr/bin/env bash
# QR art is verified in the tests by three independent decoders; the third is zbar's `zbarimg`
# (Debian's zbar-tools). Installed here like the browser tests' chromium (scripts/ensure-chromium.sh).
set -euo pipefail
if command -v zbarimg >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "==> Installing Debian's zbar-tools (zbarimg) for the QR art tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zbar-tools >/dev/null) || {
    echo "Could not install zbar-tools with apt-get; install the 'zbar-tools' package and run the tests again." >&2
    exit 1
  }
else
  echo "The QR art tests need zbarimg: install Debian's 'zbar-tools' package (apt-get install zbar-tools)." >&2
  exit 1
fi
