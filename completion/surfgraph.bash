# surfgraph.bash - bash completion for surfgraph (installed by make install): options from the
# program's own --help, modes, -f from the kernel's available_filter_functions when readable
# (only read, as `cat` would), files for -i and -o, directories for --outdir.

_surfgraph_functions()
{
	local t f
	for t in "${SG_TRACEFS:-}" /sys/kernel/tracing /sys/kernel/debug/tracing; do
		f=$t/available_filter_functions
		[ -n "$t" ] && [ -r "$f" ] || continue
		# "name [module]" per line; clones (.isra.0) are matched by their plain name anyway
		awk -v p="$1" 'index($1, p) == 1 { print $1 }' "$f" 2>/dev/null | sort -u
		return
	done
}

_surfgraph()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} sub=
	local modes="svg tree walk replay raw folded top hist png pdf pprof chrome speedscope tui"

	case ${COMP_WORDS[1]:-} in
	diff | merge | tui) [ "$COMP_CWORD" -gt 1 ] && sub=${COMP_WORDS[1]} ;;
	esac
	[ -n "$sub" ] && modes="tree svg png pdf folded json"
	# --color=WHEN: bash splits at '=' (COMP_WORDBREAKS), unless told not to
	case $cur in
	--color=* | --colour=*)
		COMPREPLY=($(compgen -P "${cur%%=*}=" -W "auto always never" -- "${cur#*=}"))
		return
		;;
	=)
		cur= ;;
	esac
	[ "$prev" = = ] && prev=${COMP_WORDS[COMP_CWORD - 2]}
	case $prev in
	--color | --colour)
		COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
		return
		;;
	-m | --mode)
		COMPREPLY=($(compgen -W "$modes" -- "$cur"))
		return
		;;
	-f | --function | -x | --exclude)
		COMPREPLY=($(_surfgraph_functions "$cur"))
		return
		;;
	-i | --input | -o | --output | --narrow-from)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	--outdir)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
		return
		;;
	--palette)
		COMPREPLY=($(compgen -W "hot subsys" -- "$cur"))
		return
		;;
	--sort)
		COMPREPLY=($(compgen -W "duration total self calls name" -- "$cur"))
		return
		;;
	--pick)
		COMPREPLY=($(compgen -W "slowest p50" -- "$cur"))
		return
		;;
	--unit)
		COMPREPLY=($(compgen -W "ns us" -- "$cur"))
		return
		;;
	--metric)
		COMPREPLY=($(compgen -W "avg p50 p99 max" -- "$cur"))
		return
		;;
	-d | -n | -p | -C | -s | --step | --keep | --width | --minwidth | --title | --subtitle | \
		--max-depth | --buffer-size | --narrow-learn | --min-percent | --depth | --threshold | --fail-above | \
		--duration | --count | --pid | --cpus)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		# the options the program itself lists, so this never falls behind it
		local opts
		opts=$("${COMP_WORDS[0]}" $sub --help 2>/dev/null | grep -E '^ +-' |
			sed -E 's/^ +//; s/  .*//' | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
			tr -d ' ,' | sort -u)
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [ -n "$sub" ]; then
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
	elif [ "$COMP_CWORD" = 1 ]; then
		COMPREPLY=($(compgen -W "diff merge tui" -- "$cur"))
	fi
}

complete -F _surfgraph surfgraph
