// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * run.c - child processes from argv arrays, after git's run-command:
 * never a shell string built from data.  An exec failure is reported
 * through a close-on-exec pipe so "not found" is an error, not status 127.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* err_fd: the child's stderr (-1: ours). */
static void child(const char *const *argv, const char *dir, int in_fd,
		  int out_fd, int err_fd, int err_pipe)
{
	int e;

	if (in_fd >= 0 && dup2(in_fd, 0) < 0)
		goto fail;
	if (err_fd >= 0 && dup2(err_fd, 2) < 0)
		goto fail;
	if (out_fd >= 0 && dup2(out_fd, 1) < 0)
		goto fail;
	if (dir && chdir(dir) < 0)
		goto fail;
	signal(SIGPIPE, SIG_DFL);
	execvp(argv[0], (char *const *)argv);
fail:
	e = errno;
	if (write(err_pipe, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/* Feed in to the child's stdin and collect its stdout without either
 * side blocking the other. */
static civil_status_t pump(int in_w, const char *in, size_t inlen, int out_r,
			   struct civil_buf *out, const char *prog,
			   civil_error_t *err)
{
	while (in_w >= 0 || out_r >= 0) {
		struct pollfd p[2];
		int n = 0, iw = -1, ir = -1;

		if (in_w >= 0) {
			p[n].fd = in_w, p[n].events = POLLOUT, iw = n++;
		}
		if (out_r >= 0) {
			p[n].fd = out_r, p[n].events = POLLIN, ir = n++;
		}
		if (poll(p, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return civil_error_set(err, CIVIL_STATUS_RUN_ERROR,
					       "can't talk to '%s': %s", prog,
					       strerror(errno));
		}
		if (iw >= 0 && p[iw].revents) {
			ssize_t w = inlen ? write(in_w, in, inlen) : 0;

			if (w > 0) {
				in += w;
				inlen -= (size_t)w;
			}
			/* EPIPE: the child stopped reading; that is its
			 * business, its exit status tells the rest. */
			if (!inlen ||
			    (w < 0 && errno != EINTR && errno != EAGAIN)) {
				close(in_w);
				in_w = -1;
			}
		}
		if (ir >= 0 && p[ir].revents) {
			ssize_t r;

			civil_buf_grow(out, 65536);
			r = read(out_r, out->buf + out->len,
				 out->alloc - out->len - 1);
			if (r > 0) {
				out->len += (size_t)r;
				out->buf[out->len] = '\0';
			} else if (r == 0 || errno != EINTR) {
				close(out_r);
				out_r = -1;
			}
		}
	}
	return CIVIL_STATUS_SUCCESS;
}

static civil_status_t run(const char *const *argv, const char *dir,
			  const void *in, size_t inlen, struct civil_buf *out,
			  int err_fd, int *exit_status, civil_error_t *err)
{
	int in_p[2] = { -1, -1 }, out_p[2] = { -1, -1 }, err_p[2];
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	void (*old_pipe)(int);
	int status, e = 0, devnull = -1;
	ssize_t got;
	pid_t pid;

	if (pipe2(err_p, O_CLOEXEC) < 0)
		return civil_error_set(err, CIVIL_STATUS_RUN_ERROR,
				       "can't run '%s': %s", argv[0],
				       strerror(errno));
	if (in) {
		if (pipe2(in_p, O_CLOEXEC) < 0)
			goto pipe_fail;
	} else {
		devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	}
	if (out && pipe2(out_p, O_CLOEXEC) < 0)
		goto pipe_fail;

	old_pipe = signal(SIGPIPE, SIG_IGN);
	pid = fork();
	if (pid < 0) {
		signal(SIGPIPE, old_pipe);
		goto pipe_fail;
	}
	if (pid == 0)
		child(argv, dir, in ? in_p[0] : devnull, out ? out_p[1] : -1,
		      err_fd, err_p[1]);

	close(err_p[1]);
	if (in)
		close(in_p[0]);
	if (out)
		close(out_p[1]);
	if (devnull >= 0)
		close(devnull);

	do
		got = read(err_p[0], &e, sizeof(e));
	while (got < 0 && errno == EINTR);
	close(err_p[0]);
	if (got == sizeof(e)) {
		if (in)
			close(in_p[1]);
		if (out)
			close(out_p[0]);
		waitpid(pid, &status, 0);
		signal(SIGPIPE, old_pipe);
		return civil_error_set(err, CIVIL_STATUS_RUN_ERROR,
				       "can't run '%s': %s", argv[0],
				       strerror(e));
	}

	/* A blocking write of more than a pipe holds would wait for a
	 * child that is itself waiting for us to read its output. */
	if (in)
		fcntl(in_p[1], F_SETFL, fcntl(in_p[1], F_GETFL) | O_NONBLOCK);
	st = pump(in ? in_p[1] : -1, in, inlen, out ? out_p[0] : -1, out,
		  argv[0], err);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	signal(SIGPIPE, old_pipe);
	if (exit_status)
		*exit_status = WIFEXITED(status) ? WEXITSTATUS(status)
						 : 128 + WTERMSIG(status);
	return st;

pipe_fail:
	e = errno;
	for (int i = 0; i < 2; i++) {
		if (in_p[i] >= 0)
			close(in_p[i]);
		if (out_p[i] >= 0)
			close(out_p[i]);
		close(err_p[i]);
	}
	if (devnull >= 0)
		close(devnull);
	return civil_error_set(err, CIVIL_STATUS_RUN_ERROR,
			       "can't run '%s': %s", argv[0], strerror(e));
}

civil_status_t civil_run(const char *const *argv, const char *dir,
			 const void *in, size_t inlen, struct civil_buf *out,
			 int *exit_status, civil_error_t *err)
{
	return run(argv, dir, in, inlen, out, -1, exit_status, err);
}

civil_status_t civil_run_quiet(const char *const *argv, const char *dir,
			       const void *in, size_t inlen,
			       struct civil_buf *out, int *exit_status,
			       civil_error_t *err)
{
	return civil_run_capture(argv, dir, in, inlen, out, NULL, exit_status,
				 err);
}

/* The child's stderr goes to a file of its own, read when it is done: a
 * pipe would need a third side to pump. */
civil_status_t civil_run_capture(const char *const *argv, const char *dir,
				 const void *in, size_t inlen,
				 struct civil_buf *out,
				 struct civil_buf *errout, int *exit_status,
				 civil_error_t *err)
{
	civil_status_t st;
	int fd = errout ? memfd_create("civil-run-stderr", MFD_CLOEXEC)
			: open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return civil_error_set(err, CIVIL_STATUS_RUN_ERROR,
				       "can't run '%s': %s", argv[0],
				       strerror(errno));
	st = run(argv, dir, in, inlen, out, fd, exit_status, err);
	if (!st && errout) {
		civil_buf_reset(errout);
		if (lseek(fd, 0, SEEK_SET) == 0)
			st = civil_fd_read(fd, argv[0], errout, err);
	}
	close(fd);
	return st;
}
