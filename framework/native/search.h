/* The search's tables and its state: framework/solver/search.py, ordering.py, forced.py (with safety.py),
 * doomed.py and beam.py restated over native positions. */
#ifndef PATIENCE_SEARCH_H
#define PATIENCE_SEARCH_H

#include <setjmp.h>

#include "core.h"

enum { ANSWER_GOING = -1, ANSWER_UNKNOWN = 0, ANSWER_WON = 1, ANSWER_LOST = 2 };
enum { STOP_NONE = 0, STOP_NODES, STOP_TIME, STOP_MEMORY, STOP_BEATEN, STOP_INTERRUPT };

/* What the solver knows of a game besides its rules: the tables of ordering.py, forced.py, doomed.py, beam.py. */
typedef struct {
    const Game *g;
    int *symmetric; /* the interchangeable group of each pile, or -1 */
    /* forced.ForcedMoves and safety.safe_moves */
    int data_only, keep_piles;
    uint8_t *refilled, *regrouped, *safe_target;
    int *alike_start, *alike_stop;
    uint8_t predecessors[52][52], npredecessors[52];
    uint8_t needs[52][52], nneeds[52]; /* cards that may be built on a card, in a group that builds */
    int ntable, *table_piles;
    /* settled.SettledCards (no piles where it does not apply) */
    int nsettle_piles, *settle_piles;
    int *sole_next;        /* [pile * 52 + card]: the one card that may lie on ``card`` on foundation ``pile``, or -1 */
    uint8_t *settle_bases; /* [pile * 52 + card]: whether ``card`` is in its one place at the bottom of ``pile`` */
    /* doomed.Doom */
    int has_doom, doom_foundation, ndoom_piles, *doom_piles, ndoom_others, *doom_others, has_lines;
    uint8_t doom_classes[256];
    uint8_t doom_takers[52][52], ndoom_takers[52]; /* for each card, the classes it may be laid on */
    uint8_t doom_takes[52][52], ndoom_takes[52];   /* for each class, the classes that may be laid on it */
    uint8_t class_list[52];
    int nclasses;
    int nlines, *line_start, *line_ring;
    uint8_t *line_classes;
    /* beam.Score */
    int ntop_card_piles, *top_card_piles, nrun_piles, *run_piles, ntableau, *tableau;
    /* the stock piles, for telling an endgame */
    int nstock_piles, *stock_piles;
} Solver;

typedef struct {
    uint64_t hash;
    uint32_t offset, length;
    int64_t value;
} Slot;

/* A table of keys (bytes) to values, the keys kept in an arena. */
typedef struct {
    Slot *slots;
    uint64_t mask;
    int64_t count;
    uint8_t *arena;
    size_t used, cap;
} Table;

typedef struct {
    uint64_t hash;
    uint32_t offset, length;
} KeyRef;

typedef struct {
    int moves_at, nmoves, index, pushed, keys_at, nkeys, clean, has_last;
    int64_t left, entered;
    Move last;
} Frame;

/* What the search shares with the searches it starts (``search_in_full``). */
typedef struct {
    void *thread;       /* the PyThreadState saved while the search runs without the GIL */
    int check_signals;  /* whether to look for Ctrl-C now and then */
} Context;

typedef struct {
    int64_t allowance, endgame_positions, beam_width, most_positions; /* -1: not set */
} Round;

typedef struct Search {
    const Solver *sv;
    const Game *g;
    Context *context;
    Pos *start, *state;
    int64_t max_nodes, max_memory;
    double deadline;
    volatile int64_t *rival;
    int64_t rival_offset;
    Table table, dead;
    const Table *avoid;
    uint8_t *start_key;
    int start_key_length;
    int64_t nodes, positions, memory, dead_memory, rounds;
    int short_, full_endgames, stopped_by, inner_at;
    jmp_buf stop;
    Move *moves;
    int nmoves, moves_cap;
    KeyRef *keys;
    int nkeys, keys_cap;
    Frame *frames;
    int nframes, frames_cap;
    MoveList generated, lookahead;
} Search;

void table_init(Table *t);
void table_free(Table *t);
Slot *table_find(const Table *t, const uint8_t *key, int length, uint64_t hash);
Slot *table_put(Table *t, const uint8_t *key, int length, uint64_t hash, int64_t value);

void search_init(Search *s, const Solver *sv, const Pos *start, Context *context);
void search_free(Search *s);
int search_run(Search *s, const Round *rounds, int nrounds);
double now_seconds(void);

/* ordering, forced moves, doom, for the module's tests */
int solver_forced(Search *s, Pos *p, const MoveList *legal, Move *forced);
int solver_order(Search *s, Pos *p, const MoveList *legal, Move *out);
int solver_doomed(const Solver *sv, Pos *p);
int shorten_line(const Game *g, const Pos *start, Move *moves, int n, double deadline);

#endif
