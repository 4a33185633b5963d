/* SPDX-License-Identifier: GPL-2.0-or-later */
/* internal.h - what lib/ files share with each other and nobody else. */
#ifndef CIVIL_INTERNAL_H
#define CIVIL_INTERNAL_H

#include <gmime/gmime.h>
#include <stdbool.h>
#include <stddef.h>

#include "civil.h"
#include "cmd-support.h" /* what lib/ does for the commands alone */
#include "util.h"

/* init.c: start libgit2 on first use; every libgit2 caller calls it. */
void civil_git_start(void);

/* A caller's struct of a version this libcivil does not know (civil.h,
 * "Growing structs"): USAGE, naming the struct.  Checked before the call
 * touches anything. */
static inline civil_status_t civil_check_version(civil_error_t *err,
						 const char *name,
						 unsigned int got,
						 unsigned int want)
{
	if (got == want)
		return CIVIL_STATUS_SUCCESS;
	return civil_error_set(err, CIVIL_STATUS_USAGE,
			       "%s version %u unknown (this libcivil knows %u)",
			       name, got, want);
}

/* A pointer a call can't do without, and that the caller passed NULL:
 * USAGE naming the call and the argument ("civil_scan: sink is NULL"),
 * before anything is touched. */
#define civil_need(err, arg)                                                   \
	((arg) ? CIVIL_STATUS_SUCCESS                                          \
	       : civil_error_set((err), CIVIL_STATUS_USAGE, "%s: %s is NULL",  \
				 __func__, #arg))

/* init.c: between civil_init() and civil_shutdown(). */
bool civil_is_initialized(void);

/* What civil.h's opaque settings and code hold; civil.h's accessors
 * say what each is. */
struct civil_config {
	char *contact;
	char *reminder;
	civil_remind_mode_t remind;
	civil_tone_mode_t tone;
	double threshold;
	double review; /* civil.review, under threshold */
	char *lexicon;
	char *sendmail;
	char *repository;
	char *b4_template;
	char *user_name;
	char *user_email;
	char *problem;	   /* the first civil.* setting civil can't read */
	bool heat_problem; /* one of them is civil.threshold, review or
			    * lexicon */
};

struct civil_nm_config {
	char *database_path;
	char *primary_email;
	char *user_name;
	char *hook_dir;
	char *new_tags;
	char *tag;
	char *thread_tag;
	double threshold;
	double review;
	char *lexicon;
	char *query;
	char *archive;
	int lock_timeout_ms;
	char *config_path;
};

struct civil_code {
	civil_code_kind_t kind;
	char *path;
	char *blob_id;
	char *text;
	char *contact;
	civil_contact_source_t contact_source;
	char *contact_path;
	char *contact_blob_id;
	/* The commit at HEAD the code was looked for in ("" outside a
	 * tree): what the draft names, never the tree's path. */
	char *commit_id;
};

/* thread.c: what civil.h's opaque thread holds. */
typedef struct civil_thread_msg {
	char *id;	/* Message-ID, no angle brackets */
	long long date; /* seconds since the epoch */
	char *from;	/* decoded, one line (all header values are) */
	char *to;
	char *cc;
	char *subject;
	char *list;	   /* List-Id or X-Mailing-List, or NULL */
	char *in_reply_to; /* parent's Message-ID, or NULL */
	size_t depth;	   /* in the reply tree */
	char *authored;	   /* the sender's own words ("" if missing) */
	civil_kind_t kind;
	civil_heat_score_t heat;
	bool scored;  /* heat is known (stored or scored now) */
	bool heated;  /* tagged heated in the database */
	/* The reader holds it calm: took civil's heated tag off, or
	 * civil.reader=calm, and has not tagged it since (db.h). */
	bool reader_calm;
	bool in_db;   /* the verdicts above are the database's */
	bool missing; /* its file is gone: headers from the database only */
	char *raw;    /* the message as it arrived (NULL if missing) */
	size_t raw_len;
} civil_thread_msg_t;

struct civil_thread {
	civil_thread_msg_t *msgs; /* oldest first */
	size_t n;
	char *thread_id; /* notmuch's, or NULL from an mbox */
};

/* thread.c: civil_thread_from_db and civil_thread_from_mbox into a
 * thread the caller holds (its fields zeroed first), and what frees what
 * it holds; for the library's files and its tests. */
civil_status_t civil_thread_fill_db(civil_t *c, const char *query,
				    civil_thread_t *out, civil_error_t *err);
civil_status_t civil_thread_fill_mbox(const void *data, size_t len,
				      const char *name,
				      const civil_heat_t *heat,
				      civil_thread_t *out, size_t *skipped,
				      civil_error_t *err);
void civil_thread_release(civil_thread_t *t);

/* config.c: "~/x" -> "$HOME/x" as git expands a path setting, through
 * libgit2 (takes path over; NULL stays NULL), and a heat threshold from a
 * setting (false: not one). */
char *civil_home_path(char *path);
bool civil_parse_threshold(const char *s, double *out);

/* config.c: read civil.* (and user.*) from the repository's git config
 * (repo may be NULL: the user's global/XDG/system files only), the files
 * chosen as git chooses them in env (civil_open_opts_t.git_env; NULL:
 * libgit2's choice).  A bad
 * value is reported in err with CIVIL_STATUS_CONFIG_ERROR but the rest is
 * loaded and the default kept.  civil_config_defaults: the defaults
 * alone, read from nowhere. */
civil_status_t civil_config_load(civil_config_t *cfg, civil_repo_t *repo,
				 const char *const *env, civil_error_t *err);
void civil_config_defaults(civil_config_t *cfg);
void civil_config_release(civil_config_t *cfg);

/* config-notmuch.c: the notmuch config at config_path, or the database at
 * database_path with no config file, or both; both NULL: the ones
 * libnotmuch finds by itself ($NOTMUCH_CONFIG, profiles, XDG).
 * NOT_FOUND when there is none (the defaults are filled in anyway); a
 * [civil] value civil can't use, or a key it does not know, is
 * CONFIG_ERROR naming the key and the value (the rest is loaded). */
civil_status_t civil_nm_config_load(civil_nm_config_t *cfg,
				    const char *config_path,
				    const char *database_path,
				    civil_error_t *err);
void civil_nm_config_defaults(civil_nm_config_t *cfg);
void civil_nm_config_release(civil_nm_config_t *cfg);

/* code.c: find the code in repo's HEAD (repo NULL: the built-in code),
 * then apply cfg->contact.  Only repository errors fail. */
civil_status_t civil_code_find(civil_repo_t *repo, const civil_config_t *cfg,
			       civil_code_t *code, civil_error_t *err);
void civil_code_release(civil_code_t *code);

/* heat.c: civil's own lexicon, DATA_DIR/heat.lexicon, then extra (the
 * user's file; NULL for none). */
civil_status_t civil_heat_open(const char *data_dir, const char *extra,
			       civil_heat_t **out, civil_error_t *err);

/* handle.c: the handle's scorer if civil_get_heat read it, else NULL;
 * and how many threads a scan parses in (at least 1). */
const civil_heat_t *civil_heat_if_read(const civil_t *c);
unsigned int civil_threads(const civil_t *c);

/* repo.c: the git_repository behind a civil_repo_t (as void *, so this
 * header needs no libgit2). */
void *civil_repo_git(civil_repo_t *repo);
/* The commit HEAD names, in hex (malloc'd), or NULL when it names none. */
char *civil_repo_head_commit(civil_repo_t *repo);

/* line.c: the lines of mail text, shared by text.c, pasted.c, remind.c
 * and message.c. */

/* Length of the line starting at p (without its end), and where the next
 * one starts. */
size_t civil_line_len(const char *p, const char *end, const char **next);
bool civil_line_is_quoted(const char *line, size_t len);
bool civil_line_is_sig_separator(const char *line, size_t len);
/* Where the signature block starts (the "-- " line), or NULL. */
const char *civil_text_sig_start(const char *text, size_t len);
/* Case-insensitive search for needle in [hay, hay+len). */
const char *civil_memcasemem(const char *hay, size_t len, const char *needle);
/* The first line of the reminder civil writes is HEAD, the code's path,
 * TAIL (remind.c writes it, civil_reminder_line_is_ours finds it). */
#define CIVIL_REMINDER_HEAD "Reviewed under "
#define CIVIL_REMINDER_TAIL ": keep it civil and technical."
/* The built-in code, as the reminder and the draft name it: plainly a
 * fallback, used where no code file (and no civil.repository) was found. */
#define CIVIL_BUILTIN_NAME                                                     \
	"the 2015 Code of Conflict (civil's built-in fallback)"

/* sentence.c: the sentences of a text as a reader reads them, the one
 * splitter every reader of sentences uses (the scorer, the tone check,
 * the draft's passages).  Each is a span of the text itself: a quote of
 * it is the sender's own bytes. */
struct civil_sentence {
	size_t off, len; /* text[off, off + len): no white space at its ends */
	size_t para;	 /* its paragraph, from 0 */
};
/* The sentences of text[0, len), in order, added to out (an array of
 * struct civil_sentence).  A paragraph ends at a blank line and at a
 * line of code, which is in no sentence; a sentence ends at . ! or ?
 * before white space, but not after an initial, an abbreviation or a
 * list's number (sentence.c says which), or at its paragraph's end. */
void civil_sentences(const char *text, size_t len, GArray *out);

/* encoded.c: lines added to the end of a quoted-printable or base64
 * part's content raw (len bytes, as in the message), the lines it has
 * kept as they are (for base64 ending in padding, all but its last line).
 * tail gets the decoded text and puts what to add after it in out: with
 * eol line ends (NULL: the text's own), and a line end at its end or not.
 * Adds the new content to out; false (nothing added) when the result
 * would not decode to the old text and then the addition. */
typedef void (*civil_tail_fn)(const char *text, size_t len, const char *eol,
			      bool final_eol, struct civil_buf *out, void *arg);
bool civil_encoded_append(GMimeContentEncoding enc, const char *raw, size_t len,
			  civil_tail_fn tail, void *arg, struct civil_buf *out);

/* pasted.c: lines a sender pasted rather than wrote.  Tool output: the
 * kernel log, backtraces, checkpatch, compilers, get_maintainer.pl, git
 * trailers that are not review verdicts.  A shell prompt: its command's
 * output follows, up to a blank line.  A notice: a mail server's legal
 * text (a paragraph). */
bool civil_line_is_tool_output(const char *line, size_t len);
bool civil_line_is_shell_prompt(const char *line, size_t len);
bool civil_text_is_notice(const char *text, size_t len);

/* thanks.c: do these authored words say a patch was applied, queued,
 * merged or pulled, and little else ("Applied to net-next, thanks!", b4
 * ty's notes)?  message.c makes such a reply a notice, not a review. */
bool civil_text_is_thanks(const char *text, size_t len);

/* output.c: "+TAG -- PREFIX:\"VALUE\"" (sign '+' or '-'), a "notmuch
 * tag --batch" line without its newline: the tag %XX-encoded, the value
 * quoted as a Xapian boolean term.  A value with a line break can't be
 * written in one: UNSUPPORTED, and nothing is added. */
civil_status_t civil_tag_line(struct civil_buf *out, char sign, const char *tag,
			      const char *prefix, const char *value,
			      civil_error_t *err);

/* fields.c: raw with only the header fields a heat scan reads (MIME,
 * Subject, From, To, Date, Message-ID, In-Reply-To, References) into out;
 * false when raw does not look like a header and a body (then use raw). */
bool civil_fields_for_scan(const char *raw, size_t len, struct civil_buf *out);

/* thread.c: a value taken from mail, for a header or a line of a body:
 * encoded words decoded until nothing changes (what still starts one is
 * broken, "= ?"), every run of control characters and line
 * breaks one space, no space at either end.  malloc'd; NULL gives "". */
char *civil_one_line(const char *s);
/* The len bytes at s into out, every run of control characters and line
 * breaks (tabs too, unless keep_tabs) as one space. */
void civil_line_collapse(struct civil_buf *out, const char *s, size_t len,
			 bool keep_tabs);

/* thread.c: a list's id without its display name: "Kernel Summit
 * <ksummit.lists.linux.dev>" -> "ksummit.lists.linux.dev" (malloc'd). */
char *civil_list_id(const char *list_id);

/* message.c: the GMime side of a civil_message_t. */
GMimeMessage *civil_message_mime(civil_message_t *msg);
const char *civil_message_name(const civil_message_t *msg);
/* civil_message_kind(msg) == CIVIL_KIND_PATCH, for the scorer, which
 * needs no more of the kind than that (a notice is found by reading a
 * reply's text, and only the reminder asks). */
bool civil_message_is_patch(civil_message_t *msg);

/* A message "worth a look" (civil.review): at or over the review level
 * and not heated.  civil-scan --apply marks it civil.review=1 and keeps
 * its score (and no lower calm one's); civil-heated marks it '-' and lists
 * its thread after the heated ones.  Never tagged heated, never held by
 * the tone check, never quoted to the board. */
static inline bool civil_heat_review(const civil_heat_score_t *h, double review)
{
	return h->klass != CIVIL_HEAT_HEATED && h->score >= review;
}
/* A text/plain part that is body, not attachment. */
bool civil_part_is_body_text(GMimeObject *part);
/* The part's content with its transfer encoding undone (bytes as sent). */
void civil_part_decode(GMimePart *part, struct civil_buf *out);
/* ... and then as UTF-8 text with LF line ends. */
void civil_part_text(GMimePart *part, struct civil_buf *out);
/* The one part civil adds its reminder to and looks for it in: the first
 * text/plain body part outside attachments and forwarded messages, never
 * under a multipart/signed or multipart/encrypted, never a signature.
 * NULL when there is none.  remind.c edits and checks only this part, so
 * what it adds is what it finds the next time. */
GMimePart *civil_message_edit_part(civil_message_t *msg);
/* Text in charset (NULL: guess) to valid UTF-8 with LF line ends. */
void civil_text_to_utf8(const char *data, size_t len, const char *charset,
			struct civil_buf *out);

/* thread-heat.c: a From value's bare address, lower case: one person
 * however their name is written.  malloc'd. */
char *civil_author_key(const char *from);

#endif
