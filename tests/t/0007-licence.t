#!/bin/sh
# civil links libnotmuch (GPL-3.0-or-later), so it can't be GPL-2.0-only:
# every source file that names its licence says GPL-2.0-or-later, and the
# packaging and the README say the same.  The model is trained on civil's
# own labels only (data/labels), so it is the project's licence too: a
# model trained on GPL-3.0 data would have to say GPL-3.0.
. "$(dirname "$0")/lib.sh"

need_tool git 'git --version'

# The tree's files are the checkout's: a release tarball (make distcheck)
# has no checkout to ask, and says so as a skip, never as a pass.
if git -C "$CIVIL_SRC" rev-parse --git-dir >/dev/null 2>&1; then
	test_expect_success 'every SPDX line of the tree is GPL-2.0-or-later' '
		git -C "$CIVIL_SRC" grep -h -E -o "^(#|//|/\*) SPDX-License-Identifier: [A-Za-z0-9.+-]*" -- \
			":!data/*.model" >spdx &&
		test "$(wc -l <spdx)" -gt 100 &&
		grep_maybe -v " SPDX-License-Identifier: GPL-2.0-or-later\$" spdx >other &&
		test_empty other
	'
else
	test_skip 'every SPDX line of the tree is GPL-2.0-or-later' \
		"$CIVIL_SRC is not a git checkout"
fi

test_expect_success 'the model, trained on civil'"'"'s own labels, says GPL-2.0-or-later' '
	head -n 1 "$CIVIL_SRC/data/heat.model" >first &&
	echo "# SPDX-License-Identifier: GPL-2.0-or-later" >want &&
	test_cmp want first &&
	grep -q "^Files: data/heat.model\$" "$CIVIL_SRC/debian/copyright" &&
	sed -n "/^Files: data\/heat.model\$/,/^License:/p" "$CIVIL_SRC/debian/copyright" |
		grep -q "^License: GPL-2+\$" &&
	! grep -q "lkml_ferreira\|ToxiCR\|sarker2020" "$CIVIL_SRC/data/heat.model"
'

test_expect_success 'debian/copyright and the README say GPL-2+' '
	grep -q "^License: GPL-2+\$" "$CIVIL_SRC/debian/copyright" &&
	! grep -q "^License: GPL-2\$" "$CIVIL_SRC/debian/copyright" &&
	grep -q "GPL-2.0-or-later" "$CIVIL_SRC/README.md" &&
	! grep -q "GPL-2.0-only" "$CIVIL_SRC/README.md"
'

test_done
