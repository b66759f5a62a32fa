/* Canonical keys, byte for byte those of framework/solver/canonical.py (``Keys``): each pile's part (cards by
 * class, a sink by its top card and count, a face-down count after 0xFE), the parts of interchangeable groups
 * sorted, joined by 0xFF, then 0xFF and the repr of the variables' values. A pile's part is made again only
 * when the pile changed (``dirty``). */
#include <stdio.h>

#include "core.h"

#define SEPARATOR 0xFF
#define FACE_DOWN 0xFE
#define COUNT_BASE 200
#define COUNT_OFFSET 52

void pos_touch_all(Pos *p) {
    memset(p->dirty, 1, p->g->npiles);
    p->tail_valid = 0;
}

static void make_part(Pos *p, int pile) {
    const Game *g = p->g;
    const uint8_t *cards = PILE(p, pile);
    uint8_t *out = p->parts + (size_t)pile * p->part_cap;
    int n = p->len[pile], length;
    if (g->is_sink[pile] && n > 1) {
        out[0] = g->classes[cards[n - 1]];
        out[1] = (uint8_t)(COUNT_OFFSET + n % COUNT_BASE);
        out[2] = (uint8_t)(COUNT_OFFSET + n / COUNT_BASE % COUNT_BASE);
        length = 3;
    } else {
        for (int i = 0; i < n; i++) out[i] = g->classes[cards[i]];
        length = n;
    }
    if (p->down[pile]) {
        char digits[16];
        int written = snprintf(digits, sizeof digits, "%d", p->down[pile]);
        out[length++] = FACE_DOWN;
        memcpy(out + length, digits, written);
        length += written;
    }
    p->parts_total += length - p->part_len[pile];
    p->part_len[pile] = (int16_t)length;
    p->dirty[pile] = 0;
}

static inline int compare_parts(const Pos *p, int a, int b) {
    int la = p->part_len[a], lb = p->part_len[b];
    const uint8_t *pa = p->parts + (size_t)a * p->part_cap, *pb = p->parts + (size_t)b * p->part_cap;
    if (la && lb && pa[0] != pb[0]) return pa[0] - pb[0]; /* (most parts differ at once) */
    int common = memcmp(pa, pb, la < lb ? la : lb);
    return common ? common : la - lb;
}

/* Sort ``order[start:stop]`` by part: an insertion sort of the order the last key left, which is seldom far from
 * sorted (a move changes a pile or two), and a merge sort of halves for long spans. Equal parts are equal bytes,
 * so which of two equal piles comes first does not change the key. */
static void sort_span(Pos *p, int start, int stop) {
    int16_t *order = p->order;
    int n = stop - start;
    if (n <= 16) {
        for (int i = start + 1; i < stop; i++) {
            int16_t item = order[i];
            int j = i;
            while (j > start && compare_parts(p, order[j - 1], item) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = item;
        }
        return;
    }
    int middle = start + n / 2;
    sort_span(p, start, middle);
    sort_span(p, middle, stop);
    int i = start, j = middle, k = 0;
    while (i < middle && j < stop) p->scratch[k++] = compare_parts(p, order[j], order[i]) < 0 ? order[j++] : order[i++];
    while (i < middle) p->scratch[k++] = order[i++];
    while (j < stop) p->scratch[k++] = order[j++];
    memcpy(order + start, p->scratch, sizeof(int16_t) * k);
}

/* The repr of the tuple of the variables' values, as Python writes it. */
static void make_tail(Pos *p) {
    const Game *g = p->g;
    char *out = (char *)p->tail;
    int n = 0;
    out[n++] = (char)SEPARATOR;
    out[n++] = '(';
    for (int i = 0; i < g->nvars; i++) {
        int64_t value = p->vars[i];
        if (i) n += sprintf(out + n, ", ");
        if (value == NONE_VALUE) n += sprintf(out + n, "None");
        else if (g->var_kind[i] == VAR_BOOL) n += sprintf(out + n, value ? "True" : "False");
        else if (g->var_kind[i] == VAR_PILE) n += sprintf(out + n, "'%s'", g->pile_names[value]);
        else n += sprintf(out + n, "%lld", (long long)value);
    }
    if (g->nvars == 1) out[n++] = ',';
    out[n++] = ')';
    p->tail_len = n;
    memcpy(p->tail_vars, p->vars, sizeof(int64_t) * g->nvars);
    p->tail_valid = 1;
}

/* Whether a pile of ``order[start:stop]`` changed since the last key. */
static int span_changed(const Pos *p, int start, int stop) {
    for (int pile = start; pile < stop; pile++)
        if (p->dirty[pile]) return 1;
    return 0;
}

const uint8_t *pos_key(Pos *p, int *length) {
    const Game *g = p->g;
    int n = g->npiles, first = !p->ordered;
    if (first) { /* the order starts as the piles' own; each span is sorted from the order it had last */
        for (int pile = 0; pile < n; pile++) p->order[pile] = (int16_t)pile;
        p->later_active = calloc(g->nlater + 1, 1);
        p->ordered = 1;
    }
    /* The spans to sort again: those with a pile changed since the last key (before their parts are made). */
    uint8_t resort[g->nalways + g->nlater + 1];
    for (int i = 0; i < g->nalways; i++) resort[i] = first || span_changed(p, g->always[2 * i], g->always[2 * i + 1]);
    for (int i = 0; i < g->nlater; i++) {
        int dealt = 1, start = g->later[2 * i], stop = g->later[2 * i + 1];
        for (int d = g->later_dealer_start[i]; d < g->later_dealer_start[i + 1]; d++)
            if (p->len[g->later_dealers[d]]) dealt = 0;
        resort[g->nalways + i] = first || dealt != p->later_active[i] || span_changed(p, start, stop);
        p->later_active[i] = (uint8_t)dealt;
    }
    for (int pile = 0; pile < n; pile++)
        if (p->dirty[pile]) make_part(p, pile);
    for (int i = 0; i < g->nalways; i++)
        if (resort[i]) sort_span(p, g->always[2 * i], g->always[2 * i + 1]);
    for (int i = 0; i < g->nlater; i++) {
        int start = g->later[2 * i], stop = g->later[2 * i + 1];
        if (!resort[g->nalways + i]) continue;
        if (p->later_active[i]) {
            sort_span(p, start, stop);
        } else {
            for (int pile = start; pile < stop; pile++) p->order[pile] = (int16_t)pile; /* in their own order */
        }
    }
    if (!p->tail_valid || memcmp(p->tail_vars, p->vars, sizeof(int64_t) * g->nvars)) make_tail(p);
    int total = p->parts_total + n + p->tail_len;
    if (total > p->key_cap) {
        p->key_cap = total * 2;
        p->key = realloc(p->key, p->key_cap);
    }
    uint8_t *out = p->key;
    for (int i = 0; i < n; i++) {
        int pile = p->order[i], count = p->part_len[pile];
        const uint8_t *part = p->parts + (size_t)pile * p->part_cap;
        if (i) *out++ = SEPARATOR;
        if (count > 16) {
            memcpy(out, part, count);
        } else { /* (most parts are a few cards: a call to memcpy would cost more than the copy) */
            for (int c = 0; c < count; c++) out[c] = part[c];
        }
        out += count;
    }
    memcpy(out, p->tail, p->tail_len);
    out += p->tail_len;
    *length = (int)(out - p->key);
    return p->key;
}

/* A 64-bit hash of ``data``, never 0 (the empty slot of the tables), eight bytes at a time. */
uint64_t hash_bytes(const uint8_t *data, int length) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)length;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, data + i, 8);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 29;
    }
    uint64_t last = 0;
    memcpy(&last, data + i, length - i);
    h = (h ^ last) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h ? h : 1;
}
