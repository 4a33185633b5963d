// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * replay.c - run a libFuzzer harness without libFuzzer: each file named
 * on the command line (a directory: its files, sorted by name) once
 * through LLVMFuzzerTestOneInput, in one process.  This is how make check
 * replays the seed corpora and the saved crash inputs under the sanitizers
 * and valgrind, with no clang needed.  An oracle that fails aborts.
 *
 * Each input is in a buffer of exactly its size, as libFuzzer gives it,
 * so a read past its end is caught.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional set-up; weak, so a harness may leave it out. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Set by the sanitizers' runtime when there is one. */
void __sanitizer_set_death_callback(void (*callback)(void))
	__attribute__((weak));

static const char *prog;
static const char *current; /* the input being run */

/* Which input it was, when a harness aborts or a sanitizer stops it. */
static void say_which(void)
{
	if (!current)
		return;
	write(2, prog, strlen(prog));
	write(2, ": failed on '", 13);
	write(2, current, strlen(current));
	write(2, "'\n", 2);
}

static void on_signal(int sig)
{
	say_which();
	raise(sig);
}

static void catch_failures(void)
{
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESETHAND };
	const int sigs[] = { SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(say_which);
}

static int replay_file(const char *path)
{
	uint8_t *data = NULL;
	size_t len = 0, alloc = 0, n;
	FILE *f = fopen(path, "rb");

	if (!f) {
		fprintf(stderr, "%s: can't open '%s': %s\n", prog, path,
			strerror(errno));
		return 1;
	}
	do {
		if (len == alloc) {
			alloc = alloc ? alloc * 2 : 4096;
			data = realloc(data, alloc);
			if (!data)
				abort();
		}
		n = fread(data + len, 1, alloc - len, f);
		len += n;
	} while (n);
	if (ferror(f)) {
		fprintf(stderr, "%s: can't read '%s': %s\n", prog, path,
			strerror(errno));
		fclose(f);
		free(data);
		return 1;
	}
	fclose(f);
	/* Exactly len bytes: nothing after the input to read by mistake. */
	data = realloc(data, len ? len : 1);
	if (!data)
		abort();
	current = path;
	LLVMFuzzerTestOneInput(data, len);
	current = NULL;
	free(data);
	return 0;
}

static int only_files(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* A directory's files, sorted, so every run is the same run. */
static int replay_dir(const char *dir, size_t *count)
{
	struct dirent **names;
	int n = scandir(dir, &names, only_files, alphasort), rc = 0;

	if (n < 0) {
		fprintf(stderr, "%s: can't read directory '%s': %s\n", prog,
			dir, strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]->d_name) + 2;
		char *path = malloc(len);
		struct stat st;

		if (!path)
			abort();
		snprintf(path, len, "%s/%s", dir, names[i]->d_name);
		if (!stat(path, &st) && S_ISREG(st.st_mode)) {
			rc |= replay_file(path);
			++*count;
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	int rc = 0;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	if (argc < 2) {
		fprintf(stderr, "Usage: %s FILE|DIR...\n", prog);
		return 2;
	}
	catch_failures();
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st)) {
			fprintf(stderr, "%s: can't open '%s': %s\n", prog,
				argv[i], strerror(errno));
			rc = 1;
		} else if (S_ISDIR(st.st_mode)) {
			rc |= replay_dir(argv[i], &count);
		} else {
			rc |= replay_file(argv[i]);
			count++;
		}
	}
	fprintf(stderr, "%s: %zu inputs replayed\n", prog, count);
	return rc;
}
