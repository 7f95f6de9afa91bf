#!/bin/bash
# "make bench", host side. Boots the benchmark kernels (make bench-kernels)
# with the same guest settings, runs scripts/guest/bench.sh in them, and
# writes build/bench/results.{md,csv} and build/bench/cost.png
# (BENCH_DIR: build/bench-6.12 for KVER=6.12, build/bench-kasan for
# QUICK=1 SANITIZE=kasan, which boots the KASAN kernel).
#
# Kernels: pristine (Debian's source), patched (the series, its tracers
# configured), and, unless QUICK=1, noseries (the series' source with its
# own configs off and the mainline tracers on).
#
# Guests: every timed figure comes from an icount guest (qemu-run.sh
# --icount: TCG, -icount shift=0,sleep=off, 1 vCPU), where guest time
# counts executed instructions and the host's load does not enter it.
# The "off" boots alternate between the kernels, BENCH_REPS times (5);
# each figure is the median of a boot's BENCH_INNER runs (3), and each
# ratio is taken within an alternating pair of boots, then reported as
# the median with its min-max. One 2-vCPU TCG boot (not timed) counts
# entries per unit of work and the events lost under trace-cmd record.
#
# QUICK=1 (CI): the test kernel (BENCH_TEST_KERNEL, the Makefile's) in
# the patched kernel's place, one boot of each part, small workloads: it
# checks that the benchmark runs and reports, and its figures are marked
# as not resolved. It builds no kernel of its own (a cold bench kernel
# costs CI about 9 min on 2 cores), and the test kernel's debug options
# (lockdep above all) inflate every per-entry figure, so it has no off
# ratios and its costs are not the series'.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=${BENCH_DIR:-$top/build/bench}
mkdir -p "$B"
if [ "${QUICK:-0}" = 1 ]; then
	reps=1
	kernels="patched"
	sizes="BENCH_INNER=1 BENCH_REPS=1 BENCH_PINGPONG=200 BENCH_HACKBENCH=4 BENCH_BURST=2000 BENCH_CYCLES=3 BENCH_PRINTK=200"
else
	reps=${BENCH_REPS:-5}
	kernels="pristine patched noseries"
	sizes="BENCH_INNER=${BENCH_INNER:-3} BENCH_REPS=$reps BENCH_PINGPONG=${BENCH_PINGPONG:-2000}"
	sizes="$sizes BENCH_HACKBENCH=${BENCH_HACKBENCH:-20} BENCH_BURST=${BENCH_BURST:-20000} BENCH_CYCLES=${BENCH_CYCLES:-20} BENCH_PRINTK=${BENCH_PRINTK:-2000}"
fi
raw=$B/raw.txt
: > "$raw"

boot() { # kernel part repetition [qemu-run options]
	local k=$1 part=$2 rep=$3 script
	local kernel=$B/obj-$k/arch/x86/boot/bzImage initrd=$B/initramfs-$k.cpio.gz
	shift 3
	if [ -n "${BENCH_TEST_KERNEL:-}" ]; then
		kernel=$BENCH_TEST_KERNEL
		initrd=$B/initramfs-test.cpio.gz
	fi
	script=$(mktemp)
	{ echo "export $sizes BENCH_PART=$part"; cat "$top/scripts/guest/bench.sh"; } > "$script"
	if ! "$top/qemu-run.sh" --timeout 3600 --log "$B/console-$k-$part.log" --append nokaslr "$@" \
		--kernel "$kernel" --initrd "$initrd" --script "$script" > /dev/null; then
		echo "bench: the $part guest of $k failed; see $B/console-$k-$part.log" >&2
		rm -f "$script"
		return 1
	fi
	rm -f "$script"
	tr -d '\r' < "$B/console-$k-$part.log" | sed -n "s/^RESULT /$k $rep /p" >> "$raw"
}

t0=$(date +%s)
echo "bench: $reps alternating icount boots of $kernels with every tracer off" >&2
for r in $(seq "$reps"); do
	for k in $kernels; do
		boot "$k" off "$r" --icount
	done
done
echo "bench: the tracers on, in an icount boot of the patched kernel" >&2
boot patched on 1 --icount
echo "bench: entries per unit and lost events, in a 2-vCPU TCG boot of the patched kernel" >&2
boot patched smp 1 --smp 2
echo "bench: guests done in $(( $(date +%s) - t0 )) s" >&2

python3 "$top/scripts/bench-report.py" "$raw" "$B" "$top" "$reps"

if [ ! -s "$B/cost.dat" ]; then
	echo "bench: no per-entry cost above the noise; no plot" >&2
	rm -f "$B/cost.png"
	exit 0
fi
gnuplot <<GP
set terminal png size 900,500 noenhanced
set output "$B/cost.png"
set title "Instructions per entry over nop, patched kernel, icount guest (median, min-max)"
set yrange [0:*]
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid border -1
set ylabel "instructions (icount ns) per entry"
set key top left
plot "$B/cost.dat" using 2:3:4:xtic(1) title "plugin tracer", \
     '' using 5:6:7 title "mainline events", \
     '' using 8:8:8 title "ring_buffer_benchmark write"
GP
echo "bench: $B/results.md, results.csv, cost.png" >&2
