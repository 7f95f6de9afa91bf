#!/usr/bin/env python3
"""Where a guest that stopped making progress is: qemu-run.sh runs this
through QEMU's QMP socket just before it kills a guest at its time limit.

Usage: qmp-dump.py SOCKET SYSTEM.MAP

Prints, five times one second apart: each vCPU's state (halted or not),
its RIP, RSP and RFLAGS.IF with RIP named from System.map, and the kernel
text addresses found in the 64 words above RSP (a rough backtrace). A
RIP that stays in the idle loop with IF set says the guest waits for an
interrupt that does not come; a RIP that moves inside one function with
IF clear says a CPU spins with interrupts off.
"""
import bisect
import json
import re
import socket
import sys
import time


def load_map(path):
    addrs, names = [], []
    try:
        with open(path) as f:
            for line in f:
                a, t, n = line.split()[:3]
                if t in "tTwW":
                    addrs.append(int(a, 16))
                    names.append(n)
    except OSError:
        pass
    order = sorted(range(len(addrs)), key=addrs.__getitem__)
    return [addrs[i] for i in order], [names[i] for i in order]


def name(smap, addr):
    addrs, names = smap
    i = bisect.bisect_right(addrs, addr) - 1
    if i < 0 or addr - addrs[i] > 0x100000:
        return None
    return "%s+0x%x" % (names[i], addr - addrs[i])


class Qmp:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.settimeout(10)
        self.s.connect(path)
        self.f = self.s.makefile("rw")
        self.f.readline()  # greeting
        self.cmd("qmp_capabilities")

    def cmd(self, execute, **args):
        self.f.write(json.dumps({"execute": execute, "arguments": args}) + "\n")
        self.f.flush()
        while True:
            r = json.loads(self.f.readline())
            if "return" in r or "error" in r:
                return r.get("return", r.get("error"))

    def hmp(self, line):
        return self.cmd("human-monitor-command", **{"command-line": line})


def main():
    qmp = Qmp(sys.argv[1])
    smap = load_map(sys.argv[2])
    for sample in range(5):
        print("qmp-dump: sample %d" % sample)
        for line in qmp.hmp("info cpus").splitlines():
            print("  " + line.strip())
        regs = qmp.hmp("info registers")
        m = {k: int(v, 16) for k, v in re.findall(r"\b(RIP|RSP|RFL)=([0-9a-f]+)", regs)}
        if "RIP" not in m:
            print(regs)
            continue
        print("  RIP %x %s, RSP %x, IF %d" % (m["RIP"], name(smap, m["RIP"]) or "?",
                                             m["RSP"], (m.get("RFL", 0) >> 9) & 1))
        words = qmp.hmp("x /64gx 0x%x" % m["RSP"])
        vals = [w for line in words.splitlines() if ":" in line
                for w in re.findall(r"0x([0-9a-f]{16})", line.split(":", 1)[1])]
        for w in vals:
            n = name(smap, int(w, 16))
            if n:
                print("    " + n)
        time.sleep(1)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # the guest is killed next whatever happens here
        print("qmp-dump: %s" % e)
