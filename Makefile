# Build Debian's linux-source-6.1 with the trace plugin series, boot it in
# QEMU and run the guest tests.  See README.md.

SHELL		:= /bin/bash
TOP		:= $(abspath .)
BUILD		:= $(TOP)/build
# KVER=6.12: the same tracers on Debian's linux-source-6.12, from the
# series of kernel/6.12/ (which carries its own port of the tracers'
# sources), in build/linux-6.12 and build/obj-6.12*; every build product
# gets the "-6.12" suffix. KVER=6.1 (the default) is the series of kernel/.
KVER		?= 6.1
ifeq ($(filter 6.1 6.12,$(KVER)),)
$(error KVER=$(KVER): the series exists for 6.1 (kernel/) and 6.12 (kernel/6.12/))
endif
ifeq ($(KVER),6.1)
SFX		:=
SERIES_DIR	:= kernel
else
SFX		:= -$(KVER)
SERIES_DIR	:= kernel/$(KVER)
endif
KSRC		:= $(BUILD)/linux$(SFX)
KOBJ		:= $(BUILD)/obj$(SFX)
TARBALL		:= /usr/src/linux-source-$(KVER).tar.xz
BZIMAGE		:= $(KOBJ)/arch/x86/boot/bzImage
INITRAMFS	:= $(BUILD)/initramfs$(SFX).cpio.gz
SERIES_STAMP	:= $(BUILD)/series$(SFX).stamp
JOBS		?= $(shell echo $$(( $$(nproc) + 1 )))
# The test kernel: boot, ftrace and tracers, then selftests and lockdep.
KCONFIGS	?= base trace debug
# SANITIZE=kasan|kcsan: the same, plus kernel/configs/$(SANITIZE).config,
# built in build/obj-$(SANITIZE) with its own modules and initramfs.
SANITIZE	?=
ifneq ($(SANITIZE),)
KCONFIGS	+= $(SANITIZE)
KOBJ		:= $(BUILD)/obj$(SFX)-$(SANITIZE)
BZIMAGE		:= $(KOBJ)/arch/x86/boot/bzImage
INITRAMFS	:= $(BUILD)/initramfs$(SFX)-$(SANITIZE).cpio.gz
endif
FRAGMENTS	:= $(patsubst %,kernel/configs/%.config,$(KCONFIGS))
PATCHES		:= $(addprefix $(SERIES_DIR)/,$(shell cat $(SERIES_DIR)/series 2>/dev/null))
PLUGINS		:= $(wildcard trace-plugins/*.c)

# Looked up when a recipe runs, not when the Makefile is read: on a fresh
# machine "make deps" installs ccache in the same make run, and the kernel
# must be built with it then, or the next make would see a new CC and
# rebuild everything.
CCACHE		= $(shell command -v ccache 2>/dev/null)
# Paths under the checkout are hashed relative to it, so that another
# clone (CI's) hits the cache that this one filled.
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := 1
KMAKE		= $(MAKE) -C $(KSRC) O=$(KOBJ) -j$(JOBS) \
		  $(if $(CCACHE),CC="ccache gcc") KBUILD_BUILD_TIMESTAMP=trace-plugins

# Debian packages the build, the guest and the tests need.
DEB_PKGS	:= linux-source-6.1 qemu-system-x86 trace-cmd busybox-static \
		   rt-tests gcc make flex bison bc libelf-dev libssl-dev \
		   dwarves cpio xz-utils kmod ccache python3 python3-ply python3-git git \
		   gnuplot-nox libtraceevent-dev libkshark-dev libjson-c-dev \
		   $(if $(SFX),linux-source-$(KVER))

.PHONY: all deps tree config kernel modules initramfs test stress run clean patches \
	checkpatch help bench bench-kernels series-check tep-plugin port-check

all: kernel initramfs

help:
	@echo "make run        build everything, boot, trace a workload with each tracer, plot it"
	@echo "make test       build everything, boot, run debugfs-tests/, print 'N passed, N failed'"
	@echo "make stress     debugfs-tests/stress/ (QUICK=1: a tenth of the loops)"
	@echo "                SANITIZE=kasan|kcsan: test or stress a sanitizer kernel"
	@echo "make kernel     extract, patch and build the guest kernel (incremental)"
	@echo "make modules    the test modules of test-modules/, out of tree"
	@echo "make initramfs  busybox, trace-cmd, rt-tests, helpers, modules and tests"
	@echo "make tep-plugin the libtraceevent plugin and kshark-dump (build/tracecmd-plugin/)"
	@echo "make port-check 6.12's copies of the tracers differ from 6.1's by the recorded port only"
	@echo "                KVER=6.12: the targets on linux-source-6.12 (kernel/6.12/), series-check aside"
	@echo "make patches    regenerate kernel/*.patch and kernel/series from build/linux"
	@echo "make checkpatch scripts/checkpatch.pl --strict on the series and the plugins"
	@echo "make series-check  git am the series on a fresh pristine clone: build (configs on and off) and checkpatch each patch"
	@echo "make bench      pristine vs patched kernel off, each tracer vs nop, events, ring buffer (QUICK=1: short)"
	@echo "make clean      remove build/"

# ---------------------------------------------------------------- deps
deps:
	@missing=$$(for p in $(DEB_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "deps: installing $$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq --no-install-recommends $$missing; \
		else \
			echo "deps: missing packages; run:"; \
			echo "  sudo apt-get install --no-install-recommends $$missing"; \
			exit 1; \
		fi; \
	fi

# ---------------------------------------------------------------- tree
# The extracted tree is a git repository: the pristine source (tag
# "pristine") and one commit per patch of the series.
$(KSRC)/.git/pristine-done: | deps
	rm -rf $(KSRC) $(BUILD)/linux-source-$(KVER)
	mkdir -p $(BUILD)
	tar xJf $(TARBALL) -C $(BUILD)
	mv $(BUILD)/linux-source-$(KVER) $(KSRC)
	@# Debian's .gitignore ignores every top-level entry; drop that rule
	@# so that git sees the tree.  The patches do not touch .gitignore.
	sed -i '/^# Debian packaging/,$$d' $(KSRC)/.gitignore
	cd $(KSRC) && git init -q && git add -A && \
		git -c user.name=build -c user.email=build@localhost \
		commit -q -m "linux-source-$(KVER) $$(dpkg-query -W -f='$${Version}' linux-source-$(KVER)) (pristine)" && \
		git tag pristine
	touch $@

# Applies the series again only when its series file or a patch changed.
# Only 6.1's tree gets the carried files of the checkout (below).
ifeq ($(SFX),)
TREE_CLEAN	= scripts/carried.sh clean
else
TREE_CLEAN	= git -C $(KSRC) diff --quiet HEAD || \
		  { echo "$(KSRC): uncommitted changes; commit them and make patches KVER=$(KVER)"; exit 1; }
endif
$(SERIES_STAMP): $(KSRC)/.git/pristine-done $(SERIES_DIR)/series $(PATCHES)
	@$(TREE_CLEAN)
	@# symlinks of the plugins from before the series carried them
	find $(KSRC)/kernel/trace -maxdepth 1 -type l -name '*.c' -delete
	cd $(KSRC) && git reset -q --hard pristine && \
		git -c user.name=build -c user.email=build@localhost \
		am -q --committer-date-is-author-date $(addprefix $(TOP)/,$(PATCHES))
	sha1sum $(SERIES_DIR)/series $(PATCHES) > $@

# The series carries the plugins and their Documentation pages; they are
# edited here (trace-plugins/, Documentation/trace/) and copied into the
# tree where they differ. "make patches" folds them back into the series.
# The 6.12 series carries its own port of them: edit build/linux-6.12
# and regenerate kernel/6.12/ with "make patches KVER=6.12".
tree: $(SERIES_STAMP)
	$(if $(SFX),,@scripts/carried.sh copy)
	@echo "linux-source-$(KVER) $$(dpkg-query -W -f='$${Version}' linux-source-$(KVER))" \
		"($$(make -s -C $(KSRC) kernelversion)), series: $$(wc -l < $(SERIES_DIR)/series) patches"

# Regenerate the series from the commits on top of "pristine".
# With a cover letter (kernel/cover-letter.txt) and get_maintainer.pl's
# To and Cc lines (scripts/mail-headers.sh); series lists the patches
# that git am applies, without the cover letter.
ifeq ($(SFX),)
patches:
	@scripts/carried.sh clean
	scripts/carried.sh fold
	rm -f kernel/*.patch
	cd $(KSRC) && git format-patch -q --no-signature --zero-commit --abbrev=9 \
		--cover-letter -o $(TOP)/kernel pristine..HEAD
	scripts/mail-headers.sh $(KSRC) kernel
	cd kernel && ls *.patch | grep -v '^0000-' > series
	sha1sum kernel/series $$(sed 's|^|kernel/|' kernel/series) > $(SERIES_STAMP)
else
patches:
	rm -f $(SERIES_DIR)/*.patch
	cd $(KSRC) && git -c core.abbrev=9 format-patch -q --zero-commit -o $(TOP)/$(SERIES_DIR) pristine..HEAD
	cd $(SERIES_DIR) && ls *.patch > series
	sha1sum $(SERIES_DIR)/series $$(sed 's|^|$(SERIES_DIR)/|' $(SERIES_DIR)/series) > $(SERIES_STAMP)
endif

# ---------------------------------------------------------------- config
config: tree
	@mkdir -p $(KOBJ)
	$(MAKE) -s -C $(KSRC) O=$(KOBJ) tinyconfig >/dev/null
	cd $(KOBJ) && $(KSRC)/scripts/kconfig/merge_config.sh -m -O $(KOBJ) \
		$(KOBJ)/.config $(addprefix $(TOP)/,$(FRAGMENTS)) >/dev/null
	$(MAKE) -s -C $(KSRC) O=$(KOBJ) olddefconfig >/dev/null
	@scripts/check-config.sh $(KOBJ)/.config $(FRAGMENTS)

# ---------------------------------------------------------------- kernel
kernel: config
	@start=$$(date +%s); \
	$(KMAKE) bzImage modules && \
	echo "kernel: $(BZIMAGE) built in $$(( $$(date +%s) - start )) s"

# ---------------------------------------------------------------- modules
# Test modules, out of tree; built in a copy so that test-modules/ stays clean.
MODDIR		:= $(BUILD)/modules$(SFX)$(if $(SANITIZE),-$(SANITIZE))

modules: kernel
	@mkdir -p $(MODDIR)
	cp -u test-modules/* $(MODDIR)/
	$(KMAKE) M=$(MODDIR) modules

# ---------------------------------------------------------------- trace-cmd plugin
# Userspace, one build for every kernel: the libtraceevent plugin with
# which trace-cmd report and KernelShark print the tracers' entries as
# the trace file does, and kshark-dump, which loads a trace.dat through
# libkshark as KernelShark does (tracecmd-plugin/README.md).
TEP_DIR		:= $(BUILD)/tracecmd-plugin
TEP_PLUGIN	:= $(TEP_DIR)/plugin_trace_plugins.so
KSHARK_DUMP	:= $(TEP_DIR)/kshark-dump

$(TEP_PLUGIN): tracecmd-plugin/plugin_trace_plugins.c | deps
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -Werror -fPIC -shared -I/usr/include/traceevent -o $@ $<

$(KSHARK_DUMP): tracecmd-plugin/kshark-dump.c | deps
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -Werror -o $@ $< -lkshark

tep-plugin: $(TEP_PLUGIN) $(KSHARK_DUMP)

# ---------------------------------------------------------------- initramfs
initramfs: kernel modules $(TEP_PLUGIN) $(KSHARK_DUMP)
	MODDIR=$(MODDIR) TEP_PLUGIN=$(TEP_PLUGIN) KSHARK_DUMP=$(KSHARK_DUMP) \
		scripts/mkinitramfs.sh $(INITRAMFS)

# Run from the tree: checkpatch looks for the kernel in the working
# directory. Debian's python3 first, for spdxcheck.py and its python3-ply.
checkpatch: tree
	cd $(KSRC) && PATH=/usr/bin:$$PATH ./scripts/checkpatch.pl --strict -q $(addprefix $(TOP)/,$(PATCHES))
	$(if $(SFX),,cd $(KSRC) && ./scripts/checkpatch.pl --strict -q --no-tree -f $(addprefix $(TOP)/,$(PLUGINS)))

# 6.12's copies of the carried files differ from 6.1's only by the port's
# recorded API changes (kernel/6.12/port.diff): scripts/port-check.sh.
port-check:
	$(MAKE) --no-print-directory tree KVER=6.1
	$(MAKE) --no-print-directory tree KVER=6.12
	scripts/port-check.sh

# Each patch on its own, as a maintainer gets it: scripts/series-check.sh.
ifneq ($(SFX),)
series-check:
	$(error make $@ is not done for KVER=$(KVER) yet)
else
series-check: tree
	scripts/series-check.sh
endif

# ---------------------------------------------------------------- run
# Each guest's time limit: a sanitizer kernel runs the suite 3-4 times
# slower than the test kernel (15 min for the TCG guest under KASAN).
TEST_TIMEOUT	?= $(if $(SANITIZE),3600,1500)
TESTENV		= QEMU_KERNEL=$(BZIMAGE) QEMU_INITRD=$(INITRAMFS) TEST_TIMEOUT=$(TEST_TIMEOUT) \
		  TEST_LOG=$(BUILD)/test-console$(SFX)$(if $(SANITIZE),-$(SANITIZE)).log

test: kernel initramfs
	$(TESTENV) scripts/run-tests.sh

# debugfs-tests/stress/: the same guest, loops of thousands; QUICK=1 a
# tenth of them (what CI runs).
stress: kernel initramfs
	$(TESTENV) STRESS_QUICK=$(if $(QUICK),1,0) \
		$(if $(QUICK),,TEST_TIMEOUT=$(if $(SANITIZE),14400,7200)) scripts/run-tests.sh 'stress/*'

# ---------------------------------------------------------------- bench
# Kernels with the same non-debug config: the pristine source (a git
# worktree of build/linux at "pristine"), the patched one, and the
# patched source with the series' own configs off (noseries), which must
# cost what pristine does. Each gets the initramfs plus its own build of
# the modules the benchmark loads. QUICK=1 (CI's smoke run) builds no bench kernel:
# it boots the test kernel (debug options on, so its figures only show
# that each part of the benchmark runs) with the test initramfs plus
# ring_buffer_benchmark.ko, which the debug fragment builds for it.
BENCH		:= $(BUILD)/bench$(SFX)$(if $(SANITIZE),-$(SANITIZE))
BENCH_CONFIGS	:= base trace bench
SERIES_SYMS	:= CONFIG_SCHED_SWITCH_TRACER CONFIG_IRQ_HANDLER_TRACER \
		   CONFIG_MODULE_EVENT_TRACER CONFIG_HUGETLB_TRACER

# $(call bench_kernel,NAME,SRC,EXTRA-FRAGMENTS)
define bench_kernel
	@mkdir -p $(BENCH)/obj-$(1)
	$(MAKE) -s -C $(2) O=$(BENCH)/obj-$(1) tinyconfig >/dev/null
	cd $(BENCH)/obj-$(1) && $(KSRC)/scripts/kconfig/merge_config.sh -m \
		-O $(BENCH)/obj-$(1) $(BENCH)/obj-$(1)/.config \
		$(patsubst %,$(TOP)/kernel/configs/%.config,$(BENCH_CONFIGS) $(3)) >/dev/null
	$(MAKE) -s -C $(2) O=$(BENCH)/obj-$(1) olddefconfig >/dev/null
	@IGNORE="$(if $(filter pristine noseries,$(1)),$(SERIES_SYMS))" scripts/check-config.sh \
		$(BENCH)/obj-$(1)/.config $(patsubst %,kernel/configs/%.config,$(BENCH_CONFIGS) $(3))
	$(MAKE) -C $(2) O=$(BENCH)/obj-$(1) -j$(JOBS) \
		$(if $(CCACHE),CC="ccache gcc") KBUILD_BUILD_TIMESTAMP=trace-plugins bzImage modules
	@rm -rf $(BENCH)/mod-$(1) && mkdir -p $(BENCH)/mod-$(1)
	cp test-modules/* $(BENCH)/mod-$(1)/
	$(MAKE) -C $(2) O=$(BENCH)/obj-$(1) -j$(JOBS) M=$(BENCH)/mod-$(1) modules
	rm -rf $(BENCH)/rd-$(1) && mkdir -p $(BENCH)/rd-$(1)/tests/modules
	cp $(BENCH)/mod-$(1)/irq_delay.ko $(BENCH)/mod-$(1)/printk_burst.ko \
		$(BENCH)/obj-$(1)/kernel/trace/ring_buffer_benchmark.ko \
		$(BENCH)/rd-$(1)/tests/modules/
	(cd $(BENCH)/rd-$(1) && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 | \
		cat $(INITRAMFS) - > $(BENCH)/initramfs-$(1).cpio.gz
endef

ifeq ($(QUICK),)
bench-kernels: tree initramfs
	@if [ ! -d $(BENCH)/src-pristine ]; then \
		mkdir -p $(BENCH) && git -C $(KSRC) worktree add -q --detach \
			$(BENCH)/src-pristine pristine; fi
	$(call bench_kernel,pristine,$(BENCH)/src-pristine)
	$(call bench_kernel,patched,$(KSRC))
	$(call bench_kernel,noseries,$(KSRC),noseries)
else
bench-kernels: modules initramfs
	rm -rf $(BENCH)/rd-test && mkdir -p $(BENCH)/rd-test/tests/modules
	cp $(MODDIR)/irq_delay.ko $(MODDIR)/printk_burst.ko $(KOBJ)/kernel/trace/ring_buffer_benchmark.ko \
		$(BENCH)/rd-test/tests/modules/
	(cd $(BENCH)/rd-test && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 | \
		cat $(INITRAMFS) - > $(BENCH)/initramfs-test.cpio.gz
endif

# Cost of the series off (pristine against patched and noseries), and of
# each tracer on against nop, the mainline events and the raw ring
# buffer, in icount guests; see scripts/bench.sh.
bench: bench-kernels
	BENCH_DIR=$(BENCH) $(if $(QUICK),QUICK=1 BENCH_TEST_KERNEL=$(BZIMAGE)) scripts/bench.sh

# The demo's console goes to build/run/console.log too; its plots, drawn
# from the data that the demo prints, to build/run/*.png.
RUNDIR		:= $(BUILD)/run$(SFX)$(if $(SANITIZE),-$(SANITIZE))
run: kernel initramfs
	./qemu-run.sh --kernel $(BZIMAGE) --initrd $(INITRAMFS) --timeout 600 \
		--log $(RUNDIR)/console.log --script scripts/guest/demo.sh
	python3 scripts/run-plots.py $(RUNDIR)/console.log $(RUNDIR)

clean:
	rm -rf $(BUILD)
