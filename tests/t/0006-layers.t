#!/bin/sh
# lib/ as doc/design.md draws it, read from what the build made: the calls
# between its files (and the toolbox's, util/) run one way, with no
# import circle; the toolbox calls nothing in lib/; and libcivil.so calls
# nothing that prints, exits, handles signals or starts a process.
. "$(dirname "$0")/lib.sh"

need_tool nm 'nm --version'

# The symbols of every object of lib/ and util/, one nm for all of them
# (an nm and an awk per object took most of this file's time under load):
# "FILE: NAME TYPE ...", FILE as lib/NAME or util/NAME.
nm -A -P "$CIVIL_BUILD"/obj/lib/*.o "$CIVIL_BUILD"/obj/util/*.o 2>/dev/null |
	sed "s|^.*/obj/\([a-z]*\)/\([^/:]*\)\.o: |\1/\2 |" >symbols

# edges - "CALLER CALLEE" for each lib/ file that calls a function
# defined in another one.
edges() {
	awk '
		$3 == "U" { use[++n] = $1 " " $2; next }
		$3 ~ /^[TDBR]$/ { def[$2] = $1 }
		END {
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				if ((u[2] in def) && def[u[2]] != u[1])
					print u[1], def[u[2]]
			}
		}' symbols | sort -u
}

test_expect_success 'the objects of lib/ and util/ are there' '
	ls "$CIVIL_BUILD"/obj/lib/*.o >list && test "$(wc -l <list)" -gt 20 &&
	ls "$CIVIL_BUILD"/obj/util/*.o >list && test "$(wc -l <list)" -ge 5
'

test_expect_success 'no file of lib/ calls one that calls it back' '
	edges >edges &&
	test -s edges &&
	tsort edges >/dev/null 2>loops &&
	test_empty loops
'

test_expect_success 'util/ calls nothing in lib/' '
	edges >edges &&
	grep_maybe "^util/.* lib/" edges >up &&
	test_empty up
'

# doc/design.md: lib/ never reads the environment itself.  What the caller asks
# for through civil_open's CIVIL_OPEN_GIT_ENV and CIVIL_OPEN_NOTMUCH_ENV
# (and civil_repo_open_env) is read by libgit2 and libnotmuch, as git and
# notmuch read it; everything else a program chooses, in cmd/ for civil's.
test_expect_success 'no file of lib/ or util/ reads the environment' '
	awk "\$3 == \"U\" && \$2 ~ /^((secure_)?getenv|environ)\$/ { print \$1 }" \
		symbols >readers &&
	test -s symbols && test_empty readers
'

test_expect_success 'libcivil.so never prints, exits, catches signals or forks' '
	nm -D --undefined-only "$CIVIL_BUILD/lib/libcivil.so" |
		awk "{ sub(/@.*/, \"\", \$2); print \$2 }" >imports &&
	grep -q "^git_" imports &&
	grep_maybe -E -x "(_?exit|_Exit|printf|v?fprintf|puts|fputs|putchar|perror|signal|sigaction|fork|vfork|execv.*|system|popen)" \
		imports >bad &&
	test_empty bad
'

test_done
