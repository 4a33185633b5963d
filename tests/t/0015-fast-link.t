#!/bin/sh
# civil-remind and civil-sendmail are linked for a fast start
# (scripts/fast-link-flags): static archives, with the parts of libgit2 and
# GMime civil never uses left out (cmd/nonet.c).  What is left out must
# never show in what they do with mail.
. "$(dirname "$0")/lib.sh"

test_expect_success 'without a working compiler the link falls back to shared libraries' '
	"$CIVIL_SRC/scripts/fast-link-flags" false >flags &&
	! grep -e -Bstatic flags &&
	grep -e -lgmime-3.0 flags &&
	grep -e -lgit2 flags
'

if grep -q -e -Bstatic "$CIVIL_BUILD/fast-link-flags" 2>/dev/null; then
	test_expect_success 'the per-message commands map no GPGME, Kerberos, libssh2 or GIO' '
		for c in civil-remind civil-sendmail; do
			ldd "$CIVIL_BUILD/bin/$c" >libs &&
			! grep -E "gpgme|krb5|gssapi|ssh2|libcrypto|libgio|libgmime|libgit2|idn2" libs ||
			return 1
		done
	'
else
	test_skip 'the per-message commands map no GPGME, Kerberos, libssh2 or GIO' \
		'this build links them dynamically'
fi

make_kernel_repo linux
cd linux

# An internationalised domain, an encoded name and a PGP/MIME signed
# review: what the left-out IDN and crypto parts would have touched.
printf '%s\n' \
	'From: =?utf-8?q?J=C3=B6rg_Re_Viewer?= <joerg@xn--bcher-kva.example>' \
	'To: list@kernel-test.invalid, maint@xn--bcher-kva.example' \
	'Subject: Re: [PATCH 1/2] mm: fix the thing' \
	'In-Reply-To: <patch-1@kernel-test.invalid>' \
	'Message-ID: <review-idn@kernel-test.invalid>' \
	'' \
	'> +	x = 1;' \
	'' \
	'Please keep the old default.' >idn.eml

printf '%s\n' \
	'From: Re Viewer <reviewer@kernel-test.invalid>' \
	'To: list@kernel-test.invalid' \
	'Subject: Re: [PATCH 1/2] mm: fix the thing' \
	'In-Reply-To: <patch-1@kernel-test.invalid>' \
	'MIME-Version: 1.0' \
	'Content-Type: multipart/signed; micalg=pgp-sha256;' \
	' protocol="application/pgp-signature"; boundary="sig"' \
	'' \
	'--sig' \
	'Content-Type: text/plain; charset=us-ascii' \
	'' \
	'> +	x = 1;' \
	'' \
	'Please keep the old default.' \
	'--sig' \
	'Content-Type: application/pgp-signature' \
	'' \
	'-----BEGIN PGP SIGNATURE-----' \
	'iQEzBAEBCAAdFiEEAAAAAAAAAAAAAAAAAAAAAAAAAAAFAmAAAAAACgkQAAAAAAAA' \
	'-----END PGP SIGNATURE-----' \
	'--sig--' >signed.eml

test_expect_success 'a review from an internationalised domain is reminded, headers as written' '
	civil-remind - <idn.eml >out 2>err &&
	head -c $(wc -c <idn.eml) out | test_cmp - idn.eml &&
	grep "^Concerns: <$TEST_CONTACT>" out &&
	test_line_count 0 err
'

test_expect_success 'a PGP/MIME signed review passes through civil-remind untouched, with a warning' '
	civil-remind - <signed.eml >out 2>err &&
	test_cmp signed.eml out &&
	grep "signed" err
'

test_expect_success 'and through civil-sendmail, byte for byte' '
	git config civil.sendmail "$TEST_DIR/fake.sendmail" &&
	reset_sent &&
	civil-sendmail -i list@kernel-test.invalid <signed.eml 2>err &&
	test_cmp signed.eml "$SENT/msg1"
'

test_done
