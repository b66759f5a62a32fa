/* framework.native._core: the native core as Python sees it.
 *
 * ``Game(tables)`` reads the tables framework/native/__init__.py makes; ``Position(game, piles, face_down,
 * vars, seed_number)`` is a position in native memory, with the kernel's questions; ``Solver(game, tables)``
 * adds the solver's tables, and ``Solver.search`` runs a whole search without the GIL. Moves are tuples
 * (source, target, count, action code). The other .c files are compiled into this one (one translation
 * unit: the compiler inlines across them). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "kernel.c"
#include "keys.c"
#include "search.c"

/* --- reading the tables ----------------------------------------------------------------------------------- */

static PyObject *item(PyObject *tables, const char *name) {
    PyObject *value = PyDict_GetItemString(tables, name);
    if (!value) PyErr_Format(PyExc_KeyError, "native tables: no %s", name);
    return value;
}

static int read_int(PyObject *tables, const char *name, int *out) {
    PyObject *value = item(tables, name);
    if (!value) return -1;
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) return -1;
    *out = (int)number;
    return 0;
}

/* A list of whole numbers, as a new array (one more item, so that an empty list is not NULL). */
static int read_ints(PyObject *tables, const char *name, int **out, int *count) {
    PyObject *value = item(tables, name);
    if (!value) return -1;
    PyObject *seq = PySequence_Fast(value, name);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int *items = calloc(n + 1, sizeof(int));
    for (Py_ssize_t i = 0; i < n; i++) {
        long number = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (number == -1 && PyErr_Occurred()) {
            free(items);
            Py_DECREF(seq);
            return -1;
        }
        items[i] = (int)number;
    }
    Py_DECREF(seq);
    *out = items;
    if (count) *count = (int)n;
    return 0;
}

static int read_bytes(PyObject *tables, const char *name, uint8_t *out, Py_ssize_t size) {
    PyObject *value = item(tables, name);
    if (!value) return -1;
    if (!PyBytes_Check(value) || PyBytes_GET_SIZE(value) != size) {
        PyErr_Format(PyExc_ValueError, "native tables: %s must be %zd bytes", name, size);
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(value), size);
    return 0;
}

/* A list of lists of whole numbers, as a flat array and where each list starts (``count + 1`` starts). */
static int read_lists(PyObject *tables, const char *name, int **flat, int **starts, int *count) {
    PyObject *value = item(tables, name);
    if (!value) return -1;
    PyObject *seq = PySequence_Fast(value, name);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), total = 0;
    for (Py_ssize_t i = 0; i < n; i++) total += PySequence_Size(PySequence_Fast_GET_ITEM(seq, i));
    *flat = calloc(total + 1, sizeof(int));
    *starts = calloc(n + 2, sizeof(int));
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), name);
        if (!inner) {
            Py_DECREF(seq);
            return -1;
        }
        (*starts)[i] = (int)at;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++)
            (*flat)[at++] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
        Py_DECREF(inner);
    }
    (*starts)[n] = (int)at;
    Py_DECREF(seq);
    if (count) *count = (int)n;
    return PyErr_Occurred() ? -1 : 0;
}

static int read_group(PyObject *tables, Group *group, int index, int ngroups) {
    int *targets, *sources, nsources;
    if (read_int(tables, "role", &group->role) || read_int(tables, "first", &group->first) ||
        read_int(tables, "count", &group->count) || read_int(tables, "pick", &group->pick) ||
        read_int(tables, "max_cards", &group->max_cards) || read_int(tables, "full", &group->full) ||
        read_int(tables, "keeps", &group->keeps) ||
        read_int(tables, "empty_accepts", &group->empty_accepts) ||
        read_int(tables, "empty_ranks", &group->empty_ranks) ||
        read_int(tables, "takes_single", &group->takes_single) ||
        read_int(tables, "one_at_a_time", &group->one_at_a_time) ||
        read_int(tables, "fill_at_once", &group->fill_at_once) ||
        read_int(tables, "run_limit_cells", &group->run_limit_cells) ||
        read_ints(tables, "target_groups", &targets, &group->ntarget_groups) ||
        read_ints(tables, "empty_sources", &sources, &nsources) ||
        read_ints(tables, "empty_waits", &group->empty_waits, &group->nempty_waits) ||
        read_bytes(tables, "fits", group->fits, 52 * 52) || read_bytes(tables, "run", group->run, 52 * 52) ||
        read_int(tables, "stock_target", &group->stock_target) || read_int(tables, "st_first", &group->st_first) ||
        read_int(tables, "st_count", &group->st_count) || read_int(tables, "needs_no_empty", &group->needs_no_empty) ||
        read_int(tables, "cards_per_turn", &group->cards_per_turn) || read_int(tables, "redeals", &group->redeals) ||
        read_ints(tables, "last_deal", &group->last_deal, &group->nlast_deal) ||
        read_int(tables, "gather_times", &group->gather_times) || read_int(tables, "gather_cpp", &group->gather_cpp) ||
        read_int(tables, "gather_shuffle", &group->gather_shuffle) ||
        read_int(tables, "gather_by_pile", &group->gather_by_pile) ||
        read_int(tables, "gather_last_first", &group->gather_last_first) ||
        read_ints(tables, "gather_waits", &group->gather_waits, &group->ngather_waits) ||
        read_ints(tables, "gather_counts", &group->gather_counts, &group->ngather_counts))
        return -1;
    group->index = index;
    group->target_groups = targets;
    group->empty_sources = calloc(ngroups + 1, 1);
    for (int i = 0; i < nsources; i++) group->empty_sources[sources[i]] = 1;
    free(sources);
    for (int below = 0; below < 52; below++) {
        group->fits_mask[below] = 0;
        for (int above = 0; above < 52; above++)
            if (group->fits[below * 52 + above]) group->fits_mask[below] |= 1ULL << above;
    }
    return 0;
}

static int read_plugin(PyObject *tables, Plugin *plugin) {
    if (read_int(tables, "kind", &plugin->kind)) return -1;
    switch (plugin->kind) {
    case PL_BACK_FROM_FOUNDATION:
        return read_ints(tables, "targets", &plugin->targets, &plugin->ntargets) ||
                       read_int(tables, "onto_empty", &plugin->onto_empty)
                   ? -1 : 0;
    case PL_GRID_ACCESS:
        return read_lists(tables, "columns", &plugin->column_cells, &plugin->column_start, &plugin->ncolumns) ||
                       read_ints(tables, "opening_vars", &plugin->opening_vars, &plugin->nopenings)
                   ? -1 : 0;
    case PL_GROWING_GRID:
        return read_int(tables, "cells_first", &plugin->cells_first) ||
                       read_int(tables, "cells_stop", &plugin->cells_stop) ||
                       read_int(tables, "columns", &plugin->columns) || read_int(tables, "stock", &plugin->stock) ||
                       read_int(tables, "rows_var", &plugin->rows_var)
                   ? -1 : 0;
    case PL_SINGLE_RELEASE:
        return read_int(tables, "sources_first", &plugin->sources_first) ||
                       read_int(tables, "sources_stop", &plugin->sources_stop) ||
                       read_int(tables, "target", &plugin->release_target) ||
                       read_ints(tables, "must_be_empty", &plugin->must_be_empty, &plugin->nmust_be_empty) ||
                       read_int(tables, "used_var", &plugin->used_var) || read_int(tables, "cell_var", &plugin->cell_var)
                   ? -1 : 0;
    case PL_GAPS:
        plugin->after = malloc(52 * 52);
        plugin->before = malloc(52 * 52);
        return read_int(tables, "cells_first", &plugin->cells_first) ||
                       read_int(tables, "cells_stop", &plugin->cells_stop) ||
                       read_int(tables, "columns", &plugin->columns) || read_int(tables, "first", &plugin->first_rank) ||
                       read_int(tables, "from_right", &plugin->from_right) ||
                       read_bytes(tables, "after", plugin->after, 52 * 52) ||
                       read_bytes(tables, "before", plugin->before, 52 * 52) ||
                       read_int(tables, "aces_var", &plugin->aces_var) || read_int(tables, "aside", &plugin->aside) ||
                       read_int(tables, "shuffles_var", &plugin->shuffles_var) ||
                       read_int(tables, "redeals", &plugin->redeals) ||
                       read_int(tables, "redeal_gaps", &plugin->redeal_gaps)
                   ? -1 : 0;
    case PL_TOUCHING_PAIRS: {
        int *alone, nalone;
        plugin->pairs = malloc(52 * 52);
        if (read_int(tables, "cells_first", &plugin->cells_first) ||
            read_int(tables, "cells_stop", &plugin->cells_stop) || read_int(tables, "columns", &plugin->columns) ||
            read_int(tables, "discard", &plugin->discard) || read_int(tables, "stock", &plugin->stock) ||
            read_bytes(tables, "pairs", plugin->pairs, 52 * 52) || read_ints(tables, "alone", &alone, &nalone) ||
            read_lists(tables, "partners", &plugin->partners, &plugin->partner_start, NULL) ||
            read_int(tables, "upwards", &plugin->upwards) ||
            read_int(tables, "close_after_pair", &plugin->close_after_pair))
            return -1;
        for (int i = 0; i < nalone; i++)
            if (alone[i] >= 1 && alone[i] <= 13) plugin->alone[alone[i]] = 1;
        free(alone);
        return 0;
    }
    case PL_DISCARD_BEATEN: {
        int nvalues;
        if (read_ints(tables, "piles", &plugin->piles, &plugin->npiles) ||
            read_int(tables, "discard", &plugin->discard) || read_ints(tables, "values", &plugin->values, &nvalues) ||
            read_int(tables, "won_with_left", &plugin->won_with_left) || read_int(tables, "kept", &plugin->kept) ||
            read_int(tables, "apart", &plugin->apart))
            return -1;
        if (nvalues != 52) {
            PyErr_SetString(PyExc_ValueError, "native tables: discard-beaten needs a value for each of the 52 cards");
            return -1;
        }
        return 0;
    }
    case PL_BUILD_LEFTWARD:
        return read_int(tables, "piles_first", &plugin->piles_first) ||
                       read_int(tables, "piles_stop", &plugin->piles_stop) ||
                       read_ints(tables, "distances", &plugin->distances, &plugin->ndistances) ||
                       read_int(tables, "by_suit", &plugin->by_suit) || read_int(tables, "by_rank", &plugin->by_rank) ||
                       read_int(tables, "rightward", &plugin->rightward) ||
                       read_int(tables, "close_up", &plugin->close_up) || read_int(tables, "discard", &plugin->discard) ||
                       read_int(tables, "won_with_piles", &plugin->won_with_piles)
                   ? -1 : 0;
    }
    PyErr_Format(PyExc_ValueError, "native tables: no plugin kind %d", plugin->kind);
    return -1;
}

/* The tables of auto-play (solver/native.py, auto_play_tables): the foundations a safe move may go to, and the
 * cards that may be built on each card. */
static int read_auto_play(PyObject *tables, Game *g) {
    int *safe, nsafe, *needs, *starts, ncards;
    if (read_ints(tables, "safe_targets", &safe, &nsafe) || read_lists(tables, "needs", &needs, &starts, &ncards))
        return -1;
    g->safe_target = calloc(g->npiles + 1, 1);
    for (int i = 0; i < nsafe; i++) g->safe_target[safe[i]] = 1;
    for (int card = 0; card < 52 && card < ncards; card++)
        for (int i = starts[card]; i < starts[card + 1]; i++) g->needs[card] |= 1ULL << needs[i];
    free(safe); free(needs); free(starts);
    return 0;
}

static int read_game(PyObject *tables, Game *g) {
    int *flags, n;
    if (read_int(tables, "npiles", &g->npiles) || read_int(tables, "total", &g->total) ||
        read_int(tables, "cards_to_win", &g->cards_to_win) ||
        read_int(tables, "decks", &g->decks) || read_ints(tables, "pile_group", &g->pile_group, NULL) ||
        read_ints(tables, "pile_suit", &g->pile_suit, NULL) || read_ints(tables, "pile_rank", &g->pile_rank, NULL) ||
        read_ints(tables, "turns_up", &g->turns_up, NULL) ||
        read_ints(tables, "layer_first", &g->layer_first, NULL) || read_int(tables, "has_layers", &g->has_layers) || read_ints(tables, "sources", &g->sources, &g->nsources) ||
        read_ints(tables, "foundations", &g->foundations, &g->nfoundations) ||
        read_ints(tables, "stocks", &g->stocks, &g->nstocks) ||
        read_ints(tables, "gatherers", &g->gatherers, &g->ngatherers) ||
        read_ints(tables, "turn_up", &g->turn_up, &g->nturn_up) ||
        read_ints(tables, "refill_piles", &g->refill_pile, &g->nrefills) ||
        read_lists(tables, "refill_origins", &g->refill_origins, &g->refill_start, NULL) ||
        read_lists(tables, "refill_waits", &g->refill_waits, &g->refill_wait_start, NULL) ||
        read_ints(tables, "refill_turns", &g->refill_turns, NULL) ||
        read_ints(tables, "table_piles", &g->table_piles, &g->ntable) ||
        read_ints(tables, "emptied", &g->emptied, &g->nemptied) || read_int(tables, "won_when", &g->won_when) ||
        read_lists(tables, "covered_by", &g->cover, &g->cover_start, NULL) ||
        read_ints(tables, "set_piles", &g->set_piles, &g->nset) || read_int(tables, "set_discard", &g->set_discard) ||
        read_int(tables, "set_alike", &g->set_alike) ||
        read_ints(tables, "clear_piles", &g->clear_pile, &g->nclears) ||
        read_ints(tables, "clear_to", &g->clear_to, NULL) || read_ints(tables, "clear_totals", &g->clear_total, NULL) ||
        read_ints(tables, "clear_ranks", &g->clear_ranks, NULL) ||
        read_ints(tables, "closed_by", &g->closed_by, NULL) || read_ints(tables, "close_shift", &g->close_shift, NULL) ||
        read_ints(tables, "rank_sources", &g->rank_source, NULL) || read_ints(tables, "openers", &g->opener, NULL) ||
        read_int(tables, "has_pairing", &g->has_pairing) ||
        read_ints(tables, "pair_piles", &g->pair_piles, &g->npair) ||
        read_int(tables, "pair_discard", &g->pair_discard) || read_bytes(tables, "pairs", g->pairs, 52 * 52) ||
        read_ints(tables, "alone", &flags, &n) || read_int(tables, "base_rank_played", &g->base_rank_played) ||
        read_int(tables, "has_automatic", &g->has_automatic) ||
        read_ints(tables, "cell_piles", &g->cell_piles, &g->ncells) ||
        read_ints(tables, "var_kinds", &g->var_kind, &g->nvars) || read_int(tables, "var_base", &g->var_base) ||
        read_int(tables, "var_redeals", &g->var_redeals) || read_int(tables, "var_gathers", &g->var_gathers))
        return -1;
    for (int i = 0; i < n; i++)
        if (flags[i] >= 1 && flags[i] <= 13) g->alone[flags[i]] = 1;
    free(flags);
    g->has_covered = g->cover_start[g->npiles] > 0;
    g->is_foundation = calloc(g->npiles + 1, 1);
    for (int i = 0; i < g->nfoundations; i++) g->is_foundation[g->foundations[i]] = 1;
    g->is_closer = calloc(g->npiles + 1, 1);
    for (int i = 0; i < g->npiles; i++)
        if (g->closed_by[i] >= 0) {
            g->is_closer[g->closed_by[i]] = 1;
            g->has_closing = 1;
        }
    for (int i = 0; i < g->npiles; i++) {
        g->has_rank_sources |= g->rank_source[i] >= 0;
        g->has_openers |= g->opener[i] >= 0;
    }
    PyObject *names = item(tables, "pile_names");
    if (!names) return -1;
    g->pile_names = calloc(g->npiles + 1, sizeof(char *));
    for (int i = 0; i < g->npiles; i++) {
        const char *name = PyUnicode_AsUTF8(PyList_GetItem(names, i));
        if (!name) return -1;
        g->pile_names[i] = strdup(name);
    }
    PyObject *groups = item(tables, "groups");
    if (!groups) return -1;
    g->ngroups = (int)PyList_Size(groups);
    g->groups = calloc(g->ngroups + 1, sizeof(Group));
    for (int i = 0; i < g->ngroups; i++)
        if (read_group(PyList_GetItem(groups, i), &g->groups[i], i, g->ngroups)) return -1;
    PyObject *plugins = item(tables, "plugins");
    if (!plugins) return -1;
    g->nplugins = (int)PyList_Size(plugins);
    g->plugins = calloc(g->nplugins + 1, sizeof(Plugin));
    for (int i = 0; i < g->nplugins; i++) {
        if (read_plugin(PyList_GetItem(plugins, i), &g->plugins[i])) return -1;
        g->has_limits |= g->plugins[i].kind == PL_GRID_ACCESS;
        g->has_after_move |= g->plugins[i].kind == PL_TOUCHING_PAIRS || g->plugins[i].kind == PL_BUILD_LEFTWARD;
    }
    /* keys */
    int *sinks, nsinks;
    if (read_bytes(tables, "classes", g->classes, 256) || read_ints(tables, "sinks", &sinks, &nsinks) ||
        read_ints(tables, "always", &g->always, &n) || read_ints(tables, "later", &g->later, &g->nlater) ||
        read_lists(tables, "later_dealers", &g->later_dealers, &g->later_dealer_start, NULL))
        return -1;
    g->nalways = n / 2;
    g->nlater /= 2;
    g->is_sink = calloc(g->npiles + 1, 1);
    for (int i = 0; i < nsinks; i++) g->is_sink[sinks[i]] = 1;
    free(sinks);
    return read_auto_play(tables, g);
}

/* --- Game ----------------------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Game game;
} GameObject;

static void game_free_arrays(Game *g) {
    for (int i = 0; i < g->ngroups; i++) {
        free(g->groups[i].target_groups);
        free(g->groups[i].empty_sources);
        free(g->groups[i].empty_waits);
        free(g->groups[i].gather_waits);
        free(g->groups[i].gather_counts);
        free(g->groups[i].last_deal);
    }
    for (int i = 0; i < g->nplugins; i++) {
        Plugin *p = &g->plugins[i];
        free(p->targets); free(p->column_start); free(p->column_cells); free(p->opening_vars); free(p->must_be_empty);
        free(p->after); free(p->before); free(p->pairs); free(p->partner_start); free(p->partners); free(p->piles);
        free(p->values); free(p->distances);
    }
    if (g->pile_names)
        for (int i = 0; i < g->npiles; i++) free(g->pile_names[i]);
    free(g->groups); free(g->pile_group); free(g->pile_suit); free(g->pile_rank); free(g->turns_up); free(g->layer_first); free(g->sources); free(g->foundations);
    free(g->is_foundation); free(g->stocks); free(g->gatherers); free(g->turn_up); free(g->refill_pile);
    free(g->refill_start); free(g->refill_origins); free(g->refill_wait_start); free(g->refill_waits); free(g->refill_turns); free(g->table_piles); free(g->emptied); free(g->cover_start);
    free(g->cover); free(g->set_piles); free(g->clear_pile); free(g->clear_to); free(g->clear_total); free(g->clear_ranks); free(g->closed_by); free(g->close_shift); free(g->rank_source); free(g->opener); free(g->is_closer); free(g->pair_piles); free(g->cell_piles); free(g->var_kind);
    free(g->pile_names); free(g->plugins); free(g->is_sink); free(g->safe_target); free(g->always); free(g->later);
    free(g->later_dealer_start); free(g->later_dealers);
}

static int game_init(GameObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *tables;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &tables)) return -1;
    game_free_arrays(&self->game);
    memset(&self->game, 0, sizeof(Game));
    return read_game(tables, &self->game);
}

static void game_dealloc(GameObject *self) {
    game_free_arrays(&self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "framework.native._core.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game's rule tables, read once.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)game_init,
    .tp_dealloc = (destructor)game_dealloc,
};

/* --- Position ---------------------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *game;
    Pos *pos;
    MoveList moves;
} PositionObject;

static PyObject *move_tuple(Move m) {
    return Py_BuildValue("(iiii)", m.source, m.target, m.count, m.action);
}

static int read_move(PyObject *tuple, Move *m) {
    int source, target, count, action;
    if (!PyArg_ParseTuple(tuple, "iiii", &source, &target, &count, &action)) return -1;
    m->source = (int16_t)source;
    m->target = (int16_t)target;
    m->count = (int16_t)count;
    m->action = (uint8_t)action;
    m->pad = 0;
    return 0;
}

static PyObject *moves_list(const Move *moves, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) PyList_SET_ITEM(list, i, move_tuple(moves[i]));
    return list;
}

static int position_init(PositionObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *game, *piles, *face_down, *vars;
    unsigned long long seed_number;
    int autoplay = 0;
    if (!PyArg_ParseTuple(args, "O!OOOK|p", &GameType, &game, &piles, &face_down, &vars, &seed_number, &autoplay))
        return -1;
    const Game *g = &((GameObject *)game)->game;
    if (PySequence_Size(piles) != g->npiles || PySequence_Size(face_down) != g->npiles ||
        PySequence_Size(vars) != g->nvars) {
        PyErr_SetString(PyExc_ValueError, "a position of another game");
        return -1;
    }
    Pos *p = pos_new(g);
    int total = 0;
    for (int i = 0; i < g->npiles; i++) {
        PyObject *pile = PySequence_Fast(PySequence_GetItem(piles, i), "a pile");
        Py_XDECREF(PySequence_GetItem(piles, i));
        if (!pile) {
            pos_free(p);
            return -1;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(pile);
        total += (int)n;
        if (total > g->total) {
            Py_DECREF(pile);
            pos_free(p);
            PyErr_SetString(PyExc_ValueError, "more cards than the pack");
            return -1;
        }
        for (Py_ssize_t j = 0; j < n; j++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(pile, j));
            if (card < 0 || card > 51) {
                Py_DECREF(pile);
                pos_free(p);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card");
                return -1;
            }
            PILE(p, i)[j] = (uint8_t)card;
        }
        p->len[i] = (int16_t)n;
        Py_DECREF(pile);
        PyObject *down = PySequence_GetItem(face_down, i);
        p->down[i] = (int16_t)PyLong_AsLong(down);
        Py_XDECREF(down);
    }
    for (int i = 0; i < g->nvars; i++) {
        PyObject *value = PySequence_GetItem(vars, i);
        p->vars[i] = PyLong_AsLongLong(value);
        Py_XDECREF(value);
    }
    if (PyErr_Occurred()) {
        pos_free(p);
        return -1;
    }
    p->seed_number = seed_number;
    p->autoplay = autoplay;
    Py_XINCREF(game);
    Py_XSETREF(self->game, game);
    pos_free(self->pos);
    self->pos = p;
    return 0;
}

static void position_dealloc(PositionObject *self) {
    pos_free(self->pos);
    moves_free(&self->moves);
    Py_XDECREF(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *position_legal_moves(PositionObject *self, PyObject *unused) {
    pos_generate(self->pos, &self->moves);
    return moves_list(self->moves.items, self->moves.n);
}

static PyObject *position_push(PositionObject *self, PyObject *arg) {
    Move m;
    if (read_move(arg, &m)) return NULL;
    pos_push(self->pos, m);
    Py_RETURN_NONE;
}

static PyObject *position_pop(PositionObject *self, PyObject *unused) {
    if (!self->pos->depth) {
        PyErr_SetString(PyExc_IndexError, "no move to pop");
        return NULL;
    }
    Move m = self->pos->stack[self->pos->depth - 1];
    pos_pop(self->pos);
    return move_tuple(m);
}

static PyObject *position_piles(PositionObject *self, PyObject *unused) {
    Pos *p = self->pos;
    PyObject *piles = PyList_New(p->g->npiles);
    for (int i = 0; piles && i < p->g->npiles; i++) {
        PyObject *pile = PyList_New(p->len[i]);
        for (int j = 0; j < p->len[i]; j++) PyList_SET_ITEM(pile, j, PyLong_FromLong(PILE(p, i)[j]));
        PyList_SET_ITEM(piles, i, pile);
    }
    return piles;
}

static PyObject *position_face_down(PositionObject *self, PyObject *unused) {
    Pos *p = self->pos;
    PyObject *list = PyList_New(p->g->npiles);
    for (int i = 0; list && i < p->g->npiles; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(p->down[i]));
    return list;
}

static PyObject *position_vars(PositionObject *self, PyObject *unused) {
    Pos *p = self->pos;
    PyObject *list = PyList_New(p->g->nvars);
    for (int i = 0; list && i < p->g->nvars; i++) PyList_SET_ITEM(list, i, PyLong_FromLongLong(p->vars[i]));
    return list;
}

static PyObject *position_key(PositionObject *self, PyObject *unused) {
    int length;
    const uint8_t *key = pos_key(self->pos, &length);
    return PyBytes_FromStringAndSize((const char *)key, length);
}

static PyObject *position_is_won(PositionObject *self, PyObject *unused) {
    return PyBool_FromLong(pos_is_won(self->pos));
}

static long long perft(Pos *p, int depth) {
    if (!depth) return 1;
    MoveList moves = {0};
    pos_generate(p, &moves);
    long long total = 0;
    for (int i = 0; i < moves.n; i++) {
        pos_push(p, moves.items[i]);
        total += perft(p, depth - 1);
        pos_pop(p);
    }
    moves_free(&moves);
    return total;
}

/* Position.perft(depth): the number of move sequences of length ``depth`` (tests/golden/make_golden.py). */
static PyObject *position_perft(PositionObject *self, PyObject *arg) {
    long depth = PyLong_AsLong(arg);
    if (depth < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a depth is 0 or more");
        return NULL;
    }
    return PyLong_FromLongLong(perft(self->pos, (int)depth));
}

/* Position.shorten(moves, seconds=-1): the line ``moves`` from here, shortened as shorten.shorten shortens it
 * within ``seconds`` (-1: no limit). */
static PyObject *position_shorten(PositionObject *self, PyObject *args) {
    PyObject *arg;
    double seconds = -1;
    if (!PyArg_ParseTuple(args, "O|d", &arg, &seconds)) return NULL;
    PyObject *seq = PySequence_Fast(arg, "moves");
    if (!seq) return NULL;
    int n = (int)PySequence_Fast_GET_SIZE(seq);
    Move *moves = malloc(sizeof(Move) * (n + 1));
    for (int i = 0; i < n; i++)
        if (read_move(PySequence_Fast_GET_ITEM(seq, i), &moves[i])) {
            free(moves);
            Py_DECREF(seq);
            return NULL;
        }
    Py_DECREF(seq);
    Pos *start = pos_copy(self->pos);
    n = shorten_line(start->g, start, moves, n, seconds < 0 ? 0 : now_seconds() + seconds);
    pos_free(start);
    PyObject *list = moves_list(moves, n);
    free(moves);
    return list;
}

/* Position.replays(moves): how many of ``moves`` are legal in turn from here, and whether they end in a won
 * position (the position itself is left as it was). */
static PyObject *position_replays(PositionObject *self, PyObject *arg) {
    PyObject *seq = PySequence_Fast(arg, "moves");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), legal = 0;
    Pos *p = pos_copy(self->pos);
    MoveList scratch = {0};
    for (; legal < n; legal++) {
        Move m;
        if (read_move(PySequence_Fast_GET_ITEM(seq, legal), &m)) {
            pos_free(p);
            moves_free(&scratch);
            Py_DECREF(seq);
            return NULL;
        }
        if (!is_legal(p, m, &scratch)) break;
        pos_push(p, m);
    }
    int won = legal == n && pos_is_won(p);
    pos_free(p);
    moves_free(&scratch);
    Py_DECREF(seq);
    return Py_BuildValue("(nO)", legal, won ? Py_True : Py_False);
}

static PyObject *position_depth(PositionObject *self, void *closure) {
    return PyLong_FromLong(self->pos->depth);
}

static PyMethodDef position_methods[] = {
    {"legal_moves", (PyCFunction)position_legal_moves, METH_NOARGS, "The legal moves, in the kernel's order."},
    {"push", (PyCFunction)position_push, METH_O, "Play a move (assumed legal)."},
    {"pop", (PyCFunction)position_pop, METH_NOARGS, "Undo the last move and return it."},
    {"piles", (PyCFunction)position_piles, METH_NOARGS, "The piles' cards, bottom first."},
    {"face_down", (PyCFunction)position_face_down, METH_NOARGS, "Each pile's face-down count."},
    {"vars", (PyCFunction)position_vars, METH_NOARGS, "The variables' values, as numbers."},
    {"key", (PyCFunction)position_key, METH_NOARGS, "The canonical key, as canonical.Keys makes it."},
    {"is_won", (PyCFunction)position_is_won, METH_NOARGS, "Whether the game is won."},
    {"perft", (PyCFunction)position_perft, METH_O, "The number of move sequences of a length from here."},
    {"shorten", (PyCFunction)position_shorten, METH_VARARGS, "A line of moves from here, shortened (shorten.shorten)."},
    {"replays", (PyCFunction)position_replays, METH_O, "How many moves of a line are legal in turn, and if it wins."},
    {NULL}};

static PyGetSetDef position_getset[] = {{"depth", (getter)position_depth, NULL, "Moves pushed.", NULL}, {NULL}};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "framework.native._core.Position",
    .tp_basicsize = sizeof(PositionObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A position in native memory: Position(game, piles, face_down, vars, seed_number).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)position_init,
    .tp_dealloc = (destructor)position_dealloc,
    .tp_methods = position_methods,
    .tp_getset = position_getset,
};

/* --- Solver -------------------------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *game;
    Solver solver;
} SolverObject;

static int read_pairs_table(PyObject *tables, const char *name, uint8_t lists[52][52], uint8_t *counts) {
    int *flat, *starts, n;
    if (read_lists(tables, name, &flat, &starts, &n)) return -1;
    for (int card = 0; card < 52 && card < n; card++) {
        counts[card] = (uint8_t)(starts[card + 1] - starts[card]);
        for (int i = starts[card]; i < starts[card + 1]; i++) lists[card][i - starts[card]] = (uint8_t)flat[i];
    }
    free(flat);
    free(starts);
    return 0;
}

static void solver_free_arrays(Solver *sv) {
    free(sv->symmetric); free(sv->refilled); free(sv->regrouped); free(sv->safe_target); free(sv->alike_start);
    free(sv->alike_stop); free(sv->table_piles); free(sv->doom_piles); free(sv->doom_others); free(sv->line_start);
    free(sv->line_ring); free(sv->line_classes); free(sv->top_card_piles); free(sv->run_piles); free(sv->tableau);
    free(sv->stock_piles); free(sv->settle_piles); free(sv->sole_next); free(sv->settle_bases);
}

static uint8_t *flags_of(const int *piles, int n, int npiles) {
    uint8_t *flags = calloc(npiles + 1, 1);
    for (int i = 0; i < n; i++) flags[piles[i]] = 1;
    return flags;
}

static int read_solver(PyObject *tables, Solver *sv) {
    int npiles = sv->g->npiles, *refilled, nrefilled, *regrouped, nregrouped, *safe, nsafe, *classes, nclasses;
    int *line_classes;
    if (read_ints(tables, "symmetric", &sv->symmetric, NULL) || read_int(tables, "data_only", &sv->data_only) ||
        read_int(tables, "keep_piles", &sv->keep_piles) || read_ints(tables, "refilled", &refilled, &nrefilled) ||
        read_ints(tables, "regrouped", &regrouped, &nregrouped) || read_ints(tables, "safe_targets", &safe, &nsafe) ||
        read_ints(tables, "alike_start", &sv->alike_start, NULL) ||
        read_ints(tables, "alike_stop", &sv->alike_stop, NULL) ||
        read_pairs_table(tables, "predecessors", sv->predecessors, sv->npredecessors) ||
        read_pairs_table(tables, "needs", sv->needs, sv->nneeds) ||
        read_ints(tables, "table_piles", &sv->table_piles, &sv->ntable) ||
        read_int(tables, "has_doom", &sv->has_doom) ||
        read_ints(tables, "top_card_piles", &sv->top_card_piles, &sv->ntop_card_piles) ||
        read_ints(tables, "run_piles", &sv->run_piles, &sv->nrun_piles) ||
        read_ints(tables, "tableau", &sv->tableau, &sv->ntableau) ||
        read_ints(tables, "stock_piles", &sv->stock_piles, &sv->nstock_piles) ||
        read_ints(tables, "settle_piles", &sv->settle_piles, &sv->nsettle_piles) ||
        read_ints(tables, "sole_next", &sv->sole_next, NULL))
        return -1;
    sv->settle_bases = malloc((size_t)npiles * 52);
    if (read_bytes(tables, "settle_bases", sv->settle_bases, (Py_ssize_t)npiles * 52)) return -1;
    sv->refilled = flags_of(refilled, nrefilled, npiles);
    sv->regrouped = flags_of(regrouped, nregrouped, npiles);
    sv->safe_target = flags_of(safe, nsafe, npiles);
    free(refilled);
    free(regrouped);
    free(safe);
    if (!sv->has_doom) return 0;
    if (read_int(tables, "doom_foundation", &sv->doom_foundation) ||
        read_ints(tables, "doom_piles", &sv->doom_piles, &sv->ndoom_piles) ||
        read_ints(tables, "doom_others", &sv->doom_others, &sv->ndoom_others) ||
        read_bytes(tables, "doom_classes", sv->doom_classes, 256) ||
        read_pairs_table(tables, "doom_takers", sv->doom_takers, sv->ndoom_takers) ||
        read_pairs_table(tables, "doom_takes", sv->doom_takes, sv->ndoom_takes) ||
        read_ints(tables, "class_list", &classes, &nclasses) || read_int(tables, "has_lines", &sv->has_lines) ||
        read_lists(tables, "lines", &line_classes, &sv->line_start, &sv->nlines) ||
        read_ints(tables, "line_rings", &sv->line_ring, NULL))
        return -1;
    sv->nclasses = nclasses;
    for (int i = 0; i < nclasses; i++) sv->class_list[i] = (uint8_t)classes[i];
    free(classes);
    sv->line_classes = malloc(sv->line_start[sv->nlines] + 1);
    for (int i = 0; i < sv->line_start[sv->nlines]; i++) sv->line_classes[i] = (uint8_t)line_classes[i];
    free(line_classes);
    return 0;
}

static int solver_init(SolverObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *game, *tables;
    if (!PyArg_ParseTuple(args, "O!O!", &GameType, &game, &PyDict_Type, &tables)) return -1;
    solver_free_arrays(&self->solver);
    memset(&self->solver, 0, sizeof(Solver));
    Py_INCREF(game);
    Py_XSETREF(self->game, game);
    self->solver.g = &((GameObject *)game)->game;
    return read_solver(tables, &self->solver);
}

static void solver_dealloc(SolverObject *self) {
    solver_free_arrays(&self->solver);
    Py_XDECREF(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_position(SolverObject *self, PyObject *position) {
    if (!PyObject_TypeCheck(position, &PositionType) || ((PositionObject *)position)->game != self->game) {
        PyErr_SetString(PyExc_TypeError, "a position of the solver's game");
        return -1;
    }
    return 0;
}

/* Solver.order(position): the moves the search tries, best first (MoveOrder.order). */
static PyObject *solver_order_method(SolverObject *self, PyObject *position) {
    if (check_position(self, position)) return NULL;
    Pos *p = ((PositionObject *)position)->pos;
    Search s;
    memset(&s, 0, sizeof s);
    s.sv = &self->solver;
    s.g = self->solver.g;
    MoveList legal = {0};
    pos_generate(p, &legal);
    Move *ordered = malloc(sizeof(Move) * (legal.n + 1));
    int n = solver_order(&s, p, &legal, ordered);
    PyObject *list = moves_list(ordered, n);
    free(ordered);
    moves_free(&legal);
    moves_free(&s.lookahead);
    return list;
}

/* Solver.forced(position): the move played without branching (ForcedMoves.move), or None. */
static PyObject *solver_forced_method(SolverObject *self, PyObject *position) {
    if (check_position(self, position)) return NULL;
    Pos *p = ((PositionObject *)position)->pos;
    Search s;
    memset(&s, 0, sizeof s);
    s.sv = &self->solver;
    s.g = self->solver.g;
    MoveList legal = {0};
    pos_generate(p, &legal);
    Move forced;
    int found = solver_forced(&s, p, &legal, &forced);
    moves_free(&legal);
    if (!found) Py_RETURN_NONE;
    return move_tuple(forced);
}

/* Solver.doomed(position): whether Doom.lost calls the position lost. */
static PyObject *solver_doomed_method(SolverObject *self, PyObject *position) {
    if (check_position(self, position)) return NULL;
    return PyBool_FromLong(self->solver.has_doom && solver_doomed(&self->solver, ((PositionObject *)position)->pos));
}

static const char *STOPS[] = {NULL, "nodes", "time", "memory", "beaten"};
static const char *ANSWERS[] = {"unknown", "won", "lost"};

/* Solver.search(position, rounds, nodes, seconds, memory, avoid, rival) -> (answer, nodes, positions,
 * stopped_by, line, inner_at, rounds searched). ``rounds``: (allowance, endgame positions, beam width, most positions) each, -1
 * for not set; ``nodes``, ``memory`` (bytes), ``seconds``: -1 for no limit; ``avoid``: canonical keys;
 * ``rival``: the address of a shared 64-bit count, or 0. */
static PyObject *solver_search_method(SolverObject *self, PyObject *args) {
    PyObject *position, *rounds_arg, *avoid_arg;
    long long nodes, memory;
    double seconds;
    unsigned long long rival;
    if (!PyArg_ParseTuple(args, "OOLdLOK", &position, &rounds_arg, &nodes, &seconds, &memory, &avoid_arg, &rival))
        return NULL;
    if (check_position(self, position)) return NULL;
    PyObject *rounds_seq = PySequence_Fast(rounds_arg, "rounds");
    if (!rounds_seq) return NULL;
    int nrounds = (int)PySequence_Fast_GET_SIZE(rounds_seq);
    Round *rounds = calloc(nrounds + 1, sizeof(Round));
    for (int i = 0; i < nrounds; i++) {
        long long a, e, w, m;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(rounds_seq, i), "LLLL", &a, &e, &w, &m)) {
            free(rounds);
            Py_DECREF(rounds_seq);
            return NULL;
        }
        rounds[i] = (Round){a < 0 ? UNLIMITED_VALUE : a, e, w, m};
    }
    Py_DECREF(rounds_seq);
    Table avoid;
    table_init(&avoid);
    PyObject *iterator = PyObject_GetIter(avoid_arg), *key;
    while (iterator && (key = PyIter_Next(iterator))) {
        if (PyBytes_Check(key)) {
            const uint8_t *bytes = (const uint8_t *)PyBytes_AS_STRING(key);
            int length = (int)PyBytes_GET_SIZE(key);
            table_put(&avoid, bytes, length, hash_bytes(bytes, length), 0);
        }
        Py_DECREF(key);
    }
    Py_XDECREF(iterator);
    if (PyErr_Occurred()) {
        free(rounds);
        table_free(&avoid);
        return NULL;
    }
    Context context = {NULL, 1};
    Search s;
    search_init(&s, &self->solver, ((PositionObject *)position)->pos, &context);
    s.max_nodes = nodes;
    s.max_memory = memory;
    s.avoid = &avoid;
    s.rival = rival ? (volatile int64_t *)(uintptr_t)rival : NULL;
    context.thread = PyEval_SaveThread();
    if (seconds >= 0) s.deadline = now_seconds() + seconds;
    int answer = search_run(&s, rounds, nrounds);
    PyEval_RestoreThread(context.thread);
    PyObject *result = NULL;
    if (s.stopped_by != STOP_INTERRUPT) {
        PyObject *line = moves_list(s.state->stack, answer == ANSWER_WON ? s.state->depth : 0);
        const char *stopped = answer == ANSWER_UNKNOWN && s.stopped_by ? STOPS[s.stopped_by] : NULL;
        result = Py_BuildValue("(sLLzNiL)", ANSWERS[answer], (long long)s.nodes, (long long)s.positions, stopped, line,
                               answer == ANSWER_WON ? s.inner_at : -1, (long long)s.rounds);
    }
    search_free(&s);
    table_free(&avoid);
    free(rounds);
    return result;
}

static PyMethodDef solver_methods[] = {
    {"order", (PyCFunction)solver_order_method, METH_O, "The moves a search tries from a position, best first."},
    {"forced", (PyCFunction)solver_forced_method, METH_O, "The move a search plays without branching, or None."},
    {"doomed", (PyCFunction)solver_doomed_method, METH_O, "Whether the position is lost at a glance."},
    {"search", (PyCFunction)solver_search_method, METH_VARARGS, "A whole search (see the module's source)."},
    {NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "framework.native._core.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The solver's tables for a game: Solver(game, tables).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)solver_init,
    .tp_dealloc = (destructor)solver_dealloc,
    .tp_methods = solver_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "framework.native._core", "The native core: positions and searches in native memory.",
    -1, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&GameType) < 0 || PyType_Ready(&PositionType) < 0 || PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&GameType);
    PyModule_AddObject(module, "Game", (PyObject *)&GameType);
    Py_INCREF(&PositionType);
    PyModule_AddObject(module, "Position", (PyObject *)&PositionType);
    Py_INCREF(&SolverType);
    PyModule_AddObject(module, "Solver", (PyObject *)&SolverType);
    PyModule_AddObject(module, "NONE", PyLong_FromLongLong(NONE_VALUE));
    return module;
}
