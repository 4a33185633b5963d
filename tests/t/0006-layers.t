#!/bin/sh
# lib/ as DESIGN.md draws it, read from the objects the build made: the
# calls between its files run one way (no import circle).
. "$(dirname "$0")/lib.sh"

need_tool nm 'nm --version'
objs="$CIVIL_BUILD/obj/lib"

# edges - "CALLER CALLEE" for each lib/ file that calls a function
# defined in another one.
edges() {
	for o in "$objs"/*.o; do
		f=$(basename "$o" .o)
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

test_expect_success 'the objects of lib/ are there' '
	ls "$objs"/*.o >list && test "$(wc -l <list)" -gt 20
'

test_expect_success 'no file of lib/ calls one that calls it back' '
	edges >edges &&
	test -s edges &&
	tsort edges >/dev/null 2>loops &&
	test ! -s loops || { cat loops; false; }
'

test_done
