#!/bin/bash
# "make bench", host side: boots the pristine and the patched benchmark
# kernels (make bench-kernels) with the same guest settings, alternating,
# runs scripts/guest/bench.sh, and writes build/bench/results.{md,csv}
# and build/bench/cost.png. QUICK=1: one repetition of small workloads.
# Only ratios mean anything: the guest runs under TCG.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=$top/build/bench
mkdir -p "$B"
if [ "${QUICK:-0}" = 1 ]; then
	sizes="BENCH_REPS=1 BENCH_PINGPONG=200 BENCH_HACKBENCH=10 BENCH_BURST=2000 BENCH_CYCLES=3"
	reps=1
else
	reps=${BENCH_REPS:-5}
	sizes="BENCH_REPS=$reps BENCH_PINGPONG=${BENCH_PINGPONG:-2000} BENCH_HACKBENCH=${BENCH_HACKBENCH:-50} BENCH_BURST=${BENCH_BURST:-20000} BENCH_CYCLES=${BENCH_CYCLES:-20}"
fi
raw=$B/raw.txt
: > "$raw"

boot() { # kernel part
	local script
	script=$(mktemp)
	{ echo "export $sizes BENCH_PART=$2"; cat "$top/scripts/guest/bench.sh"; } > "$script"
	"$top/qemu-run.sh" --timeout 1800 --log "$B/console-$1-$2.log" \
		--kernel "$B/obj-$1/arch/x86/boot/bzImage" \
		--initrd "$B/initramfs-$1.cpio.gz" --script "$script" > /dev/null
	rm -f "$script"
	tr -d '\r' < "$B/console-$1-$2.log" | sed -n "s/^RESULT /$1 /p" >> "$raw"
}

echo "bench: $reps alternating boots of each kernel with every tracer off" >&2
for r in $(seq "$reps"); do
	boot pristine off
	boot patched off
done
echo "bench: the tracers on, in one boot of the patched kernel" >&2
boot patched on

python3 - "$raw" "$B" "$top" <<'PY'
import collections, csv, re, statistics, subprocess, sys

raw, B, top = sys.argv[1:]
vals = collections.defaultdict(list)
for line in open(raw):
    kernel, key, *v = line.split()
    if v and re.fullmatch(r"-?\d+", v[0]):
        vals[(kernel, key)].append(int(v[0]))

def med(xs):
    return statistics.median(xs) if xs else float("nan")

rows = []      # (section, item, value, spread, note)
csvrows = []

# 1. Off: patched / pristine, per alternating pair.
for w in ("hackbench", "pingpong"):
    p, x = vals[("pristine", "off." + w)], vals[("patched", "off." + w)]
    ratios = [b / a for a, b in zip(p, x) if a]
    rows.append(("off", w, "%.3f" % med(ratios) if ratios else "n/a",
                 "%.3f-%.3f" % (min(ratios), max(ratios)) if ratios else "",
                 "pristine %d ns, patched %d ns per unit (medians)" % (med(p), med(x))))
    csvrows.append(("off", w, "ratio", med(ratios) if ratios else ""))

# 2. On: ns per event over nop; ratios to the events and the ring buffer.
rb = med(vals[("patched", "ringbuffer.ns")])
csvrows.append(("ringbuffer", "write", "ns_per_entry", rb))
plot = []
for t in ("sched_switch", "irq", "hugetlb", "module"):
    nop = vals[("patched", "on.%s.nop.ns" % t)]
    units = (vals[("patched", "on.%s.units" % t)] or [1])[0]
    cost = {}
    for mode in (t, "events"):
        # ns per unit of work over nop, times units, over entries written
        ns = vals[("patched", "on.%s.%s.ns" % (t, mode))]
        wr = vals[("patched", "on.%s.%s.written" % (t, mode))]
        per = [(m - n) * units / w for m, n, w in zip(ns, nop, wr) if w]
        cost[mode] = (med(per), min(per) if per else 0, max(per) if per else 0,
                      med(wr) / units)
    c_t, c_e = cost[t][0], cost["events"][0]
    ratio_e = c_t / c_e if c_e > 0 else float("nan")
    # the same work, traced both ways: time over nop, tracer / events
    over = lambda mode: med([m - n for m, n in zip(
        vals[("patched", "on.%s.%s.ns" % (t, mode))], nop)])
    ratio_unit = over(t) / over("events") if over("events") > 0 else float("nan")
    ratio_rb = c_t / rb if rb and rb > 0 else float("nan")
    rows.append(("on", t, "%.0f ns/event" % c_t, "%.0f-%.0f" % cost[t][1:3],
                 "%.1f entries per unit; events: %.0f ns/event (%.0f-%.0f), %.1f per unit; "
                 "ratio to events %.2f per event, %.2f per unit of work; to ring buffer write %.2f"
                 % (cost[t][3], c_e, cost["events"][1], cost["events"][2],
                    cost["events"][3], ratio_e, ratio_unit, ratio_rb)))
    csvrows += [("on", t, "tracer_ns_per_event", c_t),
                ("on", t, "events_ns_per_event", c_e),
                ("on", t, "ratio_to_events", ratio_e),
                ("on", t, "ratio_to_events_per_unit", ratio_unit),
                ("on", t, "ratio_to_ringbuffer", ratio_rb)]
    # Plot only costs above the noise: every repetition over nop.
    if cost[t][1] > 0 and cost["events"][1] > 0:
        plot.append((t, c_t, c_e))

# 3. Lost events under trace-cmd record, default buffer size.
for t in ("sched_switch", "irq", "hugetlb", "module"):
    rec = vals[("patched", "lost.%s.recorded" % t)]
    lost = vals[("patched", "lost.%s.overrun" % t)]
    rows.append(("lost", t, "%s lost" % (lost[0] if lost else "n/a"), "",
                 "%s recorded by trace-cmd record" % (rec[0] if rec else "n/a")))
    csvrows += [("lost", t, "recorded", rec[0] if rec else ""),
                ("lost", t, "overrun", lost[0] if lost else "")]

# 4. Size.
def text(path):
    out = subprocess.run(["size", path], capture_output=True, text=True).stdout
    return int(out.splitlines()[1].split()[0])

def code(path):
    # vmlinux's .text is padded to 2 MB: add up the sizes of its functions
    out = subprocess.run(["nm", "-S", path], capture_output=True, text=True).stdout
    return sum(int(f[1], 16) for f in map(str.split, out.splitlines())
               if len(f) == 4 and f[2] in "tT")

vp, vx = code(B + "/obj-pristine/vmlinux"), code(B + "/obj-patched/vmlinux")
hp, hx = text(B + "/obj-pristine/mm/hugetlb.o"), text(B + "/obj-patched/mm/hugetlb.o")
sites = len(re.findall(r"\btrace_hugetlb_\w+\(", open(top + "/build/linux/mm/hugetlb.c").read()))
rows.append(("size", "vmlinux functions", "+%d bytes" % (vx - vp), "",
             "%d -> %d (sizes of all text symbols)" % (vp, vx)))
rows.append(("size", "mm/hugetlb.o text", "+%d bytes" % (hx - hp), "",
             "%d -> %d; %d tracepoint sites, %.0f bytes per site (the events' out-of-line code included)"
             % (hp, hx, sites, (hx - hp) / sites)))
csvrows += [("size", "vmlinux", "text_added", vx - vp),
            ("size", "hugetlb.o", "text_added", hx - hp),
            ("size", "hugetlb.o", "bytes_per_site", (hx - hp) / sites)]

with open(B + "/results.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(("section", "item", "metric", "value"))
    w.writerows(csvrows)
md = ["| part | item | value | min-max | notes |", "|---|---|---|---|---|"]
md += ["| %s | %s | %s | %s | %s |" % r for r in rows]
open(B + "/results.md", "w").write("\n".join(md) + "\n")
print("\n".join(md))

with open(B + "/cost.dat", "w") as f:
    for t, a, b in plot:
        f.write("%s %.1f %.1f %.1f\n" % (t, *(v if v == v else 0 for v in (a, b, rb))))
PY

if [ ! -s "$B/cost.dat" ]; then
	echo "bench: every per-event cost is within the noise; no plot" >&2
	rm -f "$B/cost.png"
	exit 0
fi
gnuplot <<GP
set terminal png size 800,480 noenhanced
set output "$B/cost.png"
set title "Cost per event over nop, patched kernel under TCG (ns); tracers within noise left out"
set yrange [0:*]
set style data histograms
set style fill solid border -1
set ylabel "ns per event"
set key top right
plot "$B/cost.dat" using 2:xtic(1) title "plugin tracer", '' using 3 title "mainline events", '' using 4 title "ring buffer write"
GP
echo "bench: build/bench/results.md, results.csv, cost.png" >&2
