/* The native core: the kernel's rule tables as flat arrays, positions in native memory, and the search.
 *
 * Everything here restates, for speed, what the Python modules say: framework/state.py (legal moves, push,
 * pop, the end), framework/solver/canonical.py (keys), ordering.py, forced.py with framework/safety.py,
 * doomed.py, beam.py and search.py. Those stay the reference; tests/test_native.py holds the two to the
 * same moves, positions, keys and searches on every game. The tables are made in Python
 * (framework/native/tables.py, framework/solver/native.py) from the compiled rules, so no rule is worked
 * out twice: this code only walks them.
 */
#ifndef PATIENCE_CORE_H
#define PATIENCE_CORE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A variable's value that is None in Python. */
#define NONE_VALUE INT64_MIN
/* A budget or a limit that is not set. */
#define UNLIMITED_VALUE INT64_MAX

/* Moves: ``action`` 0 is a card move; the others are the kernel's and the native plugins' named actions. */
enum {
    ACT_MOVE = 0, ACT_DEAL, ACT_REDEAL, ACT_GATHER, ACT_PAIR, ACT_FILL, ACT_ROW, ACT_RELEASE, ACT_ACES, ACT_SHUFFLE,
    ACT_MATCH, ACT_CLOSE, ACT_COUNT
};

typedef struct {
    int16_t source, target, count;
    uint8_t action, pad;
} Move;

enum { PICK_TOP, PICK_RUN, PICK_TOP_OR_WHOLE, PICK_ANY_TAIL, PICK_NOTHING };
enum { ROLE_STOCK, ROLE_WASTE, ROLE_RESERVE, ROLE_FOUNDATION, ROLE_TABLEAU, ROLE_CELL };
/* What an empty pile takes, where it is not one rank (1..13). */
enum { ACC_ANY = -1, ACC_NOTHING = -2, ACC_BASE = -3, ACC_BELOW = -4, ACC_RANKS = -5 };
enum { WON_FOUNDATIONS, WON_TABLE_EMPTY, WON_EMPTIED };
/* How a variable's value is written in a key: a number (or None), True/False, or a pile's name (or None). */
enum { VAR_INT, VAR_BOOL, VAR_PILE };

typedef struct {
    int index, role, first, count;
    int pick, max_cards, full; /* -1: no limit; ``full``: a pile this long takes no card (0 if filled at once) */
    int keeps; /* the bottom cards of a pile no card move takes (Group.keeps) */
    int empty_accepts, empty_ranks; /* ``empty_ranks``: with ACC_RANKS, the ranks taken, as bits 1 << rank */
    int takes_single, one_at_a_time, fill_at_once, run_limit_cells;
    int ntarget_groups, *target_groups;
    uint8_t *empty_sources; /* by group index: whether an empty pile of this group takes that group's cards */
    int nempty_waits, *empty_waits; /* the piles that must be empty for an empty pile to take a card */
    uint8_t fits[52 * 52], run[52 * 52];
    uint64_t fits_mask[52]; /* the cards that fit on each card, as bits */
    /* a stock: the piles it deals onto, and how */
    int stock_target, st_first, st_count, needs_no_empty, cards_per_turn, redeals;
    int nlast_deal, *last_deal; /* the piles its last deal lays a card on each of (Group.last_deal_piles) */
    /* a group gathered and dealt again: -2 none, -1 without limit, else how many times; by pile: one pile a time,
       dealt one card to each pile in turn */
    int gather_times, gather_cpp, gather_shuffle, gather_by_pile, gather_last_first;
    int ngather_waits, *gather_waits; /* the piles that must be empty for a gather */
    int ngather_counts, *gather_counts; /* gather_cpp 0: dealt by rows up to so many a pile (none: in turn) */
} Group;

enum {
    PL_BACK_FROM_FOUNDATION, PL_GRID_ACCESS, PL_GROWING_GRID, PL_SINGLE_RELEASE, PL_GAPS, PL_TOUCHING_PAIRS,
    PL_DISCARD_BEATEN, PL_BUILD_LEFTWARD
};
/* Where a redeal of gaps leaves the gaps (plugins/gaps.py, REDEAL_GAPS). */
enum { GAPS_AFTER_SEQUENCE, GAPS_LAST_COLUMN, GAPS_RANDOM };

/* A built-in plugin's rule, run natively (each is stated in its module in plugins/). A variable's index is -1
 * where the rule has none. */
typedef struct {
    int kind;
    int ntargets, *targets, onto_empty;                    /* back-from-foundation */
    int ncolumns, *column_start, *column_cells;            /* grid-access: cells of column c, top row first */
    int nopenings, *opening_vars;
    int cells_first, cells_stop, columns, stock, rows_var; /* growing-grid, and the grids of gaps, touching-pairs */
    int sources_first, sources_stop, release_target;       /* single-release */
    int nmust_be_empty, *must_be_empty, used_var, cell_var;
    /* gaps: ``after``/``before`` [card * 52 + other]: ``other`` may lie right/left of ``card`` */
    int first_rank, from_right, aces_var, aside, shuffles_var, redeals, redeal_gaps;
    uint8_t *after, *before;
    /* touching-pairs: the later cells each cell pairs with, from ``partner_start[cell - cells_first]`` */
    int discard, upwards, close_after_pair, *partner_start, *partners;
    uint8_t *pairs, alone[14];
    /* discard-beaten: each card's value, aces high or low (and its ``discard``) */
    int npiles, *piles, *values, won_with_left, kept, apart;
    /* build-leftward: a line of piles (and its ``discard``, -1 for none) */
    int piles_first, piles_stop, ndistances, *distances, by_suit, by_rank, rightward, close_up, won_with_piles;
} Plugin;

typedef struct {
    int npiles, ngroups, total, decks;
    int cards_to_win; /* the cards the foundations hold once won by them (Rules.cards_to_win) */
    Group *groups;
    int *pile_group, *pile_suit;
    int *pile_rank; /* the one rank (1..13) each pile takes when empty, or 0 (Rules.pile_rank) */
    int *turns_up;  /* the pile a card laid on each pile turns up, or -1 (Rules.turns_up) */
    int *layer_first, has_layers; /* each pile's group's first pile where its layers are of one suit, or -1 */
    int nsources, *sources;
    int nfoundations, *foundations;
    uint8_t *is_foundation;
    int nstocks, *stocks, ngatherers, *gatherers, nturn_up, *turn_up;
    int nrefills, *refill_pile, *refill_start, *refill_origins;
    int *refill_wait_start, *refill_waits;  /* the piles each refill waits to be empty (Rules.refill_waits) */
    int *refill_turns;                    /* (waste, stock, cards per turn) per refill (Rules.refill_turns) */
    int ntable, *table_piles, nemptied, *emptied, won_when;
    int has_covered, *cover_start, *cover;
    int nset, *set_piles, set_discard;
    int nclears, *clear_pile, *clear_to, *clear_total, *clear_ranks; /* Rules.clearings; ranks as a bit mask */
    int has_closing, *closed_by, *close_shift; /* Rules.closed_by, closing_shift, by pile */
    uint8_t *is_closer;                        /* Rules.closers, by pile */
    int has_rank_sources, *rank_source;        /* Rules.rank_sources, by pile (-1: none) */
    int has_openers, *opener;                  /* Rules.openers, by pile (-1: none) */
    int set_alike; /* what a set's cards share (Rules.set_alike): 0 nothing, 1 a suit, 2 a rank */
    int has_pairing, npair, *pair_piles, pair_discard;
    uint8_t pairs[52 * 52], alone[14];
    int base_rank_played, has_automatic;
    int ncells, *cell_piles;
    int nvars, *var_kind, var_base, var_redeals, var_gathers;
    char **pile_names;
    int nplugins, has_limits, has_after_move;
    Plugin *plugins; /* in the order pluggy asks them */
    /* auto-play (safety.auto_play): the foundations a safe move may go to, and the cards that may be built on each
     * card in a group that builds, as bits */
    uint8_t *safe_target;
    uint64_t needs[52];
    /* keys (canonical.Keys) */
    uint8_t classes[256];
    uint8_t *is_sink;
    int nalways, *always; /* start, stop pairs */
    int nlater, *later, *later_dealer_start, *later_dealers;
} Game;

enum { CH_TRANSFER, CH_SETVAR, CH_SETDOWN, CH_SETPILE };

/* A change a move made, as the change that undoes it. */
typedef struct {
    uint8_t type, turn;
    int16_t a, b, c;
    int64_t value;
} Change;

/* For the position being generated (State._takers): the cards each pile of a group takes on top, as bits (0 for
 * an empty pile, or one that takes no more); and, for a group of at most 64 piles, the piles that take each card
 * and its empty piles, as bits of their place in the group. */
typedef struct {
    unsigned generation; /* the generation they were worked out for */
    uint64_t *taken;
    uint64_t by_card[52], empty;
    int closed; /* the group's empty piles take no card now (Group.empty_waits) */
} Takers;

/* A growing list of moves (or of transfers: source, target, count). */
typedef struct {
    Move *items;
    int n, cap;
} MoveList;

typedef struct {
    const Game *g;
    int cap; /* the most cards a pile can hold: the pack */
    uint8_t *cards;
    int16_t *len, *down;
    int64_t *vars;
    uint64_t seed_number;
    Move *stack;
    int *marks, depth, stack_cap;
    Change *log;
    int nlog, log_cap;
    uint8_t *saved;
    int nsaved, saved_cap;
    /* the key's parts, one per pile, made again when their pile changes */
    int part_cap;
    uint8_t *parts, *dirty;
    int16_t *part_len, *order, *scratch;
    int ordered; /* whether ``order`` holds the piles' order of the last key (else it is made anew) */
    int parts_total; /* the parts' lengths, summed */
    uint8_t *later_active; /* whether each later span was sorted at the last key */
    uint8_t *key;
    int key_len, key_cap;
    int64_t *tail_vars;
    uint8_t *tail;
    int tail_len, tail_valid;
    int *limits; /* pick limits of the position being generated, by pile */
    Takers *takers; /* by group, made when first needed */
    unsigned generation; /* counts the generations of legal moves, to tell the takers made for this one */
    MoveList steps; /* transfers a plugin's rule makes, all worked out before the first is made */
    int autoplay; /* whether each move is a turn with auto-play on (safety.AutoPlayState) */
    MoveList auto_legal; /* the legal moves auto-play chooses from */
} Pos;

extern const uint8_t RANK[52], SUIT[52], COLOUR[52];

/* ``items`` with room for ``need`` items of ``size`` bytes, made larger (doubled) if it has less. */
static inline void *grow(void *items, int *cap, int need, size_t size) {
    if (need <= *cap) return items;
    int larger = *cap ? *cap : 16;
    while (larger < need) larger *= 2;
    void *bigger = realloc(items, (size_t)larger * size);
    if (!bigger) abort(); /* out of memory: nothing sensible is left to do */
    *cap = larger;
    return bigger;
}

/* Whether an empty pile of ``group`` takes ``card`` by its rank, the base rank being ``base`` (compile.Group). */
static inline int accepts_on_empty(const Group *group, int card, int64_t base) {
    int accepts = group->empty_accepts;
    if (accepts == ACC_ANY) return 1;
    if (accepts == ACC_NOTHING) return 0;
    if (accepts == ACC_BASE) return base == NONE_VALUE || RANK[card] == base;
    if (accepts == ACC_BELOW) return base != NONE_VALUE && RANK[card] == ((base - 2) % 13 + 13) % 13 + 1;
    if (accepts == ACC_RANKS) return group->empty_ranks >> RANK[card] & 1;
    return RANK[card] == accepts;
}

#define PILE(p, i) ((p)->cards + (size_t)(i) * (p)->cap)
#define TOP(p, i) (PILE(p, i)[(p)->len[i] - 1])


/* kernel.c */
Pos *pos_new(const Game *g);
Pos *pos_copy(const Pos *from);
void pos_free(Pos *p);
void pos_generate(Pos *p, MoveList *out);
void pos_push(Pos *p, Move m);
void pos_pop(Pos *p);
int pos_is_won(const Pos *p);
int pos_covered(const Pos *p, int pile);
void moves_add(MoveList *list, int source, int target, int count, int action);
void moves_free(MoveList *list);
/* keys.c */
const uint8_t *pos_key(Pos *p, int *length);
void pos_touch_all(Pos *p);
uint64_t hash_bytes(const uint8_t *data, int length);

#endif
