# Makefile - builds surfgraph, runs its tests, benchmarks and examples.
CC ?= cc
PKG_CONFIG ?= pkg-config
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
# bash-completion loads completions/NAME on first use, from $(PREFIX)/share too
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions

# The four libraries surfgraph is built on; only those in USED are linked so far.
PKG_TRACEFS = libtracefs
PKG_TRACEEVENT = libtraceevent
PKG_TRACECMD = libtracecmd
PKG_CAIRO = cairo
ALL_PKGS = $(PKG_TRACEFS) $(PKG_TRACEEVENT) $(PKG_TRACECMD) $(PKG_CAIRO) libprotobuf-c zlib liblzma libzstd \
	ncursesw libbpf
USED = $(PKG_TRACEFS) $(PKG_TRACEEVENT) $(PKG_TRACECMD) $(PKG_CAIRO)

# -m pprof: profile.proto through protobuf-c, gzipped through zlib
PKG_PPROF = libprotobuf-c zlib
# compressed input (src/input/decomp.c): gzip, xz and zstd read by content
PKG_DECOMP = zlib liblzma libzstd
# surfgraph tui: curses, the wide-character build (UTF-8 names and box drawing); only its
# libraries: its --cflags' -D_XOPEN_SOURCE=600 would hide the GNU functions of every module
PKG_TUI = ncursesw
# --args through the binary reader: the raw values named from BTF (src/input/btfargs.c)
PKG_BTF = libbpf
PKG_CFLAGS := $(if $(USED),$(shell $(PKG_CONFIG) --cflags $(USED) $(PKG_PPROF) $(PKG_DECOMP) $(PKG_BTF)))
PKG_LIBS := $(if $(USED),$(shell $(PKG_CONFIG) --libs $(USED) $(PKG_PPROF) $(PKG_DECOMP) $(PKG_TUI) $(PKG_BTF)))

CFLAGS ?= -O2 -g
CFLAGS += -Wall -Wextra -std=gnu11 -Iinclude -I$(GEN_DIR) $(PKG_CFLAGS)
LDLIBS += $(PKG_LIBS) -lm

# C generated at build time from the vendored proto/profile.proto (google/pprof, Apache-2.0)
GEN_DIR = build/gen
GEN_SRC = $(GEN_DIR)/profile.pb-c.c
GEN_HDR = $(GEN_DIR)/profile.pb-c.h
PROTOC_C ?= protoc-c
# The SVG viewers' scripts (render/js): those in JS_OPENED open with prologue.js, JS_WHOLE stand
# alone. Each is assembled into build/gen/js/NAME.js (its // lines dropped), the bytes node
# --check reads (make js-check) and embed.awk turns into build/gen/svg_js.c's sg_svg_js_NAME.
JS_OPENED = flame hist chart
JS_WHOLE = chart_untimed scatter
JS_GEN = $(patsubst %,$(GEN_DIR)/js/%.js,$(JS_OPENED) $(JS_WHOLE))
JS_SRC = $(GEN_DIR)/svg_js.c
SRC = $(wildcard src/*/*.c) $(wildcard render/*.c) $(wildcard render/tui/*.c) $(GEN_SRC) $(JS_SRC)
# Objects, their .d and the unit programs go under O, nothing beside the sources; make O=DIR
# builds another tree beside it (e.g. O=build/debug CFLAGS='-O0 -g'), linking DIR/surfgraph.
# The suites run ./surfgraph, or the binary SURFGRAPH names.
O ?= build/obj
BIN = $(if $(filter build/obj,$(O)),surfgraph,$(O)/surfgraph)
# the objects' paths below a build directory: $(O), build/asan, build/fuzz, build/arm64
OBJ_REL = $(SRC:.c=.o)
LIB_OBJ_REL = $(filter-out src/commands/main.o,$(OBJ_REL))
OBJ = $(addprefix $(O)/,$(OBJ_REL))
LIB_OBJ = $(addprefix $(O)/,$(LIB_OBJ_REL))
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(addprefix $(O)/,$(UNIT_SRC:.c=))

DEB_BUILD = build-essential pkg-config libtracefs-dev libtraceevent-dev libtracecmd-dev libcairo2-dev \
	libprotobuf-c-dev protobuf-c-compiler zlib1g-dev liblzma-dev libzstd-dev libncurses-dev libbpf-dev
DEB_TEST = golang-go python3 xz-utils zstd libxml2-utils time trace-cmd qemu-system-x86 busybox-static cpio clang-14 libclang-rt-14-dev valgrind poppler-utils chromium tmux \
	qemu-system-arm gcc-aarch64-linux-gnu
# Not installed on the host: bookworm's arm64 packages unpacked into a sysroot in the VM cache
# (tests/vm/arm64-sysroot.sh), for the arm64 build and the arm64 guests' busybox and trace-cmd.
# A library added to DEB_BUILD goes here too (its -dev), or make arm64 cannot link.
DEB_ARM64 = libc6-dev libtracefs-dev libtraceevent-dev libtracecmd-dev libcairo2-dev \
	libprotobuf-c-dev zlib1g-dev liblzma-dev libzstd-dev libncurses-dev libbpf-dev \
	trace-cmd busybox-static

.PHONY: all deps test unit golden dat exports live-host diff merge tui vm bench examples install clean check-libs
.PHONY: svg browser arm64 js-check layers
.PHONY: hardening sanitize fuzz fuzz-build fuzz-replay valgrind

all: $(BIN)

$(BIN): $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(O)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(GEN_SRC) $(GEN_HDR) &: proto/profile.proto
	@mkdir -p $(GEN_DIR)
	$(PROTOC_C) --c_out=$(GEN_DIR) -Iproto proto/profile.proto

$(patsubst %,$(GEN_DIR)/js/%.js,$(JS_OPENED)): $(GEN_DIR)/js/%.js: render/js/prologue.js render/js/%.js
	@mkdir -p $(@D)
	grep -hv '^[[:space:]]*//' $^ > $@
$(patsubst %,$(GEN_DIR)/js/%.js,$(JS_WHOLE)): $(GEN_DIR)/js/%.js: render/js/%.js
	@mkdir -p $(@D)
	grep -hv '^[[:space:]]*//' $^ > $@

$(JS_SRC): render/js/embed.awk $(JS_GEN)
	LC_ALL=C awk -f render/js/embed.awk $(JS_GEN) > $@

# Each embedded script parses (node, installed for the browser suite).
js-check: $(JS_GEN)
	@for f in $(JS_GEN); do node --check $$f || exit 1; done; echo "js-check: $(words $(JS_GEN)) scripts parse"

-include $(OBJ:.o=.d)

# Fails early, naming what is missing, when a library's -dev package is absent.
check-libs:
	@for p in $(ALL_PKGS); do $(PKG_CONFIG) --exists $$p || { \
		echo "missing $$p: run 'make deps' (Debian: $(DEB_BUILD))"; exit 1; }; done

deps:
	@if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	$$SUDO apt-get update -q && $$SUDO apt-get install -y -q --no-install-recommends $(DEB_BUILD) $(DEB_TEST)

$(O)/tests/unit/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h) $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(LIB_OBJ) $(LDLIBS)

# Every program runs, a failing one named; the status is the sum's. make unit UNIT=callstack:
# that program alone (its cases by name: build/obj/tests/unit/test_callstack 'raise_*').
UNIT_RUN = $(if $(UNIT),$(filter $(addprefix %/test_,$(UNIT)),$(UNIT_BIN)),$(UNIT_BIN))
unit: $(UNIT_RUN)
	@[ -n "$(UNIT_RUN)" ] || { echo "unit: no program test_$(UNIT) in tests/unit"; exit 1; }; \
	failed=''; for t in $(UNIT_RUN); do $$t || failed="$$failed $${t##*/}"; done; \
	if [ -n "$$failed" ]; then echo "unit: failed:$$failed"; exit 1; fi

# make golden CASE=GLOB: only the cases.txt cases so named (run.sh), none of the other scripts
ALL_CASES = $(if $(CASE),: )
golden: surfgraph
	@tests/golden/run.sh
	@$(ALL_CASES)tests/golden/facts.sh
	@$(ALL_CASES)tests/golden/tail.sh
	@$(ALL_CASES)tests/golden/offcpu.sh
	@$(ALL_CASES)tests/golden/cli.sh
	@$(ALL_CASES)tests/golden/forms.sh
	@$(ALL_CASES)tests/golden/output.sh
	@$(ALL_CASES)tests/golden/compress.sh
	@$(ALL_CASES)tests/golden/trust.sh
	@$(ALL_CASES)tests/golden/readme.sh
	@$(ALL_CASES)tests/golden/rootguess.sh

dat: surfgraph
	@tests/dat/run.sh

# The exports read back by their readers: go tool pprof, a JSON checker in python3 (tests/exports).
exports: surfgraph
	@tests/exports/run.sh

tests/live/test_session: tests/live/test_session.c $(LIB_OBJ)
	$(CC) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

# save/restore, recovery and the lock on the host's own tracefs (root), and the refusal path
live-host: surfgraph tests/live/test_session
	@tests/live/run.sh

diff: surfgraph tests/out/pngpixel
	@tests/diff/run.sh
	@tests/diff/stats.sh

merge: surfgraph
	@tests/merge/run.sh

# surfgraph tui driven through tmux: the screen against figures from the trace (tests/tui)
tui: surfgraph
	@tests/tui/run.sh

vm: surfgraph tests/live/test_session arm64
	@if [ -x tests/vm/run-tests.sh ]; then tests/vm/run-tests.sh; else echo "vm: no VM suite yet"; fi

# surfgraph and test_session for the arm64 guests of make vm: cross-built with
# gcc-aarch64-linux-gnu against the arm64 sysroot, objects under build/arm64.
ARM64_CC ?= aarch64-linux-gnu-gcc
ARM64_DIR = build/arm64
ARM64_OBJ = $(addprefix $(ARM64_DIR)/,$(OBJ_REL))
ARM64_LIB_OBJ = $(filter-out $(ARM64_DIR)/src/commands/main.o,$(ARM64_OBJ))
ARM64_PKG_CONFIG = PKG_CONFIG_SYSROOT_DIR=$(ARM64_SYSROOT) \
	PKG_CONFIG_LIBDIR=$(ARM64_SYSROOT)/usr/lib/aarch64-linux-gnu/pkgconfig:$(ARM64_SYSROOT)/usr/share/pkgconfig \
	$(PKG_CONFIG)
ARM64_CFLAGS = -O2 -g -Wall -Wextra -std=gnu11 -Iinclude -I$(GEN_DIR) --sysroot=$(ARM64_SYSROOT) \
	$(if $(ARM64_SYSROOT),$(shell $(ARM64_PKG_CONFIG) --cflags $(USED) $(PKG_PPROF) $(PKG_DECOMP) $(PKG_BTF)))
ARM64_LIBS = $(if $(ARM64_SYSROOT),$(shell $(ARM64_PKG_CONFIG) --libs $(USED) $(PKG_PPROF) $(PKG_DECOMP) \
	$(PKG_TUI) $(PKG_BTF))) -lm

arm64: $(GEN_HDR)
	@command -v $(ARM64_CC) >/dev/null || { \
		echo "missing $(ARM64_CC): run 'make deps' (Debian: gcc-aarch64-linux-gnu)"; exit 1; }
	@sr=$$(tests/vm/arm64-sysroot.sh $(DEB_ARM64)) && \
		$(MAKE) --no-print-directory ARM64_SYSROOT=$$sr $(ARM64_DIR)/surfgraph $(ARM64_DIR)/test_session

$(ARM64_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(ARM64_CC) $(ARM64_CFLAGS) -MMD -MP -c -o $@ $<

$(ARM64_DIR)/surfgraph: $(ARM64_OBJ)
	$(ARM64_CC) $(ARM64_CFLAGS) -o $@ $(ARM64_OBJ) $(ARM64_LIBS)

$(ARM64_DIR)/test_session: tests/live/test_session.c $(ARM64_LIB_OBJ)
	$(ARM64_CC) $(ARM64_CFLAGS) -o $@ $< $(ARM64_LIB_OBJ) $(ARM64_LIBS)

-include $(ARM64_OBJ:.o=.d)
$(ARM64_DIR)/render/render_pprof.o: $(GEN_HDR)

# Flame graphs (tests/svg): structure on the fixtures, PNG and PDF read back through cairo.
tests/out/pngpixel: tests/svg/pngpixel.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LDLIBS)

svg: surfgraph tests/out/pngpixel
	@tests/svg/run.sh

# The flame graphs, and the -m speedscope and -m chrome files in speedscope, in Debian's Chromium
# (tests/browser); installs chromium, playwright-core and speedscope (into tests/out/speedscope).
browser: surfgraph
	@tests/browser/run.sh

test: check-libs layers js-check unit golden dat exports live-host diff merge tui hardening sanitize valgrind fuzz-replay svg browser vm

# Every #include against the folders' order written in docs/architecture.md (tests/layers.sh).
layers:
	@tests/layers.sh

# Hostile and broken input (tests/hardening): clear errors, no crash, hang or leak; where
# root's outputs go, against another user's links, FIFOs and swapped directories (paths.sh);
# what another user writes for root to read: control bytes, the pager, input-chosen memory
# and CPU (bytes.sh); costs an input could still choose: diff's name matching, merge's
# metadata, call depth, the trace.dat copy (costs.sh).
hardening: surfgraph tests/hardening/test_limits
	@tests/hardening/run.sh
	@tests/hardening/paths.sh
	@tests/hardening/bytes.sh
	@tests/hardening/costs.sh

tests/hardening/test_limits: tests/hardening/test_limits.c $(LIB_OBJ)
	$(CC) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

# Sanitizer and fuzzer builds live under build/ with their own object files, so the normal
# build never links one of them. clang (Debian: clang-14, libclang-rt-14-dev) builds both.
CLANG ?= $(firstword $(shell command -v clang clang-14 2>/dev/null) clang)
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
SAN_DIR = build/asan
SAN_OBJ = $(addprefix $(SAN_DIR)/,$(OBJ_REL))
SAN_LIB_OBJ = $(filter-out $(SAN_DIR)/src/commands/main.o,$(SAN_OBJ))
SAN_UNIT_BIN = $(addprefix $(SAN_DIR)/,$(UNIT_SRC:.c=))
# The non-VM suites run again against the sanitized binary (they honour SURFGRAPH=path), each
# writing under SG_TEST_OUT=tests/out-asan instead of tests/out (valgrind: tests/out-valgrind),
# so that make -j2 test runs them beside the plain ones without sharing a file.
SAN_SUITES = golden dat exports live-host diff merge tui svg hardening browser
FUZZ_DIR = build/fuzz
FUZZ_OBJ = $(addprefix $(FUZZ_DIR)/,$(LIB_OBJ_REL))
FUZZ_SRC = $(filter-out $(if $(wildcard src/input/input_dat.c),,tests/fuzz/fuzz_dat.c) \
	$(if $(wildcard include/svg.h),,tests/fuzz/fuzz_svg.c),$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN = $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/%,$(FUZZ_SRC))
FUZZ_SECONDS ?= 60

$(SAN_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<

$(SAN_DIR)/surfgraph: $(SAN_OBJ)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $(SAN_OBJ) $(LDLIBS)

$(SAN_DIR)/tests/unit/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h) $(SAN_LIB_OBJ)
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -Itests/unit -o $@ $< $(SAN_LIB_OBJ) $(LDLIBS)

$(SAN_DIR)/tests/hardening/test_limits: tests/hardening/test_limits.c $(SAN_LIB_OBJ)
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -o $@ $< $(SAN_LIB_OBJ) $(LDLIBS)

$(SAN_DIR)/tests/live/test_session: tests/live/test_session.c $(SAN_LIB_OBJ)
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -o $@ $< $(SAN_LIB_OBJ) $(LDLIBS)

$(FUZZ_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(FUZZ_OBJ)
	$(CLANG) $(CFLAGS) $(SAN_FLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

-include $(SAN_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)
# the generated header exists before anything that includes it is compiled
$(O)/render/render_pprof.o $(SAN_DIR)/render/render_pprof.o $(FUZZ_DIR)/render/render_pprof.o: $(GEN_HDR)
# kept between runs: only the pattern rule of the targets names them
.SECONDARY: $(FUZZ_OBJ)

sanitize: surfgraph tests/out/pngpixel $(SAN_DIR)/surfgraph $(SAN_UNIT_BIN) \
		$(SAN_DIR)/tests/hardening/test_limits $(SAN_DIR)/tests/live/test_session
	@SAN_DIR=$(SAN_DIR) SAN_UNIT_BIN="$(SAN_UNIT_BIN)" SAN_SUITES="$(SAN_SUITES)" \
		MAKE="$(MAKE)" tests/hardening/sanitize.sh

fuzz-build: $(FUZZ_BIN)

# Each target FUZZ_SECONDS on its corpus (seeded from tests/data); prints runs and crashes.
fuzz: fuzz-build
	@FUZZ_DIR=$(FUZZ_DIR) FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run.sh $(FUZZ_BIN)

# Each target once over its kept crash inputs and seed fixtures (part of make test).
fuzz-replay: fuzz-build
	@tests/fuzz/replay.sh $(FUZZ_BIN)

# The golden tests with every surfgraph run under valgrind: 0 errors, 0 bytes definitely lost.
valgrind: surfgraph
	@tests/hardening/valgrind.sh

bench: surfgraph tests/out/svg-bench
	@tests/bench/bench.sh

tests/out/svg-bench: tests/bench/svg-bench.c $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

examples: surfgraph
	@examples/make-examples.sh

install: surfgraph
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(COMPLETIONDIR)
	install -m 0755 surfgraph $(DESTDIR)$(BINDIR)/surfgraph
	install -m 0644 docs/surfgraph.1 $(DESTDIR)$(MANDIR)/surfgraph.1
	install -m 0644 completion/surfgraph.bash $(DESTDIR)$(COMPLETIONDIR)/surfgraph

clean:
	rm -f surfgraph tests/hardening/test_limits tests/live/test_session
	@# what builds before objects went under build/ left beside the sources
	rm -f $(OBJ_REL) $(OBJ_REL:.o=.d) $(UNIT_SRC:.c=)
	rm -rf $(O) $(SAN_DIR) $(FUZZ_DIR) $(GEN_DIR) $(ARM64_DIR)
	rm -rf tests/out tests/out-asan tests/out-valgrind
