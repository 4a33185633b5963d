// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nonet.c - what civil's commands leave out of the libraries they link.
 *
 * civil never opens a network connection, never signs, encrypts or
 * verifies, and never reads mail through GIO.  Starting those parts of
 * libgit2 and GMime is most of what a hook run used to cost, so the
 * commands answer them here.  These definitions live in the commands,
 * never in libcivil, so no other program that links libcivil loses them.
 */
#include <stddef.h>

/*
 * Shared libgit2 built with mbedTLS (as Debian builds it) parses the whole
 * system CA bundle inside git_libgit2_init(): three quarters of the
 * instructions civil-remind ran for a review (callgrind).  A definition
 * here comes first in symbol lookup and answers that one call with no
 * certificates.  Weak, so that where mbedTLS is linked statically its own
 * definition stands (the start-up is skipped by the wrappers below then).
 * Where libgit2 uses another TLS library this is never called.
 */
struct mbedtls_x509_crt;
int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain,
				const char *path) __attribute__((weak));
int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain,
				const char *path)
{
	(void)chain;
	(void)path;
	return 0;
}

/*
 * civil-remind and civil-sendmail link the static archives instead
 * (scripts/fast-link-flags), with ld --wrap sending these calls here.
 * Each one keeps a part of a library civil never uses from starting or
 * from being linked at all, and with it the shared libraries that part
 * needs: libgit2's TLS start (entropy, CA bundle), its SSH start
 * (OpenSSL's engines and error strings) and its Kerberos HTTP
 * authentication; GMime's GIO streams (GIO's file and mount code, with
 * libmount and libselinux) and its GnuPG and S/MIME contexts (GPGME).
 * A signed message is recognised by its structure, never verified, so a
 * crypto context is never asked for; were one asked for, GMime gets none
 * and reports it.
 */
int __wrap_git_mbedtls_stream_global_init(void);
int __wrap_git_mbedtls_stream_global_init(void)
{
	return 0;
}

int __wrap_git_transport_ssh_global_init(void);
int __wrap_git_transport_ssh_global_init(void)
{
	return 0;
}

int __wrap_git_http_auth_negotiate(void **out, const void *url);
int __wrap_git_http_auth_negotiate(void **out, const void *url)
{
	(void)url;
	*out = NULL;
	return -1;
}

/* GType is a gsize; 0 is G_TYPE_INVALID.  g_mime_init() only registers. */
size_t __wrap_g_mime_stream_gio_get_type(void);
size_t __wrap_g_mime_stream_gio_get_type(void)
{
	return 0;
}

size_t __wrap_g_mime_gpg_context_get_type(void);
size_t __wrap_g_mime_gpg_context_get_type(void)
{
	return 0;
}

void *__wrap_g_mime_gpg_context_new(void);
void *__wrap_g_mime_gpg_context_new(void)
{
	return NULL;
}

size_t __wrap_g_mime_pkcs7_context_get_type(void);
size_t __wrap_g_mime_pkcs7_context_get_type(void)
{
	return 0;
}

void *__wrap_g_mime_pkcs7_context_new(void);
void *__wrap_g_mime_pkcs7_context_new(void)
{
	return NULL;
}

/* g_mime_init() checks GPGME's version; any non-NULL answer will do. */
const char *__wrap_gpgme_check_version_internal(const char *req, size_t offset);
const char *__wrap_gpgme_check_version_internal(const char *req, size_t offset)
{
	(void)req;
	(void)offset;
	return "civil";
}

/*
 * libgit2's SSH transport, never used (see above): without it, libssh2 and
 * OpenSSL's libcrypto, whose constructor probes the CPU at every start,
 * stay out of the program.
 */
int __wrap_git_smart_subtransport_ssh(void **out, void *owner, void *param);
int __wrap_git_smart_subtransport_ssh(void **out, void *owner, void *param)
{
	(void)owner;
	(void)param;
	*out = NULL;
	return -1;
}

/*
 * GMime turns internationalised domains (xn--...) into Unicode for display
 * and back; civil shows no addresses from mail in what the hook and the
 * wrapper write, so it keeps them as written and leaves libidn2 and
 * libunistring out.  A failed conversion is what GMime already handles.
 */
int __wrap_idn2_to_unicode_8z8z(const char *in, char **out, int flags);
int __wrap_idn2_to_unicode_8z8z(const char *in, char **out, int flags)
{
	(void)in;
	(void)flags;
	*out = NULL;
	return -100; /* IDN2_MALLOC: GMime keeps the domain as it was */
}

int __wrap_idn2_to_ascii_8z(const char *in, char **out, int flags);
int __wrap_idn2_to_ascii_8z(const char *in, char **out, int flags)
{
	(void)in;
	(void)flags;
	*out = NULL;
	return -100;
}

void __wrap_idn2_free(void *p);
void __wrap_idn2_free(void *p)
{
	(void)p;
}
