// SPDX-License-Identifier: GPL-2.0-or-later
/* file.c - whole-file reads and the atomic rewrite every edit goes through. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

civil_status_t civil_fd_read(int fd, const char *name, struct civil_buf *b,
			     civil_error_t *err)
{
	for (;;) {
		ssize_t n;

		/* Grow only when full: a second grow would copy what was
		 * read, and the last read (0 bytes) needs no room. */
		if (b->alloc - b->len < 4096)
			civil_buf_grow(b, 65536);
		n = read(fd, b->buf + b->len, b->alloc - b->len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					       "can't read '%s': %s", name,
					       strerror(errno));
		}
		if (n == 0)
			break;
		b->len += (size_t)n;
		b->buf[b->len] = '\0';
	}
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_file_read(const char *path, struct civil_buf *b,
			       civil_error_t *err)
{
	civil_status_t st;
	struct stat sb;
	int fd;

	if (!strcmp(path, "-"))
		return civil_fd_read(0, "<stdin>", b, err);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't open '%s': %s", path,
				       strerror(errno));
	if (fstat(fd, &sb) != 0)
		sb.st_mode = 0;
	if (S_ISDIR(sb.st_mode)) {
		close(fd);
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't read '%s': %s", path,
				       strerror(EISDIR));
	}
	if (S_ISREG(sb.st_mode) && sb.st_size > 0)
		civil_buf_grow(b, (size_t)sb.st_size + 4096);
	st = civil_fd_read(fd, path, b, err);
	close(fd);
	return st;
}

civil_status_t civil_file_read_regular(const char *path, struct civil_buf *b,
				       civil_error_t *err)
{
	civil_status_t st;
	struct stat sb;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer; a regular
	 * file reads as ever. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't open '%s': %s", path,
				       strerror(errno));
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't read '%s': not a regular file",
				       path);
	}
	if (sb.st_size > 0)
		civil_buf_grow(b, (size_t)sb.st_size + 4096);
	st = civil_fd_read(fd, path, b, err);
	close(fd);
	return st;
}

civil_status_t civil_fd_write(int fd, const char *name, const void *data,
			      size_t len, civil_error_t *err)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					       "can't write '%s': %s", name,
					       strerror(errno));
		}
		p += n;
		len -= (size_t)n;
	}
	return CIVIL_STATUS_SUCCESS;
}

/* Write data to a new temporary file next to path (dir_end: length of
 * path's directory part, with its slash) with mode, synced; *tmp_out gets
 * its name. */
static civil_status_t write_temp(const char *path, size_t dir_end,
				 const char *shown, const char *verb,
				 const void *data, size_t len, mode_t mode,
				 struct civil_buf *tmp_out, civil_error_t *err)
{
	civil_status_t st;
	int fd;

	civil_buf_reset(tmp_out);
	civil_buf_add(tmp_out, path, dir_end);
	civil_buf_addf(tmp_out, ".%s.civil-XXXXXX", path + dir_end);
	fd = mkstemp(tmp_out->buf);
	if (fd < 0)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't %s '%s': %s", verb, shown,
				       strerror(errno));
	if (fchmod(fd, mode) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't %s '%s': %s", verb, shown,
				     strerror(errno));
		close(fd);
		goto fail;
	}
	st = civil_fd_write(fd, shown, data, len, err);
	if (st) {
		close(fd);
		goto fail;
	}
	if (fsync(fd) < 0 || close(fd) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't %s '%s': %s", verb, shown,
				     strerror(errno));
		goto fail;
	}
	return CIVIL_STATUS_SUCCESS;
fail:
	unlink(tmp_out->buf);
	return st;
}

static size_t dir_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

/* A file civil may change: a regular file with write bits (writable: the
 * caller may write it).  A file without write bits was made read-only on
 * purpose, so it is left alone even where root could write it. */
static civil_status_t check_rewritable(const char *path, const struct stat *sb,
				       bool writable, civil_error_t *err)
{
	if (!S_ISREG(sb->st_mode))
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't rewrite '%s': not a regular file",
				       path);
	if (!(sb->st_mode & 0222) || !writable)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't rewrite '%s': file is read-only",
				       path);
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_file_replace(const char *path, const void *data,
				  size_t len, civil_error_t *err)
{
	struct civil_buf tmp = CIVIL_BUF_INIT;
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	struct stat sb;
	char *real;

	/* Rewrite the file a symlink points at, not the link. */
	real = realpath(path, NULL);
	if (!real)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't rewrite '%s': %s", path,
				       strerror(errno));
	if (stat(real, &sb) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't rewrite '%s': %s", path,
				     strerror(errno));
		goto done;
	}
	st = check_rewritable(path, &sb, access(real, W_OK) == 0, err);
	if (st)
		goto done;
	st = write_temp(real, dir_part(real), path, "rewrite", data, len,
			sb.st_mode & 07777, &tmp, err);
	if (st)
		goto done;
	if (rename(tmp.buf, real) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't rewrite '%s': %s", path,
				     strerror(errno));
		unlink(tmp.buf);
	}
done:
	civil_buf_release(&tmp);
	free(real);
	return st;
}

civil_status_t civil_file_create(const char *path, const void *data, size_t len,
				 mode_t mode, bool overwrite,
				 civil_error_t *err)
{
	struct civil_buf tmp = CIVIL_BUF_INIT;
	civil_status_t st;

	st = write_temp(path, dir_part(path), path, "write", data, len, mode,
			&tmp, err);
	if (st)
		goto done;
	/* link() refuses an existing name: nothing is ever clobbered unless
	 * the caller asked for it. */
	if (overwrite ? rename(tmp.buf, path) < 0 : link(tmp.buf, path) < 0)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't write '%s': %s", path,
				     strerror(errno));
	if (st || !overwrite)
		unlink(tmp.buf);
done:
	civil_buf_release(&tmp);
	return st;
}

/*
 * A reminder for a plain review lands at the very end of the file.  Then
 * nothing needs replacing: the new bytes are written after the old ones,
 * in place, and the user's own bytes are never rewritten, so no crash can
 * lose them (at worst the reminder is missing or cut short; the message
 * has gone out by then anyway).  That saves a temporary file, an fsync
 * and a rename on every review.  Anything else goes through
 * civil_file_replace.
 */
civil_status_t civil_file_update(const char *path, const void *old,
				 size_t old_len, const void *data, size_t len,
				 civil_error_t *err)
{
	civil_status_t st = CIVIL_STATUS_SUCCESS;
	const char *p = (const char *)data + old_len;
	off_t at = (off_t)old_len;
	struct stat sb;
	int fd;

	if (len < old_len || memcmp(data, old, old_len))
		return civil_file_replace(path, data, len, err);
	/* O_NONBLOCK: a FIFO must not hang the hook; it is refused below. */
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				       "can't rewrite '%s': %s", path,
				       errno == EACCES ? "file is read-only"
						       : strerror(errno));
	if (fstat(fd, &sb) < 0) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't rewrite '%s': %s", path,
				     strerror(errno));
		goto done;
	}
	st = check_rewritable(path, &sb, true, err);
	if (st)
		goto done;
	if (sb.st_size != at) {
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't rewrite '%s': it changed while "
				     "civil read it",
				     path);
		goto done;
	}
	while (p < (const char *)data + len) {
		ssize_t n = pwrite(fd, p,
				   (size_t)((const char *)data + len - p), at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
					     "can't rewrite '%s': %s", path,
					     n < 0 ? strerror(errno)
						   : "short write");
			/* Leave the file as it was, as far as we can. */
			(void)!ftruncate(fd, (off_t)old_len);
			goto done;
		}
		p += n;
		at += n;
	}
done:
	if (close(fd) < 0 && !st)
		st = civil_error_set(err, CIVIL_STATUS_FILE_ERROR,
				     "can't rewrite '%s': %s", path,
				     strerror(errno));
	return st;
}
