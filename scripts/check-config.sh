#!/bin/bash
# Fail when an option asked for by a config fragment did not survive
# olddefconfig (a missing dependency, a typo), so that a kernel is never
# silently built without a tracer or a debug check.
# Usage: check-config.sh .config fragment...
# IGNORE="CONFIG_SYM ..." skips those symbols (the pristine kernel lacks the
# series' own).
set -eu
config=$1
shift
bad=0
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			case " ${IGNORE:-} " in *" ${line%%=*} "*) continue ;; esac
			grep -qxF "$line" "$config" || {
				echo "config: $frag asks for '$line', .config has '$(grep "^${line%%=*}=" "$config" || echo unset)'"
				bad=1
			}
			;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			if grep -q "^$sym=" "$config"; then
				echo "config: $frag asks for $sym unset, .config sets it"
				bad=1
			fi
			;;
		esac
	done < "$frag"
done
exit $bad
