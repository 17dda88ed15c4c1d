#!/usr/bin/env bash
# tests/browser: the flame graphs in Debian's Chromium driven by playwright-core; installs both.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
bin=${SURFGRAPH:-$PWD/surfgraph}
data=$PWD/tests/data
out=$PWD/tests/out/browser

# What a fresh Debian 12 machine lacks: chromium (and node/npm) from Debian, playwright-core
# from npm at the version package-lock.json pins. No browser download: executablePath is Debian's.
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
missing=
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v npm >/dev/null || missing="$missing nodejs npm"
if [ -n "$missing" ]; then
	echo "browser: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -q >/dev/null
	$sudo apt-get install -y -q --no-install-recommends $missing >/dev/null
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
	(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi

rm -rf "$out"
mkdir -p "$out"
cd "$out"
fault=$data/linux-6.1/do_fault.txt
"$bin" -f __do_fault -i "$fault" --no-save -q >/dev/null
"$bin" -f __do_fault -i "$fault" --no-save -q -m folded >__do_fault.folded
gunzip -c "$data/linux-6.1/schedule_sleep.txt.gz" >schedule_sleep.txt
"$bin" -f schedule -i schedule_sleep.txt --no-save -q -s 0 >/dev/null
"$bin" -f schedule -i schedule_sleep.txt --no-save -q -m folded >schedule.folded
"$bin" -f hostile_root -i "$data/svg/hostile.txt" --no-save -q -s 0 >/dev/null
node "$root/tests/browser/flame.mjs" "$out"
echo "browser: screenshots in tests/out/browser/*.png"
