// SPDX-License-Identifier: GPL-2.0-only
/*
 * init.c - bring up and tear down the libraries libcivil stands on.
 *
 * libgit2 is started only when something first needs it: its start-up
 * loads the system's TLS certificates (milliseconds), and a hook that is
 * handed a patch has no reason to pay for that.
 */
#include <git2.h>
#include <gmime/gmime.h>

#include "civil.h"
#include "internal.h"

static bool git_started;

void civil_init(void)
{
	g_mime_init();
}

void civil_git_start(void)
{
	if (!git_started) {
		git_libgit2_init();
		git_started = true;
	}
}

void civil_shutdown(void)
{
	if (git_started) {
		git_libgit2_shutdown();
		git_started = false;
	}
	g_mime_shutdown();
}
