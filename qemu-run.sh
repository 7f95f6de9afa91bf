#!/bin/bash
# Boot the project's kernel and initramfs in QEMU.
#
#   ./qemu-run.sh [options] --script FILE   run a host-side shell script in the guest
#   ./qemu-run.sh [options] -- CMD...       run one command in the guest
#   ./qemu-run.sh [options] --shell         interactive shell on the console
#
# Options: --smp N (2), --mem SIZE (1024M), --timeout SECONDS (300),
#          --log FILE (build/qemu.log), --kernel FILE, --initrd FILE,
#          --append "ARGS" (extra kernel command line),
#          --icount (TCG with -icount shift=0,sleep=off and 1 vCPU: guest
#          time counts executed instructions, so the host's load does not
#          enter it).
# The guest's exit status becomes this script's.  A guest that has not
# finished by the timeout is killed, with status 124.  TCG is used unless
# a quick probe shows that KVM really boots a guest (QEMU_ACCEL=tcg|kvm
# forces one).  Nothing here touches the host's own kernel.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
smp=2 mem=1024M timeout=300 log=$top/build/qemu.log
kernel=${QEMU_KERNEL:-$top/build/obj/arch/x86/boot/bzImage}
initrd=${QEMU_INITRD:-$top/build/initramfs.cpio.gz}
script= shell= append= cmd=() icount=

usage() { sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
while [ $# -gt 0 ]; do
	case "$1" in
	--smp) smp=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--icount) icount=1; shift ;;
	--script) script=$2; shift 2 ;;
	--shell) shell=1; shift ;;
	--) shift; cmd=("$@"); break ;;
	-h|--help) usage 0 ;;
	*) echo "qemu-run: unknown option '$1'" >&2; usage ;;
	esac
done
case "$smp$timeout" in *[!0-9]*) echo "qemu-run: --smp and --timeout take numbers" >&2; exit 2 ;; esac
modes=0
[ ${#cmd[@]} -eq 0 ] || modes=$((modes + 1))
[ -z "$script" ] || modes=$((modes + 1))
[ -z "$shell" ] || modes=$((modes + 1))
if [ "$modes" -ne 1 ]; then
	echo "qemu-run: give exactly one of --script FILE, --shell, -- CMD" >&2
	exit 2
fi
for f in "$kernel" "$initrd" ${script:+"$script"}; do
	[ -r "$f" ] || { echo "qemu-run: cannot read $f (run 'make kernel initramfs')" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/extra" "$(dirname "$log")"
if [ -n "$shell" ]; then
	touch "$tmp/extra/shell"
elif [ -n "$script" ]; then
	cp "$script" "$tmp/extra/run-me.sh"
else
	printf '%q ' "${cmd[@]}" > "$tmp/extra/run-me.sh"
	echo >> "$tmp/extra/run-me.sh"
fi
# A second cpio archive appended to the initramfs adds the files to it.
(cd "$tmp/extra" && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 > "$tmp/extra.cpio.gz"
cat "$initrd" "$tmp/extra.cpio.gz" > "$tmp/initrd"

qemu_args() { # initrd accel-args...: sets qemu[]
	local rd=$1
	shift
	qemu=(qemu-system-x86_64 "$@" -m "$mem" -smp "$smp" -kernel "$kernel"
		-initrd "$rd" -display none -monitor none -no-reboot
		-append "console=ttyS0 panic=-1 $append")
}

# KVM only when it boots a guest to the end here; the answer is cached.
accel=${QEMU_ACCEL:-}
if [ -z "$accel" ]; then
	probe=$top/build/.accel-probe
	if [ -s "$probe" ]; then
		accel=$(cat "$probe")
	elif [ -w /dev/kvm ]; then
		accel=tcg
		# The bare initramfs has nothing to run and exits with status 1.
		qemu_args "$initrd" -enable-kvm -cpu host
		if timeout -k 2 20 "${qemu[@]}" -serial file:"$tmp/probe.log" \
			</dev/null >/dev/null 2>&1 && grep -q '### guest exit status: 1' "$tmp/probe.log"; then
			accel=kvm
		fi
		echo "$accel" > "$probe"
	else
		accel=tcg
	fi
fi
# QEMU 7.2 with icount hangs bringing up a second vCPU: icount is TCG
# with one vCPU.
if [ -n "$icount" ]; then
	accel=tcg smp=1
fi
case "$accel" in
kvm) accel_args=(-enable-kvm -cpu host) ;;
tcg) accel_args=(-accel tcg -cpu max) ;;
*) echo "qemu-run: QEMU_ACCEL must be kvm or tcg" >&2; exit 2 ;;
esac

[ -z "$icount" ] || accel_args+=(-icount shift=0,sleep=off)
echo "qemu-run: $accel${icount:+ icount}, $smp CPUs, $mem, timeout ${timeout}s, log $log" >&2
rc=0
qemu_args "$tmp/initrd" "${accel_args[@]}"
# 10 s before the limit, where each vCPU is (scripts/qmp-dump.py), so
# that a hung guest says whether it idles or spins, and where.
dumper=
if [ "$timeout" -gt 60 ]; then
	sysmap=$(dirname "$kernel")/../../../System.map
	(sleep $((timeout - 10)) && python3 "$top/scripts/qmp-dump.py" "$tmp/qmp.sock" "$sysmap" \
		> "$tmp/qmp-dump.txt" 2>&1) 2>/dev/null &
	dumper=$!
fi
timeout -k 5 "$timeout" "${qemu[@]}" -qmp unix:"$tmp/qmp.sock",server=on,wait=off \
	-chardev stdio,id=con,logfile="$log",signal=off -serial chardev:con || rc=$?
if [ -n "$dumper" ]; then
	pkill -P "$dumper" sleep 2>/dev/null || true
	wait "$dumper" 2>/dev/null || true
fi
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "qemu-run: guest did not finish within ${timeout}s; killed it" >&2
	if [ -s "$tmp/qmp-dump.txt" ]; then
		tee -a "$log" < "$tmp/qmp-dump.txt" >&2
	fi
	exit 124
fi
status=$(tr -d '\r' < "$log" | sed -n 's/^### guest exit status: \([0-9]*\)$/\1/p' | tail -n 1)
if [ -z "$status" ]; then
	echo "qemu-run: the guest ended without an exit status (qemu status $rc); see $log" >&2
	exit 125
fi
exit "$status"
