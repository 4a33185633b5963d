// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * civil-install - put civil where git, b4, notmuch and mail clients will
 * run it, keeping what the user had, and undo it.
 *
 *   civil-install --git [REPO]      sendemail-validate hook
 *   civil-install --notmuch         post-new hook in notmuch's hook dir
 *   civil-install --b4              b4 and git send-email send through
 *                                   civil-sendmail: every sendmailCmd and
 *                                   smtpServer, for every identity
 *   civil-install --sendmail        say how mutt, aerc, emacs use it
 *   ... --uninstall                 take it away again
 *   --notmuch --uninstall --purge   and what civil wrote in the database
 *
 * The settings it makes live in files of its own, included at the end of
 * the user's git config (install-settings.c); the hooks are in
 * install-hooks.c, the sendmail routes in install-b4.c.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install.h"
#include "options.h"

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-install [--git [REPO]] [--notmuch] [--b4] "
		   "[--sendmail] [--uninstall [--purge]]\n");
}

static int install_git_setting(const char *repo, bool uninstall)
{
	struct settings s;
	int rc = 1;

	if (settings_open(&s))
		goto done;
	repository_setting(&s, PIECE_GIT, repo, uninstall);
	rc = settings_save(&s) ? 1 : 0;
done:
	settings_close(&s);
	return rc;
}

/* aerc before 0.16 draws a failed send only at the next key, and no aerc
 * shows what its sendmail says (its stderr is /dev/null): a review held
 * for its tone would look sent.  So for those, aerc's line sends without
 * the tone check (issue 24 item 4). */
static bool aerc_hides_holds(void)
{
	const char *argv[] = { "aerc", "-v", NULL };
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = -1, major = 0, minor = 0;
	bool hides;

	hides = !civil_run_quiet(argv, NULL, NULL, 0, &out, &status, NULL) &&
		!status &&
		sscanf(civil_buf_str(&out), "aerc %d.%d", &major, &minor) ==
			2 &&
		major == 0 && minor < 16;
	civil_buf_release(&out);
	return hides;
}

int install_sendmail(bool uninstall)
{
	char *ours = our_program("civil-sendmail"), *real = NULL;
	const struct git_setting *e, *repo;
	struct settings s;
	int rc = 1;

	if (settings_open(&s))
		goto done;
	if (uninstall) {
		own_drop(&s.global, PIECE_SENDMAIL, "civil.sendmail");
		if (settings_save(&s))
			goto done;
		printf("%s: remove the lines naming %s from your mail client's "
		       "configuration\n",
		       cmd_name, ours);
		rc = 0;
		goto done;
	}
	e = settings_last(&s.l, "civil.sendmail", false);
	/* Pinned now, so mail keeps going where it goes today. */
	real = e && e->value ? strdup(e->value) : cmd_default_sendmail();
	if (!e || e->ours)
		own_set(&s.global, PIECE_SENDMAIL, "civil.sendmail", real);
	if (settings_save(&s))
		goto done;
	repo = settings_last(&s.l, "civil.repository", false);
	printf("civil-sendmail hands mail on to: %s (git config civil.sendmail)"
	       "\n\n"
	       "mutt / neomutt (~/.muttrc):\n"
	       "    set sendmail=\"%s -oem -oi\"\n\n"
	       "aerc (accounts.conf, in the account):\n",
	       real, ours);
	if (aerc_hides_holds())
		printf("    outgoing = env CIVIL_TONE=off %s\n"
		       "  (this aerc draws a failed send only at the next key "
		       "and never shows what its\n"
		       "  sendmail says, so a review held for its tone would "
		       "look sent: aerc's mail\n"
		       "  goes out without the tone check; aerc 0.16 and "
		       "later show the hold)\n\n",
		       ours);
	else
		printf("    outgoing = %s\n\n", ours);
	printf("emacs: message-mode, notmuch-emacs, gnus (init.el):\n"
	       "    (setq send-mail-function #'sendmail-send-it\n"
	       "          sendmail-program \"%s\")\n\n",
	       ours);
	/* emacs runs its sendmail from "/", mutt from where it started. */
	if (repo && repo->value)
		printf("Outside any tree, the code of '%s' applies (git config "
		       "civil.repository).\n",
		       repo->value);
	else
		printf("emacs runs it outside any tree, mutt and aerc where "
		       "they were started; to have\nyour tree's code apply "
		       "there, run civil-install --git in it, or:\n"
		       "    git config --global civil.repository "
		       "~/src/linux\n");
	printf("\nA heated review is held once: the client says the send "
	       "failed, with civil's\nreason (aerc: civil-sendmail --held "
	       "says it); sent again within %d minutes, it\ngoes out.\n",
	       CIVIL_HOLD_SECONDS / 60);
	rc = 0;
done:
	settings_close(&s);
	free(ours);
	free(real);
	return rc;
}

/* The keys piece p set in o, ", "-separated, into out. */
static void piece_keys(const struct own *o, const char *piece,
		       struct civil_buf *out)
{
	size_t n = strlen(piece);

	for (size_t i = 0; i < o->n_records; i++)
		if (!strncmp(o->records[i], piece, n) &&
		    o->records[i][n] == ' ')
			civil_buf_addf(out, "%s%s", out->len ? ", " : "",
				       o->records[i] + n + 1);
}

/* --uninstall with no piece named: what is installed here, and the
 * command that takes it away.  0 when nothing is; 2 (nothing done, as a
 * usage error) when something is. */
static int say_installed(void)
{
	static const char *const names[] = { "git", "b4", "sendmail" };
	struct civil_buf cmdline = CIVIL_BUF_INIT;
	char *hook = hook_installed_git("."), *nm = hook_installed_notmuch();
	struct settings s;
	bool opened = !settings_open(&s);
	int found = 0;

	for (size_t k = 0; k < G_N_ELEMENTS(names); k++) {
		struct civil_buf keys = CIVIL_BUF_INIT, where = CIVIL_BUF_INIT;
		const struct own *owns[] = { opened ? &s.global : NULL,
					     opened && s.has_repo ? &s.repo
								  : NULL };

		if (!strcmp(names[k], "git") && hook)
			civil_buf_addf(&where,
				       "the sendemail-validate hook in "
				       "'%s'",
				       hook);
		for (size_t i = 0; i < G_N_ELEMENTS(owns); i++) {
			char *shown;

			if (!owns[i])
				continue;
			civil_buf_reset(&keys);
			piece_keys(owns[i], names[k], &keys);
			if (!keys.len)
				continue;
			shown = home_short(owns[i]->path);
			civil_buf_addf(&where, "%s%s in '%s'",
				       where.len ? "; " : "", keys.buf, shown);
			free(shown);
		}
		if (where.len) {
			printf("%s: --%s is installed: %s\n", cmd_name,
			       names[k], where.buf);
			civil_buf_addf(&cmdline, " --%s", names[k]);
			found++;
		}
		civil_buf_release(&keys);
		civil_buf_release(&where);
	}
	if (nm) {
		printf("%s: --notmuch is installed: the post-new hook in "
		       "'%s'\n",
		       cmd_name, nm);
		civil_buf_adds(&cmdline, " --notmuch");
		found++;
	}
	if (found)
		printf("%s: to take %s away: civil-install --uninstall%s (and "
		       "--git in each other tree it was run in)\n",
		       cmd_name, found > 1 ? "them" : "it", cmdline.buf);
	else
		printf("%s: nothing of civil's is installed here (a --git "
		       "hook is in the tree it was run in)\n",
		       cmd_name);
	if (opened)
		settings_close(&s);
	free(hook);
	free(nm);
	civil_buf_release(&cmdline);
	return found ? 2 : 0;
}

int main(int argc, char **argv)
{
	/* First: what parses the options below says it. */
	cmd_name = "civil-install";

	bool git = false, notmuch = false, b4 = false, sendmail = false;
	bool uninstall = false, purge = false;
	const cmd_option_t opts[] = {
		{ "git", bool_argument, .out = &git,
		  .help = "the sendemail-validate hook in REPO (else here)" },
		{ "notmuch", bool_argument, .out = &notmuch,
		  .help = "notmuch's post-new hook: new mail is scored" },
		{ "b4", bool_argument, .out = &b4,
		  .help = "civil-sendmail before b4's and git's sendmail" },
		{ "sendmail", bool_argument, .out = &sendmail,
		  .help = "the lines for mutt, neomutt, aerc and emacs" },
		{ "uninstall", bool_argument, .out = &uninstall,
		  .help = "with the above: put back what was there" },
		{ "purge", bool_argument, .out = &purge,
		  .help = "with --uninstall: civil's tags and properties "
			  "too" },
		{ NULL },
	};
	int argi, rc = cmd_options_parse(argc, argv, opts, 0, usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 0;
	if (uninstall && !git && !notmuch && !b4 && !sendmail && !purge &&
	    argi == argc) {
		cmd_start();
		rc = say_installed();
		civil_shutdown();
		return rc;
	}
	if ((!git && !notmuch && !b4 && !sendmail) || argc - argi > 1 ||
	    (!git && argi < argc) || (purge && !(notmuch && uninstall))) {
		usage(stderr);
		return 2;
	}
	cmd_start();
	if (git) {
		const char *repo = argi < argc ? argv[argi] : ".";

		rc |= install_git(repo, uninstall);
		if (!rc)
			rc |= install_git_setting(repo, uninstall);
	}
	if (notmuch)
		rc |= install_notmuch(uninstall, purge);
	if (b4)
		rc |= install_b4(uninstall);
	if (sendmail)
		rc |= install_sendmail(uninstall);
	civil_shutdown();
	return rc;
}
