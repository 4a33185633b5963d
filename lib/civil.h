/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * civil.h - the one public header of libcivil.
 *
 * libcivil puts a project's code of conduct (or, where a tree has none,
 * the kernel's 2015 Code of Conflict) into mailing-list tools: it adds the
 * code's reminder to reviews on their way out and checks the tone of what
 * goes out, scores how heated a sender's own words are and tags heated
 * messages and threads in a notmuch database, and drafts the private
 * report to the code's contact (it never sends it).  Its verbs, by group
 * ("civil_buf_{str,detach}": civil_buf_str and civil_buf_detach):
 *
 *  set-up      civil_init, civil_shutdown, civil_version
 *  errors      civil_error_clear, civil_status_to_string
 *  strings     civil_buf_{str,detach,release}
 *  repository  civil_repo_{open,open_env,free,read_head_file},
 *              civil_repo_get_{path,common_dir}
 *  settings    civil_config_get_<field>, civil_nm_config_get_<field>,
 *              civil_{remind,tone}_mode_parse
 *  the code    civil_code_get_<field>, civil_code_kind_name,
 *              civil_code_{extract_contact,unacceptable_sentence}
 *  handle      civil_open, civil_close, civil_set_tone,
 *              civil_get_{repository,settings,code,notmuch_settings}
 *  messages    civil_message_{parse,free,add_envelope}, its getters
 *              civil_message_{header,subject,id,kind,signed,text,
 *              authored,raw}, civil_kind_name; on plain text
 *              civil_text_{authored,has_diff,has_quoted_diff,
 *              has_review_trailer}, civil_subject_{is_reply,
 *              has_patch_tag,is_cover}
 *  mboxes      civil_mbox_foreach
 *  reminder    civil_reminder_{text,insert,present,line_is_ours},
 *              civil_remind_message
 *  tone, heat  civil_get_heat, civil_drop_heat (the handle's scorer),
 *              civil_heat_{new,free,set_threshold,get_threshold},
 *              civil_heat_score_{text,message,release},
 *              civil_heat_{reasons_line,class_name}, civil_thread_heat
 *  learning    civil_heat_learned_{open,save,forget,text},
 *              civil_heat_learn_{text,message}
 *  database    civil_scan, civil_scan_{mbox,start_here}, civil_purge,
 *              civil_heated_foreach, civil_review_foreach
 *  outgoing    civil_outgoing_{prepare,release}: the reminder and the
 *              tone check in one, as civil-remind and civil-sendmail do;
 *              civil_outgoing_unfinished
 *  threads     civil_thread_{from_db,from_mbox,read_verdicts,get_count,
 *              foreach,free}
 *  draft       civil_draft_{build,count,explain}
 *
 * An object's calls share its prefix (civil_repo_, civil_message_,
 * civil_heat_, civil_thread_); the handle's getters and setters are
 * civil_get_ and civil_set_.  What holds many things is walked by a
 * _foreach whose callback can stop it ("Walks", below).  Every call keeps
 * the rules that follow; each section says the rest.
 */

/*
 * Rules every function keeps:
 *  - It never prints and never exits.  Fallible calls return a
 *    civil_status_t and, when they fail, fill a civil_error_t with one line
 *    of text (no program name, no newline) for the caller to print.
 *  - It never reads the environment or user configuration unless asked:
 *    civil_open() with CIVIL_OPEN_GIT_ENV or CIVIL_OPEN_NOTMUCH_ENV, and
 *    civil_repo_open_env(), read what git and notmuch themselves read,
 *    through libgit2 and libnotmuch.
 *  - Memory it hands out is freed by the matching _free or _release call.
 *
 * What the declarations below leave unsaid follows these rules, after
 * notmuch.h:
 *
 * Returns.  A civil_status_t is CIVIL_STATUS_SUCCESS (0) or why not; err
 * may be NULL when the caller does not want the message, and a message it
 * got is the caller's to civil_error_clear().  The calls that take the
 * handle and the walks check their pointers: a NULL where one is needed
 * (the handle, options, a sink, stats, a callback, the thread, an out
 * parameter) is CIVIL_STATUS_USAGE naming it ("civil_scan: sink is
 * NULL"), before anything is touched; elsewhere a pointer may be NULL
 * only where its comment says so.  Counts a call hands back (skipped,
 * found) are optional: NULL is "not wanted".  The getters of a NULL handle
 * give NULL.  On failure an out-parameter handle is NULL and a struct
 * filled by the call is empty, so its _release or _free is still safe
 * (and needed only on success, or where the call says it fills what it
 * can even when it fails).
 *
 * Names.  A getter is civil_<object>_get_<field> and a setter
 * civil_<object>_set_<field>; the handle's are civil_get_<field> and
 * civil_set_<field> (civil_get_code, civil_set_tone).  A message's
 * getters are the exception, used everywhere since the first version:
 * civil_message_<field> (civil_message_subject).
 *
 * Walks.  civil_heated_foreach, civil_mbox_foreach and
 * civil_thread_foreach hand each thing they walk, in turn, to a callback
 * the caller passes with a void *arg for its own state: fn(thing, arg)
 * returns 0 to go on and anything else to stop.  A walk that was stopped
 * returns CIVIL_STATUS_SUCCESS, as one that ran to the end does (the
 * callback's value is not handed back: what the caller needs to know of
 * why it stopped, it keeps in arg); one that fails returns why, and its
 * callback may have seen some things already.  What fn is handed lives
 * until fn returns, unless its comment says longer.  The arrays inside a
 * struct (a score's reasons, a heated thread's people, tags and passages)
 * are plain data, read with their counts; there is no index-taking getter.
 *
 * Ownership.  A "char *" a function returns (or hands back through an
 * out parameter: civil_repo_read_head_file's oid_hex) is malloc'd:
 * free() it.  A "const char *" belongs to the object it was read from
 * and lives as long as that object (civil_message_header lives as long
 * as the message).  What a struct points to (its strings, its arrays) is
 * the struct's and goes with it, never to be freed alone: one the caller
 * holds is freed by its _release (civil_heat_score_release frees the
 * reasons and their strings; civil_outgoing_release, civil_error_clear),
 * one the library hands a callback (civil_scan_item_t,
 * civil_heated_thread_t) by the library once the callback returns.  A
 * struct civil_buf the caller passes is added to (or reset, where said);
 * its memory stays the caller's (civil_buf_release).  Arguments are only
 * read during the call and may be freed after it, unless a struct keeps a
 * pointer to them, which its comment says (civil_draft_opts_t).
 *
 * Growing structs.  A struct the caller allocates and passes, to be read
 * (civil_open_opts_t, civil_scan_opts_t, civil_scan_sink_t,
 * civil_draft_opts_t) or filled (civil_scan_stats_t, civil_purge_stats_t,
 * civil_outgoing_t), grows at its end in later versions, after libgit2:
 * its first member is "unsigned int version", which the caller sets to the
 * struct's CIVIL_<NAME>_VERSION it was compiled with, as CIVIL_<NAME>_INIT
 * does (with the defaults, for options).  Start every such struct from its
 * INIT macro.  A call given a version this libcivil does not know (0 among
 * them) changes nothing and fails with CIVIL_STATUS_USAGE:
 * "civil_scan_opts_t version 7 unknown (this libcivil knows 1)".  A call
 * that fills a struct keeps its version.  Structs the library hands out
 * one at a time by pointer (civil_scan_item_t, civil_heated_thread_t,
 * civil_thread_item_t) may grow at their end with no version: callers only
 * read them through that pointer.  Not so the elements of arrays it hands
 * out (a score's civil_heat_reason_t reasons, a heated thread's passages:
 * callers step through them by their own sizeof), nor a struct held by
 * value inside another (civil_thread_heat_t in civil_heated_thread_t,
 * civil_heat_reason_t in civil_heated_passage_t; civil_heat_score_t and
 * civil_remind_result_t in civil_outgoing_t, whose version then moves):
 * those are fixed until the next soname, as is every struct with no
 * version the caller passes (civil_error_t, struct civil_buf,
 * civil_heat_score_t, civil_heat_lesson_t, civil_heat_sample_t,
 * civil_thread_heat_t, civil_remind_result_t).
 *
 * Threads.  civil_init() and civil_shutdown() are called once each, by
 * one thread, before and after every other call.  In between, calls on
 * different objects may run in different threads at once; one object
 * (handle, message, repository, thread) is used by one thread at a time.
 * Scoring only reads a civil_heat_t: any number of threads may score
 * with one at once (civil_scan does), while none changes it.  What
 * learns or changes it (civil_heat_set_threshold, the civil_heat_learn*
 * calls, civil_scan with o->learn) uses it alone, as any other object is
 * used.  The calls that take no object are safe from any thread.
 */
#ifndef CIVIL_H
#define CIVIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libcivil is built with hidden visibility: what is declared here, and
 * only that, is exported (the version script is made from this file). */
#pragma GCC visibility push(default)

/* ---- versions (init.c) ---- */

/* The version of this header; the Makefile and debian/changelog read the
 * string, and the numbers say the same. */
#define CIVIL_VERSION "0.2.0"
#define LIBCIVIL_MAJOR_VERSION 0
#define LIBCIVIL_MINOR_VERSION 2
#define LIBCIVIL_MICRO_VERSION 0

/* True when the civil.h a program is compiled against is at least
 * major.minor.micro, for code that uses what a later version added:
 *
 *   #if LIBCIVIL_CHECK_VERSION(0, 2, 0)
 */
#define LIBCIVIL_CHECK_VERSION(major, minor, micro)                            \
	(LIBCIVIL_MAJOR_VERSION > (major) ||                                   \
	 (LIBCIVIL_MAJOR_VERSION == (major) &&                                 \
	  LIBCIVIL_MINOR_VERSION > (minor)) ||                                 \
	 (LIBCIVIL_MAJOR_VERSION == (major) &&                                 \
	  LIBCIVIL_MINOR_VERSION == (minor) &&                                 \
	  LIBCIVIL_MICRO_VERSION >= (micro)))

/* The version of the library the program runs with (CIVIL_VERSION as it
 * was built), which may be newer than the header it was compiled with.
 * A static string; any thread may call it at any time. */
const char *civil_version(void);

/* ---- status and errors (util/error.c) ---- */

typedef enum civil_status {
	CIVIL_STATUS_SUCCESS = 0,
	CIVIL_STATUS_FILE_ERROR,       /* open/read/write/rename failed */
	CIVIL_STATUS_NOT_MAIL,	       /* input is not an RFC 5322 message */
	CIVIL_STATUS_UNSUPPORTED,      /* valid, but we can't safely edit it */
	CIVIL_STATUS_NO_REPOSITORY,    /* not inside a git repository */
	CIVIL_STATUS_REPOSITORY_ERROR, /* libgit2 failed on a repository */
	CIVIL_STATUS_NOT_FOUND,	       /* the thing asked for isn't there */
	CIVIL_STATUS_CONFIG_ERROR,     /* a setting has a value we can't use */
	CIVIL_STATUS_RUN_ERROR,	       /* a child process could not run */
	CIVIL_STATUS_USAGE,	       /* bad argument from the caller */
	CIVIL_STATUS_DATABASE_ERROR,   /* notmuch failed, or a bad query */
	CIVIL_STATUS_LOCKED,	       /* another writer holds the database */
	CIVIL_STATUS_PARTIAL,	       /* done, but some items were skipped */
} civil_status_t;

typedef struct civil_error {
	civil_status_t status;
	char *message; /* one line, malloc'd; NULL when status is SUCCESS */
} civil_error_t;

#define CIVIL_ERROR_INIT                                                       \
	{                                                                      \
		CIVIL_STATUS_SUCCESS, NULL                                     \
	}

void civil_error_clear(civil_error_t *err);
const char *civil_status_to_string(civil_status_t status);

/* ---- strings the library fills (util/buf.c) ---- */

/* A growing string, after git's strbuf: calls that produce text add it
 * to one the caller passes.  buf is NULL until something is added, then
 * NUL-terminated; len excludes the NUL.  Allocation failure aborts (as
 * GLib does): there is no useful recovery from it in a mail filter. */
struct civil_buf {
	char *buf;
	size_t len;
	size_t alloc;
};
#define CIVIL_BUF_INIT                                                         \
	{                                                                      \
		NULL, 0, 0                                                     \
	}

/* The string, never NULL ("" for an empty buffer); owned by b. */
const char *civil_buf_str(const struct civil_buf *b);
/* Hand the string to the caller (free() it); the buffer is reset. */
char *civil_buf_detach(struct civil_buf *b);
/* Free the string; b is empty and may be used again. */
void civil_buf_release(struct civil_buf *b);

/* ---- library set-up (init.c) ---- */

/* Call once before anything else, and civil_shutdown() before exit. */
void civil_init(void);
void civil_shutdown(void);

/* ---- repositories (repo.c): libgit2, wrapped ---- */

typedef struct civil_repo civil_repo_t;

/* The repository at path or above it (path NULL: the current
 * directory).  Bare repositories and linked worktrees work.  Returns
 * CIVIL_STATUS_NO_REPOSITORY when there is none.  The environment is not
 * read. */
civil_status_t civil_repo_open(const char *path, civil_repo_t **out,
			       civil_error_t *err);
/* The repository git would use here, as git finds it: $GIT_DIR (git
 * send-email's hook runs with it set), $GIT_WORK_TREE, else discovery
 * from the current directory up to $GIT_CEILING_DIRECTORIES.  The one
 * call that reads GIT_* (through libgit2), for a caller that wants
 * git's rule, as civil's commands do. */
civil_status_t civil_repo_open_env(civil_repo_t **out, civil_error_t *err);
void civil_repo_free(civil_repo_t *repo);
/* The repository's git directory, for messages. */
const char *civil_repo_get_path(const civil_repo_t *repo);
/* The git directory its worktrees share (where its config is). */
const char *civil_repo_get_common_dir(const civil_repo_t *repo);
/* Read the blob at path in HEAD's tree into content (reset first).
 * *oid_hex (oid_hex may be NULL) gets the blob's id in hex, as long as
 * the repository's ids are (40 digits for SHA-1), malloc'd; what it held
 * is freed.  CIVIL_STATUS_NOT_FOUND when HEAD is unborn or the path is
 * absent. */
civil_status_t civil_repo_read_head_file(civil_repo_t *repo, const char *path,
					 struct civil_buf *content,
					 char **oid_hex, civil_error_t *err);

/* ---- settings (config.c) ---- */

typedef enum civil_remind_mode {
	CIVIL_REMIND_REVIEWS = 0, /* default */
	CIVIL_REMIND_REPLIES,
	CIVIL_REMIND_ALL, /* everything but patches and cover letters */
	CIVIL_REMIND_OFF,
} civil_remind_mode_t;

typedef enum civil_tone_mode {
	CIVIL_TONE_WARN = 0, /* default: say what is heated, then send */
	CIVIL_TONE_REJECT,   /* refuse to send heated words */
	CIVIL_TONE_OFF,
} civil_tone_mode_t;

/* The git settings (civil.*, user.*) civil_open read; strings NULL when
 * not set.  What the accessors return lives as long as the settings (the
 * handle). */
typedef struct civil_config civil_config_t;

/* What civil could not read of its git settings, one line naming the
 * key (a key it does not know, a value it can't use: "git config
 * civil.tone: 'rejct' is not warn, reject or off"), and how many more;
 * NULL when it read them all.  Such a setting is never replaced by a
 * default in silence: the caller decides what it stops. */
const char *civil_config_get_problem(const civil_config_t *cfg);
/* civil.contact, civil.reminder */
const char *civil_config_get_contact(const civil_config_t *cfg);
const char *civil_config_get_reminder(const civil_config_t *cfg);
civil_remind_mode_t civil_config_get_remind(const civil_config_t *cfg);
/* civil.tone, or what civil_set_tone said */
civil_tone_mode_t civil_config_get_tone(const civil_config_t *cfg);
/* civil.threshold: the score at which a message is heated, for the tone
 * check and the scan alike (CIVIL_HEAT_THRESHOLD) */
double civil_config_get_threshold(const civil_config_t *cfg);
/* civil.review: the score from which a message not heated is "worth a
 * look", for the scan and civil-heated (CIVIL_HEAT_REVIEW); always under
 * civil.threshold (a value that is not is a problem naming the key) */
double civil_config_get_review(const civil_config_t *cfg);
/* civil.lexicon and civil.repository ("~/" expanded): the user's own
 * cues, added to civil's for the tone check and the scan, and the tree
 * whose code applies outside any tree */
const char *civil_config_get_lexicon(const civil_config_t *cfg);
const char *civil_config_get_repository(const civil_config_t *cfg);
/* civil.sendmail, b4.review-reply-template, user.name, user.email */
const char *civil_config_get_sendmail(const civil_config_t *cfg);
const char *civil_config_get_b4_template(const civil_config_t *cfg);
const char *civil_config_get_user_name(const civil_config_t *cfg);
const char *civil_config_get_user_email(const civil_config_t *cfg);

civil_status_t civil_remind_mode_parse(const char *s, civil_remind_mode_t *out);
civil_status_t civil_tone_mode_parse(const char *s, civil_tone_mode_t *out);

/* ---- notmuch settings (config-notmuch.c) ---- */

/* The notmuch config civil_open was told of (or, with
 * CIVIL_OPEN_NOTMUCH_ENV, the one notmuch itself reads), read through
 * libnotmuch, and civil's "[civil]" section in it. */
typedef struct civil_nm_config civil_nm_config_t;

/* Strings NULL when not set; they live as long as the settings (the
 * handle).  database_path: the database civil opens, with the settings
 * of config_path (NULL: no config file). */
const char *civil_nm_config_get_database_path(const civil_nm_config_t *cfg);
const char *civil_nm_config_get_config_path(const civil_nm_config_t *cfg);
const char *civil_nm_config_get_primary_email(const civil_nm_config_t *cfg);
const char *civil_nm_config_get_user_name(const civil_nm_config_t *cfg);
/* Where notmuch looks for its post-new hook. */
const char *civil_nm_config_get_hook_dir(const civil_nm_config_t *cfg);
/* new.tags, as written: "unread;inbox". */
const char *civil_nm_config_get_new_tags(const civil_nm_config_t *cfg);
/* civil.tag ("heated"), civil.thread-tag ("heated-thread"). */
const char *civil_nm_config_get_tag(const civil_nm_config_t *cfg);
const char *civil_nm_config_get_thread_tag(const civil_nm_config_t *cfg);
/* civil.threshold: CIVIL_HEAT_THRESHOLD. */
double civil_nm_config_get_threshold(const civil_nm_config_t *cfg);
/* civil.review: CIVIL_HEAT_REVIEW (git config's, as civil.threshold). */
double civil_nm_config_get_review(const civil_nm_config_t *cfg);
/* civil.lexicon: the user's additions ("~/" expanded). */
const char *civil_nm_config_get_lexicon(const civil_nm_config_t *cfg);
/* civil.query: what a scan with no query scores; NULL: what changed
 * since the last one (civil-scan(1)). */
const char *civil_nm_config_get_query(const civil_nm_config_t *cfg);
/* civil.archive: where message links point. */
const char *civil_nm_config_get_archive(const civil_nm_config_t *cfg);
/* civil.lock-timeout (seconds in the file), in ms: 10000. */
int civil_nm_config_get_lock_timeout_ms(const civil_nm_config_t *cfg);

/* Where civil-scan --apply records the database revision it has scanned
 * up to: a key in the notmuch database's own config (lastmod.c). */
#define CIVIL_LASTMOD_KEY "civil.lastmod"

/* ---- the code (code.c) ---- */

typedef enum civil_code_kind {
	CIVIL_CODE_BUILTIN =
		0,	     /* no file: the kernel's 2015 Code of Conflict */
	CIVIL_CODE_CONFLICT, /* a Code of Conflict file */
	CIVIL_CODE_CONDUCT,  /* a Code of Conduct file */
} civil_code_kind_t;

typedef enum civil_contact_source {
	CIVIL_CONTACT_NONE = 0, /* the file names nobody (unfilled template) */
	CIVIL_CONTACT_FILE,	/* read from a file in the repository */
	CIVIL_CONTACT_CONFIG,	/* git config civil.contact */
	CIVIL_CONTACT_BUILTIN,	/* the built-in default */
} civil_contact_source_t;

/* The code civil_open found (civil_get_code); strings live as long as
 * the handle. */
typedef struct civil_code civil_code_t;

civil_code_kind_t civil_code_get_kind(const civil_code_t *code);
/* In the repository; built-in: the kernel's path. */
const char *civil_code_get_path(const civil_code_t *code);
/* The blob's id, hex, any length; "" for the built-in code. */
const char *civil_code_get_blob_id(const civil_code_t *code);
/* The code's text, UTF-8. */
const char *civil_code_get_text(const civil_code_t *code);
/* Its contact, a bare address, or NULL; where it came from; the file it
 * was read from (or NULL) and that file's blob (or ""). */
const char *civil_code_get_contact(const civil_code_t *code);
civil_contact_source_t civil_code_get_contact_source(const civil_code_t *code);
const char *civil_code_get_contact_path(const civil_code_t *code);
const char *civil_code_get_contact_blob_id(const civil_code_t *code);

#define CIVIL_DEFAULT_CONTACT	"tab@lists.linux-foundation.org"
#define CIVIL_DEFAULT_CODE_PATH "Documentation/CodeOfConflict"

/* "Code of Conflict" or "Code of Conduct". */
const char *civil_code_kind_name(civil_code_kind_t kind);
/* The address text tells people to contact (malloc'd), or NULL. */
char *civil_code_extract_contact(const char *text);
/* One sentence of the code on what is not acceptable (malloc'd), or NULL. */
char *civil_code_unacceptable_sentence(const civil_code_t *code);

/* ---- the handle (handle.c) ---- */

/* What a program opens once and every verb below works with: the
 * repository and its git settings, the code with its contact, the notmuch
 * settings, at most one notmuch database (opened on first use, read-only,
 * and kept), and the heat scorer (read on first use, and kept). */
typedef struct civil civil_t;

/* Where civil_open finds what it opens.  Every choice is optional, and
 * all of them 0 or NULL open nothing that depends on where the program
 * runs or who runs it: no repository (the built-in code and default
 * settings), no notmuch database, civil's data in the DATADIR libcivil
 * was built for, scans in one thread, and no environment variable read.
 *
 * The struct grows at its end in later versions: set version to the
 * CIVIL_OPEN_OPTS_VERSION the program was compiled with
 * (CIVIL_OPEN_OPTS_INIT does), so a newer libcivil knows which fields
 * there are.  Strings are copied by civil_open. */
typedef struct civil_open_opts {
	unsigned int version;	    /* CIVIL_OPEN_OPTS_VERSION */
	unsigned int flags;	    /* CIVIL_OPEN_* */
	const char *repository;	    /* a path in the tree whose code and
				     * git settings (as git reads them for
				     * it) apply */
	const char *notmuch_config; /* the notmuch config file to read */
	const char *database;	    /* the notmuch database's path; NULL:
				     * the config file's database.path */
	const char *data_dir;	    /* where heat.lexicon is */
	const char *lexicon;	    /* the user's lexicon; NULL: civil.lexicon
				     * of the notmuch settings when they were
				     * read, else of the git settings */
	unsigned int threads;	    /* threads a scan parses in; 0: 1 */
	/* Version 2: the environment git runs in, as execve's envp (a
	 * program's own: environ).  Its GIT_CONFIG_GLOBAL,
	 * GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM, HOME and XDG_CONFIG_HOME
	 * choose the git config files as git chooses them, and its
	 * GIT_CONFIG_COUNT (GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n) and
	 * GIT_CONFIG_PARAMETERS ("git -c") are settings over theirs, as
	 * in git.  NULL: the files libgit2 chooses (~/.gitconfig, the XDG
	 * file, /etc/gitconfig), none of those variables read. */
	const char *const *git_env;
} civil_open_opts_t;

#define CIVIL_OPEN_OPTS_VERSION 2
#define CIVIL_OPEN_OPTS_INIT                                                   \
	{                                                                      \
		CIVIL_OPEN_OPTS_VERSION, 0, NULL, NULL, NULL, NULL, NULL, 0,   \
			NULL                                                   \
	}

/* With no repository: the one git would use here (civil_repo_open_env),
 * and outside any tree the user's git settings, whose civil.repository
 * names the tree whose code applies.  What civil's commands do. */
#define CIVIL_OPEN_GIT_ENV (1u << 0)
/* With no notmuch_config and no database: the config file and database
 * notmuch itself would find ($NOTMUCH_PROFILE, the XDG and home
 * directories), looked for by libnotmuch.  And the user's git settings
 * (the repository's, with CIVIL_OPEN_GIT_ENV): civil.threshold and
 * civil.lexicon are the scan's as much as the tone check's. */
#define CIVIL_OPEN_NOTMUCH_ENV (1u << 1)

/* Open a handle (*out; NULL on failure): the repository, its settings and
 * the code are read now; the notmuch settings, the database and the
 * scorer when first needed.  Problems that leave a usable handle (a bad
 * setting, an unreadable repository: the built-in code is used) are added
 * to warnings (may be NULL), one line each, and are not failures.  Fails
 * with USAGE for an opts version this libcivil does not know (opts NULL:
 * all defaults), or outside civil_init() .. civil_shutdown(), and with
 * the reason when o->repository is not a repository.  The handle is the
 * caller's to civil_close(); one thread uses it at a time. */
civil_status_t civil_open(const civil_open_opts_t *opts, civil_t **out,
			  struct civil_buf *warnings, civil_error_t *err);
/* Close the database (it was read-only: nothing to commit) and free
 * everything the handle holds.  NULL is fine. */
void civil_close(civil_t *c);

/* The repository (NULL outside any tree), the git settings and the code,
 * as civil_open found them; they live as long as the handle. */
civil_repo_t *civil_get_repository(civil_t *c);
const civil_config_t *civil_get_settings(const civil_t *c);
const civil_code_t *civil_get_code(const civil_t *c);
/* Check the tone of outgoing mail per mode from now on, whatever
 * civil.tone says (a command's $CIVIL_TONE). */
void civil_set_tone(civil_t *c, civil_tone_mode_t mode);

/* The notmuch settings (*out lives as long as the handle), read on the
 * first call (or the first verb that needs them).  NOT_FOUND when there
 * is no notmuch config or database to read, or none was named; a [civil]
 * value civil can't use, or a key it does not know, is CONFIG_ERROR
 * naming the key and the value.  Either way *out holds what could be
 * read and the defaults for the rest, and every later call returns the
 * same status and message. */
civil_status_t civil_get_notmuch_settings(civil_t *c,
					  const civil_nm_config_t **out,
					  civil_error_t *err);

/* ---- messages (message.c, text.c) ---- */

typedef enum civil_kind {
	CIVIL_KIND_OTHER = 0,
	CIVIL_KIND_PATCH,
	CIVIL_KIND_COVER,  /* [PATCH 0/N] */
	CIVIL_KIND_REVIEW, /* a reply commenting on a patch */
	CIVIL_KIND_REPLY,  /* any other reply */
	CIVIL_KIND_NOTICE, /* a reply saying a patch was applied, queued,
			    * merged or pulled ("Applied, thanks!", b4 ty):
			    * not a review */
} civil_kind_t;

const char *civil_kind_name(civil_kind_t kind);

typedef struct civil_message civil_message_t;

/* Parse data (copied) as one message; name is used in error messages.
 * A leading mbox "From " line is allowed. */
civil_status_t civil_message_parse(const void *data, size_t len,
				   const char *name, civil_message_t **out,
				   civil_error_t *err);
void civil_message_free(civil_message_t *msg);

/* Headers of another file (git's second hook argument) that apply to this
 * message when its own are missing: In-Reply-To, References, Subject. */
civil_status_t civil_message_add_envelope(civil_message_t *msg,
					  const void *headers, size_t len,
					  civil_error_t *err);

/* A decoded header (UTF-8, unfolded), or NULL. */
const char *civil_message_header(civil_message_t *msg, const char *name);
const char *civil_message_subject(civil_message_t *msg);
/* Message-ID without angle brackets, or NULL. */
const char *civil_message_id(civil_message_t *msg);

civil_kind_t civil_message_kind(civil_message_t *msg);
/* Why the message must not be altered (it is signed), or NULL. */
const char *civil_message_signed(civil_message_t *msg);
/* The text/plain body parts, decoded to UTF-8 with LF line ends. */
const char *civil_message_text(civil_message_t *msg);
/* The sender's own words: text without quotes, attributions, diffs,
 * signature and civil's reminder. */
const char *civil_message_authored(civil_message_t *msg);
/* The bytes as parsed. */
const char *civil_message_raw(const civil_message_t *msg, size_t *len);

/* The same operations on plain text (LF line ends), for any source. */
void civil_text_authored(const char *text, size_t len, struct civil_buf *out);
bool civil_text_has_diff(const char *text, size_t len);
bool civil_text_has_quoted_diff(const char *text, size_t len);
bool civil_text_has_review_trailer(const char *text, size_t len);
/* Is this line (without its line end) the first line of a reminder civil
 * wrote, for whatever code (line.c)? */
bool civil_reminder_line_is_ours(const char *line, size_t len);

/* Subject helpers. */
bool civil_subject_is_reply(const char *subject);
bool civil_subject_has_patch_tag(const char *subject);
bool civil_subject_is_cover(const char *subject);

/* ---- mboxes (mbox.c) ---- */

/* msg is freed once fn returns. */
typedef int (*civil_mbox_fn)(civil_message_t *msg, void *arg);

/* Each message of the mbox in data's len bytes, in order, to fn (a walk:
 * "Walks", above), or data itself when it is a single message; no NUL
 * needed after them.  Messages that are not mail are counted in *skipped
 * (skipped may be NULL). */
civil_status_t civil_mbox_foreach(const void *data, size_t len,
				  const char *name, civil_mbox_fn fn, void *arg,
				  size_t *skipped, civil_error_t *err);

/* ---- the reminder (remind.c) ---- */

/* The reminder for code (civil.reminder in cfg wins; cfg may be NULL),
 * ASCII, LF-separated lines, no trailing newline.  malloc'd. */
char *civil_reminder_text(const civil_code_t *code, const civil_config_t *cfg);

typedef enum civil_remind_action {
	CIVIL_REMIND_ADDED = 0,	 /* out holds the new message */
	CIVIL_REMIND_PRESENT,	 /* already carries the reminder */
	CIVIL_REMIND_NOT_WANTED, /* its kind is not reminded in this mode */
	CIVIL_REMIND_SIGNED,	 /* signed: must not be changed */
	CIVIL_REMIND_NO_TEXT,	 /* no text/plain part to carry it */
	CIVIL_REMIND_CANT_EDIT,	 /* text civil can't add to without changing
				    bytes it must keep; why says what */
} civil_remind_action_t;

typedef struct civil_remind_result {
	civil_remind_action_t action;
	civil_kind_t kind;
	const char *why; /* static or owned by msg; for messages */
} civil_remind_result_t;

/* Decide and, when wanted, build the reminded message in out.  Everything
 * outside the edited text part stays byte-identical. */
civil_status_t civil_remind_message(civil_message_t *msg, const char *reminder,
				    civil_remind_mode_t mode,
				    struct civil_buf *out,
				    civil_remind_result_t *result,
				    civil_error_t *err);
/* Insert reminder into a text body (its own line ends kept): at the end of
 * the signature block, adding a "-- " line if there is none. */
void civil_reminder_insert(const char *text, size_t len, const char *reminder,
			   struct civil_buf *out);
/* Does text carry reminder's first line as an unquoted line? */
bool civil_reminder_present(const char *text, size_t len, const char *reminder);

/* ---- heat (heat.c) ---- */

typedef struct civil_heat civil_heat_t;

/* What a message's sender wrote is, by the line the Code of Conflict
 * draws (CODEBOOK.md): only heated is tagged, held or quoted to the
 * board; sharp is what the code protects. */
typedef enum civil_heat_class {
	CIVIL_HEAT_CALM = 0,
	CIVIL_HEAT_SHARP,  /* harsh, but about the work, a tool or oneself */
	CIVIL_HEAT_HEATED, /* a person could feel demeaned or threatened */
} civil_heat_class_t;

/* "calm", "sharp", "heated". */
const char *civil_heat_class_name(civil_heat_class_t k);

/* Whom a remark is aimed at, as found from the words around it. */
typedef enum civil_heat_target {
	CIVIL_TARGET_NONE = 0, /* nothing in particular, or anyone */
	CIVIL_TARGET_PERSON,   /* a participant: "you are", "he is" */
	CIVIL_TARGET_WORK,     /* a person's work: "your patch" */
	CIVIL_TARGET_THING,    /* code, tools, hardware: "this driver" */
	CIVIL_TARGET_SELF,     /* the sender: "I was an idiot" */
} civil_heat_target_t;

/* One thing that made a sentence sharp or heated, in a reader's words. */
typedef struct civil_heat_reason {
	char *signal;	/* "insult at a person", "'you' as the subject",
			 * "learned -1.07 from 1 correction" */
	char *match;	/* the words as the sender wrote them ("" when it
			 * is the sentence as a whole) */
	char *sentence; /* the sentence, on one line */
	double weight;	/* what it added to the sentence's heat */
	civil_heat_target_t target;
	civil_heat_class_t klass; /* the sentence's class */
	unsigned int at;	  /* the sentence's place in the text, from 0 */
} civil_heat_reason_t;

typedef struct civil_heat_score {
	double score; /* 0 to CIVIL_HEAT_MAX: its hottest sentence's */
	civil_heat_class_t klass; /* its hottest sentence's class */
	civil_heat_reason_t *reasons; /* the hottest sentence's first */
	size_t n_reasons;
} civil_heat_score_t;

/* The two levels of the shipped model (data/heat.model says them; make
 * model computes them and tests/unit/check_model.c holds these to it).
 * A score is 5 x the calibrated probability a reader calls the message
 * heated.  Heated, tagged and held from CIVIL_HEAT_THRESHOLD (civil.threshold):
 * an expected precision of 0.8 on a natural list.  A message not heated is
 * "worth a look" from CIVIL_HEAT_REVIEW (civil.review): 0.3. */
#define CIVIL_HEAT_THRESHOLD 4.71
#define CIVIL_HEAT_REVIEW 0.37
#define CIVIL_HEAT_MAX 5.0

/* Load lexicons (NULL-terminated paths, later ones add to and override
 * earlier ones; a "model FILE" line names the model).  A bad line fails
 * with "FILE:LINE: why". */
civil_status_t civil_heat_new(const char *const *lexicons, civil_heat_t **out,
			      civil_error_t *err);
/* The handle's scorer (*out; it belongs to the handle), read on the
 * first call: civil's own lexicon (heat.lexicon in the data directory),
 * then the user's (civil_open_opts_t.lexicon).  A lexicon that can't be
 * read fails with one line naming it, and the next call tries again.
 * The verbs that score only when they can (civil_heated_foreach,
 * civil_thread_from_db) score with it once it is read, and not before. */
civil_status_t civil_get_heat(civil_t *c, civil_heat_t **out,
			      civil_error_t *err);
/* Free the handle's scorer: those verbs score no more, until the next
 * civil_get_heat. */
void civil_drop_heat(civil_t *c);
void civil_heat_free(civil_heat_t *h);
/* The score from which a sentence is heated (0 < threshold <
 * CIVIL_HEAT_MAX; anything else is ignored). */
void civil_heat_set_threshold(civil_heat_t *h, double threshold);
double civil_heat_get_threshold(const civil_heat_t *h);
/* Score text as it is (callers pass authored text). */
void civil_heat_score_text(const civil_heat_t *h, const char *text, size_t len,
			   civil_heat_score_t *out);
/* Score a message's authored text; a patch scores 0 and is calm. */
void civil_heat_score_message(const civil_heat_t *h, civil_message_t *msg,
			      civil_heat_score_t *out);
void civil_heat_score_release(civil_heat_score_t *s);
/* "insult at a person 'idiot'; 'you' as the subject 'you are'" */
void civil_heat_reasons_line(const civil_heat_score_t *s,
			     struct civil_buf *out);

/* One message of a thread, for thread heat. */
typedef struct civil_heat_sample {
	double score;
	civil_heat_class_t klass; /* the reader's verdict already counted */
	const char *author;	  /* the bare address, lower case */
	long long date;		  /* seconds since the epoch */
	bool by_hand;		  /* a person tagged it heated */
} civil_heat_sample_t;

typedef struct civil_thread_heat {
	double peak;	 /* the hottest message */
	size_t messages; /* in the thread */
	size_t heated;	 /* heated messages (a person's tag counts) */
	size_t people;	 /* distinct authors of heated messages */
	bool escalating; /* the later half runs hotter than the first */
	bool is_heated;	 /* the thread as a whole is heated */
} civil_thread_heat_t;

/* A thread is heated through its heated messages, and only through
 * them: one a person tagged heated, or one civil holds heated that its
 * reader did not take back.  Sharp messages never make it so. */
void civil_thread_heat(const civil_heat_sample_t *v, size_t n,
		       civil_thread_heat_t *out);

/* ---- what the reader's corrections teach the scorer (learn.c) ---- */

/* Learn into (and keep in) the file at path: a missing file is nothing
 * learned yet; a file civil can't read fails with one line naming it.
 * Where the file lives is the caller's choice. */
civil_status_t civil_heat_learned_open(civil_heat_t *h, const char *path,
				       civil_error_t *err);
/* Write what was learned, when anything was, through a temporary file:
 * through a symlink to the file it names, never over a file made
 * read-only (one line, and nothing written). */
civil_status_t civil_heat_learned_save(civil_heat_t *h, civil_error_t *err);
/* Remove the file at path, or the one a symlink there names (*removed:
 * there was one). */
civil_status_t civil_heat_learned_forget(const char *path, bool *removed,
					 civil_error_t *err);

typedef struct civil_heat_lesson {
	double before, after; /* the message's score, before and after */
	size_t features;      /* how many learned weights it moved */
} civil_heat_lesson_t;

/* One correction: the reader holds text heated (or calm).  The cues at
 * their targets of the sentences that disagree with the reader (or, with
 * no cue, those sentences themselves) move in the reader's sense, just
 * far enough for civil to agree; nothing else does. */
void civil_heat_learn_text(civil_heat_t *h, const char *text, size_t len,
			   bool heated, civil_heat_lesson_t *out);
void civil_heat_learn_message(civil_heat_t *h, civil_message_t *msg,
			      bool heated, civil_heat_lesson_t *out);
/* What was learned, one line a weight ("'ugly' about code: -1.80 from 6
 * corrections"), weightiest first, then the corrections. */
void civil_heat_learned_text(const civil_heat_t *h, struct civil_buf *out);

/* ---- scanning for heat (scan.c) ---- */

typedef struct civil_scan_item {
	const char *id;	    /* Message-ID */
	const char *thread; /* notmuch thread id; NULL from an mbox */
	double score;
	const civil_heat_score_t *heat;
	bool heated; /* at or over the threshold */
	/* Worth a look: at or over civil.review, not heated, and neither
	 * tagged heated by a person nor held calm by its reader (with
	 * apply, marked civil.review=1) */
	bool review;
} civil_scan_item_t;

/* Where a scan's output goes; any of the callbacks may be NULL. */
typedef struct civil_scan_sink {
	unsigned int version; /* CIVIL_SCAN_SINK_VERSION */
	/* every message scored */
	void (*scored)(const civil_scan_item_t *item, void *arg);
	/* a "notmuch tag --batch" line, without its newline */
	void (*tag_line)(const char *line, void *arg);
	/* a message skipped, and why: one line */
	void (*warn)(const char *line, void *arg);
	void *arg;
} civil_scan_sink_t;

#define CIVIL_SCAN_SINK_VERSION 1
#define CIVIL_SCAN_SINK_INIT { .version = CIVIL_SCAN_SINK_VERSION }

/* What a scan did; the caller sets version, the scan fills the rest. */
typedef struct civil_scan_stats {
	unsigned int version; /* CIVIL_SCAN_STATS_VERSION */
	size_t scanned, skipped, heated, threads_heated, changed;
	size_t threads_skipped; /* could not be read: their tags left alone */
	size_t learned;		/* the reader's corrections learned */
} civil_scan_stats_t;

#define CIVIL_SCAN_STATS_VERSION 1
#define CIVIL_SCAN_STATS_INIT { .version = CIVIL_SCAN_STATS_VERSION }

typedef struct civil_scan_opts {
	unsigned int version; /* CIVIL_SCAN_OPTS_VERSION */
	const char *query; /* notmuch query of the messages to score; NULL:
			    * what changed since the last apply with NULL */
	bool apply;	   /* tag the database instead of printing */
	/* With apply: learn the reader's corrections not yet learned into
	 * the scorer (civil_heat_learned_open) and keep them, first. */
	bool learn;
} civil_scan_opts_t;

#define CIVIL_SCAN_OPTS_VERSION 1
#define CIVIL_SCAN_OPTS_INIT { .version = CIVIL_SCAN_OPTS_VERSION }

/* Score the messages of o->query in c's database with c's scorer, tag
 * names and threshold (civil_get_heat, civil_get_notmuch_settings: either
 * failing fails the scan, but a bad [civil] setting does not), in the
 * threads civil_open was given.  Without o->apply, tag changes go to
 * sink->tag_line; with it, they are made in the database (which is opened
 * a second time, for writing, only for that, waiting at most
 * civil.lock-timeout).
 * With no o->query, the messages changed since the database revision an
 * earlier apply with no query recorded (all of them when there is no
 * record for this database: sink->warn says so); o->apply records the
 * revision scanned, in the database's config (CIVIL_LASTMOD_KEY), with
 * the tags.  A message whose reader took civil's heated tag off is never
 * tagged again, and one the reader tagged is never untagged.
 * CIVIL_STATUS_PARTIAL when some messages or threads could not be read
 * (a missing file; another process writing the database faster than
 * civil could read it again): nothing is tagged or untagged from them. */
civil_status_t civil_scan(civil_t *c, const civil_scan_opts_t *o,
			  const civil_scan_sink_t *sink,
			  civil_scan_stats_t *stats, civil_error_t *err);
/* Start the record of a scan with no query at the revision of c's
 * database now, unless the database has a record: from then on such a
 * scan scores the mail that comes after.  *started: whether it did. */
civil_status_t civil_scan_start_here(civil_t *c, bool *started,
				     civil_error_t *err);
/* Score the messages of an mbox with c's scorer (no database; heated
 * ones get a tag line naming their Message-ID); o->query and o->apply
 * are not used.  The notmuch settings give the tag and threshold when
 * there are any (a missing notmuch config is not an error here). */
civil_status_t civil_scan_mbox(civil_t *c, const void *data, size_t len,
			       const char *name, const civil_scan_opts_t *o,
			       const civil_scan_sink_t *sink,
			       civil_scan_stats_t *stats, civil_error_t *err);

/* ---- taking it back (purge.c) ---- */

typedef struct civil_purge_stats {
	unsigned int version;	/* CIVIL_PURGE_STATS_VERSION */
	size_t untagged;	/* civil's heated tag taken off */
	size_t kept;		/* heated tags a person set, left on */
	size_t thread_untagged; /* thread tags taken off */
	size_t cleared;		/* messages civil's properties went from */
} civil_purge_stats_t;

#define CIVIL_PURGE_STATS_VERSION 1
#define CIVIL_PURGE_STATS_INIT { .version = CIVIL_PURGE_STATS_VERSION }

/* Take away what civil-scan wrote into c's database (opened for writing,
 * waiting at most civil.lock-timeout): its heated tag where it set it (a
 * person's stays), the thread tag, every civil.* property, and the
 * record of the last scan (CIVIL_LASTMOD_KEY); in atomic sections of a
 * thousand messages. */
civil_status_t civil_purge(civil_t *c, civil_purge_stats_t *stats,
			   civil_error_t *err);

/* ---- heated threads (heated.c) ---- */

/* One flagged passage: a reason civil gave for a heated message's heat,
 * with the message it is in. */
typedef struct civil_heated_passage {
	char *id;		 /* Message-ID */
	double score;		 /* the message's score */
	civil_heat_reason_t why; /* why.klass: the sentence's class */
} civil_heated_passage_t;

/* Everything in it, strings and arrays, is the library's and lives until
 * the civil_heated_fn it was handed to returns. */
typedef struct civil_heated_thread {
	char *thread;	 /* notmuch thread id */
	char *subject;	 /* its oldest message's */
	char *authors;	 /* as notmuch shows them */
	long long first; /* oldest message */
	long long last;	 /* newest message */
	size_t matched;	 /* matching the query */
	char **people;	 /* distinct addresses, NULL-terminated */
	size_t n_people;
	char **lists; /* List-Id / X-Mailing-List, NULL-terminated */
	size_t n_lists;
	char **tags; /* every tag on its messages */
	size_t n_tags;
	bool scored; /* some message has a score (else heat.peak means
		      * nothing) */
	char *strip; /* one character a message, oldest first:
			   * . calm  - worth a look  = sharp  # heated
			   * ! tagged heated though its words are not */
	/* heat.messages: all of the thread's, as notmuch counts them (one
	 * civil could not read among them); heat.peak: its hottest. */
	civil_thread_heat_t heat;
	civil_heated_passage_t *passages; /* with explain */
	size_t n_passages;
	/* Some message carries civil.thread-tag: the thread is heated, not
	 * only one of its messages. */
	bool thread_tagged;
	/* A thread worth a look (civil_review_foreach): no message of it is
	 * tagged heated, and passages holds each review message's deciding
	 * sentence, explain or not (with explain, all its reasons). */
	bool review;
} civil_heated_thread_t;

typedef int (*civil_heated_fn)(const civil_heated_thread_t *t, void *arg);

/* The threads of c's database with a message tagged civil.tag or
 * civil.thread-tag (and matching query, if given), newest first, to fn
 * (a walk: "Walks", above).  The handle's scorer, when it is read
 * (civil_get_heat), scores the heated messages that have no stored
 * score.  Fails when the notmuch settings or the database can't be read
 * (a bad [civil] setting is not a failure here). */
civil_status_t civil_heated_foreach(civil_t *c, const char *query,
				    bool explain, civil_heated_fn fn,
				    void *arg, civil_error_t *err);
/* The threads "worth a look", as civil_heated_foreach walks the heated
 * ones: those with a message civil-scan --apply marked civil.review=1
 * (at or over civil.review, not heated) that its reader has neither
 * tagged heated nor calmed, and no message tagged civil.tag or
 * civil.thread-tag (those are heated threads).  t->review is true, and
 * t->passages has each review message's deciding sentence (with
 * explain, all the reasons civil gave it). */
civil_status_t civil_review_foreach(civil_t *c, const char *query, bool explain,
				    civil_heated_fn fn, void *arg,
				    civil_error_t *err);

/* ---- outgoing mail (outgoing.c) ---- */

/* What civil does to a message on its way out, in civil-remind and
 * civil-sendmail alike; the caller sets version, civil_outgoing_prepare
 * fills the rest. */
typedef struct civil_outgoing {
	unsigned int version; /* CIVIL_OUTGOING_VERSION */
	civil_remind_result_t remind;
	struct civil_buf out; /* the new message, when remind.action is ADDED */
	civil_heat_score_t tone; /* the sender's words, when tone_checked */
	bool tone_checked;
	bool tone_heated; /* at or over civil.threshold */
	/* A message civil leaves as it is (signed, or already reminded) that
	 * carries a reminder civil wrote for another code or contact: its
	 * first line that is not the reminder's now, and that line. */
	char *stale_line;
	char *current_line;
} civil_outgoing_t;

#define CIVIL_OUTGOING_VERSION 1
#define CIVIL_OUTGOING_INIT { .version = CIVIL_OUTGOING_VERSION }

/* The reminder (per civil.remind) and the tone check (per civil.tone, or
 * civil_set_tone) for msg, with c's settings and code; the scorer is read
 * (civil_get_heat) only for mail whose tone is checked.  out is the
 * caller's to civil_outgoing_release, on failure too (one whose version
 * was refused is left as it was, and release leaves it alone). */
civil_status_t civil_outgoing_prepare(civil_t *c, civil_message_t *msg,
				      civil_outgoing_t *out,
				      civil_error_t *err);
void civil_outgoing_release(civil_outgoing_t *out);
/* Is msg an escalation draft (civil_draft_build) that still holds its
 * placeholder, CIVIL_DRAFT_PLACEHOLDER, in its sender's own words?  Then
 * it must not go out before they write there.  Needs no settings, code
 * or repository, so it comes first, before any of them is read; a patch
 * (a diff) is never one. */
bool civil_outgoing_unfinished(civil_message_t *msg);

/* ---- threads (thread.c) ---- */

/* The messages of one thread, oldest first, with what civil makes of
 * each (their headers, the sender's own words, the heat, the reader's
 * verdicts), for the escalation draft (civil_draft_build), which reads
 * them.  A caller only picks messages for it, by Message-ID
 * (civil_draft_opts_t.picked), and may walk them (civil_thread_foreach)
 * to see which there are. */
typedef struct civil_thread civil_thread_t;

/* The one thread query names in c's database (anything else is an error
 * saying how many it named), in *out (NULL on failure; the caller's to
 * civil_thread_free).  The handle's scorer, when it is read
 * (civil_get_heat), scores the messages civil-scan has not. */
civil_status_t civil_thread_from_db(civil_t *c, const char *query,
				    civil_thread_t **out, civil_error_t *err);
/* The messages of an mbox, taken as one thread, scored with heat (may be
 * NULL: not scored); messages that are not mail are counted in *skipped
 * (skipped may be NULL). */
civil_status_t civil_thread_from_mbox(const void *data, size_t len,
				      const char *name,
				      const civil_heat_t *heat,
				      civil_thread_t **out, size_t *skipped,
				      civil_error_t *err);
void civil_thread_free(civil_thread_t *t);
/* For a thread read from an mbox: each of its messages that c's notmuch
 * database holds takes the verdicts kept there, as a thread read from the
 * database has them: its heated tag (civil's or the reader's), and the
 * reader's "calm" (civil's tag taken off, civil.reader=calm), which keeps
 * it out of the passages of concern.  *found (may be NULL): how many the
 * database holds.  Fails as civil_thread_from_db does without a
 * database. */
civil_status_t civil_thread_read_verdicts(civil_t *c, civil_thread_t *t,
					  size_t *found, civil_error_t *err);

/* How many messages the thread has. */
size_t civil_thread_get_count(const civil_thread_t *t);

/* One message of a thread, as civil_thread_foreach hands it to fn. */
typedef struct civil_thread_item {
	const char *id; /* Message-ID, no angle brackets; the thread's */
	/* Its file is gone: headers from the database only, no raw message
	 * (the draft links to it but can't quote or attach it). */
	bool missing;
} civil_thread_item_t;

typedef int (*civil_thread_fn)(const civil_thread_item_t *m, void *arg);

/* Each message of t, oldest first, to fn (a walk: "Walks", above). */
civil_status_t civil_thread_foreach(const civil_thread_t *t, civil_thread_fn fn,
				    void *arg, civil_error_t *err);

/* ---- the escalation draft (draft.c) ---- */

/* Where the draft asks its sender for their own words.  Until that text
 * is gone (its words in this order, its line breaks and blanks as any
 * editor leaves them, on lines not quoted), civil-remind and
 * civil-sendmail do not let the draft go out (civil_outgoing_unfinished). */
#define CIVIL_DRAFT_PLACEHOLDER                                                \
	"[ Please write here, in your own words, what happened, how it "       \
	"affects you, and what you would like to happen. ]"

typedef struct civil_draft_opts {
	unsigned int version;	  /* CIVIL_DRAFT_OPTS_VERSION */
	const civil_code_t *code; /* its contact is the only recipient */
	const char *from_name;	  /* the reporter */
	const char *from_email;
	const char *archive;	   /* link base, "https://lore.kernel.org/r/" */
	const char *const *picked; /* --message ids, NULL-terminated, or NULL */
	bool only_picked;	   /* attach only the picked messages */
	double threshold;	   /* heat that makes a passage of concern */
	size_t max_passages;	   /* quotes in the body; 0: 25 */
	/* Attach every message of the thread; by default only those the
	 * passages come from, with their parents and replies (with no
	 * passage, the first and the last few); only_picked wins. */
	bool attach_all;
	/* For notmuch's drafts folder: marked X-Notmuch-Emacs-Draft, so
	 * that notmuch-emacs resumes it as its own.  A draft for a file
	 * (git send-email, mutt -H) is not marked. */
	bool notmuch_draft;
} civil_draft_opts_t;

#define CIVIL_DRAFT_OPTS_VERSION 3
#define CIVIL_DRAFT_OPTS_INIT                                                  \
	{ .version = CIVIL_DRAFT_OPTS_VERSION, .threshold = CIVIL_HEAT_THRESHOLD }

/* The draft, a whole RFC 5322 message, in out.  Fails when the code names
 * no contact or a picked message is not in the thread.
 *
 * Its passages of concern are the picked messages, else the messages
 * tagged heated and those civil holds heated, but never one its reader
 * holds calm (civil_thread_read_verdicts); each is quoted with its
 * author, date and link: the heated sentences, in the order they were
 * written (the whole of the sender's words when civil found none: the
 * reader's verdict, or a pick).  Scores and civil's reasons stay out of
 * it: civil_draft_explain gives them to the reporter. */
civil_status_t civil_draft_build(const civil_thread_t *t,
				 const civil_draft_opts_t *o,
				 struct civil_buf *out, civil_error_t *err);
/* How many of t's messages the draft quotes as of concern (*concern) and
 * how many it attaches (*attached); either may be NULL.  With none of
 * concern the draft attaches the first message and the last few, and
 * the reporter may want to name the ones that concern them (picked). */
civil_status_t civil_draft_count(const civil_thread_t *t,
				 const civil_draft_opts_t *o, size_t *concern,
				 size_t *attached, civil_error_t *err);
/* For the reporter, not the board: which messages the draft quotes and
 * attaches, and why (the reader's verdict, a pick, civil's score and the
 * reasons it gave), a line each, added to out. */
civil_status_t civil_draft_explain(const civil_thread_t *t,
				   const civil_draft_opts_t *o,
				   struct civil_buf *out, civil_error_t *err);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* CIVIL_H */
