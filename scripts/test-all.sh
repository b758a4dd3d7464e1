#!/usr/bin/env bash
# The whole test suite: typecheck, lint and formatting, unit and integration tests, a production build, and the
# end-to-end tests in Chromium with JavaScript on and off. Works on a fresh clone.
set -uo pipefail
cd "$(dirname "$0")/.."

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing: installing Debian's chromium package."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || exit 1
  else
    echo "Chromium was not found at $chromium. Install Debian's chromium package (apt-get install chromium)" >&2
    echo "or point CHROMIUM_PATH at a Chromium binary, then run the tests again." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH=$chromium

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci || exit 1
fi

mkdir -p tests/.data
rm -f tests/.data/vitest-report.json tests/.data/playwright-report.json
status=0
run() {
  echo "==> $*"
  "$@" || status=1
}
run npm run typecheck
run npm run lint
# The integration tests start the production build, so it comes first.
echo "==> npm run build"
if npm run build; then
  run npm run test:unit
  run npm run test:e2e
else
  echo "The build failed: the unit, integration and end-to-end tests were not run." >&2
  status=1
fi
node scripts/test-summary.mjs || status=1
exit $status
