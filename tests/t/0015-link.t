#!/bin/sh
# The commands link GMime, libgit2 and what they stand on as shared
# libraries, as every Debian package does, so a security fix in any of
# them reaches civil without a rebuild; and no command answers for a
# function of another library.  What those libraries do with mail (IDN
# domains, signed parts) shows unchanged in what civil sends.
. "$(dirname "$0")/lib.sh"

need_tool binutils 'nm --version && readelf --version'
CMDS="civil-remind civil-sendmail civil-install civil-scan civil-heated escalate-thread"

test_expect_success 'every command needs libgit2 and GMime as shared libraries' '
	for c in $CMDS; do
		readelf -d "$CIVIL_BUILD/bin/$c" >dyn &&
		grep "NEEDED.*\[libgit2\.so\." dyn &&
		grep "NEEDED.*\[libgmime-3\.0\.so\." dyn || {
			echo "$c does not link them shared:"
			grep NEEDED dyn
			return 1
		}
	done
'

# A definition of its own for another library's function (a weak
# mbedtls_x509_crt_parse_file, an ld --wrap target) would stand in for
# the library's code in every program run.
test_expect_success 'no command defines a function of libgit2, GMime, GLib, mbedTLS, GPGME or libidn2' '
	for c in $CMDS; do
		nm --defined-only "$CIVIL_BUILD/bin/$c" |
			awk -v c="$c" "\$2 ~ /^[A-Z]\$/ && \$3 ~ /^(__wrap_|__real_|git_|g_|mbedtls_|gpgme_|idn2_)/ { print c \": \" \$3 }"
	done >foreign &&
	test_line_count 0 foreign
'

make_kernel_repo linux
cd linux

# An internationalised domain, an encoded name and a PGP/MIME signed
# review: what GMime's IDN and crypto code sees; civil never changes it.
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
