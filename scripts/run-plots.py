#!/usr/bin/env python3
"""make run: draw the plots of a run from its console log.

Usage: run-plots.py CONSOLE-LOG OUTDIR

scripts/guest/demo.sh prints each plot's data between "=== plot NAME:
TITLE" and "=== plot end". This writes, with gnuplot, to OUTDIR:

  wakeup-latency.png  trace_stat/wakeup_latency: samples per log2 bucket
                      and class, both axes log scale;
  irq.png             trace_stat/irq: the 12 worst handlers by self max,
                      with their inclusive max;
  hugetlb.png         the hugetlb tracer's entries turned into the pool
                      over time: nr_hugepages is grabs less releases,
                      free_hugepages frees less allocations less
                      releases. The last point must be what sysfs said
                      at the end of the run, or this fails.

Exits non-zero if a plot has no data or does not add up.
"""
import os
import re
import subprocess
import sys

log, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)

plots, name = {}, None
for line in open(log, errors="replace"):
    line = line.rstrip("\r\n")
    m = re.match(r"=== plot (\S+): (.*)", line)
    if m:
        name = m.group(1)
        plots[name] = (m.group(2), [])
    elif line == "=== plot end":
        name = None
    elif name:
        plots[name][1].append(line)

failed = []


def fail(msg):
    print("run-plots: " + msg, file=sys.stderr)
    failed.append(msg)


def gnuplot(script):
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


def wakeup(title, lines):
    # "# rt: 500 samples, max 1830555 ns", then "rt from to total cpu..."
    hist = {}
    for ln in lines:
        f = ln.split()
        if len(f) >= 4 and f[0] in ("dl", "rt", "fair") and f[1].isdigit():
            hist.setdefault(f[0], []).append((int(f[2]) + 1, int(f[3])))
    if not hist:
        return fail("wakeup-latency: no histogram rows")
    plot = []
    for cls in ("dl", "rt", "fair"):
        rows = [r for r in hist.get(cls, []) if r[1] > 0]
        if not rows:
            continue
        # Bucket 0 holds latencies of 0 ns (with the local clock, a
        # wakeup stamped on one CPU after the switch-in on another):
        # no place on a log axis, so it is counted in the legend.
        zero = sum(n for to, n in rows if to == 1)
        dat = os.path.join(out, "wakeup-latency-%s.dat" % cls)
        with open(dat, "w") as f:
            for to, n in rows:
                if to > 1:
                    f.write("%d %d\n" % (to, n))
        plot.append("'%s' using 1:2 with linespoints title '%s (%d samples, %d of 0 ns)'"
                    % (dat, cls, sum(n for _, n in rows), zero))
    gnuplot("""set terminal png size 900,500 noenhanced
set output '%s/wakeup-latency.png'
set title "Wakeup latency per class: %s"
set logscale xy
set xlabel "latency up to (ns), log2 buckets"
set ylabel "samples"
set grid
plot %s
""" % (out, title, ", ".join(plot)))


def irq(title, lines):
    rows = []
    for ln in lines:
        f = ln.split()
        if len(f) >= 14 and f[0] in ("hardirq", "softirq", "tasklet"):
            # kind, the irq number for a hardirq, then the name (a
            # tasklet's without its " [module]")
            label = " ".join(f[:2] if f[0] == "hardirq" else f[:1]) + " " + f[13]
            rows.append((float(f[9]), float(f[5]), label))
    if not rows:
        return fail("irq: no table rows")
    rows.sort(reverse=True)
    dat = os.path.join(out, "irq.dat")
    with open(dat, "w") as f:
        for self_max, incl_max, label in rows[:12]:
            f.write('"%s" %.3f %.3f\n' % (label, self_max, incl_max))
    gnuplot("""set terminal png size 900,500 noenhanced
set output '%s/irq.png'
set title "Worst handlers by self max (us): %s"
set style data histograms
set style histogram clustered gap 1
set style fill solid border -1
set logscale y
set yrange [1:*]
set ylabel "us"
set xtics rotate by -30
set key top right
plot '%s' using 2:xtic(1) title 'self max', '' using 3 title 'max with nested handlers'
""" % (out, title, dat))


def hugetlb(title, lines):
    nr = free = 0
    pts = []
    for ln in lines:
        if ln.startswith("#"):
            continue
        m = re.search(r"(\d+\.\d+): +hugetlb (\w+) +2048kB .*", ln)
        if not m or re.search(r" failed\b", ln):
            continue
        t, what = float(m.group(1)), m.group(2)
        if what == "grab":
            nr += 1
        elif what == "release":
            nr -= 1
            free -= 1
        elif what == "free":
            free += 1
        elif what == "alloc":
            free -= 1
        else:
            continue
        pts.append((t, nr, free))
    if not pts:
        return fail("hugetlb: no pool entries")
    m = re.search(r"nr (\d+) free (\d+)", title)
    if m and (nr, free) != (int(m.group(1)), int(m.group(2))):
        fail("hugetlb: the entries end at nr %d free %d, sysfs says %s" % (nr, free, m.group(0)))
    t0 = pts[0][0]
    dat = os.path.join(out, "hugetlb.dat")
    with open(dat, "w") as f:
        for t, n, fr in pts:
            f.write("%.6f %d %d %d\n" % (t - t0, n, fr, n - fr))
    gnuplot("""set terminal png size 900,500 noenhanced
set output '%s/hugetlb.png'
set title "2048 kB pool from the hugetlb tracer: %s"
set xlabel "seconds from the first entry"
set ylabel "pages"
set yrange [0:*]
set key top left
set grid
plot '%s' using 1:2 with steps lw 2 title 'nr (grabbed - released)', \\
     '' using 1:3 with steps lw 2 title 'free (freed - allocated - released)', \\
     '' using 1:4 with steps title 'in use'
""" % (out, title.split(";")[0], dat))


for name, draw in (("wakeup-latency", wakeup), ("irq", irq), ("hugetlb", hugetlb)):
    if name not in plots:
        fail("%s: no data in %s" % (name, log))
        continue
    draw(*plots[name])
    png = os.path.join(out, name + ".png")
    if not (os.path.exists(png) and os.path.getsize(png) > 0):
        fail("%s: no %s" % (name, png))
    else:
        print("run-plots: " + png)
sys.exit(1 if failed else 0)
