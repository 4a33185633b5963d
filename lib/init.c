// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * init.c - bring up and tear down the libraries libcivil stands on.
 *
 * libgit2 is started only when something first needs it: its start-up
 * loads the system's TLS certificates (milliseconds), and a hook that is
 * handed a patch has no reason to pay for that.
 */
#include <git2.h>
#include <gmime/gmime.h>
#include <pthread.h>

#include "civil.h"
#include "internal.h"

/* Scans score in several threads; whichever first needs libgit2 starts
 * it, once. */
static pthread_mutex_t git_lock = PTHREAD_MUTEX_INITIALIZER;
static bool git_started;
/* GMime is up: a handle opened outside civil_init() .. civil_shutdown()
 * would work on libraries that are not (GLib criticals, then a handle
 * that fails later). */
static bool initialized;

void civil_init(void)
{
	g_mime_init();
	initialized = true;
}

bool civil_is_initialized(void)
{
	return initialized;
}

void civil_git_start(void)
{
	pthread_mutex_lock(&git_lock);
	if (!git_started) {
		git_libgit2_init();
		git_started = true;
	}
	pthread_mutex_unlock(&git_lock);
}

void civil_shutdown(void)
{
	pthread_mutex_lock(&git_lock);
	if (git_started) {
		git_libgit2_shutdown();
		git_started = false;
	}
	pthread_mutex_unlock(&git_lock);
	g_mime_shutdown();
	initialized = false;
}

const char *civil_version(void)
{
	return CIVIL_VERSION;
}
