#!/bin/bash
# make series-check: what a maintainer who runs "git am" on a clean tree
# gets. On a fresh clone of the pristine tree (build/series-check/src),
# apply kernel/series one patch at a time; after each, run checkpatch
# --strict on the patch and build bzImage twice: with the series' configs
# on (base and trace fragments) and off (plus noseries). Stop at the
# first patch that does not apply, does not build, or draws a checkpatch
# error, warning or check. Then the plugin sources in trace-plugins/ and
# the pages in Documentation/trace/ must be the files that the series
# leaves in the tree (scripts/carried.sh list).
# Prints one line per patch and a last line "series-check: ok" or
# "series-check: FAILED at ...".
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$top/build/linux
dir=$top/build/series-check
src=$dir/src
jobs=${JOBS:-$(($(nproc) + 1))}
cc="gcc"
command -v ccache > /dev/null && cc="ccache gcc"

failed() { echo "series-check: FAILED at $1"; exit 1; }

# What a run checks: the series, the carried files, the configs it builds
# and this script. A run that passes records the hash in
# kernel/series-check.sha1, and CI runs series-check only when the hash
# of the checkout differs from it.
inputs_hash() {
	(
		cd "$top"
		# shellcheck disable=SC2046
		cat kernel/series $(sed 's|^|kernel/|' kernel/series) \
			$("$top/scripts/carried.sh" list | awk '{ print $1 }') \
			kernel/configs/base.config kernel/configs/trace.config \
			kernel/configs/noseries.config scripts/series-check.sh |
			sha1sum | awk '{ print $1 }'
	)
}
if [ "${1:-}" = --hash ]; then
	inputs_hash
	exit 0
fi

mkdir -p "$dir"
rm -rf "$src"
git clone -q --shared --no-checkout "$ksrc" "$src"
git -C "$src" checkout -q --detach pristine

config() { # obj fragments...
	local obj=$1
	shift
	mkdir -p "$obj"
	make -s -C "$src" O="$obj" tinyconfig > /dev/null
	(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"${@/#/$top/kernel/configs/}" > /dev/null 2>&1)
	make -s -C "$src" O="$obj" olddefconfig > /dev/null 2>&1
}

build() { # obj
	make -C "$src" O="$1" -j"$jobs" CC="$cc" KBUILD_BUILD_TIMESTAMP=series-check \
		bzImage > "$1.log" 2>&1
}

# checkpatch's "total: ..." line for a patch; it runs from the tree.
checkpatch() { # patch
	(
		cd "$src"
		PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict "$1" 2>&1 || true
	) | sed -n 's/^total: /total: /p'
}

n=0
total=$(grep -c . "$top/kernel/series")
while read -r p; do
	n=$((n + 1))
	subject=$(sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$top/kernel/$p")
	git -C "$src" -c user.name=series-check -c user.email=series-check@localhost \
		am -q "$top/kernel/$p" > "$dir/am.log" 2>&1 ||
		{ cat "$dir/am.log"; failed "$n/$total ($subject): git am"; }
	cp=$(checkpatch "$top/kernel/$p")
	line="$n/$total $subject: checkpatch: ${cp#total: }"
	case "$cp" in
	"total: 0 errors, 0 warnings, 0 checks"*) ;;
	*) echo "$line"; failed "$n/$total ($subject): checkpatch" ;;
	esac
	for mode in on off; do
		frags="base.config trace.config"
		[ $mode = on ] || frags="$frags noseries.config"
		# shellcheck disable=SC2086
		config "$dir/obj-$mode" $frags
		t0=$(date +%s)
		if ! build "$dir/obj-$mode"; then
			echo "$line"
			grep -E 'error|Error' "$dir/obj-$mode.log" | head -n 10
			failed "$n/$total ($subject): build with the series' configs $mode"
		fi
		line="$line; configs $mode: built in $(($(date +%s) - t0)) s"
	done
	echo "$line"
done < "$top/kernel/series"

# The plugins in trace-plugins/ and the pages in Documentation/trace/ are
# the files that the series leaves in the tree.
while read -r from to; do
	[ -e "$src/$to" ] || failed "the end of the series: $to is not in any patch"
	cmp -s "$top/$from" "$src/$to" || failed "the end of the series: $to differs from $from"
done < <("$top/scripts/carried.sh" list)
echo "$(inputs_hash) $total patches ok" > "$top/kernel/series-check.sha1"
echo "series-check: ok ($total patches)"
