#!/bin/sh
# make install: a plain install, into the directories asked for (DESTDIR
# only stages), with civil.pc written for them; the installed commands and
# an outside program find civil's data where it went; libcivil.so exports
# civil.h and nothing else (tests/installed.sh).
. "$(dirname "$0")/lib.sh"

# Programs make install must never call: they record that they were.
mkdir trap
for p in apt-get apt dpkg-query sudo; do
	write_script "trap/$p" <<-EOF
	echo "$p \$*" >>"$TEST_DIR/trapped"
	exit 1
	EOF
done

inst=$TEST_DIR/inst
# A make on a copy of the build under test (lib.sh), where the programs
# make install must never call record that they were.
mk() {
	(PATH="$TEST_DIR/trap:$PATH" && make_from_build "$@")
}
mk_inst() {
	mk PREFIX="$inst/usr" DATADIR="$inst/data" "$@"
}

test_expect_success 'make, then make install PREFIX=...: where asked, nothing else run' '
	mk >out 2>&1 &&
	mk_inst install >out 2>&1 &&
	test ! -e trapped &&
	(cd "$inst" && find . ! -type d | sort) >files &&
	cat >expect <<-\EOF &&
	./data/bash-completion/completions/civil-heated
	./data/bash-completion/completions/civil-install
	./data/bash-completion/completions/civil-remind
	./data/bash-completion/completions/civil-scan
	./data/bash-completion/completions/civil-sendmail
	./data/bash-completion/completions/escalate-thread
	./data/civil/heat.lexicon
	./data/civil/heat.model
	./data/civil/hooks/civil-sendmail
	./data/civil/hooks/post-new
	./data/civil/hooks/sendemail-validate
	./data/doc/civil/civil-heated-json.md
	./data/emacs/site-lisp/civil.el
	./data/man/man1/civil-heated.1
	./data/man/man1/civil-install.1
	./data/man/man1/civil-remind.1
	./data/man/man1/civil-scan.1
	./data/man/man1/civil-sendmail.1
	./data/man/man1/escalate-thread.1
	./data/zsh/site-functions/_civil
	./usr/bin/civil-heated
	./usr/bin/civil-install
	./usr/bin/civil-remind
	./usr/bin/civil-scan
	./usr/bin/civil-sendmail
	./usr/bin/escalate-thread
	./usr/include/civil.h
	./usr/lib/libcivil.a
	./usr/lib/libcivil.so
	./usr/lib/libcivil.so.0
	./usr/lib/libcivil.so.0.2.0
	./usr/lib/pkgconfig/civil.pc
	./usr/lib/systemd/user/civil-scan.service
	./usr/lib/systemd/user/civil-scan.timer
	EOF
	test_cmp expect files
'

test_expect_success 'civil.pc: the real directories, and what a static link needs' '
	export PKG_CONFIG_PATH="$inst/usr/lib/pkgconfig" &&
	test "$(pkg-config --variable=libdir civil)" = "$inst/usr/lib" &&
	test "$(pkg-config --variable=includedir civil)" = "$inst/usr/include" &&
	pkg-config --static --libs civil >libs &&
	for l in -lcivil -lnotmuch -lgmime-3.0 -lgit2 -lm -pthread; do
		grep -e " $l " libs || return 1
	done
'

test_expect_success 'installed commands find their data in DATADIR, not beside them' '
	test ! -e "$inst/usr/share" &&
	cat >hot.eml <<-\EOF &&
	From: Rex <rex@kernel-test.invalid>
	Subject: Re: [PATCH] x
	Message-ID: <hot-1@kernel-test.invalid>

	You clearly have no idea what you are doing.  You are an idiot.
	EOF
	# (No notmuch database: libnotmuch leaks on that path, and LeakSanitizer
	# knows it as libnotmuch'"'"'s only with the slow unwinder, lsan.supp.)
	ASAN_OPTIONS=fast_unwind_on_malloc=0 \
		"$inst/usr/bin/civil-scan" --scores --mbox hot.eml >scores &&
	grep "^[1-9][0-9.]*	heated	hot-1@kernel-test.invalid	" scores &&
	make_kernel_repo linux &&
	(cd linux && "$inst/usr/bin/civil-install" --git) &&
	grep "^civil_remind=.$inst/usr/bin/civil-remind.\$" linux/.git/hooks/sendemail-validate
'

# Built as libcivil was (a sanitizer build needs a program built so too).
flag() {
	sed -n "s/^$1 = //p" "$TEST_DIR/build/flags.mk"
}
test_expect_success 'an outside program, linked shared and static, sees only civil.h' '
	CC=$(flag CC) CFLAGS=$(flag CFLAGS) LDFLAGS=$(flag LDFLAGS) \
	PKG_CONFIG_PATH="$inst/usr/lib/pkgconfig" "$CIVIL_SRC/tests/installed.sh"
'

test_expect_success 'DESTDIR stages the same files, naming the real directories' '
	mk_inst install DESTDIR="$TEST_DIR/stage" &&
	(cd "$TEST_DIR/stage$inst" && find . ! -type d | sort) >staged &&
	test_cmp files staged &&
	test_cmp "$inst/usr/lib/pkgconfig/civil.pc" \
		"$TEST_DIR/stage$inst/usr/lib/pkgconfig/civil.pc"
'

test_expect_success 'make uninstall takes it all back' '
	mk_inst uninstall &&
	(cd "$inst" && find . ! -type d) >left &&
	test_line_count 0 left
'

test_done
