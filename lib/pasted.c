// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pasted.c - lines in a mail that the sender pasted rather than wrote:
 * what a tool printed (checkpatch, get_maintainer.pl, a compiler, the
 * kernel log, a backtrace), a shell session, and the legal notice a
 * company mail server appends.  None of it is the sender's tone: a
 * "WARNING: CPU: 0 PID: 1" or an "ERROR: ..." in capitals is not
 * shouting, and a function called bad_idea in a backtrace insults nobody.
 *
 * Each test looks at one line (or one paragraph, for notices) and errs on
 * the side of prose: a line a person wrote that happens to start with
 * "Note:" stays.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "civil.h"
#include "internal.h"

static bool starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

static size_t skip_blank(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

static bool is_hex(char c)
{
	return isxdigit((unsigned char)c);
}

/* "[   12.345678] ": the kernel log's time stamp. */
static bool log_stamp(const char *s, size_t n)
{
	size_t i = 1;

	if (!n || s[0] != '[')
		return false;
	while (i < n && s[i] == ' ')
		i++;
	if (i == n || !isdigit((unsigned char)s[i]))
		return false;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (i == n || s[i] != '.')
		return false;
	for (i++; i < n && isdigit((unsigned char)s[i]); i++)
		;
	return i < n && s[i] == ']';
}

/* "func+0x1c/0x40": a symbol and offset, as backtraces print them. */
static bool has_symbol_offset(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 < n; i++) {
		size_t j;

		if (s[i] != '+' || s[i + 1] != '0' || s[i + 2] != 'x')
			continue;
		for (j = i + 3; j < n && is_hex(s[j]); j++)
			;
		if (j > i + 3 && j + 3 < n && s[j] == '/' && s[j + 1] == '0' &&
		    s[j + 2] == 'x')
			return true;
	}
	return false;
}

/* Register dumps and addresses: three words of eight hex digits or more,
 * or two of sixteen (a prose line may name two commits). */
static bool has_hex_words(const char *s, size_t n)
{
	size_t found = 0, long_ones = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && is_hex(s[j]))
			j++;
		if (j - i >= 8 &&
		    (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (j == n || !isalnum((unsigned char)s[j]))) {
			found++;
			long_ones += j - i >= 16;
		}
		i = j > i ? j : i + 1;
	}
	return found >= 3 || long_ones >= 2;
}

/* "00: 47 47 ff ..." or "0010  ff 00 ...": a hex dump (i2cdump, hexdump,
 * xxd), whose character column is full of '?' and '.'. */
static bool hex_dump(const char *s, size_t n)
{
	size_t i = 0, bytes = 0;

	while (i < n && is_hex(s[i]))
		i++;
	if (i < 2 || i == n || (s[i] != ':' && s[i] != ' '))
		return false;
	i += s[i] == ':';
	while (i < n) {
		while (i < n && s[i] == ' ')
			i++;
		if (i + 2 <= n && is_hex(s[i]) && is_hex(s[i + 1]) &&
		    (i + 2 == n || s[i + 2] == ' ')) {
			bytes++;
			i += 2;
		} else {
			break;
		}
	}
	return bytes >= 8;
}

/* "drivers/x.c:12:5: error: ...", "x.c:12: warning: ...". */
static bool compiler_line(const char *s, size_t n)
{
	size_t i = 0, colons = 0;

	while (i < n && !isspace((unsigned char)s[i]) && s[i] != ':')
		i++;
	if (i < 3 || i == n || memchr(s, '.', i) == NULL)
		return false;
	while (i < n && s[i] == ':' && i + 1 < n &&
	       isdigit((unsigned char)s[i + 1])) {
		for (i++; i < n && isdigit((unsigned char)s[i]); i++)
			;
		colons++;
	}
	if (!colons || i + 2 > n || s[i] != ':' || s[i + 1] != ' ')
		return false;
	s += i + 2;
	n -= i + 2;
	return starts(s, n, "error") || starts(s, n, "warning") ||
	       starts(s, n, "note") || starts(s, n, "fatal error") ||
	       starts(s, n, "sparse:") || starts(s, n, "In function");
}

/* What get_maintainer.pl says of each address it prints. */
static bool get_maintainer_line(const char *s, size_t n)
{
	static const char *const roles[] = {
		"(maintainer:",	    "(reviewer:",      "(supporter:",
		"(odd fixer:",	    "(open list",      "(moderated list",
		"(subscriber list", "(commit_signer:", "(authored:",
		"(added_lines:",    "(removed_lines:", "(unknown",
		"(in file",	    "(chief penguin",  "(keyword:",
		"(maintainer",	    "(reviewer",       "(open list:",
		"(buried alias",    "(obsolete",       "(orphan",
	};

	/* Each role follows a '(': look there only. */
	for (const char *p = memchr(s, '(', n); p;
	     p = memchr(p + 1, '(', n - (size_t)(p + 1 - s))) {
		size_t left = n - (size_t)(p - s);

		for (size_t i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
			if (left >= strlen(roles[i]) &&
			    !strncasecmp(p, roles[i], strlen(roles[i])))
				return true;
		if (p + 1 >= s + n)
			break;
	}
	return false;
}

/* Lines tools start with.  Matched at the start of a line, as printed. */
static const char *const tool_heads[] = {
	/* checkpatch.pl */
	"WARNING:",
	"ERROR:",
	"CHECK:",
	"total: ",
	"FILE: ",
	/* the kernel log and its oopses */
	"BUG:",
	"Oops:",
	"Oops ",
	"Kernel panic",
	"kernel BUG at",
	"INFO: ",
	"Call Trace:",
	"Call trace:",
	"<TASK>",
	"</TASK>",
	"<IRQ>",
	"</IRQ>",
	"RIP: ",
	"RSP: ",
	"RAX: ",
	"RDX: ",
	"RBP: ",
	"R10: ",
	"R13: ",
	"FS: ",
	"CS: ",
	"CR2: ",
	"DR0: ",
	"DR3: ",
	"Code: ",
	"Modules linked in:",
	"Hardware name:",
	"Workqueue:",
	"---[ ",
	"pc : ",
	"lr : ",
	"sp : ",
	"KASAN:",
	"UBSAN:",
	"Read of size",
	"Write of size",
	"Allocated by task",
	"Freed by task",
	"irq event stamp:",
	"hardirqs last",
	"softirqs last",
	"possible reason:",
	"stack backtrace:",
	"-> #",
	/* build tools */
	"make[",
	"make: ***",
	"In file included from",
	"ld: ",
	"ld.lld: ",
	"ERROR: modpost:",
	"Error: ",
	"Warning: ",
	/* git */
	"Fixes: ",
	"Link: ",
	"Closes: ",
	"Cc: ",
	"Reported-by: ",
	"Signed-off-by: ",
	"Suggested-by: ",
	"Co-developed-by: ",
	"Reported-and-tested-by: ",
	"base-commit: ",
	"Author: ",
	"Date: ",
	"Merge: ",
};

bool civil_line_is_tool_output(const char *line, size_t len)
{
	size_t i = skip_blank(line, len);
	const char *s = line + i;
	size_t n = len - i;

	if (!n)
		return false;
	if (log_stamp(s, n) || has_symbol_offset(s, n) || hex_dump(s, n) ||
	    has_hex_words(s, n) || compiler_line(s, n) ||
	    get_maintainer_line(s, n))
		return true;
	for (size_t k = 0; k < sizeof(tool_heads) / sizeof(tool_heads[0]); k++)
		if (tool_heads[k][0] == s[0] && starts(s, n, tool_heads[k]))
			return true;
	/* "#12: FILE: drivers/x.c:34:" from checkpatch */
	if (s[0] == '#' && n > 2 && isdigit((unsigned char)s[1])) {
		const char *c = memchr(s, ':', n);

		return c && c - s < 8;
	}
	/* "? func+0x..." handled above; " ? __schedule" with no offset: */
	return starts(s, n, "? ") && n > 2 &&
	       (isalpha((unsigned char)s[2]) || s[2] == '_') &&
	       !memchr(s + 2, ' ', n - 2);
}

/* "$ make", "# insmod x.ko", "root@host:~# ls", "(gdb) bt", ">>> x":
 * a command typed at a prompt.  What follows it, up to a blank line, is
 * the command's output. */
bool civil_line_is_shell_prompt(const char *line, size_t len)
{
	size_t i = skip_blank(line, len);
	const char *s = line + i;
	size_t n = len - i, k;

	/* A command is lower case or a path; "# Summary" is a heading. */
	if (n >= 3 && (s[0] == '$' || s[0] == '#') && s[1] == ' ' &&
	    (islower((unsigned char)s[2]) || s[2] == '.' || s[2] == '/'))
		return true;
	if (starts(s, n, "(gdb) ") || starts(s, n, ">>> ") ||
	    starts(s, n, "~ $ ") || starts(s, n, "~# "))
		return true;
	/* user@host:dir$ cmd, [root@host dir]# cmd */
	for (k = 0; k < n && k < 60 && !isspace((unsigned char)s[k]); k++) {
		if ((s[k] == '$' || s[k] == '#') && k + 1 < n &&
		    s[k + 1] == ' ' && memchr(s, '@', k))
			return true;
	}
	if (n > 0 && s[0] == '[' && memchr(s, '@', n < 40 ? n : 40)) {
		const char *c = memchr(s, ']', n < 60 ? n : 60);

		return c && c + 2 < s + n && (c[1] == '#' || c[1] == '$') &&
		       c[2] == ' ';
	}
	return false;
}

/* Words of the legal notices mail servers append ("This e-mail and any
 * attachments are confidential ...").  One of them in a paragraph is
 * ordinary English; three different ones are a notice. */
static const char *const notice_words[] = {
	"confidential",
	"intended recipient",
	"intended solely",
	"intended only for",
	"privileged",
	"disclaimer",
	"unauthorized",
	"unauthorised",
	"prohibited",
	"notify the sender",
	"notify us",
	"delete this",
	"delete it",
	"destroy",
	"e-mail transmission",
	"email transmission",
	"received this",
	"in error",
	"legally",
	"any attachments",
	"are not the intended",
	"dissemination",
	"virus",
};

bool civil_text_is_notice(const char *text, size_t len)
{
	size_t found = 0;

	/* Every notice says one of these; most paragraphs say neither, and
	 * this runs on every paragraph of every mail. */
	if (len < 80 || (!civil_memcasemem(text, len, "confidential") &&
			 !civil_memcasemem(text, len, "intended")))
		return false;
	for (size_t i = 0; i < sizeof(notice_words) / sizeof(notice_words[0]);
	     i++)
		if (civil_memcasemem(text, len, notice_words[i]))
			found++;
	return found >= 3;
}
