// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * escalate-thread - one step from a heated thread to a private draft to
 * the board (or whoever the project's code names), with the thread's
 * context in it.  It never sends anything.
 *
 *   escalate-thread [--notmuch | --output FILE [--force] | --stdout]
 *                   [--edit] [--explain] [--message ID]...
 *                   [--only-selected | --all] THREAD | --mbox FILE|-
 *
 * THREAD: a notmuch query naming one thread (thread:..., id:...), a
 * Message-ID, or a lore URL.  The reader's verdicts count on every route:
 * tags and civil.reader in the notmuch database (for an mbox, on the
 * messages the database holds), and what their corrections taught the
 * scorer (the learned file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "options.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: escalate-thread [--notmuch | --output FILE [--force] | "
		"--stdout]\n"
		"                       [--edit] [--explain] [--message ID]...\n"
		"                       [--only-selected | --all] THREAD | "
		"--mbox FILE|-\n");
}

enum dest { DEST_DEFAULT, DEST_NOTMUCH, DEST_FILE, DEST_STDOUT };

/* Let the reporter write their part before the draft is stored. */
static int edit(struct civil_buf *draft)
{
	const char *editor = getenv("VISUAL");
	struct civil_buf path = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *tmp = getenv("TMPDIR");
	int fd, status = 0, rc = -1;

	if (!editor || !*editor)
		editor = getenv("EDITOR");
	if (!editor || !*editor)
		editor = "vi";
	civil_buf_addf(&path, "%s/escalation-XXXXXX.eml",
		       tmp && *tmp ? tmp : "/tmp");
	fd = mkstemps(path.buf, 4);
	if (fd < 0 ||
	    civil_fd_write(fd, path.buf, draft->buf, draft->len, &err)) {
		cmd_warn("can't write '%s' for editing", path.buf);
		goto done;
	}
	close(fd);
	fd = -1;
	{
		/* As git runs core.editor: the user's own setting, through
		 * the shell (it may carry options), the file as an
		 * argument, never pasted into the command. */
		const char *run[] = {
			"sh", "-c",	"exec $CIVIL_EDITOR \"$1\"",
			"sh", path.buf, NULL
		};

		setenv("CIVIL_EDITOR", editor, 1);
		if (civil_run(run, NULL, NULL, 0, NULL, &status, &err) ||
		    status) {
			if (err.message)
				cmd_warn_error(&err);
			else
				cmd_warn("editor '%s' failed (status %d); "
					 "nothing saved",
					 editor, status);
			goto done;
		}
	}
	civil_buf_reset(draft);
	if (civil_file_read(path.buf, draft, &err)) {
		cmd_warn_error(&err);
		goto done;
	}
	rc = 0;
done:
	if (fd >= 0)
		close(fd);
	unlink(path.buf);
	civil_buf_release(&path);
	return rc;
}

static int save_notmuch(const struct civil_buf *draft, const char *contact)
{
	const char *insert[] = { "notmuch",	    "insert", "--folder=drafts",
				 "--create-folder", "+draft", "-unread",
				 "-inbox",	    "-new",   NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf file = CIVIL_BUF_INIT;
	civil_message_t *msg = NULL;
	const char *id;
	char *query = NULL;
	int status = 0, rc = 1;

	if (civil_message_parse(draft->buf, draft->len, "draft", &msg, &err)) {
		cmd_warn_error(&err);
		return 1;
	}
	id = civil_message_id(msg);
	if (civil_run(insert, NULL, draft->buf, draft->len, NULL, &status,
		      &err) ||
	    status) {
		if (err.message)
			cmd_warn_error(&err);
		else
			cmd_warn("notmuch insert failed (status %d); nothing "
				 "saved: try --output FILE",
				 status);
		goto done;
	}
	{
		const char *search[] = {
			"notmuch",	   "search", "--output=files",
			"--exclude=false", NULL,     NULL
		};

		query = civil_id_query(id);
		search[4] = query;
		civil_run(search, NULL, NULL, 0, &file, &status, NULL);
		while (file.len && file.buf[file.len - 1] == '\n')
			file.buf[--file.len] = '\0';
	}
	printf("escalate-thread: a draft to <%s> is in notmuch (folder "
	       "drafts, tag draft):\n"
	       "  id:%s\n"
	       "  %s\n"
	       "Nothing was sent.  Add your own words, then send it:\n"
	       "  notmuch-emacs:  search tag:draft, open it, and resume with "
	       "'e'\n"
	       "  mutt:           mutt -H %s\n"
	       "  git send-email: git send-email --suppress-cc=all %s\n",
	       contact, id ? id : "?", civil_buf_str(&file),
	       civil_buf_str(&file), civil_buf_str(&file));
	rc = 0;
done:
	civil_message_free(msg);
	free(query);
	civil_buf_release(&file);
	return rc;
}

/* An mbox's messages take the verdicts the notmuch database holds. */
static void verdicts(civil_t *civ, civil_thread_t *thread, bool explain)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	size_t found = 0, n = civil_thread_get_count(thread);

	if (civil_thread_read_verdicts(civ, thread, &found, &err)) {
		cmd_warn("%s; the draft goes by civil's scores alone",
			 err.message ? err.message : "can't read the database");
		civil_error_clear(&err);
		return;
	}
	if (explain && found < n)
		cmd_warn("%zu of %zu messages are not in your notmuch "
			 "database: civil's score alone decides for them",
			 n - found, n);
}

/* A message whose file is gone: the reporter hears it before the draft
 * leaves it out, not after. */
static int say_missing(const civil_thread_item_t *m, void *arg)
{
	if (m->missing)
		cmd_warn("id:%s: its file is missing; the draft links to it "
			 "but can't quote or attach it",
			 m->id);
	return 0;
}

/* Nothing heated and nothing picked: the draft quotes no passage, and
 * the reporter hears how to name the messages that concern them. */
static void say_no_passage(const civil_thread_t *thread,
			   const civil_draft_opts_t *o)
{
	size_t concern = 1, attached = 0;

	if (civil_draft_count(thread, o, &concern, &attached, NULL) || concern)
		return;
	cmd_warn("no message of the thread is heated or picked: the draft "
		 "quotes none and attaches %zu of its %zu (the first and the "
		 "last); to quote the ones that concern you, name them: "
		 "--message ID (again for each)",
		 attached, civil_thread_get_count(thread));
}

/* --explain: for the reporter, not for the board. */
static int say_why(const civil_thread_t *thread, const civil_draft_opts_t *o,
		   FILE *f)
{
	struct civil_buf why = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;

	if (civil_draft_explain(thread, o, &why, &err)) {
		cmd_warn_error(&err);
		return -1;
	}
	fputs(civil_buf_str(&why), f);
	civil_buf_release(&why);
	return 0;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "escalate-thread";

	const char *output = NULL, *mbox = NULL;
	bool force = false, editing = false, only = false, stdout_ = false;
	bool notmuch = false, all = false, explain = false;
	cmd_list_t messages = { NULL, 0 };
	const cmd_option_t opts[] = {
		{ "output", string_argument, .letter = 'o', .out = &output,
		  .value = "FILE",
		  .help = "write the draft to FILE, mode 0600" },
		{ "stdout", bool_argument, .letter = 's', .out = &stdout_,
		  .help = "print the draft" },
		{ "notmuch", bool_argument, .out = &notmuch,
		  .help = "store it in notmuch's drafts (the default)" },
		{ "force", bool_argument, .out = &force,
		  .help = "with --output, replace a FILE that is there" },
		{ "edit", bool_argument, .out = &editing,
		  .help = "open $VISUAL or $EDITOR on the draft first" },
		{ "message", list_argument, .out = &messages, .value = "ID",
		  .help = "quote this one, and no unpicked one "
			  "(repeatable)" },
		{ "only-selected", bool_argument, .out = &only,
		  .help = "attach only the messages picked with --message" },
		{ "all", bool_argument, .out = &all,
		  .help = "attach every message of the thread" },
		{ "explain", bool_argument, .letter = 'e', .out = &explain,
		  .help = "tell you why each message is in or out" },
		{ "mbox", string_argument, .out = &mbox, .value = "FILE",
		  .help = "the thread from an mbox (-: standard input)" },
		{ NULL },
	};
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf warnings = CIVIL_BUF_INIT, draft = CIVIL_BUF_INIT;
	struct civil_buf input = CIVIL_BUF_INIT;
	char **picked = NULL;
	size_t n_picked = 0;
	bool have_nm;
	enum dest dest = DEST_DEFAULT;
	civil_draft_opts_t o = CIVIL_DRAFT_OPTS_INIT;
	civil_thread_t *thread = NULL;
	civil_heat_t *heat = NULL;
	const civil_nm_config_t *nm;
	const civil_config_t *cfg;
	const civil_code_t *code;
	civil_t *civ = NULL;
	char *query = NULL, *learned = NULL;
	size_t skipped = 0;
	int argi, rc = cmd_options_parse(argc, argv, opts, 0, usage, &argi);

	if (rc >= 0)
		goto args;
	rc = 1;
	/* --output, --stdout, --notmuch: one of them, or none (notmuch
	 * when there is a database). */
	if (output)
		dest = DEST_FILE;
	else if (stdout_)
		dest = DEST_STDOUT;
	else if (notmuch)
		dest = DEST_NOTMUCH;
	if (!!output + stdout_ + notmuch > 1) {
		cmd_warn("--output, --stdout and --notmuch are one or the "
			 "other: where the draft goes");
		usage(stderr);
		rc = 2;
		goto args;
	}
	picked = calloc(messages.n + 1, sizeof(*picked));
	if (!picked)
		abort();
	for (; n_picked < messages.n; n_picked++)
		picked[n_picked] = civil_bare_id(messages.v[n_picked]);
	if ((mbox ? argi != argc : argi != argc - 1) || (only && !n_picked) ||
	    (only && all)) {
		usage(stderr);
		rc = 2;
		goto args;
	}

	cmd_start();
	civ = cmd_open(CMD_OPEN_GIT | CMD_OPEN_NOTMUCH, &warnings);
	if (warnings.len)
		fprintf(stderr, "%s: %s", cmd_name, warnings.buf);
	if (!civ)
		goto out;
	cfg = civil_get_settings(civ);
	code = civil_get_code(civ);
	/* A bad [civil] setting is said; the draft is made all the same. */
	have_nm = civil_get_notmuch_settings(civ, &nm, &err) !=
		  CIVIL_STATUS_NOT_FOUND;
	/* (A git setting the scan shares is said once, above.) */
	if (err.status == CIVIL_STATUS_CONFIG_ERROR &&
	    (!civil_config_get_problem(cfg) ||
	     strcmp(err.message, civil_config_get_problem(cfg))))
		cmd_warn_error(&err);
	civil_error_clear(&err);
	if (civil_get_heat(civ, &heat, &err)) {
		cmd_warn_error(&err); /* the draft works without scores */
	} else if (cmd_open_learned(heat, &learned)) {
		/* Said; civil's own weights then, as civil-heated does. */
		civil_drop_heat(civ);
		heat = NULL;
		if (civil_get_heat(civ, &heat, &err))
			cmd_warn_error(&err);
	}

	if (mbox) {
		if (civil_file_read(mbox, &input, &err) ||
		    civil_thread_from_mbox(input.buf, input.len,
					   strcmp(mbox, "-") ? mbox : "<stdin>",
					   heat, &thread, &skipped, &err)) {
			cmd_warn_error(&err);
			goto out;
		}
		if (skipped)
			cmd_warn("%zu messages of '%s' are not mail; the draft "
				 "goes on without them",
				 skipped, mbox);
		/* The reader's tags and verdicts, where the database holds
		 * the messages; civil's score alone for the rest. */
		if (have_nm)
			verdicts(civ, thread, explain);
	} else {
		query = civil_thread_query(argv[argi]);
		if (!query) {
			cmd_warn("no Message-ID in '%s'", argv[argi]);
			goto out;
		}
		if (!have_nm) {
			cmd_warn("no notmuch database to find '%s' in; use "
				 "--mbox FILE",
				 argv[argi]);
			goto out;
		}
		if (civil_thread_from_db(civ, query, &thread, &err)) {
			cmd_warn_error(&err);
			goto out;
		}
	}
	civil_thread_foreach(thread, say_missing, NULL, NULL);

	if (dest == DEST_DEFAULT) {
		if (!have_nm) {
			cmd_warn("no notmuch database for the draft; use "
				 "--output FILE or --stdout");
			goto out;
		}
		dest = DEST_NOTMUCH;
	}
	o.code = code;
	o.notmuch_draft = dest == DEST_NOTMUCH;
	o.from_name = civil_config_get_user_name(cfg)
			      ? civil_config_get_user_name(cfg)
			      : civil_nm_config_get_user_name(nm);
	o.from_email = civil_config_get_user_email(cfg)
			       ? civil_config_get_user_email(cfg)
			       : civil_nm_config_get_primary_email(nm);
	o.archive = civil_nm_config_get_archive(nm);
	o.picked = n_picked ? (const char *const *)picked : NULL;
	o.only_picked = only;
	o.attach_all = all;
	o.threshold = civil_nm_config_get_threshold(nm);
	if (civil_draft_build(thread, &o, &draft, &err)) {
		cmd_warn_error(&err);
		goto out;
	}
	if (explain && say_why(thread, &o, dest == DEST_STDOUT ? stderr : stdout))
		goto out;
	say_no_passage(thread, &o);
	if (editing && edit(&draft))
		goto out;

	switch (dest) {
	case DEST_STDOUT:
		rc = civil_fd_write(1, "<stdout>", draft.buf, draft.len, &err)
			     ? 1
			     : 0;
		break;
	case DEST_FILE:
		if (civil_file_create(output, draft.buf, draft.len, 0600, force,
				      &err)) {
			cmd_warn("%s%s", err.message,
				 force ? "" : " (--force replaces it)");
			civil_error_clear(&err);
			break;
		}
		printf("escalate-thread: a draft to <%s> is in %s; nothing was "
		       "sent.\n  Send it when ready: git send-email "
		       "--suppress-cc=all %s, or mutt -H %s\n",
		       civil_code_get_contact(code), output, output, output);
		rc = 0;
		break;
	default:
		rc = save_notmuch(&draft, civil_code_get_contact(code));
		break;
	}
	if (err.message)
		cmd_warn_error(&err);
out:
	free(query);
	free(learned);
	civil_thread_free(thread);
	civil_close(civ);
	civil_buf_release(&warnings);
	civil_buf_release(&draft);
	civil_buf_release(&input);
	civil_shutdown();
args:
	for (size_t i = 0; i < n_picked; i++)
		free(picked[i]);
	free(picked);
	free(messages.v);
	return rc;
}
