#!/bin/bash
# Build the guest initramfs: busybox, trace-cmd and rt-tests with the
# shared libraries they need, static test helpers, and debugfs-tests/.
# Usage: mkinitramfs.sh OUTPUT.cpio.gz
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
stage=${out%.cpio.gz}.d
rm -rf "$stage"
mkdir -p "$stage"/{bin,sbin,etc,proc,sys,dev,tmp,root,lib,lib64,usr/bin,usr/lib}

cp /bin/busybox "$stage/bin/busybox"

# Copy a dynamically linked program and every library ldd lists.
copy_prog() {
	local prog=$1 lib
	cp "$prog" "$stage/usr/bin/"
	for lib in $(ldd "$prog" | awk '/=>/ { print $3 } /^\t\// { print $1 }'); do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}
copy_prog /usr/bin/trace-cmd
copy_prog /usr/bin/hackbench
copy_prog /usr/bin/cyclictest
copy_prog /usr/bin/chrt
# libtraceevent plugins decode the kernel's own event formats.
for d in /usr/lib/x86_64-linux-gnu/traceevent /usr/lib/x86_64-linux-gnu/trace-cmd; do
	if [ -d "$d" ]; then
		mkdir -p "$stage$d"
		cp -rL "$d/." "$stage$d/"
		for so in $(find "$d" -name '*.so'); do
			for lib in $(ldd "$so" | awk '/=>/ { print $3 }'); do
				mkdir -p "$stage$(dirname "$lib")"
				cp -L "$lib" "$stage$lib"
			done
		done
	fi
done

# Ours (make tep-plugin): the libtraceevent plugin, in the PLUGIN_DIR
# compiled into Debian's libtraceevent1 1.7.1, which the guest's trace-cmd
# and libkshark read; and kshark-dump, which loads a trace.dat through
# libkshark as KernelShark does.
plugin=${TEP_PLUGIN:-$top/build/tracecmd-plugin/plugin_trace_plugins.so}
kshark_dump=${KSHARK_DUMP:-$top/build/tracecmd-plugin/kshark-dump}
for f in "$plugin" "$kshark_dump"; do
	[ -e "$f" ] || { echo "mkinitramfs.sh: no $f (make tep-plugin)" >&2; exit 1; }
done
mkdir -p "$stage/usr/lib/x86_64-linux-gnu/traceevent/plugins"
cp "$plugin" "$stage/usr/lib/x86_64-linux-gnu/traceevent/plugins/"
copy_prog "$kshark_dump"

# Static test helpers.
mkdir -p "$stage/tests/bin"
for src in "$top"/debugfs-tests/helpers/*.c; do
	[ -e "$src" ] || continue
	gcc -static -O2 -Wall -Werror -o "$stage/tests/bin/$(basename "${src%.c}")" "$src"
done

# Test modules (make modules).
mkdir -p "$stage/tests/modules"
cp "${MODDIR:-$top/build/modules}"/*.ko "$stage/tests/modules/" 2>/dev/null || true
# Broken copies for the module tests: another vermagic (same length, so
# the ELF stays valid), and a truncated ELF.
if [ -e "$stage/tests/modules/tracepoint-sample.ko" ]; then
	perl -0777 -pe 's/vermagic=(\d+)\.(\d+)\.(\d+)/"vermagic=" . ("9" x length($1)) . "." . ("9" x length($2)) . "." . ("9" x length($3))/e' \
		"$stage/tests/modules/tracepoint-sample.ko" > "$stage/tests/modules/bad-vermagic.ko"
	head -c 2000 "$stage/tests/modules/tracepoint-sample.ko" > "$stage/tests/modules/corrupt.ko"
fi

# The tests and their runner.
cp -r "$top/debugfs-tests/." "$stage/tests/"
rm -rf "$stage/tests/helpers"
cp "$top"/scripts/guest/* "$stage/tests/"
install -m 755 "$top/scripts/guest/init" "$stage/init"

(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0) | gzip -1 > "$out"
echo "initramfs: $out ($(du -h "$out" | cut -f1))"
