// SPDX-License-Identifier: GPL-2.0-only
/*
 * civil-install - put civil's hooks where git (and later notmuch, b4 and
 * mail clients) will run them, keeping what the user had, and undo it.
 *
 *   civil-install --git [REPO]      sendemail-validate hook
 *   civil-install --notmuch         post-new hook in notmuch's hook dir
 *   ... --uninstall                 put back what was there
 *
 * A hook that was already there is renamed NAME.civil-chained and run
 * first by civil's shim; uninstall puts it back under its own name.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"

const char *cmd_name = "civil-install";

#define CHAINED_SUFFIX ".civil-chained"
/* Every shim civil installs says this on its second line. */
#define SHIM_MARK "# civil: "

static void usage(FILE *f)
{
	fprintf(f, "Usage: civil-install [--git] [--notmuch] [--uninstall] "
		   "[REPO]\n");
}

/* The hooks directory git uses for repo: core.hooksPath honoured. */
static int git_hooks_dir(const char *repo, struct civil_buf *dir)
{
	const char *argv[] = { "git",	     "-C",    repo, "rev-parse",
			       "--git-path", "hooks", NULL };
	civil_error_t err = CIVIL_ERROR_INIT;
	struct civil_buf out = CIVIL_BUF_INIT;
	int status = 0;

	if (civil_run(argv, NULL, NULL, 0, &out, &status, &err)) {
		cmd_warn_error(&err);
		civil_buf_release(&out);
		return -1;
	}
	while (out.len && out.buf[out.len - 1] == '\n')
		out.buf[--out.len] = '\0';
	if (status || !out.len) {
		cmd_warn("'%s' is not a git repository", repo);
		civil_buf_release(&out);
		return -1;
	}
	civil_buf_reset(dir);
	if (out.buf[0] != '/')
		civil_buf_addf(dir, "%s/", repo);
	civil_buf_add(dir, out.buf, out.len);
	civil_buf_release(&out);
	return 0;
}

static bool is_civil_shim(const char *path)
{
	struct civil_buf b = CIVIL_BUF_INIT;
	struct stat sb;
	bool ours;

	if (lstat(path, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    civil_file_read(path, &b, NULL))
		return false;
	ours = strstr(civil_buf_str(&b), "\n" SHIM_MARK) != NULL;
	civil_buf_release(&b);
	return ours;
}

/* The shim from share/civil/hooks/NAME, pointed at our own bindir. */
static int shim_text(const char *name, struct civil_buf *out)
{
	struct civil_buf rel = CIVIL_BUF_INIT, path = CIVIL_BUF_INIT;
	struct civil_buf tmpl = CIVIL_BUF_INIT, bindir = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *p, *at;
	int rc = -1;

	civil_buf_addf(&rel, "hooks/%s", name);
	if (civil_data_path(rel.buf, &path, &err) ||
	    civil_file_read(path.buf, &tmpl, &err) ||
	    civil_self_bindir(&bindir, &err)) {
		cmd_warn_error(&err);
		goto done;
	}
	civil_buf_reset(out);
	for (p = tmpl.buf; (at = strstr(p, "@CIVIL_BINDIR@")); p = at + 14) {
		civil_buf_add(out, p, (size_t)(at - p));
		civil_buf_add(out, bindir.buf, bindir.len);
	}
	civil_buf_adds(out, p);
	rc = 0;
done:
	civil_buf_release(&rel);
	civil_buf_release(&path);
	civil_buf_release(&tmpl);
	civil_buf_release(&bindir);
	return rc;
}

static int mkdir_p(const char *dir)
{
	char *d = strdup(dir);

	for (char *p = d + 1; p && *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0777) < 0 && errno != EEXIST)
			break;
		*p = '/';
	}
	free(d);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		cmd_warn("can't create '%s': %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int install_hook(const char *dir, const char *name)
{
	struct civil_buf hook = CIVIL_BUF_INIT, chained = CIVIL_BUF_INIT;
	struct civil_buf text = CIVIL_BUF_INIT, old = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	struct stat sb;
	int rc = 1;

	civil_buf_addf(&hook, "%s/%s", dir, name);
	civil_buf_addf(&chained, "%s" CHAINED_SUFFIX, hook.buf);
	if (shim_text(name, &text) || mkdir_p(dir))
		goto done;

	if (is_civil_shim(hook.buf)) {
		if (!civil_file_read(hook.buf, &old, NULL) &&
		    old.len == text.len &&
		    !memcmp(old.buf, text.buf, old.len)) {
			printf("%s: %s hook already installed in '%s'\n",
			       cmd_name, name, dir);
			rc = 0;
			goto done;
		}
		/* Ours, from another civil: point it at this one. */
	} else if (lstat(hook.buf, &sb) == 0) {
		if (lstat(chained.buf, &sb) == 0) {
			cmd_warn("'%s' already exists; not replacing '%s'",
				 chained.buf, hook.buf);
			goto done;
		}
		if (rename(hook.buf, chained.buf) < 0) {
			cmd_warn("can't move '%s' aside: %s", hook.buf,
				 strerror(errno));
			goto done;
		}
		printf("%s: kept your %s hook; it runs first, as '%s'\n",
		       cmd_name, name, chained.buf);
	}
	if (civil_file_create(hook.buf, text.buf, text.len, 0755, true, &err)) {
		cmd_warn_error(&err);
		/* Put the user's hook back where it was. */
		if (lstat(chained.buf, &sb) == 0 && lstat(hook.buf, &sb) < 0)
			rename(chained.buf, hook.buf);
		goto done;
	}
	printf("%s: installed %s hook in '%s'\n", cmd_name, name, dir);
	rc = 0;
done:
	civil_buf_release(&hook);
	civil_buf_release(&chained);
	civil_buf_release(&text);
	civil_buf_release(&old);
	return rc;
}

static int uninstall_hook(const char *dir, const char *name)
{
	struct civil_buf hook = CIVIL_BUF_INIT, chained = CIVIL_BUF_INIT;
	struct stat sb;
	int rc = 1;

	civil_buf_addf(&hook, "%s/%s", dir, name);
	civil_buf_addf(&chained, "%s" CHAINED_SUFFIX, hook.buf);
	if (!is_civil_shim(hook.buf)) {
		printf("%s: no civil %s hook in '%s'\n", cmd_name, name, dir);
		rc = 0;
		goto done;
	}
	if (lstat(chained.buf, &sb) == 0) {
		/* rename() replaces the shim in one step: there is never a
		 * moment without the user's hook. */
		if (rename(chained.buf, hook.buf) < 0) {
			cmd_warn("can't restore '%s': %s", hook.buf,
				 strerror(errno));
			goto done;
		}
		printf("%s: restored your %s hook in '%s'\n", cmd_name, name,
		       dir);
	} else if (unlink(hook.buf) < 0) {
		cmd_warn("can't remove '%s': %s", hook.buf, strerror(errno));
		goto done;
	} else {
		printf("%s: removed %s hook from '%s'\n", cmd_name, name, dir);
	}
	rc = 0;
done:
	civil_buf_release(&hook);
	civil_buf_release(&chained);
	return rc;
}

static int do_git(const char *repo, bool uninstall)
{
	struct civil_buf dir = CIVIL_BUF_INIT;
	int rc;

	if (git_hooks_dir(repo, &dir)) {
		civil_buf_release(&dir);
		return 1;
	}
	rc = uninstall ? uninstall_hook(dir.buf, "sendemail-validate")
		       : install_hook(dir.buf, "sendemail-validate");
	civil_buf_release(&dir);
	return rc;
}

static int do_notmuch(bool uninstall)
{
	civil_error_t err = CIVIL_ERROR_INIT;
	civil_nm_config_t cfg;
	int rc = 1;

	if (civil_nm_config_load(&cfg, &err) &&
	    err.status != CIVIL_STATUS_CONFIG_ERROR) {
		cmd_warn_error(&err);
		goto done;
	}
	civil_error_clear(&err);
	if (!cfg.hook_dir) {
		cmd_warn("notmuch has no hook directory (is database.path "
			 "set?)");
		goto done;
	}
	rc = uninstall ? uninstall_hook(cfg.hook_dir, "post-new")
		       : install_hook(cfg.hook_dir, "post-new");
done:
	civil_nm_config_release(&cfg);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "git", no_argument, NULL, 'g' },
		{ "notmuch", no_argument, NULL, 'n' },
		{ "uninstall", no_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool git = false, notmuch = false, uninstall = false;
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'g':
			git = true;
			break;
		case 'n':
			notmuch = true;
			break;
		case 'u':
			uninstall = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("civil-install %s\n", CIVIL_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if ((!git && !notmuch) || argc - optind > 1 ||
	    (!git && optind < argc)) {
		usage(stderr);
		return 2;
	}
	civil_init();
	if (git)
		rc |= do_git(optind < argc ? argv[optind] : ".", uninstall);
	if (notmuch)
		rc |= do_notmuch(uninstall);
	civil_shutdown();
	return rc;
}
