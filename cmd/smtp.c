// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smtp.c - civil-sendmail as a client of SMTP submission, with libcurl,
 * for b4 and git send-email set up to send to an SMTP server
 * (sendemail.smtpServer = mail.kernel.org): civil-install --b4 makes
 * their sendmail "civil-sendmail --smtp[=IDENTITY]", and this sends what
 * they would have sent, where they would have sent it.
 *
 * The settings are git send-email's (git-send-email(1)), read with git
 * config itself, so includes and a tree's own config count as git counts
 * them, each sendemail.<identity>.* before sendemail.*:
 *
 *   smtpServer        the host, or host:port (the last value that is not
 *                     civil's own: civil-install --b4 sets it to
 *                     civil-sendmail for b4 0.12, which reads no
 *                     sendmailCmd)
 *   smtpServerPort    the port: 465 with ssl, else 25, as git
 *   smtpEncryption    "ssl" (or b4's "smtps"): TLS from the start;
 *                     "tls" (or b4's "starttls"): STARTTLS, required;
 *                     none: plain
 *   smtpUser          AUTH as this user, with smtpPass, else the password
 *                     "git credential fill" gives for smtp://HOST[:PORT],
 *                     approved when it worked, rejected when refused, as
 *                     git send-email does
 *   smtpAuth          the one mechanism to use, or "none"
 *   smtpDomain        the name given in EHLO (else this host's, with a
 *                     domain, else localhost.localdomain, as git)
 *   smtpSSLCertPath   the certificates to verify the server with: a file
 *                     or a directory; "" verifies none (as git)
 *
 * The envelope: -f/-r from the arguments (b4 passes the From, git send-
 * email the envelopeSender), else the From: header's address; the
 * recipients, the arguments that are not options (nor smtpServerOption
 * values, which git passes any sendmail).  The message goes as
 * given, its line ends made CRLF; libcurl escapes leading dots.
 */
#include <curl/curl.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* One git config value from "git config -z --get-regexp". */
struct setting {
	char *key; /* as git prints it: section, variable lower case */
	char *value;
};

struct smtp {
	GPtrArray *settings; /* struct setting * */
	const char *identity;
	/* The message, CRLF, and how far libcurl has read it. */
	struct civil_buf data;
	size_t at;
	/* The last reply line the server sent. */
	struct civil_buf reply;
};

static void setting_free(gpointer p)
{
	struct setting *s = p;

	g_free(s->key);
	g_free(s->value);
	g_free(s);
}

/* Does this value name civil-sendmail (civil-install's own route)? */
static bool is_civil(const char *value)
{
	char **argv = NULL;
	const char *first, *slash;
	bool ours = false;

	if (!g_shell_parse_argv(value, NULL, &argv, NULL))
		return false;
	first = argv[0];
	slash = strrchr(first, '/');
	ours = !strcmp(slash ? slash + 1 : first, "civil-sendmail");
	g_strfreev(argv);
	return ours;
}

/* sendemail.<identity>.<var>, else sendemail.<var>: the last value git
 * reads that is not civil's own; NULL when none. */
static const char *get(const struct smtp *s, const char *var)
{
	const char *v = NULL;
	char *ikey = s->identity ? g_strdup_printf("sendemail.%s.%s",
						   s->identity, var)
				 : NULL;
	char *bkey = g_strdup_printf("sendemail.%s", var);

	for (int pass = 0; pass < 2 && !v; pass++) {
		const char *want = pass ? bkey : ikey;

		if (!want)
			continue;
		for (guint i = 0; i < s->settings->len; i++) {
			const struct setting *e = s->settings->pdata[i];

			if (strcmp(e->key, want) ||
			    ((!strcmp(var, "smtpserver") ||
			      !strcmp(var, "sendmailcmd")) &&
			     is_civil(e->value)))
				continue;
			v = e->value;
		}
	}
	g_free(ikey);
	g_free(bkey);
	return v;
}

/* Is arg one of the smtpServerOption values git send-email (and b4 0.16)
 * pass a sendmail, for a program: the identity's, else sendemail's?  Not
 * for an SMTP server, which git send-email never gave them to. */
static bool server_option(const struct smtp *s, const char *arg)
{
	char *ikey = s->identity
			     ? g_strdup_printf("sendemail.%s.smtpserveroption",
					       s->identity)
			     : NULL;
	bool own = false, is = false;

	for (int pass = 0; pass < 2 && !own; pass++) {
		const char *want = pass ? "sendemail.smtpserveroption" : ikey;

		for (guint i = 0; want && i < s->settings->len; i++) {
			const struct setting *e = s->settings->pdata[i];

			if (strcmp(e->key, want))
				continue;
			own = true;
			is |= !strcmp(e->value, arg);
		}
	}
	g_free(ikey);
	return is;
}

/* The name to give in EHLO, as git send-email finds it: smtpDomain,
 * else this host's name when it has a domain, else
 * localhost.localdomain. */
static const char *ehlo_name(const char *domain)
{
	const char *host = g_get_host_name();

	if (domain && *domain)
		return domain;
	return strchr(host, '.') ? host : "localhost.localdomain";
}

/* Every sendemail.* value, as git reads them here. */
static bool read_settings(struct smtp *s, struct civil_buf *why)
{
	static const char *const argv[] = {
		"git", "config", "-z", "--get-regexp", "^sendemail\\.", NULL
	};
	struct civil_buf out = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	int status = 0;
	const char *p, *end;

	if (civil_run_quiet(argv, NULL, NULL, 0, &out, &status, &err)) {
		civil_buf_addf(why, "can't read the sendemail settings: %s",
			       err.message);
		civil_error_clear(&err);
		civil_buf_release(&out);
		return false;
	}
	/* 1: none at all; anything else, git could not read its config. */
	if (status != 0 && status != 1) {
		civil_buf_addf(why,
			       "can't read the sendemail settings: git config "
			       "exited %d",
			       status);
		civil_buf_release(&out);
		return false;
	}
	for (p = civil_buf_str(&out), end = p + out.len; p < end;) {
		size_t n = strnlen(p, (size_t)(end - p));
		const char *nl = memchr(p, '\n', n);
		struct setting *e = g_new0(struct setting, 1);

		e->key = g_strndup(p, nl ? (size_t)(nl - p) : n);
		e->value = nl ? g_strndup(nl + 1, n - (size_t)(nl + 1 - p))
			      : g_strdup("");
		g_ptr_array_add(s->settings, e);
		p += n + 1;
	}
	civil_buf_release(&out);
	return true;
}

/* The address in "Name <addr>", or the text itself. */
static char *address_of(const char *v)
{
	const char *lt = v ? strrchr(v, '<') : NULL;
	const char *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt)
		return g_strndup(lt + 1, (size_t)(gt - lt - 1));
	return v ? g_strstrip(g_strdup(v)) : NULL;
}

static size_t read_data(char *buf, size_t size, size_t n, void *arg)
{
	struct smtp *s = arg;
	size_t left = s->data.len - s->at, want = size * n;

	if (want > left)
		want = left;
	memcpy(buf, s->data.buf + s->at, want);
	s->at += want;
	return want;
}

/* Keep the server's last reply line, for the one line said on failure
 * (never what civil sent: AUTH carries the password). */
static int debug_cb(CURL *h, curl_infotype type, char *data, size_t size,
		    void *arg)
{
	struct smtp *s = arg;

	if (type != CURLINFO_HEADER_IN)
		return 0;
	while (size && (data[size - 1] == '\n' || data[size - 1] == '\r'))
		size--;
	civil_buf_reset(&s->reply);
	for (size_t i = 0; i < size; i++)
		civil_buf_addf(&s->reply, "%c",
			       (unsigned char)data[i] < 0x20 ? ' ' : data[i]);
	return 0;
}

/* Why the send failed, in words: from libcurl's code and message, and
 * the server's last reply (reply: "" when none). */
static void say_failure(CURLcode res, const char *errbuf, const char *reply,
			const char *user, struct civil_buf *why)
{
	const char *curl = *errbuf ? errbuf : curl_easy_strerror(res);

	if (res == CURLE_LOGIN_DENIED) {
		civil_buf_addf(why, "AUTH as '%s' refused", user);
	} else if (res == CURLE_PEER_FAILED_VERIFICATION) {
		civil_buf_addf(why,
			       "%s (git config sendemail.smtpSSLCertPath names "
			       "the certificates to trust)",
			       curl);
		return;
	} else if (!strncmp(reply, "354", 3) &&
		   (res == CURLE_RECV_ERROR || res == CURLE_SEND_ERROR ||
		    res == CURLE_GOT_NOTHING)) {
		civil_buf_adds(why, "the connection was lost in the middle of "
				    "the message");
		return;
	} else if ((reply[0] == '4' || reply[0] == '5') &&
		   g_ascii_isdigit(reply[1]) && g_ascii_isdigit(reply[2])) {
		civil_buf_addf(why, "refused%s: '%s'",
			       reply[0] == '4' ? " for now" : "", reply);
		return;
	} else {
		civil_buf_adds(why, curl);
	}
	if (*reply && !strstr(why->buf, reply))
		civil_buf_addf(why, " (the server said '%s')", reply);
}

/* "git credential VERB" with these lines; fill's answer in out. */
static bool credential(const char *verb, const char *lines,
		       struct civil_buf *out)
{
	const char *argv[] = { "git", "credential", verb, NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	int status = 0;

	/* What git says on failing ("fatal: could not read Password ...")
	 * is not the one line civil-sendmail says; a prompt, at a terminal,
	 * is git's own, on /dev/tty. */
	if (civil_run_capture(argv, NULL, lines, strlen(lines), out, NULL,
			      &status, &err)) {
		civil_error_clear(&err);
		return false;
	}
	return status == 0;
}

static char *credential_get(const char *answer, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = answer; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len > n && !strncmp(p, name, n) && p[n] == '=')
			return g_strndup(p + n + 1, len - n - 1);
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

/* The message with every line ending CRLF. */
static void crlf(const void *msg, size_t len, struct civil_buf *out)
{
	const char *p = msg, *end = p + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		civil_buf_add(out, p, n);
		if (nl) {
			if (!n || p[n - 1] != '\r')
				civil_buf_adds(out, "\r");
			civil_buf_adds(out, "\n");
		}
		p += n + (nl ? 1 : 0);
	}
}

int cmd_smtp_send(const char *identity, int argc, char **argv,
		  civil_message_t *msg, const void *data, size_t len,
		  struct civil_buf *why)
{
	struct smtp s = { .settings =
				  g_ptr_array_new_with_free_func(setting_free),
			  .identity = identity,
			  .data = CIVIL_BUF_INIT,
			  .reply = CIVIL_BUF_INIT };
	struct civil_buf url = CIVIL_BUF_INIT, where = CIVIL_BUF_INIT;
	struct civil_buf cred = CIVIL_BUF_INIT, answer = CIVIL_BUF_INIT;
	char errbuf[CURL_ERROR_SIZE] = "";
	struct curl_slist *rcpt = NULL;
	const char *server, *port, *enc, *user, *pass, *auth, *domain, *certs;
	char *from = NULL, *password = NULL, *mailfrom = NULL, *host = NULL;
	bool implicit = false, starttls = false, asked = false;
	int n_rcpt = 0, rc = 1;
	CURLcode res;
	CURL *h = NULL;

	if (!read_settings(&s, why))
		goto done;
	server = get(&s, "smtpserver");
	port = get(&s, "smtpserverport");
	enc = get(&s, "smtpencryption");
	user = get(&s, "smtpuser");
	pass = get(&s, "smtppass");
	auth = get(&s, "smtpauth");
	domain = get(&s, "smtpdomain");
	certs = get(&s, "smtpsslcertpath");
	if (!server || !*server)
		server = "localhost";
	/* "host:port", which git send-email's Net::SMTP takes too. */
	{
		const char *colon = strchr(server, ':');

		if (colon && !strchr(colon + 1, ':') && colon[1] &&
		    strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
			host = g_strndup(server, (size_t)(colon - server));
			port = colon + 1;
			server = host;
		}
	}
	if (enc && (!strcmp(enc, "ssl") || !strcmp(enc, "smtps")))
		implicit = true;
	else if (enc && (!strcmp(enc, "tls") || !strcmp(enc, "starttls")))
		starttls = true;
	else if (enc && *enc && strcmp(enc, "none")) {
		civil_buf_addf(why,
			       "git config sendemail.%s%ssmtpEncryption: '%s' "
			       "is not ssl or tls",
			       identity ? identity : "", identity ? "." : "",
			       enc);
		goto done;
	}
	if (port && *port && strspn(port, "0123456789") != strlen(port)) {
		civil_buf_addf(why,
			       "git config sendemail.%s%ssmtpServerPort: '%s' "
			       "is not a port number",
			       identity ? identity : "", identity ? "." : "",
			       port);
		goto done;
	}
	civil_buf_addf(&where, "%s:%s", server,
		       port && *port ? port
		       : implicit    ? "465"
				     : "25");

	/* The envelope: -f/-r, else From:; the recipients. */
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (server_option(&s, a))
			continue;
		if (!strcmp(a, "--")) {
			for (i++; i < argc; i++, n_rcpt++) {
				char *r = g_strdup_printf("<%s>", argv[i]);

				rcpt = curl_slist_append(rcpt, r);
				g_free(r);
			}
			break;
		}
		if (a[0] == '-') {
			if ((!strcmp(a, "-f") || !strcmp(a, "-r")) &&
			    i + 1 < argc) {
				g_free(from);
				from = g_strdup(argv[++i]);
			} else if (!strncmp(a, "-f", 2) ||
				   !strncmp(a, "-r", 2)) {
				g_free(from);
				from = g_strdup(a + 2);
			} else if (!strcmp(a, "-t")) {
				civil_buf_adds(why, "-t (recipients from the "
						    "headers) is not for SMTP: "
						    "name the recipients");
				goto done;
			} else if (strlen(a) == 2 &&
				   strchr("FNRBVXLOCh", a[1]) && i + 1 < argc) {
				i++;
			}
			continue;
		}
		{
			char *r = g_strdup_printf("<%s>", a);

			rcpt = curl_slist_append(rcpt, r);
			g_free(r);
			n_rcpt++;
		}
	}
	/* An address is one word of a command line: a line break in it
	 * would be a command of its own. */
	for (struct curl_slist *r = rcpt; r; r = r->next)
		if (strpbrk(r->data, "\r\n")) {
			civil_buf_adds(why, "a recipient with a line break in "
					    "it");
			goto done;
		}
	if (!n_rcpt) {
		civil_buf_adds(why, "no recipients to send to");
		goto done;
	}
	if (!from)
		from = address_of(msg ? civil_message_header(msg, "From")
				      : NULL);
	if (from && strpbrk(from, "\r\n<>")) {
		civil_buf_adds(why, "a sender address with a line break or "
				    "'<' in it");
		goto done;
	}
	mailfrom = g_strdup_printf("<%s>", from ? from : "");

	h = curl_easy_init();
	if (!h) {
		civil_buf_adds(why, "can't start libcurl");
		goto done;
	}
	civil_buf_addf(&url, "%s://%s%s%s:%s/%s", implicit ? "smtps" : "smtp",
		       strchr(server, ':') ? "[" : "", server,
		       strchr(server, ':') ? "]" : "",
		       strrchr(where.buf, ':') + 1, ehlo_name(domain));
	curl_easy_setopt(h, CURLOPT_URL, url.buf);
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	/* A server that stops answering is given up on, not waited for. */
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 60L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, 300L);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_VERBOSE, 1L);
	curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, debug_cb);
	curl_easy_setopt(h, CURLOPT_DEBUGDATA, &s);
	if (starttls)
		curl_easy_setopt(h, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (certs && !*certs) {
		curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, 0L);
	} else if (certs && g_file_test(certs, G_FILE_TEST_IS_DIR)) {
		curl_easy_setopt(h, CURLOPT_CAPATH, certs);
	} else if (certs) {
		curl_easy_setopt(h, CURLOPT_CAINFO, certs);
	}
	if (user && *user && !(auth && !g_ascii_strcasecmp(auth, "none"))) {
		curl_easy_setopt(h, CURLOPT_USERNAME, user);
		if (pass) {
			curl_easy_setopt(h, CURLOPT_PASSWORD, pass);
		} else {
			/* As git send-email asks: smtp, the host, :port
			 * when one is set. */
			civil_buf_addf(&cred,
				       "protocol=smtp\nhost=%s%s%s\nusername="
				       "%s\n\n",
				       server, port && *port ? ":" : "",
				       port && *port ? port : "", user);
			if (!credential("fill", cred.buf, &answer) ||
			    !(password =
				      credential_get(answer.buf, "password"))) {
				civil_buf_addf(
					why,
					"no password for '%s' at '%s' "
					"(git config sendemail.smtpPass, "
					"or a git credential helper)",
					user, where.buf);
				goto done;
			}
			asked = true;
			curl_easy_setopt(h, CURLOPT_PASSWORD, password);
		}
		if (auth && *auth) {
			char *opt = g_strdup_printf("AUTH=%s", auth);

			curl_easy_setopt(h, CURLOPT_LOGIN_OPTIONS, opt);
			g_free(opt);
		}
	}
	curl_easy_setopt(h, CURLOPT_MAIL_FROM, mailfrom);
	curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	crlf(data, len, &s.data);
	curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(h, CURLOPT_READFUNCTION, read_data);
	curl_easy_setopt(h, CURLOPT_READDATA, &s);
	curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, (curl_off_t)s.data.len);

	res = curl_easy_perform(h);
	if (res == CURLE_OK) {
		long code = 0;

		curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
		if (code / 100 == 2) {
			rc = 0;
			if (asked)
				credential("approve", answer.buf, NULL);
			goto done;
		}
	}
	if (asked && res == CURLE_LOGIN_DENIED)
		credential("reject", answer.buf, NULL);
	civil_buf_addf(why, "can't send to the SMTP server '%s'%s: ", where.buf,
		       implicit	  ? " (TLS)"
		       : starttls ? " (STARTTLS)"
				  : "");
	say_failure(res, errbuf, s.reply.buf, user, why);
done:
	if (h)
		curl_easy_cleanup(h);
	curl_slist_free_all(rcpt);
	if (password) {
		memset(password, 0, strlen(password));
		g_free(password);
	}
	if (answer.len)
		memset(answer.buf, 0, answer.len);
	civil_buf_release(&answer);
	civil_buf_release(&cred);
	civil_buf_release(&url);
	civil_buf_release(&where);
	civil_buf_release(&s.data);
	civil_buf_release(&s.reply);
	g_free(from);
	g_free(mailfrom);
	g_free(host);
	g_ptr_array_free(s.settings, TRUE);
	return rc;
}
