#!/bin/bash
# layers.sh - every #include against the folders' order in docs/architecture.md fails the build's tests.
#
# Usage: tests/layers.sh [TREE]   (TREE: the source tree, default .)
#
# docs/architecture.md says the order once, on the line that begins "Folders, lowest first": a
# file may include headers of its own folder and of the folders before it, never after. A header
# in include/ counts in the folder of its .c; the few with no .c are placed on the line that
# begins "Headers with no .c". A header's own includes count as its .c's.
set -u
tree=${1:-.}
doc=$tree/docs/architecture.md
fail=0

# the backquoted words of the first line of the doc beginning with $1
words() {
	grep -m1 "^$1" "$doc" | grep -o '`[^`]*`' | tr -d '`'
}

mapfile -t order < <(words 'Folders, lowest first' | grep -v layers.sh)
mapfile -t loose < <(words 'Headers with no .c' | grep -v '^\.c$')
if [ ${#order[@]} -lt 2 ] || [ $(( ${#loose[@]} % 2 )) -ne 0 ]; then
	echo "layers: $doc does not give the folders' order (a line 'Folders, lowest first: ...')"
	exit 1
fi

declare -A rank home
for i in "${!order[@]}"; do
	rank[${order[$i]}]=$i
done
for ((i = 0; i < ${#loose[@]}; i += 2)); do
	home[${loose[$i]}]=${loose[$((i + 1))]}
done

# every .c's folder must be placed; each header's folder is its .c's
for c in "$tree"/src/*/*.c "$tree"/render/*.c "$tree"/render/tui/*.c; do
	d=${c%/*}
	d=${d#"$tree"/}
	if [ -z "${rank[$d]+x}" ]; then
		echo "layers: $d/ holds ${c##*/} but is not in the order in docs/architecture.md"
		fail=1
		continue
	fi
	b=${c##*/}
	home[${b%.c}.h]=$d
done

for c in "$tree"/src/*/*.c "$tree"/render/*.c "$tree"/render/tui/*.c; do
	d=${c%/*}
	d=${d#"$tree"/}
	[ -n "${rank[$d]+x}" ] || continue
	b=${c##*/}
	h=$tree/include/${b%.c}.h
	for f in "$c" "$h"; do
		[ -f "$f" ] || continue
		while read -r inc; do
			[ -f "$tree/include/$inc" ] || continue # generated (build/gen) or system
			to=${home[$inc]:-}
			if [ -z "$to" ]; then
				echo "layers: ${f#"$tree"/} includes $inc, which has no .c and is not placed in docs/architecture.md"
				fail=1
			elif [ "${rank[$to]}" -gt "${rank[$d]}" ]; then
				echo "layers: ${f#"$tree"/} ($d) includes $inc ($to): against the folders' order"
				fail=1
			fi
		done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
	done
done
[ $fail = 0 ] && echo "layers: every include follows the folders' order (${order[*]})"
exit $fail
