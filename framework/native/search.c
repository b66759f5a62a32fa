/* The search: framework/solver/search.py's rounds over native positions, with the move ordering of
 * ordering.py, the forced moves of forced.py and safety.py, the doom of doomed.py and the beams of beam.py.
 * Each function names the Python it restates; the two must search alike, position for position
 * (tests/test_native.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#include "search.h"

enum { FROM_FOUNDATION = 0, SHIFTS = 1, ACTION = 2, EMPTIES = 3, UNCOVERS = 4, TO_FOUNDATION = 5 };
#define LONGEST_DETOUR 2
/* beam.CLOSURE_POSITIONS and beam.ENDGAME_POSITIONS */
#define CLOSURE_POSITIONS 60
#define BEAM_ENDGAME_POSITIONS 2000
/* What sys.getsizeof adds to a bytes object's length, and what search.py counts a table entry beside it. */
#define BYTES_OVERHEAD 33
#define ENTRY_OVERHEAD 100

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* --- tables of keys ------------------------------------------------------------------------------------- */

void table_init(Table *t) {
    memset(t, 0, sizeof *t);
    t->mask = 255;
    t->slots = calloc(t->mask + 1, sizeof(Slot));
}

void table_free(Table *t) {
    free(t->slots);
    free(t->arena);
    memset(t, 0, sizeof *t);
}

Slot *table_find(const Table *t, const uint8_t *key, int length, uint64_t hash) {
    uint64_t at = hash & t->mask;
    for (;;) {
        Slot *slot = &t->slots[at];
        if (!slot->hash) return slot;
        if (slot->hash == hash && slot->length == (uint32_t)length && !memcmp(t->arena + slot->offset, key, length))
            return slot;
        at = (at + 1) & t->mask;
    }
}

static void table_grow(Table *t) {
    uint64_t mask = t->mask * 2 + 1;
    Slot *slots = calloc(mask + 1, sizeof(Slot));
    if (!slots) abort();
    for (uint64_t i = 0; i <= t->mask; i++) {
        if (!t->slots[i].hash) continue;
        uint64_t at = t->slots[i].hash & mask;
        while (slots[at].hash) at = (at + 1) & mask;
        slots[at] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->mask = mask;
}

/* The slot of ``key``, added with ``value`` if it was not there (its value is left as it was otherwise). */
Slot *table_put(Table *t, const uint8_t *key, int length, uint64_t hash, int64_t value) {
    Slot *slot = table_find(t, key, length, hash);
    if (slot->hash) return slot;
    if ((uint64_t)(t->count + 1) * 2 > t->mask + 1) {
        table_grow(t);
        slot = table_find(t, key, length, hash);
    }
    if (t->used + length > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->used + length) cap *= 2;
        t->arena = realloc(t->arena, cap);
        if (!t->arena) abort();
        t->cap = cap;
    }
    memcpy(t->arena + t->used, key, length);
    slot->hash = hash;
    slot->offset = (uint32_t)t->used;
    slot->length = (uint32_t)length;
    slot->value = value;
    t->used += length;
    t->count++;
    return slot;
}

static void table_reset(Table *t) {
    table_free(t);
    table_init(t);
}

/* --- budget -------------------------------------------------------------------------------------------- */

static void stop(Search *s, int reason) {
    s->stopped_by = reason;
    longjmp(s->stop, 1);
}

/* Search.spend: count one expanded position, or stop if the budget is spent. */
static void spend(Search *s) {
    if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) stop(s, STOP_NODES);
    if (s->deadline > 0 && !(s->nodes & 63) && now_seconds() > s->deadline) stop(s, STOP_TIME);
    if (s->rival && s->nodes > *s->rival - s->rival_offset) stop(s, STOP_BEATEN);
    s->nodes++;
    if (!(s->nodes & 16383) && s->context->check_signals) {
        PyEval_RestoreThread(s->context->thread);
        int interrupted = PyErr_CheckSignals() < 0;
        s->context->thread = PyEval_SaveThread();
        if (interrupted) stop(s, STOP_INTERRUPT);
    }
}

static void check_memory(Search *s) {
    if (s->max_memory >= 0 && s->memory + s->dead_memory > s->max_memory) stop(s, STOP_MEMORY);
}

static int is_avoided(const Search *s, const uint8_t *key, int length, uint64_t hash) {
    if (!s->avoid || !s->avoid->count || !table_find(s->avoid, key, length, hash)->hash) return 0;
    return !(length == s->start_key_length && !memcmp(key, s->start_key, length));
}

/* Whether a position is proven lost (or to be avoided, which counts the same). */
static int is_dead(const Search *s, const uint8_t *key, int length, uint64_t hash) {
    return table_find(&s->dead, key, length, hash)->hash || is_avoided(s, key, length, hash);
}

/* Search._remember: the position's allowance left, counted in memory when new. */
static KeyRef remember(Search *s, const uint8_t *key, int length, uint64_t hash, int64_t left) {
    if (!table_find(&s->table, key, length, hash)->hash) {
        s->memory += BYTES_OVERHEAD + length + ENTRY_OVERHEAD;
        check_memory(s); /* (before the key goes in, as search.py counts it) */
    }
    Slot *slot = table_put(&s->table, key, length, hash, left);
    slot->value = left;
    KeyRef ref = {hash, slot->offset, slot->length};
    return ref;
}

/* Search._bury: the positions of ``keys`` proven lost, for every later round. */
static void bury(Search *s, int at, int count) {
    for (int i = at; i < at + count; i++) {
        KeyRef ref = s->keys[i];
        const uint8_t *key = s->table.arena + ref.offset;
        if (is_dead(s, key, ref.length, ref.hash)) continue;
        table_put(&s->dead, key, ref.length, ref.hash, 0);
        s->dead_memory += BYTES_OVERHEAD + ref.length + ENTRY_OVERHEAD;
    }
    check_memory(s);
}

/* --- ordering.MoveOrder ---------------------------------------------------------------------------------- */

static int rank_of(const Solver *sv, const Pos *p, Move m) {
    const Game *g = sv->g;
    if (m.action) return ACTION;
    if (g->is_foundation[m.source]) return FROM_FOUNDATION;
    if (g->is_foundation[m.target]) return TO_FOUNDATION;
    int below = p->len[m.source] - m.count - 1;
    if (below < 0) return EMPTIES;
    const uint8_t *pile = PILE(p, m.source);
    if (below < p->down[m.source] || !g->groups[g->pile_group[m.source]].fits[pile[below] * 52 + pile[below + 1]])
        return UNCOVERS;
    return SHIFTS;
}

static int detour(const Solver *sv, const Pos *p, Move m) {
    return rank_of(sv, p, m) == SHIFTS ? LONGEST_DETOUR : 1;
}

static int is_detour(int index, Move m, const Frame *f) {
    return !(index == 0 || (f->has_last && !m.action && m.source == f->last.source && m.target == f->last.target));
}

/* The cards that may go to a foundation after ``action`` (MoveOrder._actions_by_look_ahead). */
static int opened(Search *s, Pos *p, Move action) {
    const Game *g = s->g;
    pos_push(p, action);
    pos_generate(p, &s->lookahead);
    int count = 0;
    for (int i = 0; i < s->lookahead.n; i++) {
        Move m = s->lookahead.items[i];
        count += !m.action && g->is_foundation[m.target] && !g->is_foundation[m.source];
    }
    pos_pop(p);
    return count;
}

/* SettledCards.in_place: whether ``card`` would lie in its one place on foundation ``pile``, on ``beneath`` (-1: at
 * the bottom). */
static int in_place(const Solver *sv, int pile, int beneath, int card) {
    return beneath < 0 ? sv->settle_bases[pile * 52 + card] : sv->sole_next[pile * 52 + beneath] == card;
}

/* settled.SettledCards: whether ``card`` is settled in ``p``. */
static int settled_card(const Solver *sv, const Pos *p, int card) {
    int8_t at_pile[52];
    uint8_t at_index[52], waiting[52];
    memset(at_pile, -1, sizeof at_pile);
    for (int i = 0; i < sv->nsettle_piles; i++) {
        int f = sv->settle_piles[i];
        const uint8_t *cards = PILE(p, f);
        for (int j = 0; j < p->len[f]; j++) {
            at_pile[cards[j]] = (int8_t)f;
            at_index[cards[j]] = (uint8_t)j;
        }
    }
    int n = 0;
    uint64_t seen = 1ULL << card;
    waiting[n++] = (uint8_t)card;
    while (n) {
        card = waiting[--n];
        int f = at_pile[card];
        if (f < 0) return 0;
        int beneath = at_index[card] ? PILE(p, f)[at_index[card] - 1] : -1;
        if (!in_place(sv, f, beneath, card)) return 0;
        if (beneath >= 0 && !(seen >> beneath & 1)) {
            seen |= 1ULL << beneath;
            waiting[n++] = (uint8_t)beneath;
        }
        for (int i = 0; i < sv->nneeds[card]; i++) {
            int other = sv->needs[card][i];
            if (!(seen >> other & 1)) {
                seen |= 1ULL << other;
                waiting[n++] = (uint8_t)other;
            }
        }
    }
    return 1;
}

/* Whether move ``m`` takes a settled card back into play (SettledCards.without_taking_back); ``settled`` caches
 * each pile's answer (-1: not yet asked). */
static int takes_back_settled(const Solver *sv, const Pos *p, Move m, int8_t *settled) {
    if (!sv->nsettle_piles || !sv->g->is_foundation[m.source] || !p->len[m.source]) return 0;
    if (settled[m.source] < 0) settled[m.source] = (int8_t)settled_card(sv, p, TOP(p, m.source));
    return settled[m.source];
}

/* MoveOrder.order: the moves worth trying, best first, written to ``out``; how many. */
int solver_order(Search *s, Pos *p, const MoveList *legal, Move *out) {
    const Solver *sv = s->sv;
    int n = legal->n;
    int ranks[n + 1], kept[n + 1], nkept = 0;
    int8_t settled[p->g->npiles + 1];
    memset(settled, -1, sizeof settled);
    for (int i = 0; i < n; i++) {
        Move m = legal->items[i];
        if (takes_back_settled(sv, p, m, settled)) continue; /* a settled card back into play: never needed */
        if (!m.action) {
            int group = sv->symmetric[m.target];
            if (group >= 0) {
                int dest = p->len[m.target];
                if (!dest && group == sv->symmetric[m.source] && m.count == p->len[m.source] && !p->down[m.source])
                    continue; /* a whole pile onto an empty pile like it: the same position */
                int same = 0;
                for (int j = 0; j < nkept && !same; j++) {
                    Move o = legal->items[kept[j]];
                    if (o.action || o.source != m.source || o.count != m.count || sv->symmetric[o.target] != group)
                        continue;
                    same = p->down[o.target] == p->down[m.target] && p->len[o.target] == dest &&
                           !memcmp(PILE(p, o.target), PILE(p, m.target), dest);
                }
                if (same) continue; /* onto a pile equal to one already offered: the same position */
            }
        }
        ranks[nkept] = rank_of(sv, p, m);
        kept[nkept++] = i;
    }
    int count = 0;
    for (int rank = TO_FOUNDATION; rank >= FROM_FOUNDATION; rank--)
        for (int j = 0; j < nkept; j++)
            if (ranks[j] == rank) out[count++] = legal->items[kept[j]];
    if (count > 1 && out[0].action && out[1].action) {
        int nactions = 0;
        while (nactions < count && out[nactions].action) nactions++;
        int scores[nactions + 1];
        for (int i = 0; i < nactions; i++) scores[i] = opened(s, p, out[i]);
        /* stable, most opened first */
        for (int i = 1; i < nactions; i++) {
            Move m = out[i];
            int score = scores[i], j = i;
            while (j > 0 && scores[j - 1] < score) {
                out[j] = out[j - 1];
                scores[j] = scores[j - 1];
                j--;
            }
            out[j] = m;
            scores[j] = score;
        }
    }
    return count;
}

/* --- forced.ForcedMoves and safety.safe_moves -------------------------------------------------------------- */

static int foundation_takes(const Game *g, const Pos *p, int pile, int card) {
    int suit = g->pile_suit[pile];
    if (suit >= 0 && suit != SUIT[card]) return 0;
    const Group *group = &g->groups[g->pile_group[pile]];
    int n = p->len[pile];
    if (group->max_cards >= 0 && n >= group->max_cards) return 0;
    if (n) return group->fits[TOP(p, pile) * 52 + card];
    if (g->pile_rank[pile] && g->pile_rank[pile] != RANK[card]) return 0;
    return accepts_on_empty(group, card, g->var_base >= 0 ? p->vars[g->var_base] : NONE_VALUE);
}

/* ForcedMoves._stays: whether ``card``, laid on foundation ``target``, is settled there with all it rests on. */
static int stays(const Solver *sv, const Pos *p, int target, int card) {
    int beneath = p->len[target] ? TOP(p, target) : -1;
    for (int i = 0; i < sv->npredecessors[card]; i++)
        if (sv->predecessors[card][i] != beneath) return 0;
    if (!in_place(sv, target, beneath, card) || (beneath >= 0 && !settled_card(sv, p, beneath))) return 0;
    for (int i = 0; i < sv->nneeds[card]; i++)
        if (!settled_card(sv, p, sv->needs[card][i])) return 0;
    return 1;
}

static int provable(const Solver *sv, const Pos *p, Move m, const int *off) {
    const Game *g = sv->g;
    int n = p->len[m.source];
    if (sv->refilled[m.source] || sv->regrouped[m.source] || (sv->keep_piles && n == 1)) return 0;
    int card = TOP(p, m.source);
    for (int i = 0; i < sv->npredecessors[card]; i++)
        if (off[sv->predecessors[card][i]]) return 0;
    if (sv->nsettle_piles && !stays(sv, p, m.target, card)) return 0;
    int target = m.target, takers = 0, only_target = 1, spare = 1;
    for (int i = 0; i < g->nfoundations; i++) {
        int pile = g->foundations[i];
        if (!foundation_takes(g, p, pile, card)) continue;
        takers++;
        if (pile != target) only_target = 0;
        if (p->len[pile] || pile < sv->alike_start[target] || pile >= sv->alike_stop[target]) spare = 0;
    }
    int rivals = -1;
    for (int other = 0; other < 52; other++)
        if (off[other] && foundation_takes(g, p, target, other)) rivals += off[other];
    if (p->len[target]) return takers == 1 && only_target && rivals == 0;
    return spare && rivals < takers;
}

/* ForcedMoves.move: a safe move to play without branching, written to ``forced``; whether there is one. */
int solver_forced(Search *s, Pos *p, const MoveList *legal, Move *forced) {
    const Solver *sv = s->sv;
    const Game *g = sv->g;
    if (!sv->data_only) return 0;
    if (g->base_rank_played && p->vars[g->var_base] == NONE_VALUE) return 0;
    int on_foundations[52] = {0}, off[52] = {0}, counted = 0;
    int seen_sources[legal->n + 1], nseen = 0;
    for (int i = 0; i < legal->n; i++) {
        Move m = legal->items[i];
        if (m.action || !g->is_foundation[m.target] || g->is_foundation[m.source] || !sv->safe_target[m.target]) continue;
        if (m.count != 1 && !g->groups[g->pile_group[m.target]].fill_at_once) continue;
        int seen = 0;
        for (int j = 0; j < nseen; j++) seen |= seen_sources[j] == m.source;
        if (seen) continue;
        if (!counted) {
            for (int f = 0; f < g->nfoundations; f++) {
                int pile = g->foundations[f];
                for (int c = 0; c < p->len[pile]; c++) on_foundations[PILE(p, pile)[c]]++;
            }
            for (int t = 0; t < sv->ntable; t++) {
                int pile = sv->table_piles[t];
                for (int c = 0; c < p->len[pile]; c++) off[PILE(p, pile)[c]]++;
            }
            counted = 1;
        }
        int card = TOP(p, m.source), needed = 0;
        for (int k = 0; k < sv->nneeds[card] && !needed; k++) needed = on_foundations[sv->needs[card][k]] < g->decks;
        if (needed) continue;
        seen_sources[nseen++] = m.source;
        if (provable(sv, p, m, off)) {
            *forced = m;
            return 1;
        }
    }
    return 0;
}

/* --- doomed.Doom ------------------------------------------------------------------------------------------- */

#define NEVER (-(1LL << 30))

static int64_t max2(int64_t a, int64_t b) { return a > b ? a : b; }

/* doomed._gain over counts[0:n] and charges[0:n] */
static int64_t gain(const int64_t *counts, const int64_t *charges, int n, int ends) {
    if (n <= 0) return 0;
    int last = n - 1;
    int64_t out_out = 0, out_in = ends ? counts[0] : NEVER, in_out = NEVER;
    for (int index = 1; index < n; index++) {
        int64_t count = (ends || index < last) ? counts[index] : NEVER;
        int64_t charge = charges[index - 1];
        int64_t next_out_out = max2(out_out, in_out - charge);
        int64_t next_out_in = max2(out_out, in_out) + count - charge;
        in_out = out_in;
        out_out = next_out_out;
        out_in = next_out_in;
    }
    return max2(max2(out_out, out_in), in_out - charges[last]);
}

int solver_doomed(const Solver *sv, Pos *p) {
    const uint8_t *classes = sv->doom_classes;
    int foundation = sv->doom_foundation, fn = p->len[foundation];
    if (!fn) return 0;
    int table_count[256] = {0}, other_count[256] = {0};
    for (int i = 0; i < sv->ndoom_piles; i++) {
        int pile = sv->doom_piles[i];
        for (int c = 0; c < p->len[pile]; c++) table_count[classes[PILE(p, pile)[c]]]++;
    }
    for (int i = 0; i < sv->ndoom_others; i++) {
        int pile = sv->doom_others[i];
        for (int c = 0; c < p->len[pile]; c++) other_count[classes[PILE(p, pile)[c]]]++;
    }
    const uint8_t *fpile = PILE(p, foundation);
    if (sv->has_lines) {
        /* Doom._outnumbered */
        int top_class = classes[fpile[fn - 1]];
        for (int l = 0; l < sv->nlines; l++) {
            int start = sv->line_start[l], n = sv->line_start[l + 1] - start;
            int64_t counts[n + 1], charges[n + 1];
            for (int i = 0; i < n; i++) {
                int kind = sv->line_classes[start + i];
                counts[i] = table_count[kind];
                charges[i] = counts[i] + other_count[kind] + (kind == top_class);
            }
            int64_t best;
            if (!sv->line_ring[l]) {
                best = gain(counts, charges, n, 1);
            } else {
                best = max2(gain(counts + 1, charges + 1, n - 1, 0), gain(counts + 1, charges + 1, n - 1, 1) - charges[0]);
                best = max2(best, counts[0] - charges[1] - charges[n - 1] + gain(counts + 2, charges + 2, n - 3, 1));
            }
            if (best > 0) return 1;
        }
    }
    int top = classes[fpile[fn - 1]];
    const uint8_t *kinds = sv->class_list;
    int nkinds = sv->nclasses;
    if (p->depth) {
        Move last = p->stack[p->depth - 1];
        if (last.target == foundation && last.count == 1 && fn > 1) {
            int below = classes[fpile[fn - 2]];
            kinds = sv->doom_takes[below];
            nkinds = sv->ndoom_takes[below];
        }
    }
    for (int k = 0; k < nkinds; k++) {
        int kind = kinds[k];
        if (!table_count[kind]) continue;
        for (int i = 0; i < sv->ndoom_piles; i++) {
            int pile = sv->doom_piles[i];
            const uint8_t *cards = PILE(p, pile);
            for (int at = 0; at < p->len[pile]; at++) {
                if (classes[cards[at]] != kind) continue;
                /* is any card it fits on on top, or still to come and not under it? */
                int free_card = 0;
                for (int t = 0; t < sv->ndoom_takers[kind] && !free_card; t++) {
                    int below = sv->doom_takers[kind][t];
                    if (below == top) {
                        free_card = 1;
                        break;
                    }
                    int under = 0;
                    for (int c = 0; c < at; c++) under += classes[cards[c]] == below;
                    free_card = table_count[below] + other_count[below] - (below == kind) > under;
                }
                if (!free_card) return 1;
            }
        }
    }
    return 0;
}

/* --- beam.Score ---------------------------------------------------------------------------------------------- */

static int64_t score_of(const Solver *sv, const Pos *p) {
    const Game *g = sv->g;
    int64_t score = 0;
    for (int i = 0; i < g->nfoundations; i++) score += 5 * p->len[g->foundations[i]];
    for (int i = 0; i < sv->ntop_card_piles; i++) {
        int pile = sv->top_card_piles[i];
        if (p->len[pile]) score -= 3 * (p->len[pile] - 1);
    }
    int64_t breaks = 0;
    for (int i = 0; i < sv->nrun_piles; i++) {
        int pile = sv->run_piles[i];
        const uint8_t *run = g->groups[g->pile_group[pile]].run;
        const uint8_t *cards = PILE(p, pile);
        int down = p->down[pile];
        breaks += down;
        for (int index = down + 1; index < p->len[pile]; index++)
            if (!run[cards[index - 1] * 52 + cards[index]]) breaks++;
    }
    score -= 4 * breaks;
    for (int i = 0; i < sv->ntableau; i++) score += 2 * !p->len[sv->tableau[i]];
    return score;
}

/* --- the depth-first rounds ------------------------------------------------------------------------------------ */

typedef struct {
    int status, pushed, keys_at, nkeys, moves_at, nmoves, clean, endgame;
} Entered;

static void push_key(Search *s, KeyRef ref) {
    s->keys = grow(s->keys, &s->keys_cap, s->nkeys + 1, sizeof(KeyRef));
    s->keys[s->nkeys++] = ref;
}

/* Search._enter: play the forced moves from the position just reached (its key ``position``). */
static void enter(Search *s, int64_t left, KeyRef position, Entered *e) {
    Pos *state = s->state;
    const Solver *sv = s->sv;
    e->pushed = 0;
    e->keys_at = s->nkeys;
    push_key(s, position);
    e->nkeys = 1;
    e->moves_at = s->nmoves;
    e->nmoves = 0;
    e->endgame = 0;
    for (;;) {
        if (pos_is_won(state)) {
            e->status = ANSWER_WON;
            e->clean = 0;
            return;
        }
        spend(s);
        e->clean = 1;
        if (sv->has_doom && solver_doomed(sv, state)) {
            e->status = ANSWER_LOST;
            return;
        }
        pos_generate(state, &s->generated);
        Move forced;
        if (!solver_forced(s, state, &s->generated, &forced)) {
            s->moves = grow(s->moves, &s->moves_cap, s->nmoves + s->generated.n + 1, sizeof(Move));
            e->nmoves = solver_order(s, state, &s->generated, s->moves + s->nmoves);
            s->nmoves += e->nmoves;
            if (s->full_endgames) {
                int endgame = 1;
                for (int i = 0; i < sv->nstock_piles && endgame; i++) endgame = !state->len[sv->stock_piles[i]];
                for (int i = 0; i < e->nmoves && endgame; i++) endgame = !s->moves[e->moves_at + i].action;
                e->endgame = endgame;
            }
            e->status = e->nmoves ? ANSWER_GOING : ANSWER_LOST;
            return;
        }
        pos_push(state, forced);
        e->pushed++;
        int length;
        const uint8_t *key = pos_key(state, &length);
        uint64_t hash = hash_bytes(key, length);
        if (is_dead(s, key, length, hash)) {
            e->status = ANSWER_LOST;
            return;
        }
        Slot *seen = table_find(&s->table, key, length, hash);
        if (seen->hash && seen->value >= left) {
            e->status = ANSWER_LOST;
            e->clean = 0;
            return;
        }
        push_key(s, remember(s, key, length, hash, left));
        e->nkeys++;
    }
}

static void push_frame(Search *s, const Entered *e, int pushed, int64_t left, const Move *last, int64_t entered) {
    s->frames = grow(s->frames, &s->frames_cap, s->nframes + 1, sizeof(Frame));
    Frame *f = &s->frames[s->nframes++];
    f->moves_at = e->moves_at;
    f->nmoves = e->nmoves;
    f->index = 0;
    f->pushed = pushed;
    f->keys_at = e->keys_at;
    f->nkeys = e->nkeys;
    f->clean = 1;
    f->has_last = last != NULL;
    if (last) f->last = *last;
    f->left = left;
    f->entered = entered;
}

/* Search._round: one depth-first search with at most ``allowance`` discrepancies per path. */
static int round_search(Search *s, const Round *r) {
    Pos *state = s->state;
    const Solver *sv = s->sv;
    while (state->depth) pos_pop(state);
    if (s->table.count > s->positions) s->positions = s->table.count;
    table_reset(&s->table);
    s->memory = 0;
    s->short_ = 0;
    s->full_endgames = r->endgame_positions >= 0;
    s->nmoves = s->nkeys = s->nframes = 0;
    int64_t allowance = r->allowance;
    int charged = allowance != UNLIMITED_VALUE;
    int length;
    const uint8_t *key = pos_key(state, &length);
    uint64_t hash = hash_bytes(key, length);
    if (is_dead(s, key, length, hash)) return ANSWER_LOST;
    KeyRef start = remember(s, key, length, hash, allowance);
    int64_t spent = s->nodes;
    Entered e;
    enter(s, allowance, start, &e);
    if (e.status != ANSWER_GOING) {
        if (e.status == ANSWER_LOST && e.clean) bury(s, e.keys_at, e.nkeys);
        return e.status;
    }
    push_frame(s, &e, e.pushed, allowance, NULL, e.endgame ? spent : -1);
    int64_t give_up = r->most_positions < 0 ? INT64_MAX : spent + r->most_positions;
    while (s->nframes) {
        if (s->nodes >= give_up) {
            s->short_ = 1;
            return ANSWER_LOST; /* given up: not a proof */
        }
        Frame *f = &s->frames[s->nframes - 1];
        int index = f->index, n = f->nmoves;
        int64_t left = f->left;
        Move *children = s->moves + f->moves_at;
        if (f->entered >= 0) {
            if (index < n && s->nodes - f->entered >= r->endgame_positions) {
                s->short_ = 1; /* this endgame is given up for this round */
                f->clean = 0;
                index = n;
            }
        } else {
            while (index < n && is_detour(index, children[index], f) &&
                   (left == 0 || (left < LONGEST_DETOUR && detour(sv, state, children[index]) > left))) {
                s->short_ = 1;
                f->clean = 0;
                index++;
            }
        }
        if (index == n) {
            for (int i = 0; i < f->pushed; i++) pos_pop(state);
            s->nframes--;
            if (f->clean) bury(s, f->keys_at, f->nkeys);
            else if (s->nframes) s->frames[s->nframes - 1].clean = 0;
            s->nmoves = f->moves_at;
            s->nkeys = f->keys_at;
            continue;
        }
        f->index = index + 1;
        Move move = children[index];
        if (charged && f->entered < 0 && is_detour(index, move, f)) left -= detour(sv, state, move);
        pos_push(state, move);
        key = pos_key(state, &length);
        hash = hash_bytes(key, length);
        if (is_dead(s, key, length, hash)) {
            pos_pop(state);
            continue;
        }
        Slot *seen = table_find(&s->table, key, length, hash);
        if (seen->hash && seen->value >= left) {
            pos_pop(state);
            f->clean = 0; /* cut against a position not (yet) proven lost */
            continue;
        }
        KeyRef position = remember(s, key, length, hash, left);
        spent = s->nodes;
        enter(s, left, position, &e);
        f = &s->frames[s->nframes - 1]; /* (enter may have moved the frames) */
        if (e.status == ANSWER_WON) return ANSWER_WON;
        if (e.status != ANSWER_GOING) {
            for (int i = 0; i < e.pushed + 1; i++) pos_pop(state);
            if (e.clean) bury(s, e.keys_at, e.nkeys);
            else f->clean = 0;
            s->nmoves = e.moves_at;
            s->nkeys = e.keys_at;
            continue;
        }
        int64_t entered = -1;
        if (e.endgame) entered = f->entered < 0 ? spent : f->entered;
        push_frame(s, &e, e.pushed + 1, left, &move, entered);
    }
    return ANSWER_LOST;
}

/* --- beams ------------------------------------------------------------------------------------------------------- */

typedef struct {
    Pos *pos;
    Move *line;
    int nline;
} Member;

typedef struct {
    int64_t score;
    int order, member, moves_at, nmoves;
} Candidate;

typedef struct {
    Search *s;
    int width;
    Table members;
    Member *layer;
    int nlayer;
    /* one layer's candidates and endgames */
    Table candidate_keys, seen;
    Candidate *candidates, *endgames;
    int ncandidates, candidates_cap, nendgames, endgames_cap;
    Move *moves; /* the moves of candidates and endgames, from their layer member */
    int nmoves, moves_cap;
    int expanded;
    Move *won;
    int nwon, won_inner_at;
    /* buffers the beam owns, so that a stop (a longjmp out of it) leaks nothing */
    MoveList legal;
    void *frames;
    int frames_cap, *chosen;
    Member endgame;
    Pos *endgame_start;
} Beam;

/* A candidate (or an endgame) of the layer: ``p``'s score, and the moves from its layer member (from ``from``). */
static void add_candidate(Beam *b, Candidate **list, int *n, int *cap, const Pos *p, int member, int from) {
    int count = p->depth - from;
    b->moves = grow(b->moves, &b->moves_cap, b->nmoves + count + 1, sizeof(Move));
    memcpy(b->moves + b->nmoves, p->stack + from, sizeof(Move) * count);
    *list = grow(*list, cap, *n + 1, sizeof(Candidate));
    Candidate *c = &(*list)[*n];
    c->score = score_of(b->s->sv, p);
    c->order = (*n)++;
    c->member = member;
    c->moves_at = b->nmoves;
    c->nmoves = count;
    b->nmoves += count;
}

static void set_won(Beam *b, const Member *member, const Move *more, int nmore, const Move *inner, int ninner) {
    b->nwon = member->nline + nmore + ninner;
    b->won = malloc(sizeof(Move) * (b->nwon + 1));
    memcpy(b->won, member->line, sizeof(Move) * member->nline);
    memcpy(b->won + member->nline, more, sizeof(Move) * nmore);
    memcpy(b->won + member->nline + nmore, inner, sizeof(Move) * ninner);
    b->won_inner_at = inner ? member->nline + nmore : -1;
}

/* The card moves to try from the closure's position (beam.Beam._closure's ``expand``): -1 if it is won, else how
 * many were written at ``b->s->moves`` from ``at``. */
static int expand(Beam *b, Pos *p, int member, int from, int at) {
    Search *s = b->s;
    if (pos_is_won(p)) return -1;
    spend(s);
    b->expanded++;
    MoveList legal = b->legal;
    pos_generate(p, &legal);
    b->legal = legal;
    Move forced;
    s->moves = grow(s->moves, &s->moves_cap, at + legal.n + 1, sizeof(Move));
    if (solver_forced(s, p, &legal, &forced)) {
        s->moves[at] = forced;
        return 1;
    }
    int nactions = 0;
    for (int i = 0; i < legal.n; i++) nactions += legal.items[i].action != 0;
    if (!nactions) {
        add_candidate(b, &b->endgames, &b->nendgames, &b->endgames_cap, p, member, from);
        return 0;
    }
    for (int i = 0; i < legal.n; i++) {
        Move action = legal.items[i];
        if (!action.action) continue;
        pos_push(p, action);
        int length;
        const uint8_t *key = pos_key(p, &length);
        uint64_t hash = hash_bytes(key, length);
        if (!table_find(&b->candidate_keys, key, length, hash)->hash && !table_find(&b->members, key, length, hash)->hash &&
            !(s->avoid && s->avoid->count && table_find(s->avoid, key, length, hash)->hash)) {
            table_put(&b->candidate_keys, key, length, hash, b->ncandidates);
            add_candidate(b, &b->candidates, &b->ncandidates, &b->candidates_cap, p, member, from);
        }
        pos_pop(p);
    }
    Move ordered[legal.n + 1];
    int n = solver_order(s, p, &legal, ordered), kept = 0;
    for (int i = 0; i < n; i++)
        if (!ordered[i].action) s->moves[at + kept++] = ordered[i];
    return kept;
}

typedef struct {
    int at, n, index;
} ClosureFrame;

/* beam.Beam._closure: the card moves searched from a layer member; 1 when a won line was found (``b->won``). */
static int closure(Beam *b, int member) {
    Search *s = b->s;
    Pos *p = b->layer[member].pos;
    int from = p->depth, length;
    const uint8_t *key = pos_key(p, &length);
    table_put(&b->seen, key, length, hash_bytes(key, length), 0);
    b->expanded = 0;
    int base = s->nmoves;
    int n = expand(b, p, member, from, base);
    if (n < 0) {
        set_won(b, &b->layer[member], NULL, 0, NULL, 0);
        return 1;
    }
    ClosureFrame *frames = b->frames;
    int nframes = 0, top = base + n, won = 0;
    frames = b->frames = grow(frames, &b->frames_cap, 1, sizeof(ClosureFrame));
    frames[nframes++] = (ClosureFrame){base, n, 0};
    while (nframes) {
        ClosureFrame *f = &frames[nframes - 1];
        if (f->index == f->n || b->expanded >= CLOSURE_POSITIONS) {
            top = f->at;
            nframes--;
            if (nframes) pos_pop(p);
            continue;
        }
        Move move = s->moves[f->at + f->index++];
        pos_push(p, move);
        key = pos_key(p, &length);
        uint64_t hash = hash_bytes(key, length);
        if (table_find(&b->seen, key, length, hash)->hash || is_avoided(s, key, length, hash)) {
            pos_pop(p);
            continue;
        }
        table_put(&b->seen, key, length, hash, 0);
        int count = expand(b, p, member, from, top);
        if (count < 0) {
            set_won(b, &b->layer[member], p->stack + from, p->depth - from, NULL, 0);
            won = 1;
            break;
        }
        frames = b->frames = grow(frames, &b->frames_cap, nframes + 1, sizeof(ClosureFrame));
        frames[nframes++] = (ClosureFrame){top, count, 0};
        top += count;
    }
    while (p->depth > from) pos_pop(p);
    s->nmoves = base;
    return won;
}

static int better(const Candidate *a, const Candidate *b) {
    return a->score > b->score || (a->score == b->score && a->order < b->order);
}

/* The ``width`` best of ``items`` (highest score, then found first), best first: their indices in ``chosen``. */
static int best_of(const Candidate *items, int n, int width, int *chosen) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        int j = count < width ? count++ : count;
        if (j == width && !better(&items[i], &items[chosen[width - 1]])) continue;
        if (j == width) j = width - 1;
        while (j > 0 && better(&items[i], &items[chosen[j - 1]])) {
            chosen[j] = chosen[j - 1];
            j--;
        }
        chosen[j] = i;
    }
    return count;
}

static Member member_after(const Member *from, const Move *moves, int nmoves) {
    Member m;
    m.pos = pos_copy(from->pos);
    for (int i = 0; i < nmoves; i++) pos_push(m.pos, moves[i]);
    m.nline = from->nline + nmoves;
    m.line = malloc(sizeof(Move) * (m.nline + 1));
    memcpy(m.line, from->line, sizeof(Move) * from->nline);
    memcpy(m.line + from->nline, moves, sizeof(Move) * nmoves);
    return m;
}

static void free_layer(Member *layer, int n) {
    for (int i = 0; i < n; i++) {
        pos_free(layer[i].pos);
        free(layer[i].line);
    }
    free(layer);
}

static int search_in_full(Search *s, const Pos *from, int64_t positions, Move **line, int *nline, int *stopped_by);

/* beam.Beam.run: 1 with the won line in ``b->won``, or 0 when the beam ends without a win. */
static int beam_run(Beam *b) {
    Search *s = b->s;
    int length;
    const uint8_t *key = pos_key(s->start, &length);
    table_put(&b->members, key, length, hash_bytes(key, length), 0);
    b->layer = malloc(sizeof(Member));
    b->layer[0].pos = pos_copy(s->start);
    b->layer[0].line = NULL;
    b->layer[0].nline = 0;
    b->nlayer = 1;
    b->chosen = malloc(sizeof(int) * (b->width + 1));
    while (b->nlayer) {
        table_reset(&b->candidate_keys);
        table_reset(&b->seen);
        b->ncandidates = b->nendgames = b->nmoves = 0;
        for (int member = 0; member < b->nlayer; member++)
            if (closure(b, member)) return 1;
        int n = best_of(b->endgames, b->nendgames, b->width, b->chosen);
        for (int i = 0; i < n; i++) {
            const Candidate *c = &b->endgames[b->chosen[i]];
            b->endgame = member_after(&b->layer[c->member], b->moves + c->moves_at, c->nmoves);
            b->endgame_start = pos_copy(b->endgame.pos);
            Move *inner = NULL;
            int ninner = 0, stopped_by = STOP_NONE;
            int found = search_in_full(s, b->endgame_start, BEAM_ENDGAME_POSITIONS, &inner, &ninner, &stopped_by);
            if (found) set_won(b, &b->layer[c->member], b->moves + c->moves_at, c->nmoves, inner, ninner);
            free(inner);
            pos_free(b->endgame_start);
            pos_free(b->endgame.pos);
            free(b->endgame.line);
            b->endgame_start = b->endgame.pos = NULL;
            b->endgame.line = NULL;
            if (stopped_by != STOP_NONE) stop(s, stopped_by);
            if (found) return 1;
        }
        n = best_of(b->candidates, b->ncandidates, b->width, b->chosen);
        Member *next = malloc(sizeof(Member) * (n + 1));
        for (int i = 0; i < n; i++) {
            const Candidate *c = &b->candidates[b->chosen[i]];
            next[i] = member_after(&b->layer[c->member], b->moves + c->moves_at, c->nmoves);
            key = pos_key(next[i].pos, &length);
            table_put(&b->members, key, length, hash_bytes(key, length), 0);
        }
        free_layer(b->layer, b->nlayer);
        b->layer = next;
        b->nlayer = n;
    }
    return 0;
}

/* Search._beam: WON with the beam's line played on the search's state, else UNKNOWN. */
static int beam_round(Search *s, int width) {
    s->short_ = 1;
    Beam b;
    memset(&b, 0, sizeof b);
    b.s = s;
    b.width = width;
    table_init(&b.members);
    table_init(&b.candidate_keys);
    table_init(&b.seen);
    /* A stop (the budget) jumps out of the beam: it is caught here, the beam freed, and passed on. */
    jmp_buf outer;
    memcpy(outer, s->stop, sizeof outer);
    int answer = ANSWER_UNKNOWN, stopped = 0;
    if (setjmp(s->stop)) {
        stopped = 1;
    } else if (beam_run(&b)) {
        while (s->state->depth) pos_pop(s->state);
        for (int i = 0; i < b.nwon; i++) pos_push(s->state, b.won[i]);
        s->inner_at = b.won_inner_at;
        answer = ANSWER_WON;
    }
    memcpy(s->stop, outer, sizeof outer);
    free_layer(b.layer, b.nlayer);
    table_free(&b.members);
    table_free(&b.candidate_keys);
    table_free(&b.seen);
    free(b.candidates);
    free(b.endgames);
    free(b.moves);
    free(b.won);
    free(b.chosen);
    free(b.frames);
    moves_free(&b.legal);
    pos_free(b.endgame_start);
    pos_free(b.endgame.pos);
    free(b.endgame.line);
    if (stopped) longjmp(s->stop, 1);
    return answer;
}

/* --- a search, and the searches it starts --------------------------------------------------------------------- */

void search_init(Search *s, const Solver *sv, const Pos *start, Context *context) {
    memset(s, 0, sizeof *s);
    s->sv = sv;
    s->g = sv->g;
    s->context = context;
    s->start = pos_copy(start);
    s->state = pos_copy(start);
    s->max_nodes = s->max_memory = -1;
    s->inner_at = -1;
    table_init(&s->table);
    table_init(&s->dead);
    int length;
    const uint8_t *key = pos_key(s->start, &length);
    s->start_key = malloc(length + 1);
    memcpy(s->start_key, key, length);
    s->start_key_length = length;
}

void search_free(Search *s) {
    pos_free(s->start);
    pos_free(s->state);
    table_free(&s->table);
    table_free(&s->dead);
    free(s->start_key);
    free(s->moves);
    free(s->keys);
    free(s->frames);
    moves_free(&s->generated);
    moves_free(&s->lookahead);
}

/* Search.run over ``rounds``: the answer; the won line is the state's move stack. */
int search_run(Search *s, const Round *rounds, int nrounds) {
    volatile int answer = ANSWER_UNKNOWN;
    if (setjmp(s->stop)) {
        answer = ANSWER_UNKNOWN;
    } else {
        for (int i = 0; i < nrounds; i++) {
            s->rounds++;
            s->inner_at = -1;
            answer = rounds[i].beam_width > 0 ? beam_round(s, (int)rounds[i].beam_width) : round_search(s, &rounds[i]);
            int length;
            const uint8_t *key = pos_key(s->start, &length);
            if (answer == ANSWER_WON || !s->short_ || table_find(&s->dead, key, length, hash_bytes(key, length))->hash)
                break;
            answer = ANSWER_UNKNOWN;
        }
    }
    if (s->table.count > s->positions) s->positions = s->table.count;
    return answer;
}

/* Search.search_in_full: a won line from ``from`` by a plain depth-first search of up to ``positions``; the
 * inner search's stop for time, a rival or Ctrl-C in ``stopped_by``, which the caller passes on. */
static int search_in_full(Search *s, const Pos *from, int64_t positions, Move **line, int *nline, int *stopped_by) {
    int64_t left = positions;
    if (s->max_nodes >= 0 && s->max_nodes - s->nodes < left) left = s->max_nodes - s->nodes;
    Search inner;
    search_init(&inner, s->sv, from, s->context);
    inner.max_nodes = left > 0 ? left : 0;
    inner.deadline = s->deadline;
    inner.avoid = s->avoid;
    if (s->rival) {
        inner.rival = s->rival;
        inner.rival_offset = s->rival_offset + s->nodes;
    }
    Round full = {UNLIMITED_VALUE, -1, -1, -1};
    int answer = search_run(&inner, &full, 1);
    s->nodes += inner.nodes;
    int found = answer == ANSWER_WON;
    if (found) {
        *nline = inner.state->depth;
        *line = malloc(sizeof(Move) * (*nline + 1));
        memcpy(*line, inner.state->stack, sizeof(Move) * *nline);
    }
    if (inner.stopped_by == STOP_TIME || inner.stopped_by == STOP_BEATEN || inner.stopped_by == STOP_INTERRUPT)
        *stopped_by = inner.stopped_by;
    search_free(&inner);
    return found;
}

/* --- shorten.py ---------------------------------------------------------------------------------------------------- */

/* The parts of every pile made for ``p`` as it is now (through its key, which also keeps its order sorted). */
static void fresh_parts(Pos *p) {
    int length;
    pos_key(p, &length);
}

static int same_content(const Pos *a, int pile_a, const Pos *b, int pile_b) {
    return a->part_len[pile_a] == b->part_len[pile_b] &&
           !memcmp(a->parts + (size_t)pile_a * a->part_cap, b->parts + (size_t)pile_b * b->part_cap, a->part_len[pile_a]);
}

/* shorten._matcher's ``places``: where each pile of ``line`` is in ``state``, an equivalent position. */
static void places(const Game *g, Pos *line, Pos *state, int *where, uint8_t *used) {
    fresh_parts(line);
    fresh_parts(state);
    for (int pile = 0; pile < g->npiles; pile++) where[pile] = pile;
    for (int span = 0; span < g->nalways + g->nlater; span++) {
        int start, stop;
        if (span < g->nalways) {
            start = g->always[2 * span];
            stop = g->always[2 * span + 1];
        } else {
            int i = span - g->nalways, dealt = 1;
            for (int d = g->later_dealer_start[i]; d < g->later_dealer_start[i + 1]; d++)
                if (state->len[g->later_dealers[d]]) dealt = 0;
            if (!dealt) continue;
            start = g->later[2 * i];
            stop = g->later[2 * i + 1];
        }
        memset(used + start, 0, stop - start);
        for (int pile = start; pile < stop; pile++)
            for (int other = start; other < stop; other++)
                if (!used[other] && same_content(line, pile, state, other)) {
                    where[pile] = other;
                    used[other] = 1;
                    break;
                }
    }
}

static void forward(Pos *line, const Move *moves, int index) {
    while (line->depth < index) pos_push(line, moves[line->depth]);
}

static int is_legal(Pos *p, Move m, MoveList *scratch) {
    pos_generate(p, scratch);
    for (int i = 0; i < scratch->n; i++) {
        Move o = scratch->items[i];
        if (o.source == m.source && o.target == m.target && o.count == m.count && o.action == m.action) return 1;
    }
    return 0;
}

/* shorten._one_pass: the line from ``start`` that jumps to the latest later position of ``moves`` it can reach,
 * written to ``out``; its length, or -1 where a move of the line does not replay (the line is then left as it
 * is, for the kernel to refuse). Past ``deadline`` (a time of now_seconds, 0 for none) the walk stops: ``whole``
 * is cleared and ``out`` holds the line shortened so far, then the rest of the line as it was. */
static int shorten_pass(const Game *g, const Pos *start, const Move *moves, int n, Move *out, double deadline,
                        int *whole) {
    Pos *line = pos_copy(start), *walk = pos_copy(start), *state = pos_copy(start);
    Table latest;
    table_init(&latest);
    KeyRef *keys = malloc(sizeof(KeyRef) * (n + 1));
    int *where = malloc(sizeof(int) * g->npiles);
    uint8_t *used = calloc(g->npiles + 1, 1);
    MoveList legal = {0}, scratch = {0};
    int count = 0, index = 0, length;
    *whole = 1;
    for (int i = 0; i <= n; i++) {
        if (deadline > 0 && now_seconds() > deadline) { /* out of time: the line as it was */
            memcpy(out, moves, sizeof(Move) * n);
            count = n;
            *whole = 0;
            goto done;
        }
        if (i) pos_push(line, moves[i - 1]);
        const uint8_t *key = pos_key(line, &length);
        uint64_t hash = hash_bytes(key, length);
        Slot *slot = table_put(&latest, key, length, hash, i);
        slot->value = i; /* the latest visit */
        keys[i] = (KeyRef){hash, slot->offset, slot->length};
    }
    for (int pile = 0; pile < g->npiles; pile++) where[pile] = pile;
    while (index < n) {
        int64_t last = table_find(&latest, latest.arena + keys[index].offset, keys[index].length, keys[index].hash)->value;
        if (last > index) { /* the position comes back later on the line: go on from its last visit */
            index = (int)last;
            forward(walk, moves, index);
            places(g, walk, state, where, used);
            continue;
        }
        if (deadline > 0 && now_seconds() > deadline) { /* out of time: the rest as found, on the piles placed */
            for (; index < n; index++) {
                Move rest = moves[index];
                if (rest.source >= 0) rest.source = (int16_t)where[rest.source];
                if (rest.target >= 0) rest.target = (int16_t)where[rest.target];
                out[count++] = rest;
            }
            *whole = 0;
            break;
        }
        int reach = index + 1, found = 0;
        Move jump = moves[index];
        pos_generate(state, &legal);
        for (int i = 0; i < legal.n; i++) {
            pos_push(state, legal.items[i]);
            const uint8_t *key = pos_key(state, &length);
            Slot *slot = table_find(&latest, key, length, hash_bytes(key, length));
            pos_pop(state);
            if (slot->hash && slot->value > reach) {
                reach = (int)slot->value;
                jump = legal.items[i];
                found = 1;
            }
        }
        if (!found) {
            if (jump.source >= 0) jump.source = (int16_t)where[jump.source];
            if (jump.target >= 0) jump.target = (int16_t)where[jump.target];
            if (!is_legal(state, jump, &scratch)) {
                count = -1;
                break;
            }
            pos_push(state, jump);
        } else {
            pos_push(state, jump);
            forward(walk, moves, reach);
            places(g, walk, state, where, used);
        }
        out[count++] = jump;
        index = reach;
    }
done:
    moves_free(&legal);
    moves_free(&scratch);
    free(used);
    free(where);
    free(keys);
    table_free(&latest);
    pos_free(line);
    pos_free(walk);
    pos_free(state);
    return count;
}

/* shorten.shorten: passes until one shortens nothing, or the clock passes ``deadline`` (0: none); the line's
 * length, written back into ``moves``. */
int shorten_line(const Game *g, const Pos *start, Move *moves, int n, double deadline) {
    Move *out = malloc(sizeof(Move) * (n + 1));
    for (;;) {
        int whole;
        int shorter = shorten_pass(g, start, moves, n, out, deadline, &whole);
        if (shorter < 0) break;
        memcpy(moves, out, sizeof(Move) * shorter); /* (a pass that cuts nothing may still have placed moves) */
        if (shorter == n || !whole) {
            n = shorter;
            break;
        }
        n = shorter;
    }
    free(out);
    return n;
}
