#!/bin/sh
# lib/ as DESIGN.md draws it, read from what the build made: the calls
# between its files (and the toolbox's, util/) run one way, with no
# import circle; the toolbox calls nothing in lib/; and libcivil.so calls
# nothing that prints, exits, handles signals or starts a process.
. "$(dirname "$0")/lib.sh"

need_tool nm 'nm --version'
objs="$CIVIL_BUILD/obj/lib $CIVIL_BUILD/obj/util"

# edges - "CALLER CALLEE" for each lib/ file that calls a function
# defined in another one.
edges() {
	for o in $(for d in $objs; do ls "$d"/*.o; done); do
		f=$(basename "$(dirname "$o")")/$(basename "$o" .o)
		nm "$o" | awk -v f="$f" '
			$1 == "U" { print "U", f, $2 }
			NF == 3 && $2 ~ /^[TDBR]$/ { print "D", f, $3 }'
	done | awk '
		$1 == "D" { def[$3] = $2; next }
		{ use[++n] = $2 " " $3 }
		END {
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				if ((u[2] in def) && def[u[2]] != u[1])
					print u[1], def[u[2]]
			}
		}' | sort -u
}

test_expect_success 'the objects of lib/ and util/ are there' '
	ls "$CIVIL_BUILD"/obj/lib/*.o >list && test "$(wc -l <list)" -gt 20 &&
	ls "$CIVIL_BUILD"/obj/util/*.o >list && test "$(wc -l <list)" -ge 5
'

test_expect_success 'no file of lib/ calls one that calls it back' '
	edges >edges &&
	test -s edges &&
	tsort edges >/dev/null 2>loops &&
	test ! -s loops || { cat loops; false; }
'

test_expect_success 'util/ calls nothing in lib/' '
	edges >edges &&
	grep "^util/.* lib/" edges >up || true &&
	test ! -s up || { cat up; false; }
'

# DESIGN: lib/ "never reads the environment except through config": the
# git settings (config.c) and notmuch's (config-notmuch.c, for
# $NOTMUCH_CONFIG as notmuch reads it).
test_expect_success 'lib/ reads the environment only where it reads settings' '
	for o in "$CIVIL_BUILD"/obj/lib/*.o; do
		if nm "$o" | grep -E -q " U (secure_)?getenv\$| U environ\$"; then
			basename "$o" .o
		fi
	done | sort >readers &&
	printf "config\nconfig-notmuch\n" | sort >expect &&
	test_cmp expect readers
'

test_expect_success 'libcivil.so never prints, exits, catches signals or forks' '
	nm -D --undefined-only "$CIVIL_BUILD/lib/libcivil.so" |
		awk "{ sub(/@.*/, \"\", \$2); print \$2 }" >imports &&
	grep -q "^git_" imports &&
	grep -E -x "(_?exit|_Exit|printf|v?fprintf|puts|fputs|putchar|perror|signal|sigaction|fork|vfork|execv.*|system|popen)" \
		imports >bad || true &&
	test ! -s bad || { cat bad; false; }
'

test_done
