// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * model.c - the heat model's weights (data/heat.model, made by `make
 * model`, scripts/heat_model.py): two linear heads over a sentence's
 * features (features.c), one for heated against the rest, one for harsh
 * (heated or sharp) against calm.
 *
 * The model is written as text, so every weight can be read and checked:
 *
 *   civil-heat-model 2
 *   bias -5.1020 -3.2200
 *   1.8300 0.9100 insult@person
 *   0.4100 0.1200 =9f3a0c1d2e4b5a67
 *   ...
 *
 * one line a feature, its weights for the two heads, then its name (the
 * rest of the line): a cue's, or "=" and the hash of a word or character
 * n-gram (ngrams.c), which is all civil keeps of it.  Lines starting with '#' say where the weights came
 * from.  Scoring looks weights up by the hash of a feature's name.
 *
 * Reading 50,000 lines and hashing their names was most of what the tone
 * check cost a review in the sendemail-validate hook, so the build turns
 * the text into its table (scripts/heat-model-table.c): the same '#'
 * lines, then one line
 *
 *   civil-heat-table 1 SLOTS FILTER-BITS PROBES CHECK BIAS BIAS
 *
 * (CHECK and the two biases' IEEE 754 bits in hexadecimal)
 * and, from the next multiple of 64 bytes, the filter's 64-bit words and
 * the table's slots (a 64-bit hash, two 32-bit floats), little-endian on
 * every machine.  That file is mapped, not read: a hook run touches the
 * few pages its words fall in.  CHECK is the hash of "civil-heat-table",
 * so a table made with another hash is refused, not misread.  Either
 * form loads; the lexicon names the file ("model heat.model"), so a
 * user's lexicon can name another.
 */
#include <endian.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "civil.h"
#include "heat.h"
#include "internal.h"

#define MODEL_MAGIC "civil-heat-model 2"
#define TABLE_MAGIC "civil-heat-table 1 "
#define TABLE_ALIGN 64
/* The biggest table civil makes or maps: 2^24 slots is 256 MB. */
#define TABLE_MAX_SLOTS (1u << 24)

/* A slot as the file holds it: little-endian whatever the machine. */
struct slot {
	uint64_t hash;		/* 0: a free slot */
	uint32_t w[HEAT_HEADS]; /* a float's bits */
};

/* Bits of the filter in front of the table: 64 KB, which stays in the
 * cache, where the table (2 MB) does not.  Most words and pairs of words
 * a sentence has are not in the model; for nine in ten of those the
 * filter answers, without the cache miss a probe of the table costs. */
#define FILTER_BITS (1u << 19)

struct heat_model {
	const struct slot *slots; /* open addressing, a power of two */
	const uint64_t *filter; /* FILTER_BITS: a bit a hash's top bits name */
	size_t mask;
	size_t probes; /* the longest walk any name takes to its slot */
	double bias[HEAT_HEADS];
	void *map; /* a table file, mapped */
	size_t map_len;
	struct slot *own_slots; /* a text file, read into these */
	uint64_t *own_filter;
};

static inline size_t filter_bit(uint64_t hash)
{
	return (size_t)(hash >> 45) & (FILTER_BITS - 1);
}

static inline uint64_t table_check(void)
{
	return civil_heat_feat_hash("civil-heat-table", 16);
}

void civil_heat_model_free(struct heat_model *m)
{
	if (!m)
		return;
	if (m->map)
		munmap(m->map, m->map_len);
	free(m->own_slots);
	free(m->own_filter);
	free(m);
}

/* A number as the script writes it: "-1.9795", "0.5", at most six
 * digits before the point.  Not strtod: it was most of a hook run's
 * instructions when the model is read for the tone check. */
static bool parse_number(const char *s, const char **end, double *out)
{
	double v = 0, scale = 1;
	bool neg;
	const char *p;
	int digits = 0;

	while (*s == ' ')
		s++;
	neg = *s == '-';
	p = s + neg;
	for (; *p >= '0' && *p <= '9'; p++)
		if (++digits > 6)
			return false;
		else
			v = v * 10 + (*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			v += (*p - '0') * (scale /= 10);
	if (!digits)
		return false;
	*out = neg ? -v : v;
	*end = p;
	return true;
}

static uint32_t float_bits(double w)
{
	float f = (float)w;
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return htole32(u);
}

/* A weight's bits as a number.  The text never gives more than six
 * digits before the point; a table's bits that say more (or NaN) were
 * not made by civil, and weigh nothing rather than spoil every score. */
static double bits_float(uint32_t le)
{
	uint32_t u = le32toh(le);
	float f;

	memcpy(&f, &u, sizeof(f));
	return f > -1e6f && f < 1e6f ? f : 0;
}

static void insert(struct heat_model *m, uint64_t hash, const double *w)
{
	size_t i, walk = 1;

	if (!hash)
		hash = 1; /* as features.c does */
	i = hash & m->mask;
	while (m->own_slots[i].hash && le64toh(m->own_slots[i].hash) != hash) {
		i = (i + 1) & m->mask;
		walk++;
	}
	m->own_slots[i].hash = htole64(hash);
	for (int k = 0; k < HEAT_HEADS; k++)
		m->own_slots[i].w[k] = float_bits(w[k]);
	m->own_filter[filter_bit(hash) / 64] |=
		htole64(1ull << (filter_bit(hash) % 64));
	if (walk > m->probes)
		m->probes = walk;
}

/* A weight's name to the hash it is looked up by: a feature's name, or
 * "=" and the 16 hexadecimal digits of a gram's hash (ngrams.c), which
 * has no name of its own. */
uint64_t civil_heat_model_name_hash(const char *name)
{
	size_t n = strlen(name);

	if (n == 17 && name[0] == '=' &&
	    strspn(name + 1, "0123456789abcdef") == 16)
		return strtoull(name + 1, NULL, 16);
	return civil_heat_feat_hash(name, n);
}

static civil_status_t parse(struct heat_model *m, char *text, const char *path,
			    civil_error_t *err)
{
	int lineno = 0;
	bool magic = false;

	for (char *p = text; p && *p;) {
		char *line = p, *nl = strchr(p, '\n');
		const char *q, *why = NULL;
		double w[HEAT_HEADS];

		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (!*line || *line == '#')
			continue;
		if (!magic) {
			if (strcmp(line, MODEL_MAGIC))
				why = "not a civil heat model (version 2)";
			magic = true;
		} else if (!strncmp(line, "bias ", 5)) {
			q = line + 4;
			for (int k = 0; k < HEAT_HEADS && !why; k++)
				if (!parse_number(q, &q, &m->bias[k]))
					why = "bias takes two numbers";
		} else {
			q = line;
			for (int k = 0; k < HEAT_HEADS && !why; k++)
				if (!parse_number(q, &q, &w[k]) || *q != ' ')
					why = "not WEIGHT WEIGHT NAME";
			if (!why && !q[1])
				why = "a weight without a name";
			if (!why)
				insert(m, civil_heat_model_name_hash(q + 1), w);
		}
		if (why)
			return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
					       "%s:%d: %s", path, lineno, why);
	}
	if (!magic)
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s: empty, not a civil heat model",
				       path);
	return CIVIL_STATUS_SUCCESS;
}

static civil_status_t load_text(const char *path, struct heat_model **out,
				civil_error_t *err)
{
	struct civil_buf text = CIVIL_BUF_INIT;
	struct heat_model *m;
	civil_status_t st;
	size_t lines = 1, size = 16;

	st = civil_file_read_regular(path, &text, err);
	if (st)
		return st;
	if (memchr(text.buf, '\0', text.len)) {
		civil_buf_release(&text);
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s: a NUL byte: not a civil heat model",
				       path);
	}
	for (size_t i = 0; i < text.len; i++)
		lines += text.buf[i] == '\n';
	while (size < 2 * lines && size < TABLE_MAX_SLOTS)
		size *= 2;
	if (lines > TABLE_MAX_SLOTS / 2) {
		civil_buf_release(&text);
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR,
				       "%s: more than %u weights", path,
				       TABLE_MAX_SLOTS / 2);
	}
	m = calloc(1, sizeof(*m));
	if (!m || !(m->own_slots = calloc(size, sizeof(*m->own_slots))) ||
	    !(m->own_filter = calloc(FILTER_BITS / 64, sizeof(uint64_t))))
		abort();
	m->slots = m->own_slots;
	m->filter = m->own_filter;
	m->mask = size - 1;
	st = parse(m, text.buf, path, err);
	civil_buf_release(&text);
	if (st) {
		civil_heat_model_free(m);
		return st;
	}
	*out = m;
	return CIVIL_STATUS_SUCCESS;
}

static bool power_of_two(uint64_t n)
{
	return n && !(n & (n - 1));
}

/* The table's line (its header, NUL-ended, at most 255 bytes) into m;
 * NULL when it is whole, else what is wrong with it. */
static const char *table_header(struct heat_model *m, const char *line,
				uint64_t *slots)
{
	uint64_t filter, probes, check, bias[HEAT_HEADS];
	int used = 0;

	if (sscanf(line,
		   TABLE_MAGIC "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNx64
			       " %" SCNx64 " %" SCNx64 "%n",
		   slots, &filter, &probes, &check, &bias[0], &bias[1],
		   &used) != 6 ||
	    !used)
		return "a table line without its sizes and biases";
	if (line[used])
		return "more than a table line holds";
	if (check != table_check())
		return "a table made by another civil's hash; make it again "
		       "from the text model";
	if (filter != FILTER_BITS || !power_of_two(*slots) ||
	    *slots > TABLE_MAX_SLOTS || probes > *slots)
		return "a table of sizes civil does not make";
	/* The biases' bits, as the text's were read: numbers the text
	 * can hold, or the table was not made by civil. */
	memcpy(m->bias, bias, sizeof(bias));
	for (int k = 0; k < HEAT_HEADS; k++)
		if (!(m->bias[k] > -1e6 && m->bias[k] < 1e6))
			return "a table line whose biases no text gives";
	m->mask = *slots - 1;
	m->probes = probes;
	return NULL;
}

/* A table file (map, len bytes) whose line starts at off. */
static civil_status_t load_table(const char *path, void *map, size_t len,
				 size_t off, struct heat_model **out,
				 civil_error_t *err)
{
	const char *p = map, *nl = memchr(p + off, '\n', len - off);
	struct heat_model *m = calloc(1, sizeof(*m));
	char line[256];
	const char *why;
	uint64_t slots = 0;
	size_t data;

	if (!m)
		abort();
	if (!nl || (size_t)(nl - (p + off)) >= sizeof(line))
		why = "a table line that does not end";
	else {
		memcpy(line, p + off, (size_t)(nl - (p + off)));
		line[nl - (p + off)] = '\0';
		why = table_header(m, line, &slots);
	}
	if (!why) {
		data = (size_t)(nl + 1 - p);
		data = (data + TABLE_ALIGN - 1) / TABLE_ALIGN * TABLE_ALIGN;
		if (len != data + FILTER_BITS / 8 + slots * sizeof(struct slot))
			why = "not the size its table line says (cut short?)";
	}
	if (why) {
		munmap(map, len);
		free(m);
		return civil_error_set(err, CIVIL_STATUS_CONFIG_ERROR, "%s: %s",
				       path, why);
	}
	m->map = map;
	m->map_len = len;
	m->filter = (const uint64_t *)(p + data);
	m->slots = (const struct slot *)(p + data + FILTER_BITS / 8);
	*out = m;
	return CIVIL_STATUS_SUCCESS;
}

civil_status_t civil_heat_model_load(const char *path, struct heat_model **out,
				     civil_error_t *err)
{
	struct stat st;
	size_t off = 0, len;
	const char *p;
	void *map;
	int fd;

	*out = NULL;
	/* What is not a regular file to map is read as text, which names
	 * what is wrong with it. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return load_text(path, out, err);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size) {
		close(fd);
		return load_text(path, out, err);
	}
	len = (size_t)st.st_size;
	map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return load_text(path, out, err);
	/* Past the '#' lines: a table's line, or the text's first. */
	p = map;
	while (off < len && p[off] == '#') {
		const char *nl = memchr(p + off, '\n', len - off);

		off = nl ? (size_t)(nl - p) + 1 : len;
	}
	if (len - off >= strlen(TABLE_MAGIC) &&
	    !memcmp(p + off, TABLE_MAGIC, strlen(TABLE_MAGIC)))
		return load_table(path, map, len, off, out, err);
	munmap(map, len);
	return load_text(path, out, err);
}

void civil_heat_model_table(const struct heat_model *m, const char *preamble,
			    struct civil_buf *out)
{
	size_t slots = m->mask + 1, start = out->len;
	uint64_t bias[HEAT_HEADS];

	/* The biases' bits: the table's are the text's to the bit. */
	memcpy(bias, m->bias, sizeof(bias));
	civil_buf_addf(out,
		       "%s" TABLE_MAGIC "%zu %u %zu %" PRIx64 " %" PRIx64
		       " %" PRIx64 "\n",
		       preamble, slots, FILTER_BITS, m->probes, table_check(),
		       bias[0], bias[1]);
	while ((out->len - start) % TABLE_ALIGN)
		civil_buf_add(out, "", 1);
	/* The filter's words and the slots are little-endian already. */
	civil_buf_add(out, m->filter, FILTER_BITS / 8);
	civil_buf_add(out, m->slots, slots * sizeof(*m->slots));
}

bool civil_heat_model_weights(const struct heat_model *m, uint64_t hash,
			      double w[HEAT_HEADS])
{
	size_t i;

	if (!hash)
		hash = 1;
	i = hash & m->mask;
	if (le64toh(m->filter[filter_bit(hash) / 64]) &
	    (1ull << (filter_bit(hash) % 64)))
		for (size_t walk = 0; walk < m->probes && m->slots[i].hash;
		     walk++, i = (i + 1) & m->mask)
			if (le64toh(m->slots[i].hash) == hash) {
				for (int k = 0; k < HEAT_HEADS; k++)
					w[k] = bits_float(m->slots[i].w[k]);
				return true;
			}
	for (int k = 0; k < HEAT_HEADS; k++)
		w[k] = 0;
	return false;
}

double civil_heat_model_bias(const struct heat_model *m, enum heat_head head)
{
	return m->bias[head];
}
