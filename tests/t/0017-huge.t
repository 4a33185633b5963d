#!/bin/sh
# A 50 MB review through civil-remind (the hook rewrites it in place) and
# civil-sendmail (all of it goes on): nothing lost, no complaint, the
# reminder once at the end.  make check runs this file on its plain build
# at full size; under ASan and UBSan, which take five to ten times as
# long for every byte, the same review is a tenth of it (5 MB): the same
# code paths, with the sanitizers watching.
. "$(dirname "$0")/lib.sh"

if grep -q __asan_init "$CIVIL_BUILD/bin/civil-remind"; then
	mb=5
else
	mb=50
fi
size=$((mb * 1024 * 1024))

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
cd linux
write_review review.eml

test_expect_success "civil-remind: a $mb MB review gets the reminder at its end" '
	{ cat review.eml; yes "A long line of review text that goes on and on." | head -c $size; echo; } >big.eml &&
	civil-remind big.eml 2>err &&
	test ! -s err &&
	test "$(tail -n 1 big.eml)" = "Concerns: <$TEST_CONTACT>" &&
	rm -f big.eml
'

test_expect_success "civil-sendmail: a $mb MB review goes on whole, with the reminder" '
	{ cat review.eml; yes "More review text, line after line." | head -c $size; echo; } >big.eml &&
	reset_sent &&
	civil-sendmail -i a@kernel-test.invalid <big.eml &&
	test $(wc -c <"$SENT/msg1") -gt $size &&
	head -c $(wc -c <big.eml) "$SENT/msg1" | cmp - big.eml &&
	tail -n 1 "$SENT/msg1" | grep -x "Concerns: <$TEST_CONTACT>" &&
	rm -f big.eml
'

test_done
