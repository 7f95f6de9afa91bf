#!/bin/bash
# After "git format-patch --cover-letter -o kernel/" (make patches): give
# the cover letter its subject and text from kernel/cover-letter.txt
# (first line: the subject after "[PATCH 0/N] "; the rest: the text),
# and every patch its To and Cc lines from the tree's
# scripts/get_maintainer.pl: maintainers To, reviewers and lists Cc. The
# cover letter goes to all of them.
# Usage: mail-headers.sh KSRC DIR
set -euo pipefail
ksrc=$1
dir=$(cd "$2" && pwd)
cover=$dir/0000-cover-letter.patch
text=$dir/cover-letter.txt

gm() { # get_maintainer.pl options... patches...
	(cd "$ksrc" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats "$@")
}

# "Name: a, b" folded one address per line, as mail headers allow.
header() { # name addresses-one-per-line
	[ -n "$2" ] || return 0
	printf '%s\n' "$2" | awk -v n="$1" '
		{ a[NR] = $0 }
		END { for (i = 1; i <= NR; i++)
			printf "%s%s%s\n", (i == 1 ? n ": " : " "), a[i], (i < NR ? "," : "") }'
}

# Insert To and Cc before the blank line that ends FILE's mail header;
# an address already in To is not repeated in Cc, and the author (From:,
# a maintainer of the files that the series adds) is in neither.
add_headers() { # file to cc
	local h cc to from
	from=$(sed -n 's/^From: //p' "$1" | head -n 1)
	to=$(printf '%s\n' "$2" | grep -vxF -- "$from" || true)
	cc=$(printf '%s\n' "$3" | grep -vxF -f <(printf '%s\n' "$to" "$from") || true)
	h=$(header To "$to"; header Cc "$cc")
	H=$h awk '!done && /^$/ { print ENVIRON["H"]; done = 1 } { print }' "$1" > "$1.new"
	mv "$1.new" "$1"
}

patches=$(cd "$dir" && printf '%s\n' [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-')
for p in $patches; do
	add_headers "$dir/$p" "$(gm --m --nor --nol "$dir/$p")" \
		"$(gm --nom --r --l "$dir/$p")"
done

[ -e "$cover" ] || exit 0
subject=$(head -n 1 "$text")
blurb=$(tail -n +3 "$text")
S=$subject B=$blurb awk '
	(i = index($0, "*** SUBJECT HERE ***")) {
		$0 = substr($0, 1, i - 1) ENVIRON["S"] substr($0, i + 20)
	}
	/^\*\*\* BLURB HERE \*\*\*$/ { print ENVIRON["B"]; next }
	{ print }' "$cover" > "$cover.new"
mv "$cover.new" "$cover"
# The cover letter takes the author and date of the last patch, so that
# regenerating the series changes nothing that the patches did not.
last=$dir/$(echo "$patches" | tail -n 1)
F=$(grep -m 1 '^From: ' "$last") D=$(grep -m 1 '^Date: ' "$last") awk '
	/^From: / && !f { print ENVIRON["F"]; f = 1; skip = 1; next }
	skip && /^ / { next }
	{ skip = 0 }
	/^Date: / && !d { print ENVIRON["D"]; d = 1; next }
	{ print }' "$cover" > "$cover.new"
mv "$cover.new" "$cover"
all=$(for p in $patches; do echo "$dir/$p"; done)
# shellcheck disable=SC2086
add_headers "$cover" "$(gm --m --nor --nol $all)" "$(gm --nom --r --l $all)"
