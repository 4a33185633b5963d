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

const char *cmd_name = "civil-install";

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-install [--git [REPO]] [--notmuch] [--b4] "
		   "[--sendmail] [--uninstall [--purge]]\n");
}

/* Are a and b (paths, ~/ allowed) the same directory? */
static bool same_dir(const char *a, const char *b)
{
	const char *home = getenv("HOME");
	char *fa = !strncmp(a, "~/", 2) && home
			   ? g_strdup_printf("%s%s", home, a + 1)
			   : g_strdup(a);
	char *ra = realpath(fa, NULL), *rb = realpath(b, NULL);
	bool same = ra && rb ? !strcmp(ra, rb) : !strcmp(fa, b);

	g_free(fa);
	free(ra);
	free(rb);
	return same;
}

int repository_setting(struct settings *s, enum piece p, const char *dir,
		       bool uninstall)
{
	const struct git_setting *user =
		settings_last(&s->l, "civil.repository", true);
	const char *ours = own_get(&s->global, "civil.repository");
	char *top = repo_top(dir), *shown;

	if (!top)
		return 0;
	if (uninstall) {
		if (ours && same_dir(ours, top))
			own_drop(&s->global, p, "civil.repository");
	} else if (!user && !ours) {
		own_set(&s->global, p, "civil.repository", top);
		shown = home_short(s->global.path);
		printf("%s: outside any tree, mail names the code of '%s' "
		       "(civil.repository, in '%s')\n",
		       cmd_name, top, shown);
		free(shown);
	} else if (!user && same_dir(ours, top)) {
		own_set(&s->global, p, "civil.repository", ours);
	}
	free(top);
	return 0;
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
	       "aerc (accounts.conf, in the account):\n"
	       "    outgoing = %s\n\n"
	       "emacs: message-mode, notmuch-emacs, gnus (init.el):\n"
	       "    (setq send-mail-function #'sendmail-send-it\n"
	       "          sendmail-program \"%s\")\n\n",
	       real, ours, ours, ours);
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

int main(int argc, char **argv)
{
	bool git = false, notmuch = false, b4 = false, sendmail = false;
	bool uninstall = false, purge = false;
	const cmd_option_t opts[] = {
		{ "git", bool_argument, .out = &git },
		{ "notmuch", bool_argument, .out = &notmuch },
		{ "b4", bool_argument, .out = &b4 },
		{ "sendmail", bool_argument, .out = &sendmail },
		{ "uninstall", bool_argument, .out = &uninstall },
		{ "purge", bool_argument, .out = &purge },
		{ NULL },
	};
	int argi, rc = cmd_options_parse(argc, argv, opts, 0, usage, &argi);

	if (rc >= 0)
		return rc;
	rc = 0;
	if ((!git && !notmuch && !b4 && !sendmail) || argc - argi > 1 ||
	    (!git && argi < argc) || (purge && !(notmuch && uninstall))) {
		usage(stderr);
		return 2;
	}
	civil_init();
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
