/* Positions: legal moves, push and pop, the end. The reference is framework/state.py, function by function;
 * the built-in plugins' rules are those of plugins/back_from_foundation.py, grid_access.py, growing_grid.py,
 * single_release.py, gaps.py, touching_pairs.py, discard_beaten.py and build_leftward.py. */
#include "core.h"

const uint8_t RANK[52] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
const uint8_t SUIT[52] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
const uint8_t COLOUR[52] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

void moves_add(MoveList *list, int source, int target, int count, int action) {
    list->items = grow(list->items, &list->cap, list->n + 1, sizeof(Move));
    Move *m = &list->items[list->n++];
    m->source = (int16_t)source;
    m->target = (int16_t)target;
    m->count = (int16_t)count;
    m->action = (uint8_t)action;
    m->pad = 0;
}

void moves_free(MoveList *list) {
    free(list->items);
    list->items = NULL;
    list->n = list->cap = 0;
}

Pos *pos_new(const Game *g) {
    Pos *p = calloc(1, sizeof(Pos));
    int n = g->npiles;
    p->g = g;
    p->cap = g->total;
    p->cards = calloc((size_t)n * p->cap + 1, 1);
    p->len = calloc(n, sizeof(int16_t));
    p->down = calloc(n, sizeof(int16_t));
    p->vars = calloc(g->nvars + 1, sizeof(int64_t));
    p->part_cap = p->cap + 8;
    p->parts = calloc((size_t)n * p->part_cap, 1);
    p->part_len = calloc(n, sizeof(int16_t));
    p->dirty = malloc(n);
    memset(p->dirty, 1, n);
    p->order = calloc(n, sizeof(int16_t));
    p->scratch = calloc(n, sizeof(int16_t));
    p->tail_vars = calloc(g->nvars + 1, sizeof(int64_t));
    p->tail = calloc(64 + 32 * (size_t)g->nvars, 1);
    p->limits = calloc(n, sizeof(int));
    return p;
}

Pos *pos_copy(const Pos *from) {
    const Game *g = from->g;
    Pos *p = pos_new(g);
    memcpy(p->cards, from->cards, (size_t)g->npiles * from->cap);
    memcpy(p->len, from->len, g->npiles * sizeof(int16_t));
    memcpy(p->down, from->down, g->npiles * sizeof(int16_t));
    memcpy(p->vars, from->vars, g->nvars * sizeof(int64_t));
    p->seed_number = from->seed_number;
    p->autoplay = from->autoplay;
    return p;
}

void pos_free(Pos *p) {
    if (!p) return;
    free(p->cards); free(p->len); free(p->down); free(p->vars); free(p->stack); free(p->marks);
    free(p->log); free(p->saved); free(p->parts); free(p->part_len); free(p->dirty); free(p->order);
    free(p->scratch); free(p->key); free(p->limits); free(p->later_active);
    if (p->takers)
        for (int i = 0; i < p->g->ngroups; i++) free(p->takers[i].taken);
    free(p->takers); free(p->tail_vars); free(p->tail); moves_free(&p->steps);
    moves_free(&p->auto_legal);
    free(p);
}

/* --- changes, each logged as the change that undoes it ------------------------------------------------ */

static void log_change(Pos *p, int type, int a, int b, int c, int turn, int64_t value) {
    p->log = grow(p->log, &p->log_cap, p->nlog + 1, sizeof(Change));
    Change *ch = &p->log[p->nlog++];
    ch->type = (uint8_t)type;
    ch->turn = (uint8_t)turn;
    ch->a = (int16_t)a;
    ch->b = (int16_t)b;
    ch->c = (int16_t)c;
    ch->value = value;
}

static void move_cards(Pos *p, int source, int target, int count, int turn) {
    uint8_t *from = PILE(p, source) + p->len[source] - count;
    uint8_t *to = PILE(p, target) + p->len[target];
    if (turn) {
        for (int i = 0; i < count; i++) to[i] = from[count - 1 - i];
    } else {
        memcpy(to, from, count);
    }
    p->len[source] -= count;
    p->len[target] += count;
    p->dirty[source] = p->dirty[target] = 1;
}

static void transfer(Pos *p, int source, int target, int count, int turn) {
    move_cards(p, source, target, count, turn);
    log_change(p, CH_TRANSFER, target, source, count, turn, 0);
}

static void set_var(Pos *p, int var, int64_t value) {
    log_change(p, CH_SETVAR, var, 0, 0, 0, p->vars[var]);
    p->vars[var] = value;
}

static void set_down(Pos *p, int pile, int count) {
    log_change(p, CH_SETDOWN, pile, 0, 0, 0, p->down[pile]);
    p->down[pile] = (int16_t)count;
    p->dirty[pile] = 1;
}

static void set_pile(Pos *p, int pile, const uint8_t *cards, int count) {
    int had = p->len[pile];
    p->saved = grow(p->saved, &p->saved_cap, p->nsaved + had + 1, 1);
    memcpy(p->saved + p->nsaved, PILE(p, pile), had);
    log_change(p, CH_SETPILE, pile, 0, had, 0, p->nsaved);
    p->nsaved += had;
    memcpy(PILE(p, pile), cards, count);
    p->len[pile] = (int16_t)count;
    p->dirty[pile] = 1;
}

static void undo(Pos *p, const Change *ch) {
    switch (ch->type) {
    case CH_TRANSFER: move_cards(p, ch->a, ch->b, ch->c, ch->turn); break;
    case CH_SETVAR: p->vars[ch->a] = ch->value; break;
    case CH_SETDOWN: p->down[ch->a] = (int16_t)ch->value; p->dirty[ch->a] = 1; break;
    case CH_SETPILE:
        memcpy(PILE(p, ch->a), p->saved + ch->value, ch->c);
        p->len[ch->a] = ch->c;
        p->nsaved = (int)ch->value;
        p->dirty[ch->a] = 1;
        break;
    }
}

/* --- rules of the data -------------------------------------------------------------------------------- */

int pos_covered(const Pos *p, int pile) {
    const Game *g = p->g;
    for (int i = g->cover_start[pile]; i < g->cover_start[pile + 1]; i++)
        if (p->len[g->cover[i]]) return 1;
    return 0;
}

/* The most cards a move may pick from ``source`` (State._pickable): the cards it keeps are held as face-down ones. */
static int pickable(const Pos *p, int source, const Group *group) {
    int n = p->len[source];
    int free = n - (p->down[source] > group->keeps ? p->down[source] : group->keeps);
    if (free <= 0) return 0;
    if (group->pick == PICK_TOP) return 1;
    if (group->pick == PICK_ANY_TAIL) return free;
    const uint8_t *pile = PILE(p, source);
    int run = 1;
    while (run < free && group->run[pile[n - run - 1] * 52 + pile[n - run]]) run++;
    if (group->pick == PICK_TOP_OR_WHOLE && run < n) return 1;
    return run;
}

static int lays(const Group *group, const uint8_t *pile, int n, int count, int room) {
    if (group->max_cards >= 0 && room + count > group->max_cards) return 0;
    if (count > 1 && group->role == ROLE_FOUNDATION) {
        for (int i = n - count; i < n - 1; i++)
            if (!group->fits[pile[i] * 52 + pile[i + 1]]) return 0;
    }
    return 1;
}

static inline int lowest_bit(uint64_t bits) {
#ifdef __GNUC__
    return __builtin_ctzll(bits);
#else
    int bit = 0;
    while (!(bits & 1)) bits >>= 1, bit++;
    return bit;
#endif
}

/* What run_moves works out once for a pile it lifts cards from. */
typedef struct {
    int64_t base;
    int top_suit, one_suit, limited, free_cells, empty_piles;
} RunFacts;

/* The cards of ``suit``, as bits. */
static inline uint64_t suit_bits(int suit) { return 0x1FFFULL << (13 * suit); }

/* Rules.empty_pile_takes: whether ``pile``, empty, takes ``card`` by the suit and rank its group gives it. */
static inline int empty_pile_takes(const Game *g, int pile, int card) {
    return (g->pile_suit[pile] < 0 || g->pile_suit[pile] == SUIT[card]) &&
           (!g->pile_rank[pile] || g->pile_rank[pile] == RANK[card]);
}

/* State._takers: the cards each pile of ``group`` takes on top in this position, made once per generation. */
static const Takers *takers_of(Pos *p, const Group *group) {
    const Game *g = p->g;
    if (!p->takers) p->takers = calloc(g->ngroups, sizeof(Takers));
    Takers *t = &p->takers[group->index];
    if (t->taken && t->generation == p->generation) return t;
    if (!t->taken) t->taken = malloc(sizeof(uint64_t) * ((size_t)group->count + 1));
    t->generation = p->generation;
    int small = group->count <= 64;
    if (small) memset(t->by_card, 0, sizeof t->by_card);
    t->empty = 0;
    t->closed = 0;
    for (int i = 0; i < group->nempty_waits; i++) t->closed |= p->len[group->empty_waits[i]] > 0;
    for (int i = 0; i < group->count; i++) {
        int pile = group->first + i, n = p->len[pile];
        if (!n || (group->full >= 0 && n >= group->full)) {
            t->taken[i] = 0;
            if (!n && small && !t->closed) t->empty |= 1ULL << i;
            continue;
        }
        uint64_t bits = group->fits_mask[PILE(p, pile)[n - 1]];
        if (g->pile_suit[pile] >= 0) bits &= suit_bits(g->pile_suit[pile]);
        t->taken[i] = bits;
        if (small)
            for (; bits; bits &= bits - 1) t->by_card[lowest_bit(bits)] |= 1ULL << i;
    }
    return t;
}

/* The (target, count) pairs of one target pile that State._run_moves keeps, as moves. */
static void run_moves_to(const Pos *p, int source, const Group *group, const Group *tg, int target, uint64_t taken,
                         int reach, const RunFacts *facts, MoveList *out) {
    const Game *g = p->g;
    const uint8_t *pile = PILE(p, source);
    int n = p->len[source], room = p->len[target];
    if (target == source) return;
    int suit = g->pile_suit[target];
    for (int count = 1; count <= reach; count++) {
        int card = pile[n - count];
        if (room) {
            if (!(taken >> card & 1)) continue;
        } else {
            /* State._onto_empty */
            if (tg->fill_at_once && count != tg->max_cards) continue;
            if (!accepts_on_empty(tg, card, facts->base) || !lays(tg, pile, n, count, 0)) continue;
            if (g->pile_rank[target] && g->pile_rank[target] != RANK[card]) continue;
        }
        if (group->pick == PICK_TOP_OR_WHOLE && count != 1 && count != n) continue;
        if (suit >= 0 && (suit != facts->top_suit || count > facts->one_suit)) continue;
        if (facts->limited) {
            int moved_to_empty = facts->empty_piles && !room && target >= group->first &&
                                 target < group->first + group->count;
            if (count > ((1 + facts->free_cells) << (facts->empty_piles - moved_to_empty))) continue;
        }
        if (!room || lays(tg, pile, n, count, room)) moves_add(out, source, target, count, ACT_MOVE);
    }
}

static void run_moves(Pos *p, int source, const Group *group, int most, int64_t base, MoveList *out) {
    const Game *g = p->g;
    const uint8_t *pile = PILE(p, source);
    int n = p->len[source];
    RunFacts facts = {base, SUIT[pile[n - 1]], 1, group->run_limit_cells, 0, 0};
    while (facts.one_suit < most && SUIT[pile[n - facts.one_suit - 1]] == facts.top_suit) facts.one_suit++;
    if (facts.limited) {
        for (int i = 0; i < g->ncells; i++) facts.free_cells += !p->len[g->cell_piles[i]];
        if (group->empty_accepts == ACC_ANY)
            for (int other = group->first; other < group->first + group->count; other++)
                facts.empty_piles += !p->len[other];
    }
    /* The cards that may be picked up, as bits: a pile that takes none of them is passed over at once. */
    uint64_t run_mask = 0, top_mask = 1ULL << pile[n - 1];
    for (int count = 1; count <= most; count++) run_mask |= 1ULL << pile[n - count];
    for (int k = 0; k < group->ntarget_groups; k++) {
        const Group *tg = &g->groups[group->target_groups[k]];
        const Takers *t = takers_of(p, tg);
        int reach = tg->one_at_a_time ? 1 : most;
        uint64_t lifted = reach == 1 ? top_mask : run_mask;
        int from_here = tg->empty_sources[group->index];
        if (tg->count <= 64) {
            /* the piles that take a card lifted, and the empty ones, in pile order */
            uint64_t piles = from_here ? t->empty : 0;
            for (uint64_t cards = lifted; cards; cards &= cards - 1) piles |= t->by_card[lowest_bit(cards)];
            for (; piles; piles &= piles - 1) {
                int i = lowest_bit(piles);
                run_moves_to(p, source, group, tg, tg->first + i, t->taken[i], reach, &facts, out);
            }
            continue;
        }
        for (int i = 0; i < tg->count; i++) {
            int target = tg->first + i;
            if (p->len[target] ? (t->taken[i] & lifted) != 0 : from_here && !t->closed)
                run_moves_to(p, source, group, tg, target, t->taken[i], reach, &facts, out);
        }
    }
}

static void card_moves(Pos *p, int source, const Group *group, int64_t base, MoveList *out) {
    const Game *g = p->g;
    int card = TOP(p, source);
    for (int k = 0; k < group->ntarget_groups; k++) {
        const Group *tg = &g->groups[group->target_groups[k]];
        const Takers *t = takers_of(p, tg);
        int onto_empty = tg->empty_sources[group->index] && tg->takes_single && accepts_on_empty(tg, card, base);
        if (tg->count <= 64) {
            for (uint64_t piles = t->by_card[card] | (onto_empty ? t->empty : 0); piles; piles &= piles - 1) {
                int target = tg->first + lowest_bit(piles);
                if (target == source || (!p->len[target] && !empty_pile_takes(g, target, card))) continue;
                moves_add(out, source, target, 1, ACT_MOVE);
            }
            continue;
        }
        for (int i = 0; i < tg->count; i++) {
            int target = tg->first + i;
            if (target == source) continue;
            if (p->len[target]) {
                if (!(t->taken[i] >> card & 1)) continue;
            } else if (!onto_empty || t->closed || !empty_pile_takes(g, target, card)) {
                continue;
            }
            moves_add(out, source, target, 1, ACT_MOVE);
        }
    }
}

static void stock_moves(const Pos *p, const Group *stock, MoveList *out) {
    const Game *g = p->g;
    for (int pile = stock->first; pile < stock->first + stock->count; pile++) {
        if (p->len[pile] && p->len[pile] == stock->nlast_deal) {
            moves_add(out, pile, stock->last_deal[0], stock->nlast_deal, ACT_DEAL);
        } else if (p->len[pile]) {
            if (stock->needs_no_empty) {
                int all = 1;
                for (int t = stock->st_first; t < stock->st_first + stock->st_count; t++) all &= p->len[t] > 0;
                if (!all) continue;
            }
            int per_turn = stock->st_count * stock->cards_per_turn;
            int count = per_turn < p->len[pile] ? per_turn : p->len[pile];
            int room = g->groups[g->pile_group[stock->stock_target]].max_cards;
            if (room >= 0 && stock->st_count == 1 && p->len[stock->stock_target] + count > room) continue;
            moves_add(out, pile, stock->stock_target, count, ACT_DEAL);
        } else if (p->len[stock->stock_target] && stock->st_count == 1 &&
                   (stock->redeals == -1 || (g->var_redeals >= 0 ? p->vars[g->var_redeals] : 0) < stock->redeals)) {
            moves_add(out, stock->stock_target, pile, p->len[stock->stock_target], ACT_REDEAL);
        }
    }
}

static void pair_moves(const Pos *p, MoveList *out) {
    const Game *g = p->g;
    int free_piles[g->npair + 1], free_cards[g->npair + 1], nfree = 0;
    for (int i = 0; i < g->npair; i++) {
        int pile = g->pair_piles[i];
        if (p->len[pile] && p->down[pile] < p->len[pile] && !pos_covered(p, pile)) {
            free_piles[nfree] = pile;
            free_cards[nfree++] = TOP(p, pile);
        }
    }
    for (int i = 0; i < nfree; i++) {
        int card = free_cards[i];
        if (g->alone[RANK[card]]) moves_add(out, free_piles[i], g->pair_discard, 1, ACT_MOVE);
        for (int j = i + 1; j < nfree; j++)
            if (g->pairs[card * 52 + free_cards[j]]) moves_add(out, free_piles[i], free_piles[j], 1, ACT_PAIR);
    }
}

/* --- shuffles ----------------------------------------------------------------------------------------------- */

static uint64_t splitmix_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* framework.cards.shuffled, in place, of ``n`` items of ``size`` bytes each (cards, or piles' numbers) */
static void shuffle(void *items, int n, size_t size, uint64_t seed) {
    uint8_t *bytes = items, swap[sizeof(int64_t)];
    uint64_t state = seed;
    for (int i = n - 1; i > 0; i--) {
        uint64_t bound = (uint64_t)i + 1, rest = (0 - bound) % bound, value;
        do value = splitmix_next(&state);
        while (rest && value >= 0 - rest);
        int j = (int)(value % bound);
        memcpy(swap, bytes + i * size, size);
        memcpy(bytes + i * size, bytes + j * size, size);
        memcpy(bytes + j * size, swap, size);
    }
}

/* seeds.redeal_seed: the seed of the shuffle of a redeal made after ``used`` others (modulo 2**64, as shuffled
 * takes it) */
static uint64_t redeal_seed(const Pos *p, int64_t used) {
    return p->seed_number * 1000 + (uint64_t)used + 1;
}

/* --- the built-in plugins ----------------------------------------------------------------------------- */

/* Make the transfers ``p->steps`` holds, in order. A plugin's changes are all worked out on the position before
 * the first is made, as the kernel makes the list a hook answers. */
static void make_steps(Pos *p) {
    for (int i = 0; i < p->steps.n; i++) {
        Move step = p->steps.items[i];
        transfer(p, step.source, step.target, step.count, 0);
    }
}

/* grid-access: 0 for every card of the grid that is not at an edge of its column or next to an opening. */
static void grid_limits(const Pos *p, const Plugin *plugin, int *limits) {
    const Game *g = p->g;
    int openings[8], nopen = 0;
    for (int i = 0; i < plugin->nopenings && nopen < 8; i++) {
        int64_t cell = p->vars[plugin->opening_vars[i]];
        if (cell != NONE_VALUE) openings[nopen++] = (int)cell;
    }
    for (int c = 0; c < plugin->ncolumns; c++) {
        int held[1024], nheld = 0;
        for (int i = plugin->column_start[c]; i < plugin->column_start[c + 1]; i++)
            if (p->len[plugin->column_cells[i]]) held[nheld++] = plugin->column_cells[i];
        if (nheld < 3) continue;
        for (int h = 1; h < nheld - 1; h++) {
            int cell = held[h], free_cell = 0;
            for (int o = 0; o < nopen && !free_cell; o++) {
                int opening = openings[o], in_column = 0;
                for (int i = plugin->column_start[c]; i < plugin->column_start[c + 1]; i++)
                    in_column |= plugin->column_cells[i] == opening;
                if (!in_column) continue;
                /* the nearest card on each side of the opening */
                if (cell < opening && held[h + 1] >= opening) free_cell = 1;
                if (cell > opening && held[h - 1] <= opening) free_cell = 1;
            }
            if (!free_cell && (limits[cell] < 0 || limits[cell] > 0)) limits[cell] = 0;
        }
    }
    (void)g;
}

/* gaps (Gaps._in_sequence): how many cells of the row from ``start`` hold its sequence: the first rank, then its
 * suit upwards. */
static int gaps_in_sequence(const Pos *p, const Plugin *plugin, int start) {
    if (!p->len[start] || RANK[TOP(p, start)] != plugin->first_rank) return 0;
    int card = TOP(p, start), length = 14 - plugin->first_rank, count = 1;
    while (count < length && p->len[start + count] && TOP(p, start + count) == card + count) count++;
    return count;
}

/* gaps (Gaps._out_of_sequence): the cells not in their row's sequence, in reading order, written to ``out``;
 * how many. */
static int gaps_out_of_sequence(const Pos *p, const Plugin *plugin, int *out) {
    int n = 0;
    for (int start = plugin->cells_first; start < plugin->cells_stop; start += plugin->columns)
        for (int offset = gaps_in_sequence(p, plugin, start); offset < plugin->columns; offset++)
            out[n++] = start + offset;
    return n;
}

/* gaps (Gaps._taken): whether the gap ``gap`` takes ``card``. */
static int gaps_takes(const Pos *p, const Plugin *plugin, int gap, int card) {
    int column = (gap - plugin->cells_first) % plugin->columns;
    if (!column) return RANK[card] == plugin->first_rank;
    if (p->len[gap - 1] && plugin->after[TOP(p, gap - 1) * 52 + card]) return 1;
    return plugin->from_right && column < plugin->columns - 1 && p->len[gap + 1] &&
           plugin->before[TOP(p, gap + 1) * 52 + card];
}

/* gaps (Gaps.is_won): whether every row holds its sequence from the first rank to the king. */
static int gaps_won(const Pos *p, const Plugin *plugin) {
    for (int start = plugin->cells_first; start < plugin->cells_stop; start += plugin->columns)
        if (gaps_in_sequence(p, plugin, start) != 14 - plugin->first_rank) return 0;
    return 1;
}

/* gaps (Gaps.legal_moves): the opening move for the aces alone, else each card into each gap that takes it, then
 * a redeal while one is left, a gap is there, the game is not won and a card is out of sequence. */
static void gaps_moves(const Pos *p, const Plugin *plugin, MoveList *out) {
    if (plugin->aces_var >= 0 && !p->vars[plugin->aces_var]) {
        moves_add(out, -1, -1, 1, ACT_ACES);
        return;
    }
    int any_gap = 0;
    for (int gap = plugin->cells_first; gap < plugin->cells_stop; gap++) {
        if (p->len[gap]) continue;
        any_gap = 1;
        for (int cell = plugin->cells_first; cell < plugin->cells_stop; cell++)
            if (p->len[cell] && gaps_takes(p, plugin, gap, TOP(p, cell))) moves_add(out, cell, gap, 1, ACT_MOVE);
    }
    if (!any_gap || plugin->shuffles_var < 0 || p->vars[plugin->shuffles_var] >= plugin->redeals || pos_is_won(p))
        return;
    int cells[plugin->cells_stop - plugin->cells_first + 1], n = gaps_out_of_sequence(p, plugin, cells);
    for (int i = 0; i < n; i++)
        if (p->len[cells[i]]) {
            moves_add(out, -1, -1, 1, ACT_SHUFFLE);
            return;
        }
}

/* gaps (Gaps._aces): set the grid's aces aside, or move them into the empty first cells of the rows. */
static void gaps_aces(Pos *p, const Plugin *plugin) {
    if (plugin->aside >= 0) {
        for (int cell = plugin->cells_first; cell < plugin->cells_stop; cell++)
            if (p->len[cell] && RANK[TOP(p, cell)] == 1) transfer(p, cell, plugin->aside, 1, 0);
    } else {
        int ncells = plugin->cells_stop - plugin->cells_first, firsts[ncells + 1], aces[ncells + 1], nfirsts = 0;
        int naces = 0;
        for (int start = plugin->cells_first; start < plugin->cells_stop; start += plugin->columns)
            if (!p->len[start]) firsts[nfirsts++] = start;
        for (int cell = plugin->cells_first; cell < plugin->cells_stop; cell++)
            if (p->len[cell] && RANK[TOP(p, cell)] == 1 && (cell - plugin->cells_first) % plugin->columns)
                aces[naces++] = cell;
        for (int i = 0; i < naces && i < nfirsts; i++) transfer(p, aces[i], firsts[i], 1, 0);
    }
    set_var(p, plugin->aces_var, 1);
}

/* gaps (Gaps._shuffle): gather the cards not in sequence, shuffle them and deal them again, a gap left in each
 * row; every card goes through one empty cell, the scratch, stacked on it in the reverse of the new order, then
 * dealt from it one by one, the scratch's own card last. */
static void gaps_shuffle(Pos *p, const Plugin *plugin) {
    int first = plugin->cells_first, ncells = plugin->cells_stop - first, rows = ncells / plugin->columns;
    int out[ncells + 1], sources[ncells + 1], targets[ncells + 1], order[ncells + 1], nsources = 0, ntargets = 0;
    uint8_t is_gap[ncells + 1];
    int64_t used = p->vars[plugin->shuffles_var];
    uint64_t number = redeal_seed(p, used);
    int nout = gaps_out_of_sequence(p, plugin, out);
    for (int i = 0; i < nout; i++)
        if (p->len[out[i]]) sources[nsources++] = out[i];
    memset(is_gap, 0, ncells + 1);
    if (plugin->redeal_gaps == GAPS_RANDOM) {
        memcpy(order, out, sizeof(int) * nout);
        shuffle(order, nout, sizeof(int), number + 500);
        for (int i = 0; i < rows && i < nout; i++) is_gap[order[i] - first] = 1;
    } else {
        for (int start = first; start < plugin->cells_stop; start += plugin->columns)
            is_gap[(plugin->redeal_gaps == GAPS_AFTER_SEQUENCE ? start + gaps_in_sequence(p, plugin, start)
                                                                : start + plugin->columns - 1) - first] = 1;
    }
    /* the cells not left as gaps first, then the gaps, as many as there are cards */
    for (int gaps = 0; gaps < 2; gaps++)
        for (int i = 0; i < nout && ntargets < nsources; i++)
            if (is_gap[out[i] - first] == gaps) targets[ntargets++] = out[i];
    int scratch = -1;
    for (int i = 0; i < nout && scratch < 0; i++)
        if (!p->len[out[i]]) scratch = out[i];
    for (int i = 0; i < ntargets - 1; i++)
        if (targets[i] == scratch) { /* it keeps the last card stacked on it, the one at the bottom */
            memmove(targets + i, targets + i + 1, sizeof(int) * (ntargets - 1 - i));
            targets[ntargets - 1] = scratch;
            break;
        }
    memcpy(order, sources, sizeof(int) * nsources);
    shuffle(order, nsources, sizeof(int), number);
    for (int i = nsources - 1; i >= 0; i--) transfer(p, order[i], scratch, 1, 0);
    for (int i = 0; i < ntargets; i++)
        if (targets[i] != scratch) transfer(p, scratch, targets[i], 1, 0);
    set_var(p, plugin->shuffles_var, used + 1);
}

/* touching-pairs (TouchingPairs._closing): the transfers that close up the grid and fill its empty cells from the
 * stock, added to ``steps`` (none if nothing changes). */
static void pairs_closing(const Pos *p, const Plugin *plugin, MoveList *steps) {
    int first = plugin->cells_first, stop = plugin->cells_stop, columns = plugin->columns;
    uint8_t held[stop - first + 1];
    for (int cell = first; cell < stop; cell++) held[cell - first] = p->len[cell] > 0;
    if (plugin->upwards) {
        for (int cell = first; cell < stop; cell++) {
            if (!held[cell - first]) continue;
            int goal = cell;
            while (goal - columns >= first && !held[goal - columns - first]) goal -= columns;
            if (goal != cell) {
                moves_add(steps, cell, goal, 1, ACT_MOVE);
                held[cell - first] = 0;
                held[goal - first] = 1;
            }
        }
    } else {
        int free_cell = first;
        for (int cell = first; cell < stop; cell++) {
            if (!held[cell - first]) continue;
            if (cell != free_cell) {
                moves_add(steps, cell, free_cell, 1, ACT_MOVE);
                held[cell - first] = 0;
                held[free_cell - first] = 1;
            }
            free_cell++;
        }
    }
    if (plugin->stock < 0) return;
    int stock = p->len[plugin->stock];
    for (int cell = first; cell < stop && stock; cell++)
        if (!held[cell - first]) {
            moves_add(steps, plugin->stock, cell, 1, ACT_MOVE);
            stock--;
        }
}

/* touching-pairs (TouchingPairs.legal_moves): each card that leaves alone, each pair of cells whose cards pair
 * (first cell first), then the closing up, where it is an action and changes something. */
static void pairs_moves(Pos *p, const Plugin *plugin, MoveList *out) {
    int first = plugin->cells_first;
    for (int cell = first; cell < plugin->cells_stop; cell++) {
        if (!p->len[cell]) continue;
        int card = TOP(p, cell);
        if (plugin->alone[RANK[card]]) moves_add(out, cell, plugin->discard, 1, ACT_MOVE);
        for (int i = plugin->partner_start[cell - first]; i < plugin->partner_start[cell - first + 1]; i++) {
            int other = plugin->partners[i];
            if (p->len[other] && plugin->pairs[card * 52 + TOP(p, other)]) moves_add(out, cell, other, 1, ACT_MATCH);
        }
    }
    if (plugin->close_after_pair) return;
    p->steps.n = 0;
    pairs_closing(p, plugin, &p->steps);
    if (p->steps.n) moves_add(out, first, -1, 1, ACT_CLOSE);
}

/* discard-beaten (DiscardBeaten.legal_moves): each face-up top card of the piles that a face-up top card of
 * another of them beats (its suit, a higher value) goes to the discard pile. */
static void beaten_moves(const Pos *p, const Plugin *plugin, MoveList *out) {
    int piles[plugin->npiles + 1], cards[plugin->npiles + 1], ntops = 0;
    for (int i = 0; i < plugin->npiles; i++) {
        int pile = plugin->piles[i];
        if (p->len[pile] && p->down[pile] < p->len[pile]) {
            piles[ntops] = pile;
            cards[ntops++] = TOP(p, pile);
        }
    }
    for (int i = 0; i < ntops; i++) {
        int card = cards[i], beaten = 0;
        for (int j = 0; j < ntops && !beaten; j++)
            beaten = piles[j] != piles[i] && SUIT[cards[j]] == SUIT[card] &&
                     plugin->values[cards[j]] > plugin->values[card];
        if (beaten) moves_add(out, piles[i], plugin->discard, 1, ACT_MOVE);
    }
}

/* discard-beaten (DiscardBeaten.is_won): -1 (no answer) without ``won_with_left``; else whether every card but
 * those kept is discarded (and, with ``apart``, each kept card lies alone). */
static int beaten_won(const Pos *p, const Plugin *plugin) {
    if (!plugin->won_with_left) return -1;
    if (p->len[plugin->discard] != p->g->total - plugin->kept) return 0;
    if (!plugin->apart) return 1;
    int alone = 0;
    for (int i = 0; i < plugin->npiles; i++) alone += p->len[plugin->piles[i]] == 1;
    return alone == plugin->kept;
}

/* build-leftward (BuildLeftward.legal_moves): each whole pile of the line onto the pile as many places to its
 * left (and right) as each distance, counting the piles that hold cards, where their top cards match. */
static void leftward_moves(const Pos *p, const Plugin *plugin, MoveList *out) {
    int held[plugin->piles_stop - plugin->piles_first + 1], nheld = 0;
    for (int pile = plugin->piles_first; pile < plugin->piles_stop; pile++)
        if (p->len[pile]) held[nheld++] = pile;
    for (int index = 0; index < nheld; index++) {
        int pile = held[index], card = TOP(p, pile);
        for (int d = 0; d < plugin->ndistances; d++)
            for (int side = -1; side <= (plugin->rightward ? 1 : -1); side += 2) {
                int place = index + side * plugin->distances[d];
                if (place < 0 || place >= nheld) continue;
                int other = TOP(p, held[place]);
                if ((plugin->by_suit && SUIT[card] == SUIT[other]) || (plugin->by_rank && RANK[card] == RANK[other]))
                    moves_add(out, pile, held[place], p->len[pile], ACT_MOVE);
            }
    }
}

/* build-leftward (BuildLeftward.after_move): with a discard pile, the cards a pile moved onto another of the line
 * covers go there; then the piles that hold cards shift left, keeping their order. */
static void leftward_after(const Pos *p, const Plugin *plugin, Move m, MoveList *steps) {
    int first = plugin->piles_first, stop = plugin->piles_stop, sizes[stop - first + 1];
    for (int pile = first; pile < stop; pile++) sizes[pile - first] = p->len[pile];
    if (plugin->discard >= 0 && m.action == ACT_MOVE && m.source >= first && m.source < stop && m.target >= first &&
        m.target < stop) {
        /* all the target's cards to the discard pile, then the moved ones back: the covered ones stay there */
        moves_add(steps, m.target, plugin->discard, sizes[m.target - first], ACT_MOVE);
        moves_add(steps, plugin->discard, m.target, m.count, ACT_MOVE);
        sizes[m.target - first] = m.count;
    }
    if (!plugin->close_up) return;
    int free_pile = first;
    for (int pile = first; pile < stop; pile++) {
        if (!sizes[pile - first]) continue;
        if (pile != free_pile) moves_add(steps, pile, free_pile, sizes[pile - first], ACT_MOVE);
        free_pile++;
    }
}

/* build-leftward (BuildLeftward.is_won): -1 (no answer) without ``won_with_piles``; else whether every card is in
 * the line or discarded, and at most that many piles hold cards. */
static int leftward_won(const Pos *p, const Plugin *plugin) {
    if (plugin->won_with_piles < 0) return -1;
    int held = 0, cards = plugin->discard >= 0 ? p->len[plugin->discard] : 0;
    for (int pile = plugin->piles_first; pile < plugin->piles_stop; pile++) {
        held += p->len[pile] > 0;
        cards += p->len[pile];
    }
    return held <= plugin->won_with_piles && cards == p->g->total;
}

/* A plugin's legal_moves, added to ``out``. */
static void plugin_moves(Pos *p, const Plugin *plugin, MoveList *out) {
    const Game *g = p->g;
    switch (plugin->kind) {
    case PL_BACK_FROM_FOUNDATION: {
        int64_t base = g->var_base >= 0 ? p->vars[g->var_base] : NONE_VALUE;
        /* For each card, the targets (by their place in the list, at most 64) where it may go back onto a card,
         * and the empty targets: each looked at once rather than once per foundation. */
        uint64_t onto[52] = {0}, empty = 0;
        int few = plugin->ntargets <= 64;
        for (int k = 0; few && k < plugin->ntargets; k++) {
            int target = plugin->targets[k], n = p->len[target];
            const Group *group = &g->groups[g->pile_group[target]];
            if (!n) {
                empty |= (uint64_t)plugin->onto_empty << k;
            } else if (group->max_cards < 0 || n < group->max_cards) {
                for (uint64_t bits = group->fits_mask[PILE(p, target)[n - 1]]; bits; bits &= bits - 1)
                    onto[lowest_bit(bits)] |= 1ULL << k;
            }
        }
        for (int i = 0; i < g->nfoundations; i++) {
            int source = g->foundations[i];
            if (!p->len[source]) continue;
            int card = TOP(p, source);
            if (few) {
                for (uint64_t bits = onto[card] | empty; bits; bits &= bits - 1) {
                    int target = plugin->targets[lowest_bit(bits)];
                    if (p->len[target] || accepts_on_empty(&g->groups[g->pile_group[target]], card, base))
                        moves_add(out, source, target, 1, ACT_MOVE);
                }
                continue;
            }
            for (int k = 0; k < plugin->ntargets; k++) {
                int target = plugin->targets[k];
                const Group *group = &g->groups[g->pile_group[target]];
                if (p->len[target]) {
                    if (group->fits[TOP(p, target) * 52 + card] &&
                        (group->max_cards < 0 || p->len[target] < group->max_cards))
                        moves_add(out, source, target, 1, ACT_MOVE);
                } else if (plugin->onto_empty && accepts_on_empty(group, card, base)) {
                    moves_add(out, source, target, 1, ACT_MOVE);
                }
            }
        }
        break;
    }
    case PL_GROWING_GRID: {
        int stock = plugin->stock;
        if (!p->len[stock]) break;
        int64_t rows = p->vars[plugin->rows_var];
        int dealt_stop = plugin->cells_first + (int)rows * plugin->columns;
        for (int cell = plugin->cells_first; cell < dealt_stop && cell < g->npiles; cell++) {
            if (!p->len[cell]) {
                moves_add(out, stock, cell, 1, ACT_FILL);
                return;
            }
        }
        if (dealt_stop >= plugin->cells_stop) break;
        int count = plugin->columns < p->len[stock] ? plugin->columns : p->len[stock];
        moves_add(out, stock, dealt_stop, count, ACT_ROW);
        break;
    }
    case PL_SINGLE_RELEASE: {
        if (p->vars[plugin->used_var]) break;
        for (int i = 0; i < plugin->nmust_be_empty; i++)
            if (p->len[plugin->must_be_empty[i]]) return;
        for (int cell = plugin->sources_first; cell < plugin->sources_stop; cell++)
            if (p->len[cell]) moves_add(out, cell, plugin->release_target, 1, ACT_RELEASE);
        break;
    }
    case PL_GAPS: gaps_moves(p, plugin, out); break;
    case PL_TOUCHING_PAIRS: pairs_moves(p, plugin, out); break;
    case PL_DISCARD_BEATEN: beaten_moves(p, plugin, out); break;
    case PL_BUILD_LEFTWARD: leftward_moves(p, plugin, out); break;
    default: break;
    }
}

/* The changes of the plugin that owns the action of ``m`` (the first asked, as apply_action's first answer). */
static void plugin_action(Pos *p, Move m) {
    const Game *g = p->g;
    for (int i = 0; i < g->nplugins; i++) {
        const Plugin *plugin = &g->plugins[i];
        if (m.action == ACT_FILL && plugin->kind == PL_GROWING_GRID) {
            transfer(p, plugin->stock, m.target, 1, 0);
            return;
        }
        if (m.action == ACT_ROW && plugin->kind == PL_GROWING_GRID) {
            for (int offset = 0; offset < m.count; offset++) transfer(p, plugin->stock, m.target + offset, 1, 0);
            set_var(p, plugin->rows_var, p->vars[plugin->rows_var] + 1);
            return;
        }
        if (m.action == ACT_RELEASE && plugin->kind == PL_SINGLE_RELEASE) {
            transfer(p, m.source, m.target, 1, 0);
            set_var(p, plugin->used_var, 1);
            set_var(p, plugin->cell_var, m.source);
            return;
        }
        if (m.action == ACT_ACES && plugin->kind == PL_GAPS) {
            gaps_aces(p, plugin);
            return;
        }
        if (m.action == ACT_SHUFFLE && plugin->kind == PL_GAPS) {
            gaps_shuffle(p, plugin);
            return;
        }
        if (m.action == ACT_MATCH && plugin->kind == PL_TOUCHING_PAIRS) {
            transfer(p, m.source, plugin->discard, 1, 0);
            transfer(p, m.target, plugin->discard, 1, 0);
            return;
        }
        if (m.action == ACT_CLOSE && plugin->kind == PL_TOUCHING_PAIRS) {
            p->steps.n = 0;
            pairs_closing(p, plugin, &p->steps);
            make_steps(p);
            return;
        }
    }
}

/* The plugins' after_move: every plugin's transfers after ``m``, worked out on the position the move left, then
 * made in the order the plugins are asked. */
static void plugin_after_move(Pos *p, Move m) {
    const Game *g = p->g;
    p->steps.n = 0;
    for (int i = 0; i < g->nplugins; i++) {
        const Plugin *plugin = &g->plugins[i];
        if (plugin->kind == PL_TOUCHING_PAIRS && plugin->close_after_pair &&
            (m.action == ACT_MATCH || m.target == plugin->discard))
            pairs_closing(p, plugin, &p->steps);
        else if (plugin->kind == PL_BUILD_LEFTWARD)
            leftward_after(p, plugin, m, &p->steps);
    }
    make_steps(p);
}

/* A plugin's is_won: 1 or 0, or -1 where it does not decide. */
static int plugin_won(const Pos *p, const Plugin *plugin) {
    switch (plugin->kind) {
    case PL_GAPS: return gaps_won(p, plugin);
    case PL_DISCARD_BEATEN: return beaten_won(p, plugin);
    case PL_BUILD_LEFTWARD: return leftward_won(p, plugin);
    default: return -1;
    }
}

/* --- legal moves ---------------------------------------------------------------------------------------- */

/* State._decide_won: the plugins' is_won first (the first that answers decides), then the rule data's. */
int pos_is_won(const Pos *p) {
    const Game *g = p->g;
    for (int i = 0; i < g->nplugins; i++) {
        int won = plugin_won(p, &g->plugins[i]);
        if (won >= 0) return won;
    }
    if (g->won_when == WON_EMPTIED) {
        for (int i = 0; i < g->nemptied; i++)
            if (p->len[g->emptied[i]]) return 0;
        return 1;
    }
    if (g->won_when == WON_TABLE_EMPTY) {
        for (int i = 0; i < g->ntable; i++)
            if (p->len[g->table_piles[i]]) return 0;
        return 1;
    }
    int on = 0;
    for (int i = 0; i < g->nfoundations; i++) on += p->len[g->foundations[i]];
    return on == g->cards_to_win;
}

/* Whether move ``m`` lays a card of the suit or rank the set holds, where it goes to a set pile (State.set_takes). */
static int set_takes(const Pos *p, Move m) {
    const Game *g = p->g;
    int is_set = 0;
    for (int i = 0; i < g->nset; i++) is_set |= g->set_piles[i] == m.target;
    if (!is_set) return 1;
    const uint8_t *alike = g->set_alike == 1 ? SUIT : RANK;
    int value = alike[PILE(p, m.source)[p->len[m.source] - m.count]];
    for (int i = 0; i < g->nset; i++) {
        int pile = g->set_piles[i];
        if (p->len[pile] && alike[TOP(p, pile)] != value) return 0;
    }
    return 1;
}

/* Keep the moves of ``out`` that ``takes`` allows, in their order: set_takes (sets.same_suit, same_rank),
 * layer_takes (layers_of_one_suit). */
static void keep_moves(const Pos *p, MoveList *out, int (*takes)(const Pos *, Move)) {
    int kept = 0;
    for (int i = 0; i < out->n; i++)
        if (takes(p, out->items[i])) out->items[kept++] = out->items[i];
    out->n = kept;
}

/* Whether move ``m``'s cards are each of the suit the other piles of the target's group hold at the height they
 * would lie at, where the group's layers are of one suit (State.layer_takes). */
static int layer_takes(const Pos *p, Move m) {
    const Game *g = p->g;
    int first = g->layer_first[m.target];
    if (first < 0) return 1;
    const Group *group = &g->groups[g->pile_group[m.target]];
    const uint8_t *moved = PILE(p, m.source) + p->len[m.source] - m.count;
    int height = p->len[m.target];
    for (int i = 0; i < m.count; i++)
        for (int other = first; other < first + group->count; other++)
            if (p->len[other] > height + i && SUIT[PILE(p, other)[height + i]] != SUIT[moved[i]]) return 0;
    return 1;
}

/* Whether card move ``m`` keeps the rule of a pile closed by another's card (State.closing_takes). */
static int closing_takes(const Pos *p, Move m) {
    const Game *g = p->g;
    int closer = g->closed_by[m.target];
    if (closer < 0) return 1;
    int n = p->len[m.target], last = n + 1 == g->groups[g->pile_group[m.target]].max_cards;
    if (g->is_closer[m.source]) return m.source == closer && last;
    if (last) return 0;
    if (n) return 1;
    if (!p->len[closer]) return 0;
    int first = (RANK[TOP(p, closer)] - 1 + g->close_shift[m.target]) % 13 + 1;
    return RANK[PILE(p, m.source)[p->len[m.source] - m.count]] == first;
}

/* The pile whose cards a gather of ``group`` deals (State.gather_source). */
static int gather_source(const Pos *p, const Group *group) {
    if (!group->gather_by_pile) return group->first;
    int turn = (int)(p->vars[p->g->var_gathers] % group->count);
    return group->gather_last_first ? group->first + group->count - 1 - turn : group->first + turn;
}

/* Whether card move ``m`` lays a card of a rank the pile before the target holds, where the target takes only those
 * (State.rank_held_takes): an empty target only the rank of that pile's first card. */
static int rank_held_takes(const Pos *p, Move m) {
    int before = p->g->rank_source[m.target];
    if (before < 0) return 1;
    int n = p->len[before], rank = RANK[PILE(p, m.source)[p->len[m.source] - m.count]];
    const uint8_t *held = PILE(p, before);
    if (!p->len[m.target]) return n && RANK[held[0]] == rank;
    for (int i = 0; i < n; i++)
        if (RANK[held[i]] == rank) return 1;
    return 0;
}

/* Whether card move ``m`` goes to a pile that is open: the pile that opens it holds a card (State.opened_takes). */
static int opened_takes(const Pos *p, Move m) {
    int opener = p->g->opener[m.target];
    return opener < 0 || p->len[opener] > 0;
}

void pos_generate(Pos *p, MoveList *out) {
    const Game *g = p->g;
    p->generation++;
    int64_t base = g->var_base >= 0 ? p->vars[g->var_base] : NONE_VALUE;
    int *limits = NULL;
    if (g->has_limits) {
        limits = p->limits;
        for (int i = 0; i < g->npiles; i++) limits[i] = -1;
        for (int i = 0; i < g->nplugins; i++)
            if (g->plugins[i].kind == PL_GRID_ACCESS) grid_limits(p, &g->plugins[i], limits);
    }
    out->n = 0;
    for (int i = 0; i < g->nsources; i++) {
        int source = g->sources[i];
        if (!p->len[source] || (g->has_covered && pos_covered(p, source))) continue;
        int limit = limits ? limits[source] : -1;
        if (limit == 0) continue;
        const Group *group = &g->groups[g->pile_group[source]];
        int most = pickable(p, source, group);
        if (limit >= 0 && limit < most) most = limit;
        if (!most) continue;
        if (most == 1) card_moves(p, source, group, base, out);
        else run_moves(p, source, group, most, base, out);
    }
    if (g->set_alike) keep_moves(p, out, set_takes);
    if (g->has_layers) keep_moves(p, out, layer_takes);
    if (g->has_closing) keep_moves(p, out, closing_takes);
    if (g->has_rank_sources) keep_moves(p, out, rank_held_takes);
    if (g->has_openers) keep_moves(p, out, opened_takes);
    for (int i = 0; i < g->nstocks; i++) stock_moves(p, &g->groups[g->stocks[i]], out);
    for (int i = 0; i < g->ngatherers; i++) {
        const Group *group = &g->groups[g->gatherers[i]];
        int any = group->gather_by_pile;
        for (int pile = group->first; pile < group->first + group->count; pile++) any |= p->len[pile] > 0;
        for (int w = 0; w < group->ngather_waits; w++) any &= p->len[group->gather_waits[w]] == 0;
        if ((group->gather_times == -1 || p->vars[g->var_gathers] < group->gather_times) && any && !pos_is_won(p))
            moves_add(out, gather_source(p, group), -1, 1, ACT_GATHER);
    }
    if (g->has_pairing) pair_moves(p, out);
    for (int i = 0; i < g->nplugins; i++) plugin_moves(p, &g->plugins[i], out);
}

/* --- push and pop --------------------------------------------------------------------------------------- */

/* Deal the cards of ``group``'s pile whose turn it is, bottom card first, one to each pile in turn from it
   (State._pile_redeal_changes): each pile reached is set to its cards and those dealt onto it. */
static void redeal_pile(Pos *p, const Group *group) {
    int source = gather_source(p, group), n = p->len[source], piles = group->count;
    if (!n) return;
    uint8_t *cards = malloc((size_t)n), *dealt = malloc((size_t)p->g->total + 1);
    memcpy(cards, PILE(p, source), (size_t)n);
    if (p->down[source]) set_down(p, source, 0);
    int first = source - group->first, reached = n < piles ? n : piles;
    for (int offset = 0; offset < reached; offset++) {
        int pile = group->first + (first + offset) % piles, had = pile == source ? 0 : p->len[pile], count = had;
        memcpy(dealt, PILE(p, pile), (size_t)had);
        for (int index = offset; index < n; index += piles) dealt[count++] = cards[index];
        set_pile(p, pile, dealt, count);
    }
    free(cards);
    free(dealt);
}

/* Deal the ``n`` cards to ``group``'s piles by rows, pass after pass from the first pile: to the piles with fewer
   than their gather_counts, or to every pile (no counts, or every pile has its count) (State._dealt_by_rows). */
static void deal_by_rows(Pos *p, const Group *group, const uint8_t *cards, int n) {
    const int *counts = group->ngather_counts ? group->gather_counts : NULL;
    int *places = malloc(((size_t)n + 1) * sizeof(int)), at = 0;
    for (int row = 0; at < n; row++) {
        int open = 0;
        for (int index = 0; index < group->count; index++) open |= !counts || counts[index] > row;
        for (int index = 0; index < group->count && at < n; index++)
            if (!open || !counts || counts[index] > row) places[at++] = index;
    }
    uint8_t *dealt = malloc((size_t)n + 1);
    for (int index = 0; index < group->count; index++) {
        int count = 0;
        for (int card = 0; card < n; card++)
            if (places[card] == index) dealt[count++] = cards[card];
        set_pile(p, group->first + index, dealt, count);
    }
    free(dealt);
    free(places);
}

static void gather(Pos *p, const Group *group) {
    const Game *g = p->g;
    int64_t used = p->vars[g->var_gathers];
    if (group->gather_by_pile) {
        redeal_pile(p, group);
        set_var(p, g->var_gathers, used + 1);
        return;
    }
    uint8_t *cards = malloc((size_t)g->total + 1);
    int n = 0, piles = group->count;
    for (int index = 0; index < piles; index++) {
        int pile = group->gather_last_first ? group->first + piles - 1 - index : group->first + index;
        memcpy(cards + n, PILE(p, pile), p->len[pile]);
        n += p->len[pile];
    }
    if (group->gather_shuffle) shuffle(cards, n, 1, redeal_seed(p, used));
    for (int pile = group->first; pile < group->first + group->count; pile++)
        if (p->down[pile]) set_down(p, pile, 0);
    if (group->gather_cpp == 0) { /* in turn, or by rows up to so many a pile */
        deal_by_rows(p, group, cards, n);
        set_var(p, g->var_gathers, used + 1);
        free(cards);
        return;
    }
    int extra = n - group->gather_cpp * piles;
    if (extra < 0) extra = 0;
    int start = 0;
    for (int index = 0; index < piles; index++) {
        int count = group->gather_cpp + extra / piles + (index < extra % piles);
        int from = start < n ? start : n, to = start + count < n ? start + count : n;
        set_pile(p, group->first + index, cards + from, to - from);
        start += count;
    }
    set_var(p, g->var_gathers, used + 1);
    free(cards);
}

/* Whether refill ``r`` waits: a pile it waits to be empty holds a card (Rules.refill_waits). */
static int refill_waits(const Pos *p, int r) {
    const Game *g = p->g;
    for (int i = g->refill_wait_start[r]; i < g->refill_wait_start[r + 1]; i++)
        if (p->len[g->refill_waits[i]]) return 1;
    return 0;
}

/* Whether the cards of pile ``pile`` leave by clearing ``c`` (State._clear, _adds_up): one card of each rank of its
 * mask where one of them is there, else ranks adding up to its total. */
static int adds_up(const Pos *p, int c, int pile) {
    const Game *g = p->g;
    int mask = g->clear_ranks[c], seen = 0, sum = 0, each = 0, n = p->len[pile];
    for (int i = 0; i < n; i++) {
        int rank = RANK[PILE(p, pile)[i]];
        sum += rank;
        if (mask >> rank & 1) {
            each = 1;
            if (seen >> rank & 1) return 0;
            seen |= 1 << rank;
        }
    }
    if (each) return seen == mask && n == __builtin_popcount((unsigned)mask);
    return sum == g->clear_total[c];
}

static void automatic_changes(Pos *p, Move m) {
    const Game *g = p->g;
    if (g->base_rank_played && p->vars[g->var_base] == NONE_VALUE && m.action == ACT_MOVE &&
        g->is_foundation[m.target])
        set_var(p, g->var_base, RANK[PILE(p, m.target)[p->len[m.target] - m.count]]);
    if (g->nset) {
        int all = 1;
        for (int i = 0; i < g->nset; i++) all &= p->len[g->set_piles[i]] > 0;
        if (all)
            for (int i = 0; i < g->nset; i++) transfer(p, g->set_piles[i], g->set_discard, 1, 0);
    }
    for (int c = 0; c < g->nclears; c++) {
        int pile = g->clear_pile[c];
        if (p->len[pile] && adds_up(p, c, pile)) transfer(p, pile, g->clear_to[c], p->len[pile], 0);
    }
    for (int r = 0; r < g->nrefills; r++) {
        int pile = g->refill_pile[r];
        if (p->len[pile] || refill_waits(p, r)) continue;
        int waste = g->refill_turns[3 * r], stock = g->refill_turns[3 * r + 1];
        if (waste >= 0 && !p->len[waste] && p->len[stock]) {
            int turned = g->refill_turns[3 * r + 2] < p->len[stock] ? g->refill_turns[3 * r + 2] : p->len[stock];
            transfer(p, stock, waste, turned, 1);
        }
        for (int i = g->refill_start[r]; i < g->refill_start[r + 1]; i++) {
            int origin = g->refill_origins[i];
            if (p->len[origin] && p->down[origin] < p->len[origin]) {
                transfer(p, origin, pile, 1, 0);
                break;
            }
        }
    }
    int other = m.action == ACT_MOVE ? g->turns_up[m.target] : -1;
    if (other >= 0 && p->len[other] && p->down[other] >= p->len[other]) set_down(p, other, p->len[other] - 1);
    for (int i = 0; i < g->nturn_up; i++) {
        int pile = g->turn_up[i];
        if (p->len[pile] && p->down[pile] >= p->len[pile] && !(g->has_covered && pos_covered(p, pile)))
            set_down(p, pile, p->len[pile] - 1);
    }
}

/* The changes of ``m`` and those the rules and plugins make after it, logged (State.push without the stack). */
static void carry_out(Pos *p, Move m) {
    const Game *g = p->g;
    switch (m.action) {
    case ACT_MOVE: transfer(p, m.source, m.target, m.count, 0); break;
    case ACT_DEAL: {
        const Group *dealer = &g->groups[g->pile_group[m.source]], *targets = &g->groups[g->pile_group[m.target]];
        if (p->len[m.source] == dealer->nlast_deal) { /* the last deal: a card on each pile of its groups */
            for (int i = 0; i < dealer->nlast_deal; i++) transfer(p, m.source, dealer->last_deal[i], 1, 1);
        } else if (targets->count > 1) {
            for (int i = 0; i < m.count; i++) transfer(p, m.source, targets->first + i % targets->count, 1, 1);
        } else {
            transfer(p, m.source, m.target, m.count, 1);
        }
        break;
    }
    case ACT_REDEAL:
        transfer(p, m.source, m.target, m.count, 1);
        if (g->groups[g->pile_group[m.target]].redeals > 0) set_var(p, g->var_redeals, p->vars[g->var_redeals] + 1);
        break;
    case ACT_GATHER: gather(p, &g->groups[g->pile_group[m.source]]); break;
    case ACT_PAIR:
        transfer(p, m.source, g->pair_discard, 1, 0);
        transfer(p, m.target, g->pair_discard, 1, 0);
        break;
    default: plugin_action(p, m); break;
    }
    if (g->has_automatic) automatic_changes(p, m);
    if (g->has_after_move) plugin_after_move(p, m);
}

/* The first of safety.safe_moves among ``legal`` whose source is not ``left_alone``, written to ``out``; whether
 * there is one. */
static int safe_move(const Pos *p, const MoveList *legal, int left_alone, Move *out) {
    const Game *g = p->g;
    if (g->base_rank_played && p->vars[g->var_base] == NONE_VALUE) return 0;
    uint64_t short_of = 0; /* the cards fewer times on the foundations than there are decks */
    int counted = 0;
    for (int i = 0; i < legal->n; i++) {
        Move m = legal->items[i];
        if (m.action || !g->is_foundation[m.target] || g->is_foundation[m.source] || !g->safe_target[m.target] ||
            m.source == left_alone)
            continue;
        if (m.count != 1 && !g->groups[g->pile_group[m.target]].fill_at_once) continue;
        if (!counted) {
            int on[52] = {0};
            for (int f = 0; f < g->nfoundations; f++)
                for (int c = 0; c < p->len[g->foundations[f]]; c++) on[PILE(p, g->foundations[f])[c]]++;
            for (int card = 0; card < 52; card++)
                if (on[card] < g->decks) short_of |= 1ULL << card;
            counted = 1;
        }
        if (g->needs[TOP(p, m.source)] & short_of) continue;
        *out = m;
        return 1;
    }
    return 0;
}

/* safety.auto_play: the safe moves auto-play makes after ``m``, carried out one by one while there is one. */
static void auto_play(Pos *p, Move m) {
    int left_alone = m.action == ACT_MOVE ? m.target : -1;
    Move safe;
    for (;;) {
        pos_generate(p, &p->auto_legal);
        if (!safe_move(p, &p->auto_legal, left_alone, &safe)) return;
        carry_out(p, safe);
    }
}

void pos_push(Pos *p, Move m) {
    if (p->depth + 1 > p->stack_cap) {
        p->stack = grow(p->stack, &p->stack_cap, p->depth + 1, sizeof(Move));
        p->marks = realloc(p->marks, sizeof(int) * p->stack_cap);
    }
    p->marks[p->depth] = p->nlog;
    carry_out(p, m);
    if (p->autoplay) auto_play(p, m);
    p->stack[p->depth++] = m;
}

void pos_pop(Pos *p) {
    int mark = p->marks[--p->depth];
    while (p->nlog > mark) undo(p, &p->log[--p->nlog]);
}
