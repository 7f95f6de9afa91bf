#!/bin/bash
# The files that the series carries but that are edited in this checkout:
# trace-plugins/*.c (kernel/trace/ in the tree) and
# Documentation/trace/*.rst (the same path in the tree).
#
#   carried.sh list    "checkout-path tree-path" per file
#   carried.sh copy    copy each file into build/linux where it differs
#                      (a file that is the same keeps its mtime, so that
#                      make rebuilds only what changed)
#   carried.sh fold    commit each file that differs from build/linux's
#                      HEAD as a fixup of the last commit that touches
#                      it, and squash the fixups (make patches)
#   carried.sh dirty   build/linux's uncommitted changes other than the
#                      carried files, one path per line
#   carried.sh clean   fail, listing them, if there are any
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ksrc=$top/build/linux

list() {
	local f
	for f in "$top"/trace-plugins/*.c; do
		echo "trace-plugins/${f##*/} kernel/trace/${f##*/}"
	done
	for f in "$top"/Documentation/trace/*.rst; do
		echo "Documentation/trace/${f##*/} Documentation/trace/${f##*/}"
	done
}

# build/linux's uncommitted changes other than the carried files
dirty() {
	local carried
	carried=$(list | awk '{ print $2 }')
	(cd "$ksrc" && command git status --porcelain --untracked-files=no) |
		awk '{ print $NF }' | grep -vxF -f <(echo "$carried") || true
}

case "${1:-}" in
list)
	list
	;;
copy)
	list | while read -r from to; do
		cmp -s "$top/$from" "$ksrc/$to" || cp "$top/$from" "$ksrc/$to"
	done
	;;
fold)
	cd "$ksrc"
	git() { command git -c user.name=build -c user.email=build@localhost "$@"; }
	folded=0
	while read -r from to; do
		cp "$top/$from" "$to"
		git diff --quiet HEAD -- "$to" 2> /dev/null && git ls-files --error-unmatch "$to" > /dev/null 2>&1 && continue
		last=$(git log -1 --format=%H pristine..HEAD -- "$to")
		if [ -z "$last" ]; then
			echo "$from: no patch carries $to; add it to the patch of its tracer (git add, git commit --fixup) first" >&2
			exit 1
		fi
		git add "$to"
		git commit -q --fixup="$last" -- "$to"
		echo "folded $from into $(git log -1 --format=%s "$last")"
		folded=$((folded + 1))
	done < <(list)
	if [ $folded -gt 0 ]; then
		GIT_SEQUENCE_EDITOR=: git rebase -q -i --autosquash pristine
	fi
	;;
dirty)
	dirty
	;;
clean)
	d=$(dirty)
	[ -z "$d" ] && exit 0
	echo "build/linux has uncommitted changes: commit them, then 'make patches':" >&2
	echo "$d" >&2
	exit 1
	;;
*)
	echo "usage: $0 list|copy|fold|dirty|clean" >&2
	exit 2
	;;
esac
