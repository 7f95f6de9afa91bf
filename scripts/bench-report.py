#!/usr/bin/env python3
"""make bench: turn the guests' RESULT lines into results.md and results.csv.

Usage: bench-report.py RAW BENCHDIR TOP REPS

RAW has lines "KERNEL REP KEY VALUE". A ratio is taken within one
repetition (an alternating pair of boots, or one pass of nop, tracer and
events inside a boot), and reported as the median with its min-max. A
ratio whose values stray more than 1 % from their median is "not
resolved": the run cannot tell it from its goal either way.
"""
import collections
import csv
import os
import re
import statistics
import subprocess
import sys

raw, B, top, REPS = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
RESOLUTION = 0.01

# vals[kernel][key][rep] = [values]
vals = collections.defaultdict(lambda: collections.defaultdict(
    lambda: collections.defaultdict(list)))
for line in open(raw):
    f = line.split()
    if len(f) == 4 and re.fullmatch(r"-?\d+", f[3]):
        vals[f[0]][f[2]][int(f[1])].append(int(f[3]))

# QUICK=1 builds no pristine kernel: no off ratios and no sizes.
have_pristine = "pristine" in vals


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def per_rep(kernel, key):
    """Median of each repetition's runs, by repetition."""
    return {r: med(v) for r, v in vals[kernel][key].items() if v}


def spread(xs):
    """The largest distance of a value from the median, relative to it."""
    m = med(xs)
    return max(abs(x - m) for x in xs) / abs(m) if xs and m else float("nan")


def status(xs, goal_lo, goal_hi):
    """pass / FAIL / not resolved, for ratios xs against [goal_lo, goal_hi]."""
    if len(xs) < 2:
        return "not resolved (%d repetition)" % len(xs)
    m, s = med(xs), spread(xs)
    if s > RESOLUTION:
        return "not resolved (spread ±%.1f %%)" % (100 * s)
    if goal_lo <= m <= goal_hi:
        return "pass"
    return "FAIL"


def resolved(xs):
    """A figure with no goal: say only when it is not resolved."""
    if len(xs) < 2:
        return "not resolved (%d repetition)" % len(xs)
    s = spread(xs)
    return "" if s <= RESOLUTION else "not resolved (spread ±%.0f %%)" % (100 * s)


rows = []     # part, item, median, min-max, goal, status, notes
csvrows = []  # part, item, metric, median, min, max, n


def ratio_row(part, item, xs, goal, lo, hi, notes):
    """goal None: a figure with no goal, marked only when not resolved."""
    if xs:
        rows.append((part, item, "%.4f" % med(xs), "%.4f-%.4f" % (min(xs), max(xs)),
                     goal or "(none)", status(xs, lo, hi) if goal else resolved(xs), notes))
        csvrows.append((part, item, "ratio", med(xs), min(xs), max(xs), len(xs)))
    else:
        rows.append((part, item, "n/a", "", goal, "not measured", notes))


# 1. Off: each kernel against pristine, per alternating pair of boots.
# Under QUICK=1 there is no pristine kernel, and these rows say so.
kernels = [k for k in ("patched", "noseries") if k in vals]
for w, unit in (("hackbench", "loop of hackbench -p -g 4"),
                ("hackbench_switch", "context switch under hackbench -p -g 4 (/proc/stat ctxt)"),
                ("pingpong", "round"),
                ("hugetlb", "pool cycle (grow 8, fault 4, shrink)"),
                ("module", "insmod and rmmod"),
                ("printk", "printk() call, console off (printk_caller off)")):
    base = per_rep("pristine", "off." + w)
    for k in kernels:
        x = per_rep(k, "off." + w)
        xs = [x[r] / base[r] for r in sorted(base) if r in x and base[r]]
        ratio_row("off", "%s: %s / pristine" % (w, k), xs, "1.00 ± 0.01", 0.99, 1.01,
                  "per %s: pristine %.0f, %s %.0f icount ns (medians)"
                  % (unit, med(list(base.values())), k, med(list(x.values()))))

# wakeup_rt on (mainline tracer), RT ping-pong: each kernel against pristine.
base = per_rep("pristine", "rt.wakeup_rt")
for k in kernels:
    x = per_rep(k, "rt.wakeup_rt")
    xs = [x[r] / base[r] for r in sorted(base) if r in x and base[r]]
    over = [(x[r] - n) / (base[r] - b) for r, n, b in
            ((r, med(vals[k]["rt.nop"][r]), med(vals["pristine"]["rt.nop"][r]))
             for r in sorted(base) if r in x) if base[r] - b > 0]
    ratio_row("wakeup_rt on", "RT ping-pong: %s / pristine" % k, xs, "<= 1.01", 0, 1.01,
              "per round: pristine %.0f, %s %.0f icount ns; the tracer's own cost"
              " (over nop) %s / pristine: %.2f"
              % (med(list(base.values())), k, med(list(x.values())), k, med(over)))

# wakeup_rt with options/wakeup-latency (patched only): no goal, the
# price of the histograms under a wakeup tracer.
x = per_rep("patched", "rt.wakeup_rt_lat")
xs = [x[r] / base[r] for r in sorted(base) if r in x and base[r]]
if xs:
    ratio_row("wakeup_rt on", "RT ping-pong, options/wakeup-latency: patched / pristine", xs,
              None, 0, 0, "per round: patched %.0f icount ns; every task's wakeup latency"
              " measured" % med(list(x.values())))

# 2. On (patched, one icount boot): instructions per entry over nop.
P = vals["patched"]


def series(key):
    return [v for r in sorted(P[key]) for v in P[key][r]]


rb = med(series("ringbuffer.ns"))
tp = med(series("tpbench.ns"))
plot = []
for t, goal_e in (("sched_switch", "<= 1.0 x events"), ("irq", "<= 1.0 x events"),
                  ("hugetlb", ""), ("module", "")):
    units = med(series("on.%s.units" % t))
    nop = series("on.%s.nop.ns" % t)
    if not nop:
        continue
    cost = {}
    # sched_switch1: sched_switch with switch-one-entry set
    # sched_switchcg: sched_switch with a cgroup listed, the ping-pong in it
    extra = tuple(x for x in ("sched_switch1", "sched_switchcg")
                  if t == "sched_switch" and series("on.%s.%s.ns" % (t, x)))
    for mode in (t, "events") + extra:
        ns, wr = series("on.%s.%s.ns" % (t, mode)), series("on.%s.%s.written" % (t, mode))
        cost[mode] = [(m - n) * units / w for m, n, w in zip(ns, nop, wr) if w]
        cost[mode + ".per"] = med(wr) / units if wr else float("nan")
    ct, ce = cost[t], cost["events"]
    if not ct or not ce:
        continue
    rows.append(("on", "%s: per entry" % t, "%.0f" % med(ct), "%.0f-%.0f" % (min(ct), max(ct)),
                 "", resolved(ct), "icount ns (instructions) per entry over nop; %.2f entries per unit"
                 % cost[t + ".per"]))
    rows.append(("on", "%s events: per entry" % t, "%.0f" % med(ce), "%.0f-%.0f" % (min(ce), max(ce)),
                 "", resolved(ce), "%.2f entries per unit" % cost["events.per"]))
    csvrows.append(("on", t, "ns_per_entry", med(ct), min(ct), max(ct), len(ct)))
    csvrows.append(("on", t + " events", "ns_per_entry", med(ce), min(ce), max(ce), len(ce)))
    # the same work, traced both ways: time over nop, tracer / events
    over = [(a - n) / (b - n) for a, b, n in zip(series("on.%s.%s.ns" % (t, t)),
                                                 series("on.%s.events.ns" % t), nop) if b > n]
    if goal_e:
        ratio_row("on", "%s / events, per unit of work" % t, over, goal_e, 0, 1.0,
                  "a unit's cost over nop: %s against the mainline events" % t)
    label = {"sched_switch1": ("switch-one-entry", "one-entry",
                               "one entry per switch-in against the mainline events"),
             "sched_switchcg": ("with a cgroup listed", "cgroup",
                                "each switch-in matched against wakeup_latency_cgroups,"
                                " against the mainline events")}
    for x in extra:
        cx = cost[x]
        if not cx:
            continue
        name, short, what = label[x]
        rows.append(("on", "%s %s: per entry" % (t, name), "%.0f" % med(cx),
                     "%.0f-%.0f" % (min(cx), max(cx)), "", resolved(cx),
                     "%.2f entries per unit" % cost[x + ".per"]))
        csvrows.append(("on", "%s %s" % (t, short), "ns_per_entry", med(cx), min(cx), max(cx), len(cx)))
        over = [(a - n) / (b - n) for a, b, n in zip(series("on.%s.%s.ns" % (t, x)),
                                                     series("on.%s.events.ns" % t), nop) if b > n]
        ratio_row("on", "%s %s / events, per unit of work" % (t, name), over, goal_e, 0, 1.0,
                  "a unit's cost over nop: " + what)
    if "sched_switchcg" in extra:
        d = [(a - b) for a, b in zip(series("on.%s.sched_switchcg.ns" % t),
                                      series("on.%s.%s.ns" % (t, t)))]
        if d:
            rows.append(("on", "%s: a cgroup listed, over none" % t, "%.0f" % med(d),
                         "%.0f-%.0f" % (min(d), max(d)), "", "",
                         "icount ns per round: the cgroup match and its histogram"))
            csvrows.append(("on", t + " cgroup over none", "ns_per_unit", med(d), min(d), max(d), len(d)))
    if rb == rb and rb > 0:
        ratio_row("on", "%s / ring buffer write, per entry" % t, [c / rb for c in ct],
                  "<= 2.0", 0, 2.0, "ring_buffer_benchmark: %.0f per entry" % rb)
    if not resolved(ct) and not resolved(ce):
        plot.append((t, med(ct), min(ct), max(ct), med(ce), min(ce), max(ce)))
# Where an event's cost goes (the tasklet burst, irq:* events): each
# mode's cost over nop in its repetition, per tracepoint hit (the hits
# are the entries that "events" wrote, the same in every mode).
bnop = series("brk.nop.ns")
bhits = series("brk.events.written")
burst = med(series("on.irq.units"))


def brk(mode):
    return [(m - n) * burst / h for m, n, h in zip(series("brk.%s.ns" % mode), bnop, bhits) if h]


def brk_row(item, xs, notes, metric="ns_per_hit"):
    if xs:
        rows.append(("breakdown", item, "%.0f" % med(xs), "%.0f-%.0f" % (min(xs), max(xs)),
                     "", resolved(xs), notes))
        csvrows.append(("breakdown", item, metric, med(xs), min(xs), max(xs), len(xs)))


if bnop and bhits:
    b = {m: brk(m) for m in ("evoff", "evfalse", "events", "evtrue", "ev2", "irqoff", "irq")}

    def diff(a, c):
        return [x - y for x, y in zip(b[a], b[c])]

    hits = "%.2f hits per tasklet" % (med(bhits) / burst)
    brk_row("events, tracing_on 0", b["evoff"],
            "the tracepoint's call and probe-list walk, the event's probe, tracing_gen_ctx(),"
            " a reserve the disabled buffer refuses; " + hits)
    brk_row("events written", b["events"], "the above, and reserve, fill, commit")
    brk_row("events written, over tracing_on 0", diff("events", "evoff"),
            "reserve, fill and commit: %.2f of the raw ring buffer write (%.0f)"
            % (med(diff("events", "evoff")) / rb if rb == rb and rb else float("nan"), rb))
    brk_row("filter that drops every entry", b["evfalse"],
            "filled in the per-CPU buffered-event page, checked, dropped")
    brk_row("filter that passes every entry, over no filter", diff("evtrue", "events"),
            "the buffered-event page, the check, and the copy into the ring buffer")
    brk_row("a second probe (an instance, tracing_on 0)", diff("ev2", "events"),
            "the same events on in an instance whose buffer refuses: one more probe per hit")
    brk_row("irq tracer, tracing_on 0: per tasklet",
            [m - n for m, n in zip(series("brk.irqoff.ns"), bnop)],
            "its probes' early exit, over nop, per tasklet", "ns_per_tasklet")
    brk_row("irq tracer: per tasklet", [m - n for m, n in zip(series("brk.irq.ns"), bnop)],
            "clock reads, table, histograms and %.2f entries per tasklet"
            % (med(series("brk.irq.written")) / burst), "ns_per_tasklet")
# Table read time against its size (lines): the first and last steps,
# and the time per line added, over the first and the second half of
# the steps (flat if a read costs the same per line at any size).
for f in ("irq", "irq_hist"):
    steps = sorted({int(k.split(".")[2]) for k in P if k.startswith("tblread.%s." % f)})
    pts = [(med(series("tblread.%s.%d.lines" % (f, k))), med(series("tblread.%s.%d.ns" % (f, k))))
           for k in steps]
    pts = [(l, t) for l, t in pts if l == l and t == t]
    if len(pts) < 3:
        continue
    (l0, t0), (lm, tm), (l1, t1) = pts[0], pts[len(pts) // 2], pts[-1]
    rows.append(("table read", "trace_stat/%s: %d to %d lines" % (f, l0, l1), "%.0f -> %.0f" % (t0, t1),
                 "", "", "", "icount ns per read (20 reads by one cat, less a cat of 20 /dev/null), %d steps"
                 % len(pts)))
    csvrows += [("table read", f, "ns_per_read_first", t0, "", "", l0),
                ("table read", f, "ns_per_read_last", t1, "", "", l1)]
    if l1 > lm > l0:
        a, b = (tm - t0) / (lm - l0), (t1 - tm) / (l1 - lm)
        rows.append(("table read", "trace_stat/%s: per line added" % f, "%.0f / %.0f" % (a, b),
                     "", "flat", "", "icount ns per line: lines %d-%d / lines %d-%d" % (l0, lm, lm, l1)))
        csvrows.append(("table read", f, "ns_per_line_added", a, b, "", ""))

rows.append(("reference", "ring_buffer_benchmark write", "%.0f" % rb, "", "", "",
             "icount ns per entry, writer only"))
rows.append(("reference", "tracepoint benchmark event", "%.0f" % tp if tp == tp else "n/a", "", "", "",
             "CONFIG_TRACEPOINT_BENCHMARK's own average (icount ns per event)"))
csvrows += [("reference", "ring_buffer_benchmark", "ns_per_entry", rb, "", "", ""),
            ("reference", "tracepoint_benchmark", "ns_per_event", tp, "", "", "")]

# 3. Growth: sched_switch in 1, 2 and 4 buffers; per entry over nop.
for n in (1, 2, 4):
    on, nop, wr = (series("inst.%d.%s" % (n, k)) for k in ("on.ns", "nop.ns", "on.written"))
    rounds = med(series("on.sched_switch.units"))
    xs = [(a - b) * rounds / w for a, b, w in zip(on, nop, wr) if w]
    if xs:
        rows.append(("growth", "sched_switch in %d buffer(s): per entry" % n, "%.0f" % med(xs),
                     "%.0f-%.0f" % (min(xs), max(xs)), "flat", "",
                     "%.0f entries per 1000 rounds over all buffers" % (med(wr) * 1000 / rounds)))
        csvrows.append(("growth", "instances_%d" % n, "ns_per_entry", med(xs), min(xs), max(xs), len(xs)))
# Entries per unit: icount (1 CPU) against 2-vCPU TCG.
for t, unit in (("sched_switch", "round"), ("irq", "tasklet")):
    smp = med(series("entries." + t))
    wr, units = series("on.%s.%s.written" % (t, t)), med(series("on.%s.units" % t))
    one = med(wr) * 1000 / units if wr else float("nan")
    rows.append(("growth", "%s: entries per 1000 %ss" % (t, unit), "%.0f / %.0f" % (one, smp),
                 "", "equal", "", "icount guest (1 CPU) / 2-vCPU TCG guest"))
    csvrows.append(("growth", t, "entries_per_1000_units_1cpu_2cpu", one, smp, "", ""))

# 4. Lost events under trace-cmd record (2-vCPU TCG), default buffer size.
for t in ("sched_switch", "irq", "hugetlb", "module"):
    rec, lost = series("lost.%s.recorded" % t), series("lost.%s.overrun" % t)
    rows.append(("lost", t, "%s lost" % (lost[0] if lost else "n/a"), "", "0", "",
                 "%s recorded by trace-cmd record (2-vCPU TCG)" % (rec[0] if rec else "n/a")))
    csvrows += [("lost", t, "recorded", rec[0] if rec else "", "", "", ""),
                ("lost", t, "overrun", lost[0] if lost else "", "", "", "")]


# 5. Size.
def text(path):
    out = subprocess.run(["size", path], capture_output=True, text=True).stdout
    return int(out.splitlines()[1].split()[0])


def code(path):
    # vmlinux's .text is padded to 2 MB: add up the sizes of its functions
    out = subprocess.run(["nm", "-S", path], capture_output=True, text=True).stdout
    return sum(int(f[1], 16) for f in map(str.split, out.splitlines())
               if len(f) == 4 and f[2] in "tT")


vp = code(B + "/obj-pristine/vmlinux") if have_pristine else 0
for k in kernels if have_pristine else ():
    vx = code(B + "/obj-%s/vmlinux" % k)
    rows.append(("size", "vmlinux functions, %s" % k, "%+d bytes" % (vx - vp), "", "", "",
                 "%d -> %d (sizes of all text symbols)" % (vp, vx)))
    csvrows.append(("size", "vmlinux_" + k, "text_added", vx - vp, "", "", ""))
if have_pristine:
    hp, hx = text(B + "/obj-pristine/mm/hugetlb.o"), text(B + "/obj-patched/mm/hugetlb.o")
    sites = len(re.findall(r"\btrace_hugetlb_\w+\(", open(top + "/build/linux/mm/hugetlb.c").read()))
    rows.append(("size", "mm/hugetlb.o text, patched", "%+d bytes" % (hx - hp), "", "", "",
                 "%d -> %d; %d tracepoint sites, %.0f bytes per site (the events' out-of-line code included)"
                 % (hp, hx, sites, (hx - hp) / sites)))
    csvrows.append(("size", "hugetlb.o", "text_added", hx - hp, "", "", ""))

with open(B + "/results.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(("part", "item", "metric", "median", "min", "max", "n"))
    w.writerows(csvrows)
md = ["Timed figures: icount guests (1 vCPU, -icount shift=0: 1 ns = 1 instruction);",
      "%d alternating repetitions; ratios within a repetition, median and min-max." % REPS,
      "Entries per unit and lost events: a 2-vCPU TCG guest.", ""]
if not have_pristine:
    md += ["QUICK=1: no pristine kernel was built, so the off and wakeup_rt rows",
           "are not measured; run make bench for them.", ""]
if os.environ.get("BENCH_TEST_KERNEL"):
    md += ["QUICK=1: the test kernel (%s), with its debug options" % os.environ["BENCH_TEST_KERNEL"],
           "and lockdep, stood in for the patched bench kernel: these figures show",
           "that each part runs, not what the series costs.", ""]
md += ["| part | item | median | min-max | goal | status | notes |",
       "|---|---|---|---|---|---|---|"]
md += ["| %s |" % " | ".join(r) for r in rows]
open(B + "/results.md", "w").write("\n".join(md) + "\n")
print("\n".join(md))

with open(B + "/cost.dat", "w") as f:
    for p in plot:
        f.write("%s %.0f %.0f %.0f %.0f %.0f %.0f %.0f\n" % (*p, rb if rb == rb else 0))
