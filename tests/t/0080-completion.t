#!/bin/sh
# bash and zsh completion: every option of every command (read from the
# commands' own option tables, so a new option without completion
# fails here), option values, files, notmuch tags; installed where
# bash-completion and zsh look.
. "$(dirname "$0")/lib.sh"

need_tool bash 'bash --version'
need_tool notmuch 'notmuch --version'
need_tool zsh 'zsh --version'
need_tool bash-completion 'test -r /usr/share/bash-completion/bash_completion'
COMP="$CIVIL_SRC/completions/civil.bash"
CMDS="civil-remind civil-sendmail civil-install civil-scan civil-heated escalate-thread"

# complete WORD... - what bash offers for the last WORD, one a line.
complete_words() {
	bash --norc --noprofile -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_civil
		printf "%s\n" "${COMPREPLY[@]}"
	' sh "$COMP" "$@"
}

# options CMD - the long options in CMD's getopt table.
options() {
	sed -n 's/^[	 ]*{ "\([a-z-]*\)", [a-z_]*_argument,.*/--\1/p' \
		"$CIVIL_SRC/cmd/$1.c"
}

test_expect_success 'bash: the completion loads and is bound to every command' '
	bash --norc --noprofile -c ". \"$COMP\" && complete -p $CMDS" >bound &&
	for c in $CMDS; do
		grep -x "complete -F _civil $c" bound || return 1
	done
'

test_expect_success 'bash: every option of every command is offered' '
	for c in $CMDS; do
		complete_words "$c" "--" >offered &&
		{ options "$c"; echo --help; echo --version; } | sort -u >wanted &&
		while read -r o; do
			grep -x -e "$o" -e "$o=" offered ||
				{ echo "$c: $o not offered"; return 1; }
		done <wanted || return 1
	done &&
	test $(options civil-scan | wc -l) -ge 5
'

test_expect_success 'bash: option prefixes, values and files' '
	complete_words civil-scan --ap >out && test "$(cat out)" = --apply &&
	complete_words civil-heated --format=j >out && test "$(cat out)" = --format=json &&
	complete_words escalate-thread --only >out && test "$(cat out)" = --only-selected &&
	touch thread.mbox &&
	complete_words civil-scan --mbox thr >out && test "$(cat out)" = thread.mbox &&
	complete_words /usr/local/bin/civil-install --unin >out && test "$(cat out)" = --uninstall
'

setup_notmuch
make_threads
notmuch new --quiet
civil-scan --apply "*" 2>/dev/null
test_expect_success 'bash: a query completes notmuch tags' '
	complete_words civil-heated tag:hea >out &&
	grep -x "tag:heated" out && grep -x "tag:heated-thread" out &&
	complete_words escalate-thread thr >out && test "$(cat out)" = thread:
'

# On a copy of the build (lib.sh): PREFIX=/usr rebuilds what has DATADIR
# compiled in, and the other tests are running the build's programs.
test_expect_success 'make install puts the completions where bash-completion and zsh look' '
	make_from_build PREFIX=/usr DESTDIR="$TEST_DIR/inst" install >/dev/null 2>&1 &&
	for c in $CMDS; do
		test_cmp "$COMP" "$TEST_DIR/inst/usr/share/bash-completion/completions/$c" || return 1
	done &&
	test_cmp "$CIVIL_SRC/completions/_civil" "$TEST_DIR/inst/usr/share/zsh/site-functions/_civil"
'

test_expect_success 'bash-completion loads it on demand from the install' '
	XDG_DATA_DIRS="$TEST_DIR/inst/usr/share" bash --norc --noprofile -c "
		. /usr/share/bash-completion/bash_completion
		__load_completion civil-heated && complete -p civil-heated" >out &&
	grep "_civil civil-heated" out
'

test_expect_success 'zsh: _civil parses and names every option' '
	zsh -n "$CIVIL_SRC/completions/_civil" &&
	for c in $CMDS; do
		for o in $(options "$c"); do
			grep -q -- "'"'"'[(]*[^'"'"']*)*$o[=[]" "$CIVIL_SRC/completions/_civil" ||
				{ echo "zsh: $c $o missing"; return 1; }
		done
	done
'

test_done
