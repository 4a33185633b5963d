// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * b4.c - the b4.review-reply-template civil writes, and keeping it true.
 *
 * b4 0.16's b4.review-reply-template wraps every reply sent from its review
 * TUI.  Those replies are patatt-signed, so nothing may change them on the
 * way out: the reminder has to be in the text before b4 signs it.  It goes
 * after the signature delimiter, as civil-remind puts it, so that replies
 * don't quote it; with a delimiter present b4 appends no signature of its
 * own, so the template names ${signature} itself.
 *
 * The reminder names the code's contact, which changes with the tree's
 * HEAD and with civil.contact.  b4 reads the template each time it writes
 * a reply, and every such reply goes out through civil-sendmail, which
 * writes the template anew whenever its reminder is not the one that
 * applies (and holds a reply already written with the old one).
 */
#include <stdlib.h>
#include <string.h>

#include "civil.h"
#include "internal.h"

/* Only a file that starts with this is civil's to rewrite. */
#define B4_TEMPLATE_MARK "# civil: b4 wraps each reply"

#define B4_TEMPLATE_HEAD                                                       \
	B4_TEMPLATE_MARK " from its review TUI in this template (b4 0.16+).\n" \
			 "# Written by civil-install --b4 and kept up to "     \
			 "date with the code's "                               \
			 "contact\n"                                           \
			 "# by civil-sendmail; civil-install --b4 "            \
			 "--uninstall removes it.\n"                           \
			 "${reply}\n"                                          \
			 "\n"                                                  \
			 "-- \n"                                               \
			 "${signature}\n"

char *civil_b4_reply_template(const char *reminder)
{
	struct civil_buf b = CIVIL_BUF_INIT;

	civil_buf_adds(&b, B4_TEMPLATE_HEAD);
	/* b4 fills the template with Python's string.Template: "$$" is a
	 * dollar sign, and a line starting with '#' is dropped. */
	for (const char *p = reminder; *p; p++) {
		if (*p == '$')
			civil_buf_addch(&b, '$');
		if (*p == '#' && (p == reminder || p[-1] == '\n'))
			civil_buf_addch(&b, ' ');
		civil_buf_addch(&b, *p);
	}
	civil_buf_addch(&b, '\n');
	return civil_buf_detach(&b);
}

civil_status_t civil_b4_template_path(const civil_repo_t *repo,
				      const char *user_dir,
				      struct civil_buf *out, civil_error_t *err)
{
	civil_buf_reset(out);
	if (repo) {
		civil_buf_adds(out, civil_repo_get_common_dir(repo));
		while (out->len > 1 && out->buf[out->len - 1] == '/')
			out->buf[--out->len] = '\0';
		civil_buf_adds(out, "/civil-b4-review-reply-template");
		return CIVIL_STATUS_SUCCESS;
	}
	if (!user_dir)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "no HOME for b4's review template");
	civil_buf_addf(out, "%s/b4-review-reply-template", user_dir);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_b4_template_refresh(const char *path, const char *reminder,
					 bool *ours, bool *changed,
					 civil_error_t *err)
{
	struct civil_buf cur = CIVIL_BUF_INIT;
	char *full = civil_home_path(civil_xstrdup(path));
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	char *want = NULL;

	*ours = *changed = false;
	/* Not there, or not ours: nothing civil may touch. */
	if (civil_file_read(full, &cur, NULL) ||
	    strncmp(cur.buf ? cur.buf : "", B4_TEMPLATE_MARK,
		    strlen(B4_TEMPLATE_MARK)))
		goto done;
	*ours = true;
	want = civil_b4_reply_template(reminder);
	if (cur.len == strlen(want) && !memcmp(cur.buf, want, cur.len))
		goto done;
	st = civil_file_replace(full, want, strlen(want), err);
	*changed = !st;
done:
	civil_buf_release(&cur);
	free(want);
	free(full);
	return st;
}
