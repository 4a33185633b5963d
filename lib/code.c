// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * code.c - find the project's code (of conflict or conduct) at HEAD and
 * the address it tells people to contact.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

/* Where projects keep their code, most specific first.  The kernel's own
 * files come before the generic names a kernel tree doesn't have. */
static const struct candidate {
	const char *path;
	civil_code_kind_t kind;
	const char *contact_also; /* look here when path names nobody */
} candidates[] = {
	{ "Documentation/CodeOfConflict", CIVIL_CODE_CONFLICT, NULL },
	{ "Documentation/process/code-of-conflict.rst", CIVIL_CODE_CONFLICT,
	  NULL },
	{ "Documentation/process/code-of-conduct.rst", CIVIL_CODE_CONDUCT,
	  "Documentation/process/code-of-conduct-interpretation.rst" },
	{ "CODE_OF_CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
	{ "CODE_OF_CONDUCT.rst", CIVIL_CODE_CONDUCT, NULL },
	{ "CODE-OF-CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
	{ "CODE_OF_CONDUCT", CIVIL_CODE_CONDUCT, NULL },
	{ "docs/CODE_OF_CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
	{ "docs/CODE_OF_CONDUCT.rst", CIVIL_CODE_CONDUCT, NULL },
	{ "docs/CODE-OF-CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
	{ ".github/CODE_OF_CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
	{ ".github/CODE-OF-CONDUCT.md", CIVIL_CODE_CONDUCT, NULL },
};

/* The built-in code is the kernel's 2015 Code of Conflict; these are its
 * two sentences civil needs (what is not acceptable, whom to contact),
 * quoted from Documentation/CodeOfConflict as merged in v4.0. */
static const char builtin_text[] =
	"If however, anyone feels personally abused, threatened, or "
	"otherwise\nuncomfortable due to this process, that is not "
	"acceptable.  If so,\nplease contact the Linux Foundation's "
	"Technical Advisory Board at\n<" CIVIL_DEFAULT_CONTACT ">, or the "
	"individual members, and they\nwill work to resolve the issue to "
	"the best of their ability.\n";

const char *civil_code_kind_name(civil_code_kind_t kind)
{
	return kind == CIVIL_CODE_CONDUCT ? "Code of Conduct"
					  : "Code of Conflict";
}

static bool local_char(char c)
{
	return isalnum((unsigned char)c) || strchr("._%+-", c);
}

static bool domain_char(char c)
{
	return isalnum((unsigned char)c) || c == '.' || c == '-';
}

/* Placeholder domains are what an unfilled or sample text uses. */
static bool placeholder_domain(const char *d, size_t len)
{
	static const char *const fake[] = { "example.com", "example.org",
					    "example.net", "domain.com" };

	for (size_t i = 0; i < sizeof(fake) / sizeof(fake[0]); i++)
		if (len == strlen(fake[i]) && !strncasecmp(d, fake[i], len))
			return true;
	return false;
}

char *civil_code_extract_contact(const char *text)
{
	static const char *const cues[] = { "contact", "report", "reach",
					    "e-mail",  "email",	 "write to",
					    "send" };
	const char *best = NULL, *p = text;
	size_t best_len = 0;
	int best_score = 0;

	while ((p = strchr(p, '@'))) {
		const char *s = p, *e = p + 1, *dot = NULL, *w;
		int score = 1;

		while (s > text && local_char(s[-1]))
			s--;
		while (domain_char(*e))
			e++;
		while (e > p + 1 && (e[-1] == '.' || e[-1] == '-'))
			e--;
		for (const char *q = p + 1; q < e; q++)
			if (*q == '.')
				dot = q;
		p++;
		if (s == p - 1 || !dot || e - dot < 3 ||
		    placeholder_domain(p, (size_t)(e - p)))
			continue;
		/* Prefer the address the text asks people to write to. */
		w = s - text > 300 ? s - 300 : text;
		for (size_t i = 0; i < sizeof(cues) / sizeof(cues[0]); i++)
			if (civil_memcasemem(w, (size_t)(s - w), cues[i]))
				score = 2;
		if (score > best_score) {
			best = s;
			best_len = (size_t)(e - s);
			best_score = score;
		}
	}
	return best ? strndup(best, best_len) : NULL;
}

static void set_text(civil_code_t *code, const struct civil_buf *raw)
{
	struct civil_buf t = CIVIL_BUF_INIT;

	civil_text_to_utf8(civil_buf_str(raw), raw->len, "utf-8", &t);
	code->text = civil_buf_detach(&t);
}

static civil_status_t try_candidate(civil_repo_t *repo,
				    const struct candidate *c,
				    civil_code_t *code, civil_error_t *err)
{
	struct civil_buf raw = CIVIL_BUF_INIT;
	civil_status_t st;

	st = civil_repo_read_head_file(repo, c->path, &raw, &code->blob_id,
				       err);
	if (st)
		goto done;
	code->kind = c->kind;
	code->path = civil_xstrdup(c->path);
	set_text(code, &raw);
	code->contact = civil_code_extract_contact(code->text);
	if (code->contact) {
		code->contact_source = CIVIL_CONTACT_FILE;
		code->contact_path = civil_xstrdup(c->path);
		free(code->contact_blob_id);
		code->contact_blob_id = civil_xstrdup(code->blob_id);
	} else if (c->contact_also &&
		   civil_repo_read_head_file(repo, c->contact_also, &raw,
					     &code->contact_blob_id,
					     NULL) == CIVIL_STATUS_SUCCESS) {
		struct civil_buf t = CIVIL_BUF_INIT;

		civil_text_to_utf8(civil_buf_str(&raw), raw.len, "utf-8", &t);
		code->contact = civil_code_extract_contact(civil_buf_str(&t));
		civil_buf_release(&t);
		if (code->contact) {
			code->contact_source = CIVIL_CONTACT_FILE;
			code->contact_path = civil_xstrdup(c->contact_also);
		} else {
			free(code->contact_blob_id);
			code->contact_blob_id = NULL;
		}
	}
done:
	civil_buf_release(&raw);
	return st;
}

civil_status_t civil_code_find(civil_repo_t *repo, const civil_config_t *cfg,
			       civil_code_t *code, civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_NOT_FOUND;
	civil_error_t e = CIVIL_ERROR_INIT;

	memset(code, 0, sizeof(*code));
	for (size_t i = 0; repo && i < sizeof(candidates) / sizeof(*candidates);
	     i++) {
		st = try_candidate(repo, &candidates[i], code, &e);
		if (st == CIVIL_STATUS_SUCCESS)
			break;
		if (st != CIVIL_STATUS_NOT_FOUND) {
			civil_error_set(err, st, "%s", e.message);
			civil_error_clear(&e);
			civil_code_release(code);
			return st;
		}
	}
	civil_error_clear(&e);
	if (st == CIVIL_STATUS_NOT_FOUND) {
		code->kind = CIVIL_CODE_BUILTIN;
		code->path = civil_xstrdup(CIVIL_DEFAULT_CODE_PATH);
		code->text = civil_xstrdup(builtin_text);
		code->contact = civil_xstrdup(CIVIL_DEFAULT_CONTACT);
		code->contact_source = CIVIL_CONTACT_BUILTIN;
	}
	if (cfg && cfg->contact) {
		free(code->contact);
		free(code->contact_path);
		code->contact = civil_xstrdup(cfg->contact);
		code->contact_source = CIVIL_CONTACT_CONFIG;
		code->contact_path = NULL;
		free(code->contact_blob_id);
		code->contact_blob_id = NULL;
	}
	/* Ids are strings, "" for none, so callers can print them. */
	if (!code->blob_id)
		code->blob_id = civil_xstrdup("");
	if (!code->contact_blob_id)
		code->contact_blob_id = civil_xstrdup("");
	code->commit_id = repo ? civil_repo_head_commit(repo) : NULL;
	if (!code->commit_id)
		code->commit_id = civil_xstrdup("");
	return CIVIL_STATUS_SUCCESS;
}

void civil_code_release(civil_code_t *code)
{
	free(code->path);
	free(code->text);
	free(code->contact);
	free(code->contact_path);
	free(code->blob_id);
	free(code->contact_blob_id);
	free(code->commit_id);
	memset(code, 0, sizeof(*code));
}

/* ---- quoting the code ---- */

static bool list_item(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p + 1 < end && (*p == '*' || *p == '-') && p[1] == ' ';
}

/* Append [s, e) with line breaks and runs of blanks made single spaces. */
static void add_unwrapped(struct civil_buf *out, const char *s, const char *e)
{
	bool space = false;

	for (; s < e; s++) {
		if (isspace((unsigned char)*s)) {
			space = out->len > 0;
			continue;
		}
		if (space)
			civil_buf_addch(out, ' ');
		space = false;
		civil_buf_addch(out, *s);
	}
}

/* Case-insensitive search where a space in phrase matches any run of
 * white space, so a phrase wrapped across lines is still found. */
static const char *find_phrase(const char *text, const char *phrase)
{
	for (const char *t = text; *t; t++) {
		const char *a = t, *b = phrase;

		while (*b) {
			if (*b == ' ') {
				if (!isspace((unsigned char)*a))
					break;
				while (isspace((unsigned char)*a))
					a++;
				b++;
			} else if (tolower((unsigned char)*a) ==
				   tolower((unsigned char)*b)) {
				a++, b++;
			} else {
				break;
			}
		}
		if (!*b)
			return t;
	}
	return NULL;
}

char *civil_code_unacceptable_sentence(const civil_code_t *code)
{
	struct civil_buf out = CIVIL_BUF_INIT;
	const char *text = code->text, *hit, *s, *e, *end;

	if (!text)
		return NULL;
	end = text + strlen(text);
	hit = find_phrase(text, "not acceptable");
	if (!hit)
		hit = find_phrase(text, "unacceptable");
	if (!hit)
		return NULL;
	/* Back to the start of the sentence: after ". ", or a blank line. */
	for (s = hit; s > text; s--) {
		if ((s[-1] == '.' || s[-1] == ':') && s < end &&
		    isspace((unsigned char)*s))
			break;
		if (s - text >= 2 && s[-1] == '\n' && s[-2] == '\n')
			break;
	}
	/* Forward to its end: a full stop, or a colon introducing a list. */
	for (e = hit; e < end; e++) {
		if (*e == '.' &&
		    (e + 1 == end || isspace((unsigned char)e[1]))) {
			e++;
			break;
		}
		if (*e == ':' && (e + 1 == end || e[1] == '\n')) {
			e++;
			break;
		}
		if (e + 1 < end && e[0] == '\n' && e[1] == '\n')
			break;
	}
	add_unwrapped(&out, s, e);
	/* "Examples of unacceptable behavior include:" wants its list. */
	if (e > s && e[-1] == ':') {
		const char *p = e, *next;

		while (p < end && (*p == '\n' || *p == ' '))
			p++;
		while (p < end && list_item(p, end)) {
			const char *item = p;

			/* An item runs to the next item or a blank line. */
			do {
				civil_line_len(p, end, &next);
				p = next;
			} while (p < end && *p != '\n' && !list_item(p, end));
			civil_buf_adds(&out, "\n");
			add_unwrapped(&out, item, p);
			while (p < end && *p == '\n')
				p++;
		}
	}
	return civil_buf_detach(&out);
}

civil_code_kind_t civil_code_get_kind(const civil_code_t *code)
{
	return code->kind;
}

const char *civil_code_get_path(const civil_code_t *code)
{
	return code->path;
}

const char *civil_code_get_blob_id(const civil_code_t *code)
{
	return code->blob_id;
}

const char *civil_code_get_text(const civil_code_t *code)
{
	return code->text;
}

const char *civil_code_get_contact(const civil_code_t *code)
{
	return code->contact;
}

civil_contact_source_t civil_code_get_contact_source(const civil_code_t *code)
{
	return code->contact_source;
}

const char *civil_code_get_contact_path(const civil_code_t *code)
{
	return code->contact_path;
}

const char *civil_code_get_contact_blob_id(const civil_code_t *code)
{
	return code->contact_blob_id;
}
