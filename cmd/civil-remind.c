// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-remind - add the code's reminder to an outgoing review.
 *
 *   civil-remind [-n] FILE [HEADERS]   rewrite FILE in place (the
 *                                      sendemail-validate hook)
 *   civil-remind [-n] -                stdin to stdout
 *
 * It runs inside git send-email, so it must never stop a send by
 * accident: every failure is one warning and exit status 0.  It refuses
 * (exit 1) what was configured to be refused, civil.tone=reject and
 * heated words; a civil setting it can't read (a typo in civil.tone
 * must never send what reject would refuse); and an escalation draft
 * whose placeholder is still there, unwritten.  Each is the user's to
 * decide or finish, and git send-email sends nothing then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "options.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-remind [--dry-run] FILE [HEADERS]\n"
		   "       civil-remind [--dry-run] -\n");
}

static void read_envelope(civil_message_t *msg, const char *path)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (civil_file_read(path, &b, &err) ||
	    civil_message_add_envelope(msg, b.buf, b.len, &err))
		cmd_warn_error(&err);
	civil_buf_release(&b);
}

static const char *contact_origin(const civil_code_t *code, bool named_gone)
{
	switch (civil_code_get_contact_source(code)) {
	case CIVIL_CONTACT_FILE:
		return civil_code_get_contact_path(code);
	case CIVIL_CONTACT_CONFIG:
		return "git config civil.contact";
	case CIVIL_CONTACT_BUILTIN:
		return named_gone
			       ? "civil's built-in fallback: civil.repository "
				 "names no tree civil can open"
			       : "civil's built-in fallback: no code file "
				 "here, and no civil.repository";
	case CIVIL_CONTACT_NONE:
		break;
	}
	return "nowhere";
}

static void say_dry_run(const char *name, const civil_code_t *code,
			bool named_gone, const civil_remind_result_t *r,
			bool unfinished)
{
	if (civil_code_get_kind(code) == CIVIL_CODE_BUILTIN)
		printf("code: %s (built-in: the kernel's 2015 %s)\n",
		       civil_code_get_path(code),
		       civil_code_kind_name(civil_code_get_kind(code)));
	else
		printf("code: %s (%s, blob %s)\n", civil_code_get_path(code),
		       civil_code_kind_name(civil_code_get_kind(code)),
		       civil_code_get_blob_id(code));
	printf("contact: %s (from %s)\n",
	       civil_code_get_contact(code) ? civil_code_get_contact(code)
					    : "none",
	       contact_origin(code, named_gone));
	if (unfinished)
		printf("%s: would not be sent: %s\n", name, CMD_UNFINISHED);
	else if (r->action == CIVIL_REMIND_ADDED)
		printf("%s: %s: would add the reminder\n", name,
		       civil_kind_name(r->kind));
	else
		printf("%s: %s: left unchanged (%s)\n", name,
		       civil_kind_name(r->kind), r->why);
}

/* Everything after reading the input: decide, edit, write.  The bytes to
 * pass on in filter mode come back through *out_data.  Returns 1 when the
 * message must not go (the refusals above). */
static int remind(const char *path, const char *headers, bool dry_run,
		  const struct civil_buf *in, const char **out_data,
		  size_t *out_len, civil_outgoing_t *og)
{
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf warnings = CIVIL_BUF_INIT;
	civil_message_t *msg = NULL;
	civil_t *c = NULL;
	bool unfinished;
	int rc = 0;

	*out_data = civil_buf_str(in);
	*out_len = in->len;
	if (civil_message_parse(in->buf, in->len, name, &msg, &err)) {
		cmd_warn("%s; left unchanged", err.message);
		civil_error_clear(&err);
		return 0;
	}
	if (headers)
		read_envelope(msg, headers);
	/* Before anything is read: the sender has not written it yet. */
	unfinished = civil_outgoing_unfinished(msg);
	if (unfinished && !dry_run) {
		cmd_warn("not sending '%s': %s", name, CMD_UNFINISHED);
		civil_message_free(msg);
		return 1;
	}
	/* A patch is never changed, whatever the settings: don't even look
	 * at the repository (the hook runs once per patch of a series). */
	if (civil_message_kind(msg) == CIVIL_KIND_PATCH && !dry_run) {
		civil_message_free(msg);
		return 0;
	}

	c = cmd_open(CMD_OPEN_GIT, &warnings);
	if (warnings.len)
		fprintf(stderr, "%s: %s", cmd_name, warnings.buf);
	if (!c)
		goto done;
	/* A setting civil can't read is the user's to fix, not an internal
	 * error to send past: civil.tone=rejct must not send what reject
	 * would refuse.  Said above; the send stops, nothing is lost. */
	if (civil_config_get_problem(civil_get_settings(c)) && !dry_run) {
		cmd_warn("not sending '%s': civil does not guess what a "
			 "setting it can't read means; fix it, or send "
			 "without civil: git send-email --no-validate ...",
			 name);
		rc = 1;
		goto done;
	}
	if (civil_outgoing_prepare(c, msg, og, &err)) {
		cmd_warn("%s; '%s' left unchanged", err.message, name);
		civil_error_clear(&err);
		goto done;
	}
	if (dry_run) {
		say_dry_run(
			name, civil_get_code(c),
			civil_config_get_repository(civil_get_settings(c)) &&
				!civil_get_repository(c),
			&og->remind, unfinished);
		goto done;
	}
	if (og->tone_heated) {
		cmd_warn_tone(&og->tone);
		if (civil_config_get_tone(civil_get_settings(c)) ==
		    CIVIL_TONE_REJECT) {
			cmd_warn("not sending '%s': civil.tone is 'reject'; to "
				 "send it anyway: CIVIL_TONE=off git "
				 "send-email ...",
				 name);
			rc = 1;
			goto done;
		}
	}
	/* Checked, and let go: civil-sendmail behind this git send-email
	 * must not check, warn or hold the same words again. */
	if (og->tone_checked)
		cmd_checked_note(msg);
	if (og->remind.action == CIVIL_REMIND_SIGNED)
		cmd_warn("'%s' is %s; left unchanged, a signature must not "
			 "break",
			 name, og->remind.why);
	else if (og->remind.action == CIVIL_REMIND_NO_TEXT ||
		 og->remind.action == CIVIL_REMIND_CANT_EDIT)
		cmd_warn("'%s': %s; left unchanged", name, og->remind.why);
	if (og->remind.action != CIVIL_REMIND_ADDED)
		goto done;

	if (!strcmp(path, "-")) {
		*out_data = og->out.buf;
		*out_len = og->out.len;
	} else if (civil_file_update(path, in->buf, in->len, og->out.buf,
				     og->out.len, &err)) {
		cmd_warn("%s; sent without the reminder", err.message);
		civil_error_clear(&err);
	}
done:
	civil_close(c);
	civil_buf_release(&warnings);
	civil_message_free(msg);
	return rc;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "civil-remind";

	bool dry_run = false;
	const cmd_option_t opts[] = {
		{ "dry-run", bool_argument, .letter = 'n', .out = &dry_run,
		  .help = "show the code, contact and what would be done" },
		{ NULL },
	};
	struct civil_buf in = CIVIL_BUF_INIT;
	civil_outgoing_t og = CIVIL_OUTGOING_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *path, *headers, *data;
	size_t len;
	int argi, rc = cmd_options_parse(argc, argv, opts, CMD_OPTIONS_IN_ORDER,
					 usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 0;
	if (argi >= argc) {
		usage(stderr);
		return 2;
	}
	path = argv[argi];
	headers = argi + 1 < argc ? argv[argi + 1] : NULL;

	cmd_start();
	if (civil_file_read(path, &in, &err) && dry_run) {
		/* Nothing is sent: there is only nothing to show. */
		cmd_warn_error(&err);
		rc = 1;
	} else if (err.message) {
		cmd_warn("%s; sent without the reminder", err.message);
		civil_error_clear(&err);
		/* In filter mode, pass on whatever did arrive. */
		data = civil_buf_str(&in);
		len = in.len;
	} else {
		rc = remind(path, headers, dry_run, &in, &data, &len, &og);
	}
	if (!strcmp(path, "-") && !dry_run && !rc &&
	    civil_fd_write(1, "<stdout>", data, len, &err)) {
		cmd_warn_error(&err);
		rc = 1; /* a filter that lost its output must say so */
	}
	civil_buf_release(&in);
	civil_outgoing_release(&og);
	civil_shutdown();
	return rc;
}
