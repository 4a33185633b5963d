// SPDX-License-Identifier: GPL-2.0-or-later
/* check_pasted.c - lines a sender pasted rather than wrote
 * (lib/pasted.c): tool output, shell prompts, legal notices. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "unit.h"

static bool tool(const char *line)
{
	return civil_line_is_tool_output(line, strlen(line));
}

static bool prompt(const char *line)
{
	return civil_line_is_shell_prompt(line, strlen(line));
}

static bool notice(const char *text)
{
	return civil_text_is_notice(text, strlen(text));
}

START_TEST(tool_output)
{
	/* The kernel log, a backtrace, registers, a hex dump. */
	ck_assert(tool("[   12.345678] usb 1-1: new device"));
	ck_assert(tool("[12.3] x"));
	ck_assert(tool("  dump_stack_lvl+0x1c/0x40"));
	ck_assert(tool("RAX: 0000000000000000 RBX: ffff888100000000"));
	ck_assert(tool("deadbeef cafebabe 12345678 in three words"));
	ck_assert(tool("00: 47 47 ff 00 01 02 03 04"));
	ck_assert(tool(" ? __schedule"));
	/* checkpatch, a compiler, get_maintainer.pl, git trailers. */
	ck_assert(tool("WARNING: line length of 120 exceeds 100 columns"));
	ck_assert(tool("#12: FILE: drivers/x.c:34:"));
	ck_assert(tool("drivers/x.c:12:5: error: 'y' undeclared"));
	ck_assert(tool("x.c:12: warning: unused"));
	ck_assert(tool("A B <a@b.invalid> (maintainer:FOO DRIVER)"));
	ck_assert(tool("Signed-off-by: A <a@b.invalid>"));
	/* Prose, even prose that looks a little like it. */
	ck_assert(!tool("This is stupid."));
	ck_assert(!tool("Note: I think this is wrong"));
	ck_assert(!tool("warning: you should not do this"));
	ck_assert(!tool("[12] a footnote"));
	ck_assert(!tool("[12.x] nearly a stamp"));
	ck_assert(!tool("commits deadbeef1 and cafebabe1 differ"));
	ck_assert(!tool("00: 47 47 ff 00 01 02 03"));
	ck_assert(!tool(" ? why so"));
	ck_assert(!tool("x.c:12 error"));
}
END_TEST

START_TEST(tool_output_edges)
{
	/* Nothing, blanks only, one byte, a cut stamp or offset. */
	ck_assert(!civil_line_is_tool_output("", 0));
	ck_assert(!tool("   \t"));
	ck_assert(!tool("["));
	ck_assert(!tool("#"));
	ck_assert(!tool("?"));
	ck_assert(!tool("[   12.34"));
	ck_assert(!tool("f+0x1c/0"));
	ck_assert(!tool("#1"));
	/* The length counts, not the NUL: a stamp cut before its ']'. */
	ck_assert(!civil_line_is_tool_output("[1.2]", 4));
	ck_assert(civil_line_is_tool_output("[1.2]", 5));
	/* UTF-8 cut mid-character. */
	ck_assert(!tool("caf\xc3"));
	ck_assert(!tool("\xe2\x80"));
}
END_TEST

START_TEST(shell_prompts)
{
	ck_assert(prompt("$ make -j8"));
	ck_assert(prompt("# insmod x.ko"));
	ck_assert(prompt("  $ ./run"));
	ck_assert(prompt("$ /sbin/x"));
	ck_assert(prompt("(gdb) bt"));
	ck_assert(prompt(">>> import os"));
	ck_assert(prompt("~ $ ls"));
	ck_assert(prompt("~# ls"));
	ck_assert(prompt("root@host:~# ls"));
	ck_assert(prompt("me@box:/src/linux$ git log"));
	ck_assert(prompt("[root@host linux]# make"));
	/* A heading, prose, a price. */
	ck_assert(!prompt("# Summary"));
	ck_assert(!prompt("$5 is too much"));
	ck_assert(!prompt("email me@host.invalid$ "));
	ck_assert(!prompt("[root@host linux]"));
	ck_assert(!prompt("[root@host linux]#"));
	/* Edges. */
	ck_assert(!civil_line_is_shell_prompt("", 0));
	ck_assert(!prompt("$"));
	ck_assert(!prompt("$ "));
	ck_assert(!prompt("$ \xc3"));
	ck_assert(!civil_line_is_shell_prompt("$ make", 2));
}
END_TEST

/* A line of blanks that ends the text: nothing after the blanks may be
 * read (ASan sees a read past this exact-size buffer; found by
 * fuzz-heat, tests/fuzz/regress/heat/blank-line-at-end-of-text). */
START_TEST(blank_line_at_end)
{
	char *blanks = malloc(2);

	memcpy(blanks, " \t", 2);
	ck_assert(!civil_line_is_shell_prompt(blanks, 2));
	free(blanks);
}
END_TEST

START_TEST(notices)
{
	const char *legal =
		"This e-mail and any attachments are confidential and may be "
		"privileged. If you are not the intended recipient, please "
		"notify the sender and delete this message.";
	const char *prose =
		"The register is confidential to the firmware and the intended "
		"use is not documented anywhere that I could find, sadly.";

	ck_assert(notice(legal));
	ck_assert(!notice(prose));
	/* Under 80 bytes is never a paragraph-long notice. */
	ck_assert(!notice("confidential privileged intended recipient"));
	ck_assert(!civil_text_is_notice("", 0));
	/* Cut to 79 bytes, the same words are not enough. */
	ck_assert(!civil_text_is_notice(legal, 79));
	/* Case does not matter. */
	{
		char *up = g_ascii_strup(legal, -1);

		ck_assert(notice(up));
		g_free(up);
	}
}
END_TEST

Suite *suite_pasted(void)
{
	Suite *s = suite_create("pasted");
	TCase *tc = tcase_create("pasted");

	tcase_add_test(tc, tool_output);
	tcase_add_test(tc, tool_output_edges);
	tcase_add_test(tc, shell_prompts);
	tcase_add_test(tc, blank_line_at_end);
	tcase_add_test(tc, notices);
	suite_add_tcase(s, tc);
	return s;
}
