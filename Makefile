# civil - the code's reminder, heat and escalation for mailing-list tools.
#
#   make            build into $(B) (default build/); installs nothing
#   make check      install missing packages, then build with ASan/UBSan
#                   and run the unit and shell tests and replay the fuzz
#                   inputs, and beside that valgrind and the huge messages
#                   on a plain build
#   make check-clients  the mail clients' tests (tests/clients: mutt,
#                   neomutt, aerc, emacs, msmtp), under ASan/UBSan
#   make fuzz       each fuzz harness under libFuzzer (clang) for
#                   FUZZ_SECONDS (60); FUZZ="remind heat" picks harnesses
#   make demo       install missing packages (only what the demo runs),
#                   then run the bundled example
#   make bench      run the benchmarks in bench/
#   make model      train the heat model (data/heat.model) from the
#                   labelled kernel set and ../shared/heat-dev; never
#                   part of a build
#   make install    PREFIX=/usr/local DESTDIR=; a plain install
#   make fresh-check  the README's commands on a new Debian 12 root (root)
#   make dist       civil-$(VERSION).tar.gz from HEAD; make distcheck checks it
#   make clean
#
# CC, CXX, CPPFLAGS, CFLAGS, CXXFLAGS and LDFLAGS from the command line or
# the environment are used as given (dpkg-buildflags' hardening flags among
# them); CXXFLAGS defaults to CFLAGS.  One file is C++ (lib/nm-guard.cc,
# the notmuch calls that can throw), built with the system g++.  The
# directories are fixed when building, since the programs look for their
# data in DATADIR: "make PREFIX=/opt/civil && make install PREFIX=/opt/civil"
# (DESTDIR is only for staging).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/civil
LISPDIR ?= $(DATADIR)/emacs/site-lisp
# bash-completion's own directory when it is under PREFIX, else the one it
# also searches through XDG_DATA_DIRS.
BASHCOMPDIR ?= $(or $(filter $(PREFIX)/%,$(shell $(PKG_CONFIG) \
	--variable=completionsdir bash-completion 2>/dev/null)),$(DATADIR)/bash-completion/completions)
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
SYSTEMDUSERDIR ?= $(or $(filter $(PREFIX)/%,$(shell $(PKG_CONFIG) \
	--variable=systemduserunitdir systemd 2>/dev/null)),$(PREFIX)/lib/systemd/user)

B ?= build
PKG_CONFIG ?= pkg-config
PKGS = gmime-3.0 libgit2
# civil-sendmail's SMTP submission (cmd/smtp.c): only it links libcurl.
CURL_PKG = libcurl

SOVERSION = 0
# One version, in civil.h; debian/changelog follows it (tests/distcheck.sh).
VERSION := $(shell sed -n 's/^.define CIVIL_VERSION "\(.*\)"$$/\1/p' lib/civil.h)
DIST = civil-$(VERSION)

CFLAGS ?= -O2 -g
# (Never passed on the command line below: a command line's variables
# reach every make under it, tests/t/0090-install.t's plain build too.)
CXXFLAGS ?= $(CFLAGS)
CIVIL_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread -Wall -Wextra -Wno-unused-parameter \
	-fPIC -Ilib -Iutil $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# lib/nm-guard.cc: C++ with C linkage, in hidden visibility like the rest.
CIVIL_CXXFLAGS = -std=c++11 -D_GNU_SOURCE -pthread -Wall -Wextra \
	-Wno-unused-parameter -fPIC -fvisibility=hidden -Ilib
# libstdc++: what nm-guard.o's catch needs (libnotmuch needs it anyway).
CIVIL_LIBS = -Wl,--as-needed $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lnotmuch -lstdc++ -lm -pthread
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)

LIB_SRC = $(sort $(wildcard lib/*.c))
LIB_CXX_SRC = $(sort $(wildcard lib/*.cc))
LIB_OBJ = $(LIB_SRC:%.c=$(B)/obj/%.o) $(LIB_CXX_SRC:%.cc=$(B)/obj/%.o)
# The toolbox (util/util.h): in libcivil hidden, what lib/ does not use
# (child processes) not at all; the commands link all of it.
UTIL_SRC = $(sort $(wildcard util/*.c))
UTIL_OBJ = $(UTIL_SRC:%.c=$(B)/obj/%.o)
UTIL_LIB_OBJ = $(filter-out $(B)/obj/util/run.o,$(UTIL_OBJ))
UTIL_A = $(B)/lib/libcivil-util.a
CMD_SHARED = $(B)/obj/cmd/cmd.o $(B)/obj/cmd/open.o $(B)/obj/cmd/options.o \
	$(B)/obj/cmd/print.o $(B)/obj/cmd/checked.o
CMDS = civil-remind civil-sendmail civil-install civil-scan civil-heated \
	escalate-thread
BINS = $(CMDS:%=$(B)/bin/%)
HOOKS = $(notdir $(wildcard hooks/*))
DATA = $(HOOKS:%=$(B)/share/civil/hooks/%) $(B)/share/civil/heat.lexicon \
	$(B)/share/civil/heat.model
UNIT_SRC = $(sort $(wildcard tests/unit/*.c))
UNIT_OBJ = $(UNIT_SRC:%.c=$(B)/obj/%.o)
MAN = $(wildcard doc/*.1)
# Fuzz harnesses: tests/fuzz/fuzz-NAME.c, see tests/fuzz/README.md.
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz-%.c,%,$(sort $(wildcard tests/fuzz/fuzz-*.c)))
FUZZ_REPLAY = $(FUZZ_NAMES:%=$(B)/tests/fuzz-%)
FUZZ ?= $(FUZZ_NAMES)
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_CXX ?= clang++
FUZZ_CFLAGS = -O1 -g -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
# doc/design.md is a source document, never installed (0090-install.t).
DOC = doc/civil-heated-json.md

SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined

all: build

build: pkgs-present $(BINS) $(B)/lib/libcivil.a $(B)/lib/libcivil.so $(DATA) \
	$(B)/flags.mk

# Plain make never installs packages; it says what is missing.
pkgs-present:
	@$(PKG_CONFIG) --exists $(PKGS) $(CURL_PKG) || { \
		echo "civil: GMime 3, libgit2, libcurl and libnotmuch are needed to build;" \
			"scripts/need-deps build installs them on Debian" >&2; \
		exit 1; }

# make demo, make check, make check-clients, make fuzz and make bench
# install what they need and is missing first (scripts/need-deps LEVEL).
deps-demo deps-test deps-clients deps-fuzz deps-fresh:
	@scripts/need-deps $(@:deps-%=%)

$(B)/obj/%.o: %.c lib/civil.h lib/cmd-support.h lib/internal.h lib/db.h lib/handle.h lib/heat.h lib/learned.h cmd/cmd.h \
		lib/scan-state.h lib/nm-guard.h cmd/options.h cmd/print.h cmd/install.h util/util.h
	@mkdir -p $(dir $@)
	$(CC) $(CIVIL_CFLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/obj/%.o: %.cc lib/nm-guard.h
	@mkdir -p $(dir $@)
	$(CXX) $(CIVIL_CXXFLAGS) $(CPPFLAGS) $(CXXFLAGS) -c -o $@ $<

# Where libcivil finds heat.lexicon unless told (lib/handle.c), and where
# installed programs find it and the hook shims when they are not beside
# them (cmd/open.c); rebuilt when DATADIR changes.
$(B)/obj/lib/handle.o $(B)/obj/cmd/open.o: CIVIL_CFLAGS += -DCIVIL_DATADIR='"$(DATADIR)/civil"'
$(B)/obj/lib/handle.o $(B)/obj/cmd/open.o: $(B)/datadir
$(B)/datadir: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@

# What this build was made with, in make's syntax, so that a make on a
# copy of it ("make -f Makefile -f COPY/flags.mk B=COPY install PREFIX=...",
# tests/t/lib.sh's make_from_build) compiles what it must again the same
# way; rewritten only when it changes.
$(B)/flags.mk: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' 'CC = $(CC)' 'CPPFLAGS = $(CPPFLAGS)' 'CFLAGS = $(CFLAGS)' \
		'LDFLAGS = $(LDFLAGS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(B)/lib/libcivil.a: $(LIB_OBJ) $(UTIL_LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(UTIL_A): $(UTIL_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# libcivil.so exports the functions civil.h declares and nothing else:
# lib/ is built with hidden visibility, civil.h gives its own declarations
# the default one, and a version script made from civil.h says the same to
# the linker.  tests/installed.sh holds the result against civil.h as the
# compiler reads it.
$(LIB_OBJ) $(UTIL_OBJ): CIVIL_CFLAGS += -fvisibility=hidden

$(B)/libcivil.sym: lib/civil.h
	@mkdir -p $(dir $@)
	{ echo "{ global:"; \
	  sed -n '/^typedef/d; s/^[a-z][^(#]*[ *]\(civil_[a-z0-9_]*\)(.*/	\1;/p' $<; \
	  echo "local: *; };"; } >$@.tmp
	mv $@.tmp $@

$(B)/lib/libcivil.so: $(LIB_OBJ) $(UTIL_A) $(B)/libcivil.sym
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libcivil.so.$(SOVERSION) \
		-Wl,--version-script=$(B)/libcivil.sym $(CFLAGS) $(LDFLAGS) \
		-o $@.$(VERSION) $(LIB_OBJ) $(UTIL_A) $(CIVIL_LIBS)
	ln -sf libcivil.so.$(VERSION) $@.$(SOVERSION)
	ln -sf libcivil.so.$(VERSION) $@

$(B)/bin/%: $(B)/obj/cmd/%.o $(CMD_SHARED) $(B)/lib/libcivil.a $(UTIL_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CMD_SHARED) $(B)/lib/libcivil.a \
		$(UTIL_A) $(CIVIL_LIBS)

# civil-sendmail's SMTP client, with libcurl.
$(B)/obj/cmd/smtp.o: CIVIL_CFLAGS += $(shell $(PKG_CONFIG) --cflags $(CURL_PKG) 2>/dev/null)
$(B)/bin/civil-sendmail: $(B)/obj/cmd/smtp.o
$(B)/bin/civil-sendmail: CMD_SHARED += $(B)/obj/cmd/smtp.o
$(B)/bin/civil-sendmail: CIVIL_LIBS += $(shell $(PKG_CONFIG) --libs $(CURL_PKG) 2>/dev/null)

# civil-install's parts (cmd/install.h).
INSTALL_PARTS = $(B)/obj/cmd/install-settings.o $(B)/obj/cmd/install-b4.o \
	$(B)/obj/cmd/install-hooks.o
$(B)/bin/civil-install: $(INSTALL_PARTS)
$(B)/bin/civil-install: CMD_SHARED += $(INSTALL_PARTS)

$(B)/share/civil/hooks/%: hooks/%
	@mkdir -p $(dir $@)
	cp $< $@

$(B)/share/civil/%: data/%
	@mkdir -p $(dir $@)
	cp $< $@

# The model as the table civil maps (lib/model.c): a hook run reads the
# few pages its words need, not 50,000 lines.
$(B)/share/civil/heat.model: data/heat.model $(B)/scripts/heat-model-table
	@mkdir -p $(dir $@)
	$(B)/scripts/heat-model-table $< $@

$(UNIT_OBJ): CIVIL_CFLAGS += $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)

# The commands' own helpers (cmd/: options, printers) are tested here too.
UNIT_CMD_OBJ = $(B)/obj/cmd/cmd.o $(B)/obj/cmd/options.o \
	$(B)/obj/cmd/print.o
$(B)/tests/unit-tests: $(UNIT_OBJ) $(UNIT_CMD_OBJ) $(B)/lib/libcivil.a $(UTIL_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(UNIT_OBJ) $(UNIT_CMD_OBJ) \
		$(B)/lib/libcivil.a $(UTIL_A) $(CIVIL_LIBS) $(CHECK_LIBS)

# A harness with replay.c for a main(): what make check runs, no clang
# needed.  With libFuzzer's main() instead: what make fuzz runs.
# fuzz-writers holds civil-heated's JSON (cmd/print.c) to its oracles.
FUZZ_CMD_OBJ = $(B)/obj/cmd/print.o
$(B)/tests/fuzz-%: $(B)/obj/tests/fuzz/fuzz-%.o $(B)/obj/tests/fuzz/replay.o \
		$(FUZZ_CMD_OBJ) $(B)/lib/libcivil.a $(UTIL_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CIVIL_LIBS)

$(B)/libfuzzer/fuzz-%: $(B)/obj/tests/fuzz/fuzz-%.o $(FUZZ_CMD_OBJ) \
		$(B)/lib/libcivil.a $(UTIL_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $^ \
		$(CIVIL_LIBS)

# What `make model` reads texts and features with (scripts/heat-*.c):
# civil's own parser and the scorer's own features, from libcivil.a.
MODEL_TOOLS = $(B)/scripts/heat-texts $(B)/scripts/heat-features
$(B)/scripts/%: $(B)/obj/scripts/%.o $(B)/lib/libcivil.a $(UTIL_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/lib/libcivil.a $(UTIL_A) \
		$(CIVIL_LIBS)

$(B)/tests/hold-lock: $(B)/obj/tests/helpers/hold-lock.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< -lnotmuch

# make check runs the tests twice over, both halves at once: everything
# under ASan and UBSan (make test), and on a plain build the unit tests,
# the fuzz inputs and a few commands under valgrind, and the huge
# messages at full size (they are a tenth of it under the sanitizers).
# Each half is mostly one process waiting for the next, so together they
# keep two cores busy.  The sanitized half is the longer one (its shell
# tests are most of make check), so its build comes first, on every
# core, and its tests start while the plain build is made beside them.
# As many jobs as there are processors, unless make was given -j.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SUBJOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
SANITIZED = B=build/san CFLAGS="$(SANITIZE_FLAGS)" \
	LDFLAGS="-fsanitize=address,undefined"
check: deps-test
	@$(MAKE) --no-print-directory $(SUBJOBS) $(SANITIZED) test-programs
	@$(MAKE) --no-print-directory $(SUBJOBS) check-sanitized check-plain

check-sanitized:
	@$(MAKE) --no-print-directory $(SANITIZED) test

check-plain:
	@$(MAKE) --no-print-directory build build/tests/unit-tests \
		$(FUZZ_NAMES:%=build/tests/fuzz-%)
	tests/valgrind.sh build
	CIVIL_BUILD=$(abspath build) prove tests/t/0017-huge.t

# prove starts the files in the order given, two at a time: the slowest
# first (each over 10 s of CPU under the sanitizers), so that what runs
# last, while the other slot may have nothing left, is a short one.  Only
# the order: a file not named here runs after them, as it would anyway.
T_SLOW = 0030 0040 0050 0052 0010 0055 0032 0054 0035 0026
T_FIRST = $(foreach n,$(T_SLOW),$(wildcard tests/t/$(n)-*.t))
T_ALL = $(T_FIRST) $(filter-out $(T_FIRST),$(sort $(wildcard tests/t/*.t)))

test-programs: build $(B)/tests/unit-tests $(B)/tests/hold-lock $(FUZZ_REPLAY)

test: test-programs
	CIVIL_BUILD=$(abspath $(B)) tests/run-unit.sh
	tests/fuzz/replay.sh $(B)
	CIVIL_BUILD=$(abspath $(B)) prove -j2 $(T_ALL)

# The real mail clients (tests/clients: mutt, neomutt, aerc and emacs
# under tmux or in batch, msmtp), each sending through civil-sendmail
# built with ASan and UBSan.  Slow to start and needing a few hundred MB
# of packages, so a target of their own; CI runs it after make check.
check-clients: deps-clients
	@$(MAKE) --no-print-directory $(SUBJOBS) $(SANITIZED) build
	CIVIL_BUILD=$(abspath build/san) prove -j2 tests/clients/*.t

# libFuzzer, one harness after another (new corpus entries and crashes go
# to build/fuzz/NAME/, never into the tree).
fuzz: deps-fuzz
	@$(MAKE) --no-print-directory B=build/fuzz CC=$(FUZZ_CC) CXX=$(FUZZ_CXX) \
		CFLAGS="$(FUZZ_CFLAGS)" LDFLAGS= \
		$(FUZZ:%=build/fuzz/libfuzzer/fuzz-%)
	tests/fuzz/fuzz.sh build/fuzz $(FUZZ_SECONDS) $(FUZZ)

demo: deps-demo
	@$(MAKE) --no-print-directory build
	demo/run.sh $(abspath $(B))

# The README's two commands on a new minimal Debian 12 root, then the
# Debian package there (tests/fresh-debian.sh: as root, with
# deb.debian.org); downloaded packages are kept in build/apt-cache.
fresh-check: deps-fresh
	tests/fresh-debian.sh --cache $(abspath build/apt-cache)

# make dist: $(DIST).tar.gz, a git archive of HEAD (what is committed).
dist:
	git archive --format=tar.gz --prefix=$(DIST)/ -o $(DIST).tar.gz HEAD
	@echo "dist: $(DIST).tar.gz"

# make distcheck: the tarball builds, passes make check, installs and
# uninstalls on its own (tests/distcheck.sh).
distcheck: dist
	tests/distcheck.sh $(DIST).tar.gz

bench: deps-test
	@$(MAKE) --no-print-directory build $(MODEL_TOOLS)
	bench/run.sh $(abspath $(B))

# The model's weights are committed (data/heat.model, with its report,
# data/heat-model-report.txt).  make model trains civil's model and the
# plain n-gram baseline side by side from the labelled kernel set
# (data/labels/: the lists it names, their texts rebuilt from the list
# archives the search tool fetched into ARCHIVES, and ksummit from
# SHARED), into build/model/: heat.model, report.txt, levels.json.
# make model-check trains again and compares with what is committed.
# Needs python3-sklearn.
SHARED ?= ../shared
ARCHIVES ?= $(SHARED)/../.mirror
model: $(MODEL_TOOLS) $(B)/model/texts.jsonl
	/usr/bin/python3 scripts/heat_train.py --texts $(B)/model/texts.jsonl \
		--tool $(B)/scripts/heat-features --out $(B)/model

model-check: model
	/usr/bin/python3 scripts/heat_train.py --compare $(B)/model \
		--model data/heat.model --report data/heat-model-report.txt

$(B)/model/texts.jsonl: data/labels/kernel.jsonl $(B)/scripts/heat-texts
	/usr/bin/python3 scripts/heat_labels.py texts $(ARCHIVES) \
		$(SHARED)/corpus/ksummit-maildir.tar.xz $@

# A plain install: files only, into $(DESTDIR) plus the directories the
# build was made for.  civil.pc is written here, with the real directories.
install: build
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(BINS) $(DESTDIR)$(BINDIR)
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 644 $(B)/lib/libcivil.a $(DESTDIR)$(LIBDIR)
	install -m 644 $(B)/lib/libcivil.so.$(VERSION) $(DESTDIR)$(LIBDIR)
	ln -sf libcivil.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libcivil.so.$(SOVERSION)
	ln -sf libcivil.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libcivil.so
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
		civil.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/civil.pc
	install -d $(DESTDIR)$(INCLUDEDIR)
	install -m 644 lib/civil.h $(DESTDIR)$(INCLUDEDIR)
	install -d $(DESTDIR)$(DATADIR)/civil/hooks
	install -m 755 $(HOOKS:%=$(B)/share/civil/hooks/%) $(DESTDIR)$(DATADIR)/civil/hooks
	install -m 644 $(B)/share/civil/heat.lexicon \
		$(B)/share/civil/heat.model $(DESTDIR)$(DATADIR)/civil
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 644 $(MAN) $(DESTDIR)$(MANDIR)/man1
	install -d $(DESTDIR)$(DOCDIR)
	install -m 644 $(DOC) $(DESTDIR)$(DOCDIR)
	install -d $(DESTDIR)$(LISPDIR)
	install -m 644 emacs/civil.el $(DESTDIR)$(LISPDIR)
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	for c in $(CMDS); do \
		install -m 644 completions/civil.bash $(DESTDIR)$(BASHCOMPDIR)/$$c; \
	done
	install -m 644 completions/_civil $(DESTDIR)$(ZSHCOMPDIR)
	install -d $(DESTDIR)$(SYSTEMDUSERDIR)
	sed 's|@BINDIR@|$(BINDIR)|' systemd/civil-scan.service.in \
		> $(DESTDIR)$(SYSTEMDUSERDIR)/civil-scan.service
	install -m 644 systemd/civil-scan.timer $(DESTDIR)$(SYSTEMDUSERDIR)

uninstall:
	rm -f $(CMDS:%=$(DESTDIR)$(BINDIR)/%)
	rm -f $(DESTDIR)$(LIBDIR)/libcivil.a $(DESTDIR)$(LIBDIR)/libcivil.so*
	rm -f $(DESTDIR)$(LIBDIR)/pkgconfig/civil.pc
	rm -f $(DESTDIR)$(INCLUDEDIR)/civil.h
	rm -f $(MAN:doc/%=$(DESTDIR)$(MANDIR)/man1/%)
	rm -rf $(DESTDIR)$(DATADIR)/civil $(DESTDIR)$(DOCDIR)
	rm -f $(DESTDIR)$(LISPDIR)/civil.el
	rm -f $(CMDS:%=$(DESTDIR)$(BASHCOMPDIR)/%) $(DESTDIR)$(ZSHCOMPDIR)/_civil
	rm -f $(DESTDIR)$(SYSTEMDUSERDIR)/civil-scan.service \
		$(DESTDIR)$(SYSTEMDUSERDIR)/civil-scan.timer

format:
	clang-format -i lib/*.[ch] lib/*.cc util/*.[ch] cmd/*.[ch] tests/unit/*.[ch] tests/fuzz/*.c

clean:
	rm -rf build

.PHONY: all build pkgs-present deps-demo deps-test deps-clients deps-fuzz deps-fresh \
	check check-sanitized check-plain check-clients test test-programs fuzz demo \
	fresh-check dist distcheck bench model model-check install uninstall format clean FORCE
.SECONDARY:
