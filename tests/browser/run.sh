#!/usr/bin/env bash
# tests/browser: the flame graphs, and the timeline exports in speedscope, in Debian's Chromium
# driven by playwright-core; installs chromium, playwright-core and speedscope.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
bin=${SURFGRAPH:-$PWD/surfgraph}
data=$PWD/tests/data
out=$PWD/${SG_TEST_OUT:-tests/out}/browser

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
# speedscope, the reader of -m speedscope and -m chrome, at the version its package-lock.json pins
speedscope=$root/${SG_TEST_OUT:-tests/out}/speedscope
if ! cmp -s tests/browser/speedscope/package-lock.json "$speedscope/package-lock.json" ||
	[ ! -f "$speedscope/node_modules/speedscope/dist/release/index.html" ]; then
	rm -rf "$speedscope"
	mkdir -p "$speedscope"
	cp tests/browser/speedscope/package.json tests/browser/speedscope/package-lock.json "$speedscope/"
	(cd "$speedscope" && npm ci --no-audit --no-fund --loglevel=error)
fi

rm -rf "$out"
mkdir -p "$out"
cd "$out"
fault=$data/linux-6.1/do_fault.txt
"$bin" -f __do_fault -i "$fault" -q >/dev/null
"$bin" -f __do_fault -i "$fault" -q -m folded >__do_fault.folded
gunzip -c "$data/linux-6.1/schedule_sleep.txt.gz" >schedule_sleep.txt
"$bin" -f schedule -i schedule_sleep.txt -q -s 0 >/dev/null
"$bin" -f schedule -i schedule_sleep.txt -q -m folded >schedule.folded
"$bin" -f hostile_root -i "$data/svg/hostile.txt" -q -s 0 >/dev/null
"$bin" -f __do_fault -i "$fault" -q -m top >do_fault.top
"$bin" -f __do_fault -i "$fault" -q -m speedscope >do_fault.speedscope.json
# not NAME.chrome.json: speedscope takes that suffix for Chrome's older timeline format
"$bin" -f __do_fault -i "$data/linux-6.1/do_fault_trace-cmd.dat" -q -m chrome --keep all >dat.trace.json
# the same invocations measured in speedscope's own format
"$bin" -f __do_fault -i "$data/linux-6.1/do_fault_trace-cmd.dat" -q -m speedscope --keep all >dat.speedscope.json
# the histogram strip's selection against the .tree's bucket trees and --pick's folded stacks
"$bin" -f __do_fault -i "$fault" -q -s 0 -o do_fault.tree >/dev/null
"$bin" -f __do_fault -i "$fault" -q -m folded --pick 2 >pick2.folded
"$bin" -f schedule -i schedule_sleep.txt -q -s 0 -o schedule.tree >/dev/null
# the time view of kept invocations: a trace with funcgraph-abstime, its calls derived by awk
mkdir time
abstime=$data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
(cd time && "$bin" -f __do_fault -i "$abstime" -q -s 0 >/dev/null)
awk -v root=__do_fault -f "$root/tests/golden/awk/abstime-calls.awk" "$abstime" >time/calls.txt
# the hostile names with a timestamp and a hostile task on every line
awk '/^ 0\)/ { t++; sub(/^ 0\)/, ""); printf "  100.%06d |   0)  x<i>&amp;-7  |%s\n", t, $0; next } 1' \
	"$data/svg/hostile.txt" >time/hostile.txt
(cd time && "$bin" -f hostile_root -i hostile.txt -q -s 0 >/dev/null)
rc=0
node "$root/tests/browser/flame.mjs" "$out" || rc=1
node "$root/tests/browser/hist.mjs" "$out" || rc=1
node "$root/tests/browser/scatter.mjs" "$out" || rc=1
node "$root/tests/browser/timechart.mjs" "$out" || rc=1
node "$root/tests/browser/speedscope.mjs" "$out" "$speedscope/node_modules/speedscope/dist/release/index.html" || rc=1
echo "browser: screenshots in $out/*.png"
exit $rc
