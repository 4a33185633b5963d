// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open.c - the commands' policy for what libcivil opens: the environment
 * they read (GIT_*, $NOTMUCH_CONFIG, $CIVIL_TONE, XDG directories), where
 * their data is, how many threads a scan may use.  libcivil itself is
 * told all of it.
 */
#include <errno.h>
#include <glib.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

/* The data directory "make install" puts files in; the Makefile passes
 * the real one. */
#ifndef CIVIL_DATADIR
#define CIVIL_DATADIR "/usr/local/share/civil"
#endif

civil_status_t cmd_self_bindir(struct civil_buf *out, civil_error_t *err)
{
	char exe[PATH_MAX];
	/* The kernel's link is already absolute and resolved; realpath()
	 * would readlink every component of it again, in every hook run. */
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0 || n == (ssize_t)sizeof(exe) - 1)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't find my own program: %s",
				       n < 0 ? strerror(errno)
					     : "path too long");
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	civil_buf_reset(out);
	civil_buf_add(out, exe, slash > exe ? (size_t)(slash - exe) : 1);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t cmd_data_path(const char *rel, struct civil_buf *out,
			     civil_error_t *err)
{
	civil_status_t st = cmd_self_bindir(out, err);

	if (st)
		return st;
	/* Beside the program first: the build tree, and an installed tree
	 * whose share/ is next to its bin/.  Then where make install put
	 * it, for other layouts. */
	civil_buf_addf(out, "/../share/civil/%s", rel);
	if (access(out->buf, R_OK) == 0)
		return CIVIL_STATUS_SUCCESS;
	civil_buf_reset(out);
	civil_buf_addf(out, "%s/%s", CIVIL_DATADIR, rel);
	if (access(out->buf, R_OK) == 0)
		return CIVIL_STATUS_SUCCESS;
	return civil_error_set(err, CIVIL_STATUS_NOT_FOUND,
			       "can't find '%s': %s", out->buf,
			       strerror(errno));
}

bool cmd_xdg_dir(const char *var, const char *home_rel, struct civil_buf *out)
{
	const char *xdg = getenv(var);
	const char *home = getenv("HOME");

	civil_buf_reset(out);
	if (xdg && *xdg == '/')
		civil_buf_addf(out, "%s/civil", xdg);
	else if (home && *home)
		civil_buf_addf(out, "%s/%s/civil", home, home_rel);
	else
		return false;
	return true;
}

civil_status_t cmd_state_dir(const char *name, struct civil_buf *out,
			     civil_error_t *err)
{
	if (!cmd_xdg_dir("XDG_STATE_HOME", ".local/state", out))
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "no HOME to keep %s mail in", name);
	civil_buf_addf(out, "/%s", name);
	return CIVIL_STATUS_SUCCESS;
}

/* Every core the process may run on parses mail: its CPU affinity, as
 * the kernel gives it (taskset, a cgroup's cpuset).  GLib 2.74's
 * g_get_num_processors() counts every core online instead. */
static unsigned int processors(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned int)CPU_COUNT(&set);
	return g_get_num_processors();
}

civil_t *cmd_open(unsigned int what, struct civil_buf *warnings)
{
	civil_open_opts_t o = CIVIL_OPEN_OPTS_INIT;
	struct civil_buf data = CIVIL_BUF_INIT;
	civil_error_t err = CIVIL_ERROR_INIT;
	const char *tone = getenv("CIVIL_TONE");
	civil_t *c = NULL;
	civil_tone_mode_t mode;

	if (what & CMD_OPEN_GIT)
		o.flags |= CIVIL_OPEN_GIT_ENV;
	/* git's settings from the files git reads, by git's variables
	 * (GIT_CONFIG_GLOBAL ...), and those it hands its hooks. */
	o.git_env = (const char *const *)environ;
	if (what & CMD_OPEN_NOTMUCH) {
		/* Named, it is the one: a file that is not there is said,
		 * not searched past.  Else notmuch's own search, profiles
		 * and all. */
		o.notmuch_config = getenv("NOTMUCH_CONFIG");
		o.flags |= CIVIL_OPEN_NOTMUCH_ENV;
	}
	/* Beside the program (a build tree, most installed trees), else
	 * libcivil's DATADIR. */
	if (!cmd_data_path("heat.lexicon", &data, NULL)) {
		data.len -= strlen("/heat.lexicon");
		data.buf[data.len] = '\0';
		o.data_dir = data.buf;
	}
	o.threads = processors();
	if (civil_open(&o, &c, warnings, &err)) {
		cmd_warn_error(&err);
		c = NULL;
	} else if ((what & CMD_OPEN_GIT) && tone) {
		if (!civil_tone_mode_parse(tone, &mode))
			civil_set_tone(c, mode);
		else if (warnings)
			civil_buf_addf(warnings,
				       "bad CIVIL_TONE '%s' (want warn, "
				       "reject or off)\n",
				       tone);
	}
	civil_buf_release(&data);
	return c;
}
