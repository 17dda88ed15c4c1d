#!/usr/bin/env bash
# tests/svg: flame graph structure on the real fixtures: frames, widths, tooltips, files, escaping.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-$PWD/surfgraph}
data=$PWD/tests/data
out=$PWD/${SG_TEST_OUT:-tests/out}/svg
pngpixel=$PWD/tests/out/pngpixel
rm -rf "$out"
mkdir -p "$out"
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $*"
}
# check NAME EXPECTED ACTUAL
check() {
	if [ "$2" == "$3" ]; then ok; else bad "$1: expected '$2', got '$3'"; fi
}
need() {
	command -v "$1" >/dev/null || { echo "svg: needs $1 (Debian package $2: make deps)"; exit 1; }
}
need xmllint libxml2-utils
need pdfinfo poppler-utils
need pdftoppm poppler-utils

X() { xmllint --xpath "$1" "$2" 2>/dev/null; }
# frames: <g> elements holding a <title> in the frame group (the histogram strip's bars have titles too)
frames() { X 'count(//*[local-name()="g"][@class="f"]//*[local-name()="g"][*[local-name()="title"]])' "$1"; }
# "depth x width cost name" per frame, from the one-frame-per-line layout the writer keeps
frame_table() {
	awk '
	/^<g transform="translate\(0,/ { depth++ }
	/^<g><title>/ {
		t = $0
		sub(/^<g><title>/, "", t)
		name = t; sub(/ \xe2\x80\x94 cost .*/, "", name)
		cost = t; sub(/.* \xe2\x80\x94 cost /, "", cost); sub(/ .*/, "", cost)
		x = $0; sub(/.*<rect x="/, "", x); sub(/".*/, "", x)
		w = $0; sub(/.*" width="/, "", w); sub(/".*/, "", w)
		print depth - 1, x, w, cost, name
	}' "$1"
}

fault=$data/linux-6.1/do_fault.txt
cd "$out"

# --- the merged graph of __do_fault (6 invocations) ------------------------------------------
# by default ROOT.svg, the slowest invocation's and a typical one's (issue 13: no flood)
# (issue 33: each file named on stderr with the summary, the picks named by their role)
mkdir default && (cd default && "$bin" -f __do_fault -i "$fault" >../default.txt 2>../default.err)
check "default save lines" "|surfgraph: wrote __do_fault.svg
surfgraph: wrote __do_fault-slowest.svg (the slowest)
surfgraph: wrote __do_fault-typical.svg (typical: 277.443 us, the p50)" "$(cat default.txt)|$(grep '^surfgraph: wrote' default.err)"
check "default files" "__do_fault-slowest.svg __do_fault-typical.svg __do_fault.svg" "$(cd default && echo *)"
(cd default && "$bin" -f __do_fault -i "$fault" -q >../quiet.txt 2>&1)
check "-q: no save lines" "" "$(cat quiet.txt)"
# -s 1: every invocation, names zero-padded so they sort
"$bin" -f __do_fault -i "$fault" -s 1 2>&1 >/dev/null | grep '^surfgraph: wrote [^0-9]' >save.txt
check "save lines" "surfgraph: wrote __do_fault-000001.svg
surfgraph: wrote __do_fault-000002.svg
surfgraph: wrote __do_fault-000003.svg
surfgraph: wrote __do_fault-000004.svg
surfgraph: wrote __do_fault-000005.svg
surfgraph: wrote __do_fault-000006.svg
surfgraph: wrote __do_fault.svg" "$(cat save.txt)"
xmllint --noout __do_fault.svg && ok || bad "xmllint rejects __do_fault.svg"
for i in 1 2 3 4 5 6; do
	xmllint --noout "__do_fault-00000$i.svg" 2>/dev/null && ok || bad "xmllint rejects __do_fault-00000$i.svg"
done
# all 111 call paths of the merged tree are wider than 0.1 px
check "merged frames" 111 "$(frames __do_fault.svg)"
check "tree nodes" 111 "$("$bin" -f __do_fault -i "$fault" -q -m tree --unit us | sed "1,/ function$/d" | wc -l)"
# the viewer's, the histogram selection's (svg_hist.c), the scatter's and the time view's
# (svg_chart.c: here, without times, only its "no timings recorded")
check "four scripts" 4 "$(X 'count(//*[local-name()="script"])' __do_fault.svg)"
check "no time data without times" 0 "$(X 'count(//*[local-name()="metadata"][substring(@id, string-length(@id) - 2) = "-tc"])' __do_fault.svg)"
check "title" "__do_fault" "$(X 'string(//*[local-name()="text"][@font-size="16"])' __do_fault.svg)"
check "notes" "trace do_fault.txt  ·  6 complete invocations, total 4.422 ms, avg 737.077 us  ·  p50 277.443 us, p99 2.622 ms, max 2.622 ms" \
	"$(X 'string(//*[local-name()="text"][@y="44"])' __do_fault.svg)"
check "no external references" 0 "$(grep -c -E 'href|url\(|@import|<link' __do_fault.svg)"

# a known node's tooltip, the numbers of `-m tree`
check "tooltip" 1 "$(grep -c -F '<title>vmf_insert_pfn_prot — cost 2476.987 us, 56.01% of root, 99.42% of parent, self 114.070 us, 1 call</title>' __do_fault.svg)"
check "root tooltip" 1 "$(grep -c -F '<title>__do_fault — cost 4422.463 us, 100.00% of root, 100.00% of parent, self 1098.115 us, 6 calls, avg 737.077 us per call</title>' __do_fault.svg)"
# every node's tooltip carries the text tree's total, self, calls, %root and %parent, and the
# average per call when there are several (total in ns / calls, truncated)
"$bin" -f __do_fault -i "$fault" -q -m tree --unit us | sed "1,/ function$/d" |
	awk '{ c = $3 == 1 ? "call" : "calls"; avg = ""
		if ($3 > 1) { ns = sprintf("%.0f", $1 * 1000); a = int(ns / $3); avg = sprintf(", avg %d.%03d us per call", int(a / 1000), a % 1000) }
		printf "%s — cost %s us, %s%% of root, %s%% of parent, self %s us, %s %s%s\n", $NF, $1, $4, $5, $2, $3, c, avg }' |
	sort >tree-tooltips.txt
X '//*[local-name()="g"][@class="f"]//*[local-name()="title"]/text()' __do_fault.svg | sort >svg-tooltips.txt
check "tooltips = text tree" "" "$(diff tree-tooltips.txt svg-tooltips.txt | head -5)"

# width is time: 1180 px for 4422.463 us, each frame within 0.1 px (two edges rounded to 0.05)
frame_table __do_fault.svg >table.txt
check "frame table rows" 111 "$(wc -l <table.txt)"
check "widths proportional to time" "" "$(awk '{ e = $4 * 1180 / 4422.463 - $3; if (e < -0.1 || e > 0.1) print "frame " $5 " width " $3 " cost " $4 }' table.txt | head -3)"
check "frames inside the image" "" "$(awk '$2 < 10 || $2 + $3 > 1190.0001 { print $5 }' table.txt | head -3)"
# callees sit on their caller and add up to no more than it (geometry: the SVG has no links)
check "sum of callees <= caller" "" "$(awk '
	{ d[NR] = $1; x[NR] = $2; w[NR] = $3; n[NR] = $5 }
	END {
		for (i = 1; i <= NR; i++) {
			if (d[i] == 0) continue
			p = 0
			for (j = 1; j <= NR; j++)
				if (d[j] == d[i] - 1 && x[i] >= x[j] - 1e-6 && x[i] + w[i] <= x[j] + w[j] + 1e-6) p = j
			if (!p) { print "no caller under " n[i]; continue }
			sum[p] += w[i]
		}
		for (j in sum) if (sum[j] > w[j] + 1e-6) print n[j] ": callees " sum[j] " > " w[j]
	}' table.txt | head -3)"
# widest callee first: __do_fault's callees left to right
check "order: widest first" "special_mapping_fault shmem_fault pte_alloc_one __cond_resched" \
	"$(awk '$1 == 1 { printf "%s%s", s, $5; s = " " }' table.txt)"
check "depth levels" 18 "$(grep -c '^<g transform=' __do_fault.svg)"

# invocation 1: __do_fault -> special_mapping_fault -> vdso_fault, and __cond_resched
check "invocation 1 frames" 4 "$(frames __do_fault-000001.svg)"
check "invocation 1 title" "__do_fault — invocation 1" "$(X 'string(//*[local-name()="text"][@font-size="16"])' __do_fault-000001.svg)"
check "invocation 1 notes" "cpu 0  ·  duration 1.135 ms" \
	"$(X 'string(//*[local-name()="text"][@y="44"])' __do_fault-000001.svg)"
check "invocation 1 tooltip" 1 "$(grep -c -F '<title>vdso_fault — cost 56.625 us, 4.99% of root, 21.90% of parent, self 56.625 us, 1 call</title>' __do_fault-000001.svg)"

# determinism: same input, same bytes (SVG, PNG, PDF)
mkdir again && (cd again && "$bin" -f __do_fault -i "$fault" -q -s 0 >/dev/null)
cmp -s __do_fault.svg again/__do_fault.svg && ok || bad "two runs differ"

# ids: all derived from the root's, which differs between two graphs
id=$(X 'string(/*/@id)' __do_fault.svg)
check "ids start with the graph's id" "" "$(X '//@id' __do_fault.svg | tr ' ' '\n' | grep 'id=' | grep -v "id=\"$id" | head -3)"
[ "$id" != "$(X 'string(/*/@id)' __do_fault-000001.svg)" ] && ok || bad "two graphs share id $id"
check "selectors scoped to the id" 0 "$(sed -n '/<style>/,/<\/style>/p' __do_fault.svg | grep -v -e '<style>' -e '</style>' | grep -vc "^#$id ")"

# --- files: -s STEP, --outdir, the count -------------------------------------------------------
"$bin" -f __do_fault -i "$fault" -s 4 --outdir graphs >step4.txt 2>step4.err
check "-s 4 save lines" "surfgraph: wrote graphs/__do_fault-000004.svg
surfgraph: wrote graphs/__do_fault.svg" "$(grep '^surfgraph: wrote graphs/' step4.err)"
check "-s 4 files" "__do_fault-000004.svg __do_fault.svg" "$(cd graphs && echo *)"
check "-s 4 count" "surfgraph: wrote 1 per-invocation flame graph (invocations 4 to 4, every 4) and graphs/__do_fault.svg" \
	"$(grep 'per-invocation' step4.err)"
"$bin" -f __do_fault -i "$fault" -s 0 --outdir none 2>&1 >/dev/null | grep '^surfgraph: wrote' >step0.txt
check "-s 0 writes only the merged graph" "surfgraph: wrote none/__do_fault.svg|__do_fault.svg" "$(cat step0.txt)|$(cd none && echo *)"
check "no temporary left" "" "$(find . -name '*.tmp*')"
"$bin" -f __do_fault -i "$fault" -q --outdir __do_fault.svg >/dev/null 2>outdir.err
check "--outdir on a file" "surfgraph: --outdir __do_fault.svg is not a directory" "$(cat outdir.err)"

# -o - puts the .tree on stdout: the lines naming the graphs are on stderr, as always
"$bin" -f __do_fault -i "$fault" -o - -s 3 --outdir dash >dash.out 2>dash.err
check "-o -" "# surfgraph-tree 6|surfgraph: wrote dash/__do_fault-000003.svg surfgraph: wrote dash/__do_fault-000006.svg surfgraph: wrote dash/__do_fault.svg" \
	"$(head -1 dash.out)|$(grep -E '^surfgraph: wrote [^0-9]' dash.err | tr '\n' ' ' | sed 's/ $//')"

# --- options ---------------------------------------------------------------------------------
mkdir opt && cd opt
"$bin" -f __do_fault -i "$fault" -q -s 0 --minwidth 5 >/dev/null
check "--minwidth 5" 43 "$(frames __do_fault.svg)"
"$bin" -f __do_fault -i "$fault" -q -s 0 --minwidth 1 >/dev/null
check "--minwidth 1" 68 "$(frames __do_fault.svg)"
"$bin" -f __do_fault -i "$fault" -q -s 0 --width 600 --title 'T & <t>' --subtitle "bug #1" >/dev/null
check "--width" "600 580" "$(X 'string(/*/@width)' __do_fault.svg) $(X 'string((//*[local-name()="rect"][@height="15"])[1]/@width)' __do_fault.svg)"
check "--title" "T & <t>" "$(X 'string(//*[local-name()="text"][@font-size="16"])' __do_fault.svg)"
# at 600 px (80 characters) the notes take three lines, a note never split
check "--subtitle first, notes wrapped" "bug #1  ·  trace do_fault.txt|6 complete invocations, total 4.422 ms, avg 737.077 us|p50 277.443 us, p99 2.622 ms, max 2.622 ms" \
	"$(for y in 44 60 76; do X "string(//*[local-name()=\"text\"][@y=\"$y\"])" __do_fault.svg; done | paste -sd'|')"
"$bin" -f __do_fault -i "$fault" -q -s 0 --sort-name >/dev/null
frame_table __do_fault.svg >sorted.txt
check "--sort-name" "__cond_resched pte_alloc_one shmem_fault special_mapping_fault" \
	"$(awk '$1 == 1 { printf "%s%s", s, $5; s = " " }' sorted.txt)"
"$bin" -f __do_fault -i "$fault" -q -s 0 --inverted >/dev/null
# icicle: the root on top, under the notes, the histogram strip and the scatter (y 58 + 86 +
# 148), the 18th level at 292 + 17 * 16
check "--inverted" "translate(0,292) translate(0,564)" \
	"$(grep '^<g transform=' __do_fault.svg | sed -n '1p;18p' | sed 's/<g transform="//; s/">//' | tr '\n' ' ' | sed 's/ $//')"
"$bin" -f __do_fault -i "$fault" -q -s 0 >/dev/null
check "hot palette" "#f6921b" "$(grep -F '<title>special_mapping_fault —' __do_fault.svg | sed 's/.*fill="//; s/".*//')"
"$bin" -f __do_fault -i "$fault" -q -s 0 --palette subsys >/dev/null
# special_mapping* is memory management: a shade of green (80,180,80) +- 25
check "subsys palette" "#56ba56" "$(grep -F '<title>special_mapping_fault —' __do_fault.svg | sed 's/.*fill="//; s/".*//')"
"$bin" -f __do_fault -i "$fault" -q -s 0 --palette cold >/dev/null 2>pal.err
check "bad --palette" "surfgraph: --palette takes hot or subsys, not 'cold'|2" "$(cat pal.err)|$("$bin" -f x -i "$fault" --palette cold 2>/dev/null; echo $?)"
cd ..

# --- other inputs ----------------------------------------------------------------------------
# no durations: width is calls, with the callees' calls; the root's cost is every call under it
gunzip -c "$data/linux-6.1/vfs_write_nofuncgraph-duration.txt.gz" >nodur.txt
"$bin" -f vfs_write -i nodur.txt -q -s 0 >/dev/null
xmllint --noout vfs_write.svg && ok || bad "xmllint rejects vfs_write.svg"
# the text tree without times has 3 header lines, then one line per node with its calls first
"$bin" -f vfs_write -i nodur.txt -q -m tree | tail -n +4 >nodur-tree.txt
check "no-time tree nodes" 847 "$(wc -l <nodur-tree.txt)"
calls=$(awk '{ s += $1 } END { print s }' nodur-tree.txt)
check "no-time root cost = all calls" "vfs_write — cost 20029 calls with callees, 100.00% of root, 100.00% of parent, 15 calls|20029" \
	"$(X 'string((//*[local-name()="title"])[1])' vfs_write.svg)|$calls"
check "no-time note" 1 "$(grep -c 'width: calls (no durations in the trace)' vfs_write.svg)"
# 289 of the 847 paths are narrower than 0.1 px
check "no-time frames" 558 "$(frames vfs_write.svg)"

# lost events in red
gunzip -c "$data/linux-6.1/ksys_read_small_buffer_pipe_lost.txt.gz" >lost.txt
# (rw_verify_area: 25 whole calls among the lost events; every ksys_read was cut, so no graph)
"$bin" -f rw_verify_area -i lost.txt -s 0 >/dev/null 2>lost.err
lost=$(sed -n 's/.*the kernel lost \([0-9]*\) events.*/\1/p' lost.err)
check "lost events known" 1 "$([ -n "$lost" ] && [ "$lost" -gt 0 ] && echo 1)"
check "lost events red" "lost events $lost" "$(X 'string(//*[local-name()="tspan"][@fill="#d00000"])' rw_verify_area.svg)"

# schedule sleeps: nearly all of its time is its own, which the notes say
gunzip -c "$data/linux-6.1/schedule_sleep.txt.gz" >sleep.txt
"$bin" -f schedule -i sleep.txt -q -s 0 >/dev/null
check "root's own time" "trace sleep.txt  ·  1165 complete invocations, total 69.121 s, avg 59.332 ms  ·  p50 7.864 ms, p99 1.024 s, max 4.000 s|99.76% in schedule itself, outside any traced callee  ·  20 incomplete, not drawn" \
	"$(for y in 44 60; do X "string(//*[local-name()=\"text\"][@y=\"$y\"])" schedule.svg; done | paste -sd'|')"
# seconds of sleep leave 11 of the 150 paths wider than 0.1 px
check "schedule frames" 11 "$(frames schedule.svg)"

# a .tree file: graphs named after it, its capture date shown
"$bin" -f __do_fault -i "$fault" -o run.tree -m tree -q >/dev/null
"$bin" -i run.tree -s 0 2>&1 >/dev/null | grep '^surfgraph: wrote' >tree.txt
check ".tree input" "surfgraph: wrote run.svg" "$(cat tree.txt)"
check ".tree date" 1 "$(X 'string(//*[local-name()="text"][@y="44"])' run.svg | grep -c -E '[0-9]{4}-[0-9]{2}-[0-9]{2}T')"

# only incomplete invocations: no picture that would look like a result (exit 1, see cli.sh)
head -8 "$fault" >open.txt
mkdir -p open
"$bin" -f __do_fault -i open.txt -q --outdir open >/dev/null 2>&1
check "no graph of cut calls" "1|" "$?|$(ls open)"

# --- hostile names -------------------------------------------------------------------------------
"$bin" -f hostile_root -i "$data/svg/hostile.txt" -q -s 0 >/dev/null
xmllint --noout hostile_root.svg && ok || bad "xmllint rejects hostile_root.svg"
check "hostile: four scripts" 4 "$(X 'count(//*[local-name()="script"])' hostile_root.svg)"
check "hostile: no injected elements" 0 "$(X 'count(//*[local-name()="img"])' hostile_root.svg)"
check "hostile: names as text" "a<script>alert|b&amp;c\"d'e|x]]></title><img/src=x/onerror=alert\`2\`>|café_??_?bad" \
	"$(for n in 'a<script>alert' 'b&amp;c' 'x]]>' 'caf'; do
		X "string(//*[local-name()=\"title\"][starts-with(., '${n//\'/}')])" hostile_root.svg | sed 's/ — cost.*//'
	done | tr '\n' '|' | sed 's/|$//')"
check "hostile: label escaped" 1 "$(grep -c -F '<text x="13" y="11.5">a&lt;script&gt;alert</text>' hostile_root.svg)"

# --- PNG and PDF through cairo -------------------------------------------------------------------
mkdir cairo && cd cairo
"$bin" -f __do_fault -i "$fault" -m png -s 0 2>&1 >/dev/null | grep '^surfgraph: wrote' >png.txt
"$bin" -f __do_fault -i "$fault" -m pdf -s 0 2>&1 >/dev/null | grep '^surfgraph: wrote' >pdf.txt
check "png/pdf write lines" "surfgraph: wrote __do_fault.png|surfgraph: wrote __do_fault.pdf" "$(cat png.txt)|$(cat pdf.txt)"
# special_mapping_fault: depth 1, x 10 to 779.5, top at 314 (as in the SVG); x 600 is past its label
check "png size and a frame's colour" "1200 376 f6921b" "$("$pngpixel" __do_fault.png 600 320)"
check "png background" "1200 376 f8f8f2" "$("$pngpixel" __do_fault.png 1195 320)"
check "pdf page" "Page size:       1200 x 376 pts" "$(pdfinfo __do_fault.pdf | grep 'Page size')"
pdftoppm -r 72 -png -singlefile __do_fault.pdf page
check "pdf frame colour" "1200 376 f6921b" "$("$pngpixel" page.png 600 320)"
mkdir again && (cd again && "$bin" -f __do_fault -i "$fault" -q -m png -s 0 >/dev/null &&
	"$bin" -f __do_fault -i "$fault" -q -m pdf -s 0 >/dev/null)
cmp -s __do_fault.png again/__do_fault.png && ok || bad "two PNG runs differ"
cmp -s __do_fault.pdf again/__do_fault.pdf && ok || bad "two PDF runs differ"
"$bin" -f __do_fault -i "$fault" -q -m png -s 6 >/dev/null
check "per-invocation png" "1200 136 f8f8f2" "$("$pngpixel" __do_fault-000006.png 5 5)"
# labels fitted by measuring them with cairo: a 155 px frame holds 26 characters of
# __sysvec_apic_timer_interrupt (a monospace count gave 19), a 57 px one "update.."
if command -v pdftotext >/dev/null; then
	pdftotext __do_fault.pdf labels.txt
	check "pdf labels measured" "1|1" \
		"$(grep -c '__sysvec_apic_timer_interr\.\.' labels.txt)|$(grep -c '^update\.\.$' labels.txt)"
fi
cd ..

# --- interrupts in their own hue, in every palette; the subsys palette's legend ------------------
# fill FILE NAME: the fill of the first frame whose tooltip starts with "NAME —"
fill() { grep -o "<title>$2 — [^<]*</title><rect [^>]*fill=\"#[0-9a-f]*\"" "$1" | head -1 | sed 's/.*fill="#//; s/"//'; }
bluish() { local h=$1; [ -n "$h" ] && [ $((16#${h:4:2})) -gt $((16#${h:0:2})) ]; }
"$bin" -f __do_fault -i "$fault" -q -s 0 --outdir hue >/dev/null
for f in __sysvec_apic_timer_interrupt hrtimer_interrupt irq_exit_rcu _raw_spin_lock_irq; do
	bluish "$(fill hue/__do_fault.svg $f)" && ok || bad "hot palette: $f (in an interrupt) is $(fill hue/__do_fault.svg $f), not blue"
done
bluish "$(fill hue/__do_fault.svg vvar_fault)" && bad "hot palette: vvar_fault is blue" || ok
"$bin" -f __do_fault -i "$fault" -q -s 0 --palette subsys --outdir sub >/dev/null
# _raw_spin_lock_irq inside the timer interrupt: the interrupt's aqua, not the locks' grey
sub=$(fill sub/__do_fault.svg _raw_spin_lock_irq)
[ "$((16#${sub:2:2}))" -gt "$((16#${sub:0:2}))" ] && [ "$((16#${sub:4:2}))" -gt "$((16#${sub:0:2}))" ] && ok ||
	bad "subsys: _raw_spin_lock_irq in an interrupt is #$sub, not aqua"
check "subsys legend" "mm|fs|sched|irq, timers|locking|other" \
	"$(for i in 1 2 3 4 5 6; do X "string((//*[local-name()=\"rect\"][@width=\"10\"])[$i]/following-sibling::*[1])" sub/__do_fault.svg; done | paste -sd'|')"

# every frame's fill is a shade (each channel within 25) of a legend swatch: "other" was the hot
# palette's reds to yellows beside an orange swatch; may_open and alloc_empty_file are files (fs),
# not "other" (issue 33)
gunzip -c "$data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz" >openat2.txt
"$bin" -f do_sys_openat2 -i openat2.txt -q -s 0 --palette subsys --outdir subo >/dev/null
swatches=$(X '//*[local-name()="rect"][@width="10"][@height="10"]/@fill' subo/do_sys_openat2.svg | grep -o '#[0-9a-f]*' | tr -d '#' | paste -sd' ')
check "subsys: six swatches" 6 "$(echo "$swatches" | wc -w)"
# near HEX SWATCH...: the legend entry (1-based) HEX is a shade of, or 0
near() {
	local h=$1 i=0 s
	shift
	for s in "$@"; do
		i=$((i + 1))
		local ok=1
		for k in 0 2 4; do
			local d=$((16#${h:$k:2} - 16#${s:$k:2}))
			[ ${d#-} -le 25 ] || ok=0
		done
		[ $ok = 1 ] && { echo $i; return; }
	done
	echo 0
}
nfar=0 far=
# shellcheck disable=SC2086
while read -r name h; do
	[ "$(near "$h" $swatches)" = 0 ] && { nfar=$((nfar + 1)); far="$far $name=#$h"; }
done < <(grep -o '<title>[^ ]* — [^<]*</title><rect [^>]*fill="#[0-9a-f]*"' subo/do_sys_openat2.svg |
	sed 's/<title>\([^ ]*\) .*fill="#\(.*\)"/\1 \2/' | sort -u)
check "subsys: every frame a shade of its legend's swatch" "0" "$nfar${far:+:$(echo "$far" | cut -c1-300)}"
# shellcheck disable=SC2086
for f in may_open alloc_empty_file; do
	check "subsys: $f is fs" 2 "$(near "$(fill subo/do_sys_openat2.svg $f)" $swatches)"
done

# --- the latency histogram strip above the frames (issue 13) ------------------------------------
mkdir -p hist && cd hist
# hist_svg SVG: "LO|HI|COUNT" (bounds with their units) per bar, from the bars' tooltips
hist_svg() { X '//*[local-name()="g"][@class="hb"]/*[local-name()="title"]/text()' "$1" | sed 's/ - /|/; s/: \([0-9]*\) invocations* (.*/|\1/'; }
# hist_text: the same from -m hist's table
hist_text() { awk '$3 == "-" && $6 ~ /^[0-9]+$/ && $6 > 0 { print $1 " " $2 "|" $4 " " $5 "|" $6 }'; }
"$bin" -f __do_fault -i "$fault" -q -s 0 >/dev/null
"$bin" -f __do_fault -i "$fault" -q -m hist | hist_text >fault-hist.txt
check "do_fault: bars = -m hist" "$(cat fault-hist.txt)" "$(hist_svg __do_fault.svg)"
check "do_fault: 5 bars" 5 "$(hist_svg __do_fault.svg | wc -l)"
check "do_fault: bar tooltip" "256 us - 512 us: 2 invocations (33.33%, cumulative 66.67%)" \
	"$(X 'string(//*[local-name()="g"][@class="hb"][3]/*[local-name()="title"])' __do_fault.svg)"
# the tallest bar is the 2 calls of 256-512 us: 40 px; 1 call: 20 px
check "do_fault: bar heights" "20.0 20.0 40.0 20.0 20.0" \
	"$(X '//*[local-name()="g"][@class="hb"]/*[local-name()="rect"][2]/@height' __do_fault.svg | sed 's/.*="//; s/"//' | paste -sd' ')"
check "do_fault: marks" "p50 277.443 us|p90 2.622 ms|p99 2.622 ms|p99.9 2.622 ms" \
	"$(X '//*[local-name()="g"][@class="hm"]/*[local-name()="title"]/text()' __do_fault.svg | paste -sd'|')"
check "do_fault: mark labels" "p50|p90,p99,p99.9" \
	"$(X '//*[local-name()="g"][@class="hist"]/*[local-name()="text"][@font-size="10"][not(starts-with(.,"1")) and not(starts-with(.,"2")) and not(starts-with(.,"3")) and not(starts-with(.,"4")) and not(starts-with(.,"5")) and not(starts-with(.,"6"))]/text()' __do_fault.svg | paste -sd'|')"
# p50 277.443 us lies in the slot of 256-512 us (the fifth of nine, 147.5 px each from x 10)
p50x=$(X 'string(//*[local-name()="g"][@class="hm"][1]/*[local-name()="line"]/@x1)' __do_fault.svg)
awk -v x="$p50x" 'BEGIN { exit !(x >= 10 + 4 * 147.5 && x < 10 + 5 * 147.5) }' && ok || bad "p50 mark at x $p50x, not in 256-512 us's slot"
# the strip sits between the notes and the frames, the scatter (148 px) under it: the root frame
# is under both
check "strip above frames" "62|564" "$(X 'string(//*[local-name()="g"][@class="hist"]/*[local-name()="g"][1]/*[local-name()="rect"][1]/@y)' __do_fault.svg | awk '{ print $1 - 14 }')|$(grep -m1 -o 'translate(0,[0-9]*)' __do_fault.svg | sed 's/.*,//; s/)//')"
# 1165 sleeps over 14 buckets, against -m hist and against awk over the trace's durations
"$bin" -f schedule -i ../sleep.txt -q -s 0 >/dev/null
"$bin" -f schedule -i ../sleep.txt -q -m hist | hist_text >sleep-hist.txt
check "schedule: bars = -m hist" "$(cat sleep-hist.txt)" "$(hist_svg schedule.svg)"
check "schedule: counts add up" 1165 "$(hist_svg schedule.svg | awk -F'|' '{ n += $3 } END { print n }')"
# the one-call buckets' bars are 1 px tall at least: each bar has a height
check "schedule: no empty bar" 0 "$(X '//*[local-name()="g"][@class="hb"]/*[local-name()="rect"][2]/@height' schedule.svg | grep -c 'height="0')"
"$bin" -f schedule -i ../sleep.txt -q -s 0 --outdir again >/dev/null
cmp -s schedule.svg again/schedule.svg && ok || bad "schedule.svg differs between two runs"
# the selection's data (per-bucket merged trees) and its size bound, on the 6.1 schedule fixture
gunzip -c "$data/linux-6.1/schedule_funcgraph-proc.txt.gz" >sp.txt
"$bin" -f schedule -i sp.txt -q -s 0 -o sp.tree --outdir sp >/dev/null
# "lo_ns invocations entries" per bucket: from the SVG's data, and from the .tree's bucket lines
X 'string(//*[local-name()="metadata"])' sp/sp.svg | sed 's/.*"b":{//; s/},"k":.*//' | tr -d '"[' |
	sed 's/\],/\n/g; s/\]//g' | awk -F'[:,]' '{ printf "%.0f %s %d\n", 1000 * 2 ^ ($1 - 1), $2, (NF - 2) / 4 }' >sp-data.txt
# Only the paths some selection can draw are embedded (svg_hist.c, mark_drawable): a path is
# drawable when, in one bucket's tree or one kept invocation's, its total over that tree's root
# total times the 1180 px of the default width reaches --minwidth's 0.1 px (a selection of
# several buckets is never wider than its widest bucket); its callers with it. A drawable path's
# entry stays in every bucket where it has time.
awk -F'\t' '
	function tree(k) { t = k; nt++ }
	$1 == "bucket" { b = $2; n[b] = $4; o[++k] = b; tree("b" b) }
	$1 == "inv" || $1 == "slowinv" { tree("k" $2) }
	$1 == "bnode" || $1 == "invnode" {
		if ($2 !~ /;/) root[t] = $4
		p[nt] = p[nt] " " $2; tot[t, $2] = $4
		if ($1 == "bnode" && $4 > 0) has[b, $2] = 1
		if (root[t] && $4 * 1180 / root[t] >= 0.1) ok[$2] = 1
	}
	END {
		for (q in ok) { s = q; while (sub(/;[^;]*$/, "", s)) ok[s] = 1 }
		for (i = 1; i <= k; i++) { c = 0; for (key in has) { split(key, kk, SUBSEP); if (kk[1] == o[i] && ok[kk[2]]) c++ } print o[i], n[o[i]], c }
	}' sp.tree >sp-tree.txt
check "schedule: embedded buckets = .tree's bucket trees, drawable paths" "$(cat sp-tree.txt)" "$(cat sp-data.txt)"
# and some were left out: the bucket trees hold more paths with time than are embedded
check "schedule: narrow paths left out" 1 \
	"$(awk -F'\t' '$1 == "bnode" && $4 > 0' sp.tree | wc -l | awk -v e="$(awk '{ s += $3 } END { print s }' sp-data.txt)" '{ print ($1 > e) }')"
check "schedule: 15 buckets, 958 invocations" "15 958" "$(awk '{ n++; s += $2 } END { print n, s }' sp-data.txt)"
# the bound as measured: 240 KB in all, 44.6 KB of it the data (23 KB the 40 kept invocations'
# trees; SG_SVG_HIST_MAX_BYTES: 16 MiB), 169 KB the 958 dots (svg_scatter.h: at most 10,000
# dots and the kept ones, about 180 bytes each)
size=$(wc -c <sp/sp.svg)
[ "$size" -lt 262144 ] && ok || bad "schedule_funcgraph-proc's schedule.svg is $size bytes, not under 256 KiB"
# --- the scatter under the strip: a dot per complete invocation (issue 13) ---------------------
dots() { X 'count(//*[local-name()="circle"])' "$1"; }
check "schedule: a dot per invocation" 958 "$(dots sp/sp.svg)"
# the kept ones in their own class: the .tree's inv and slowinv numbers, each once
check "schedule: kept dots = the .tree's kept" \
	"$(awk -F'\t' '$1 == "inv" || $1 == "slowinv" { print $2 }' sp.tree | sort -n | uniq | paste -sd' ')" \
	"$(X '//*[local-name()="circle"][@class="d k"]/@data-s' sp/sp.svg | sed 's/.*="//; s/"//' | sort -n | paste -sd' ')"
check "schedule: count line" "958 dots of 958 invocations; the 40 kept whole in blue, each drawable alone" \
	"$(X 'string(//*[local-name()="g"][@class="sc"]/*[local-name()="text"][last()])' sp/sp.svg)"
check "schedule: ordinal axis (no abstime)" 1 \
	"$(X '//*[local-name()="g"][@class="sc"]/*[local-name()="text"]/text()' sp/sp.svg | grep -c '^x: invocation number (the trace has no start times')"
# a dot's bucket is its duration's: every dot's tooltip duration falls in its data-b bucket
X '//*[local-name()="circle"]/@data-b' sp/sp.svg | sed 's/.*="//; s/"//' >sp-b.txt
X '//*[local-name()="circle"]/*[local-name()="title"]/text()' sp/sp.svg |
	awk '{ v = $2; u = $3; sub(/,/, "", u); ns = v * (u == "ms" ? 1e6 : u == "s" ? 1e9 : u == "us" ? 1e3 : 1); q = int(ns / 1000 + 1e-9); k = 0; while (q >= 1) { q = int(q / 2); k++ } print k }' >sp-k.txt
check "schedule: dots' buckets" "$(cat sp-k.txt)" "$(cat sp-b.txt)"
# the same .tree, loaded: the same scatter (dots and kept ones from its scatter, dot, inv lines)
"$bin" -i sp.tree -q -s 0 --outdir sp-tree >/dev/null
check "from the .tree: the same dots" "$(grep '<circle' sp/sp.svg | md5sum)" "$(grep '<circle' sp-tree/sp.svg | md5sum)"
# abstime: x is the start; the tooltips' starts are the entry lines' times after the first's
abst=$data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
"$bin" -f __do_fault -i "$abst" -q -s 0 --outdir abs >/dev/null
check "abstime: starts" \
	"$(awk '/__do_fault\(\) \{/ { split($1, t, "."); ns = t[1] * 1000000000 + t[2] * 1000; if (!f) f = ns; d = ns - f; printf "+%d.%06d s\n", d / 1e9, (d % 1000000000) / 1000 }' "$abst")" \
	"$(X '//*[local-name()="circle"]/*[local-name()="title"]/text()' abs/__do_fault.svg | sed 's/.*start \(+[0-9.]* s\).*/\1/')"
check "abstime: a dot per invocation" "$(grep -c '__do_fault() {' "$abst")" "$(dots abs/__do_fault.svg)"
check "abstime: task, pid and CPU" "#1: 120.090 us, start +0.000000 s, ls-135, CPU 0 — kept whole: click to draw it alone" \
	"$(X 'string((//*[local-name()="circle"])[1]/*[local-name()="title"])' abs/__do_fault.svg)"
# a task name is the trace's: escaped in the dot's tooltip, the file stays well-formed XML
printf '# tracer: function_graph\n 0)  a<b>&"x'"'"'-42   |   5.000 us    |  f();\n' >hc.txt
"$bin" -f f -i hc.txt -q -s 0 --outdir hc >/dev/null
xmllint --noout hc/f.svg 2>/dev/null && ok || bad "hostile task name: hc/f.svg is not well-formed"
check "hostile task name: text" "#1: 5.000 us, a<b>&\"x'-42, CPU 0 — kept whole: click to draw it alone" \
	"$(X 'string(//*[local-name()="circle"]/*[local-name()="title"])' hc/f.svg)"
# thinned: 25,000 calls keep every 4th (6,250) and the 40 kept whole: the last 32 (24 of them
# not multiples of 4) and the 8 slowest (1000 us: the earliest 8 of that duration, 999, 1999,
# ..., 7999, none a multiple of 4): 6,282 dots
awk 'BEGIN {print "# tracer: function_graph"; for (i = 1; i <= 25000; i++) printf " 0)   %d.000 us    |  f();\n", i % 1000 + 1}' >many.txt
"$bin" -f f -i many.txt -q -s 0 -o many.tree --outdir many >/dev/null
check "thinned: dots" "6250|4" "$(grep -c '^dot' many.tree)|$(awk -F'\t' '$1 == "scatter" { print $2 }' many.tree)"
check "thinned: every 4th" 0 "$(awk -F'\t' '$1 == "dot" && $2 % 4' many.tree | wc -l)"
check "thinned: count line" "6282 dots of 25000 invocations (every 4th, past 10000); the 40 kept whole in blue, each drawable alone" \
	"$(X 'string(//*[local-name()="g"][@class="sc"]/*[local-name()="text"][last()])' many/many.svg)"
check "thinned: circles" 6282 "$(dots many/many.svg)"
# no scatter: a .tree of version 3 (still loads: the strip, no scatter), merged runs (said)
sed '1s/4$/3/; /^scatter\t/d; /^dot\t/d; /^# scatter/d; /^# dot/d' sp.tree >v3.tree
"$bin" -i v3.tree -q -s 0 --outdir v3 >/dev/null
check "version 3 .tree: strip, no scatter" "1|0" "$(grep -c 'class="hist"' v3/v3.svg)|$(grep -c 'class="sc"' v3/v3.svg)"
sed 's/^created=.*/created=1970-01-02T00:00:00Z/' sp.tree >sp-twin.tree # another run, the same figures
"$bin" merge sp.tree sp-twin.tree -o merged.tree -q
"$bin" -i merged.tree -q -s 0 --outdir merged >/dev/null
check "merged: no scatter, said" "0|1" "$(grep -c 'class="sc"' merged/merged.svg)|$(grep -c 'no scatter: merged runs' merged/merged.svg)"
# no strip: per-invocation graphs, several roots, no durations, a .tree without a histogram
"$bin" -f __do_fault -i "$fault" -q -s 1 --outdir per >/dev/null
check "no strip per invocation" 0 "$(grep -c 'class="hist"' per/__do_fault-000001.svg)"
"$bin" -f '__do_fault,shmem_fault' -i "$fault" -q -s 0 --outdir two >/dev/null
check "no strip for two roots" 0 "$(cat two/*.svg | grep -c 'class="hist"')"
"$bin" -f vfs_write -i ../nodur.txt -q -s 0 >/dev/null
check "no strip without durations" 0 "$(grep -c 'class="hist"' vfs_write.svg)"
"$bin" -i "$PWD/../../../../tests/data/tree/do_fault-v1.tree" -q -s 0 --outdir v1 >/dev/null 2>&1
check "no strip from a version 1 .tree" "1|0" "$(ls v1/*.svg | wc -l)|$(cat v1/*.svg | grep -c 'class="hist"')"
cd ..

# --- the time view's data: the kept invocations' recorded calls (svg_chart.c, issue 25) --------
abstime=$data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
tc() { X 'string(//*[local-name()="metadata"][substring(@id, string-length(@id) - 2) = "-tc"])' "$1"; }
mkdir -p time && cd time || exit 1
"$bin" -f __do_fault -i "$abstime" -q -s 0 >/dev/null
xmllint --noout __do_fault.svg && ok || bad "xmllint rejects the time view's __do_fault.svg"
# every call line of the six invocations (entries and leaves, not the closing braces), 4 numbers
# each in the "r" lists
check "time data: one entry per call" \
	"$(awk -F'|' 'NF >= 4 && $4 ~ /\(\)/' "$abstime" | wc -l)" \
	"$(tc __do_fault.svg | grep -o '"r":\[[^]]*\]' | awk -F, '{ n += NF / 4 } END { print n }')"
check "time data: the six kept" '"1" "2" "3" "4" "5" "6"' \
	"$(tc __do_fault.svg | grep -o '"[0-9]*":{"r"' | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
# only the kept invocations: the last 2
"$bin" -f __do_fault -i "$abstime" -q -s 0 --keep 2 --keep-slowest 0 --outdir k2 >/dev/null
check "time data: only the kept" '"5" "6"' \
	"$(tc k2/__do_fault.svg | grep -o '"[0-9]*":{"r"' | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
# the bound: 100,000 calls in all; 30 invocations of 5,001 calls each: the first 19 (95,019
# calls) embedded, the 20th would pass it, so it and the rest are listed as left out
awk 'BEGIN { print "# tracer: function_graph"; t = 100000000
	for (i = 0; i < 30; i++) {
		printf "  %d.%06d |   0)  a-1  |               |  r() {\n", t / 1000000, t % 1000000; t++
		for (j = 0; j < 5000; j++) { printf "  %d.%06d |   0)  a-1  |   0.500 us    |    f();\n", t / 1000000, t % 1000000; t++ }
		printf "  %d.%06d |   0)  a-1  | # 5001.000 us |  }\n", t / 1000000, t % 1000000; t += 10
	} }' >big.txt
"$bin" -f r -i big.txt -q -s 0 --keep 30 --keep-slowest 0 --outdir big >/dev/null
check "time data: the bound" "19|,\"out\":[20,21,22,23,24,25,26,27,28,29,30]" \
	"$(tc big/r.svg | grep -o '"[0-9]*":{"r"' | wc -l)|$(tc big/r.svg | grep -o ',"out":\[[^]]*\]')"
cd ..

echo "svg: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
