# Makefile - builds surfgraph, runs its tests, benchmarks and examples.
CC ?= cc
PKG_CONFIG ?= pkg-config
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin

# The four libraries surfgraph is built on; only those in USED are linked so far.
PKG_TRACEFS = libtracefs
PKG_TRACEEVENT = libtraceevent
PKG_TRACECMD = libtracecmd
PKG_CAIRO = cairo
ALL_PKGS = $(PKG_TRACEFS) $(PKG_TRACEEVENT) $(PKG_TRACECMD) $(PKG_CAIRO)
USED = $(PKG_TRACEFS) $(PKG_TRACEEVENT) $(PKG_TRACECMD) $(PKG_CAIRO)

PKG_CFLAGS := $(if $(USED),$(shell $(PKG_CONFIG) --cflags $(USED)))
PKG_LIBS := $(if $(USED),$(shell $(PKG_CONFIG) --libs $(USED)))

CFLAGS ?= -O2 -g
CFLAGS += -Wall -Wextra -std=gnu11 -Iinclude $(PKG_CFLAGS)
LDLIBS += $(PKG_LIBS) -lm

SRC = $(wildcard src/*.c) $(wildcard render/*.c)
OBJ = $(SRC:.c=.o)
LIB_OBJ = $(filter-out src/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:.c=)

DEB_BUILD = build-essential pkg-config libtracefs-dev libtraceevent-dev libtracecmd-dev libcairo2-dev
DEB_TEST = libxml2-utils qemu-system-x86 busybox-static cpio poppler-utils chromium

.PHONY: all deps test unit golden dat diff vm bench examples install clean check-libs
.PHONY: svg browser

all: surfgraph

surfgraph: $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

%.o: %.c
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(OBJ:.o=.d)

# Fails early, naming what is missing, when a library's -dev package is absent.
check-libs:
	@for p in $(ALL_PKGS); do $(PKG_CONFIG) --exists $$p || { \
		echo "missing $$p: run 'make deps' (Debian: $(DEB_BUILD))"; exit 1; }; done

deps:
	@if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	$$SUDO apt-get update -q && $$SUDO apt-get install -y -q --no-install-recommends $(DEB_BUILD) $(DEB_TEST)

tests/unit/test_%: tests/unit/test_%.c tests/unit/check.h $(LIB_OBJ)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(LIB_OBJ) $(LDLIBS)

unit: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do ./$$t || exit 1; done

golden: surfgraph
	@tests/golden/run.sh
	@tests/golden/facts.sh
	@tests/golden/cli.sh

dat: surfgraph
	@tests/dat/run.sh

diff: surfgraph
	@tests/diff/run.sh

vm: surfgraph
	@if [ -x tests/vm/run-tests.sh ]; then tests/vm/run-tests.sh; else echo "vm: no VM suite yet"; fi

# Flame graphs (tests/svg): structure on the fixtures, PNG and PDF read back through cairo.
tests/out/pngpixel: tests/svg/pngpixel.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LDLIBS)

svg: surfgraph tests/out/pngpixel
	@tests/svg/run.sh

# The flame graphs in Debian's Chromium (tests/browser); installs chromium and playwright-core.
browser: surfgraph
	@tests/browser/run.sh

test: check-libs unit golden dat diff svg browser vm

bench: surfgraph tests/out/svg-bench
	@tests/bench/bench.sh

tests/out/svg-bench: tests/bench/svg-bench.c $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

examples: surfgraph
	@examples/make-examples.sh

install: surfgraph
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 surfgraph $(DESTDIR)$(BINDIR)/surfgraph

clean:
	rm -f surfgraph $(OBJ) $(OBJ:.o=.d) $(UNIT_BIN)
	rm -rf tests/out
