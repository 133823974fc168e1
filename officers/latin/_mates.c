/* officers.latin._mates: the transversals and the orthogonal mates of a Latin square, counted.
 *
 * The same counts as officers/latin/orthogonal.py (whose docstrings define them); the tests hold
 * the two to the same numbers. A square of order n comes as n * n bytes, row by row.
 *
 * Transversals: depth first, row by row, the columns and the symbols used so far as bitsets.
 *
 * Mates: a mate is a partition of the n * n cells into n disjoint transversals. Every
 * transversal is listed once, as the bitset of its cells (two 64-bit words: n <= 11). The search
 * keeps, at each depth, the list of the transversals disjoint from those chosen; it counts how
 * many of them cover each free cell, stops where a free cell has none, and otherwise branches on
 * the free cell with the fewest, each transversal through it filtering the list for the next
 * depth (forward checking on the cells). Each partition is found once: the transversal through
 * the chosen cell is the only one of the partition there. With one transversal left to choose,
 * the list holds at most one (a transversal has exactly the n free cells).
 *
 * A callable `check(found)` is called every so many nodes with the count so far; it raises to
 * stop the search (a time limit). The GIL is let go while the search runs and taken back for the
 * check. Python's limited API (3.11), one build for every later version. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ABI 1
#define MAX_ORDER 32       /* transversals: columns and symbols in 32-bit sets */
#define MAX_MATE_ORDER 11  /* mates: n * n <= 128 cells in two words */
#define CHECK_NODES 4096   /* mate nodes between two checks */
#define CHECK_LEAVES (1L << 22) /* transversal nodes between two checks */

typedef struct {
    uint64_t lo, hi;
} cells_t;

typedef struct {
    int n;
    uint8_t symbol[MAX_ORDER * MAX_ORDER];
    PyObject *check;
    PyThreadState *thread;
    long nodes;
    int failed; /* the check raised */
    cells_t all; /* the n * n cells */
    uint64_t found;
    uint64_t limit; /* stop once this many are found (0: never) */
    /* transversals, while listing them */
    uint8_t columns[MAX_ORDER];
    cells_t *list;
    uint8_t *cells; /* n cell numbers per transversal */
    Py_ssize_t size, room;
    int listing;
} context;

/* Call check(found) with the GIL; -1 (and ctx->failed) where it raised. */
static int
run_check(context *ctx)
{
    PyEval_RestoreThread(ctx->thread);
    PyObject *r = PyObject_CallFunction(ctx->check, "K", (unsigned long long)ctx->found);
    int status = 0;
    if (r == NULL) {
        ctx->failed = 1;
        status = -1;
    }
    else {
        Py_DECREF(r);
    }
    ctx->thread = PyEval_SaveThread();
    return status;
}

static int
keep(context *ctx)
{
    int n = ctx->n;
    if (ctx->size == ctx->room) {
        Py_ssize_t room = ctx->room ? 2 * ctx->room : 1024;
        cells_t *list = realloc(ctx->list, (size_t)room * sizeof(cells_t));
        if (list == NULL) {
            return -1;
        }
        ctx->list = list;
        uint8_t *cells = realloc(ctx->cells, (size_t)room * (size_t)n);
        if (cells == NULL) {
            return -1;
        }
        ctx->cells = cells;
        ctx->room = room;
    }
    cells_t bits = {0, 0};
    uint8_t *at = ctx->cells + ctx->size * n;
    for (int r = 0; r < n; r++) {
        int cell = r * n + ctx->columns[r];
        at[r] = (uint8_t)cell;
        if (cell < 64) {
            bits.lo |= (uint64_t)1 << cell;
        }
        else {
            bits.hi |= (uint64_t)1 << (cell - 64);
        }
    }
    ctx->list[ctx->size++] = bits;
    return 0;
}

/* Every transversal through the rows from `row` on: counted, or kept when listing.
 * -1: out of memory (-2: the check raised). */
static int
transversals(context *ctx, int row, uint32_t free_columns, uint32_t free_symbols)
{
    int n = ctx->n;
    const uint8_t *symbols = ctx->symbol + row * n;
    if (row == n - 1) {
        uint32_t columns = free_columns;
        while (columns) {
            int c = __builtin_ctz(columns);
            columns &= columns - 1;
            if (free_symbols >> symbols[c] & 1) {
                ctx->found++;
                if (ctx->listing) {
                    ctx->columns[row] = (uint8_t)c;
                    if (keep(ctx) < 0) {
                        return -1;
                    }
                }
            }
        }
        return 0;
    }
    if (++ctx->nodes % CHECK_LEAVES == 0 && run_check(ctx) < 0) {
        return -2;
    }
    uint32_t columns = free_columns;
    while (columns) {
        int c = __builtin_ctz(columns);
        columns &= columns - 1;
        uint32_t s = (uint32_t)1 << symbols[c];
        if (free_symbols & s) {
            ctx->columns[row] = (uint8_t)c;
            int status = transversals(ctx, row + 1, free_columns & ~((uint32_t)1 << c),
                                      free_symbols & ~s);
            if (status < 0) {
                return status;
            }
        }
    }
    return 0;
}

/* The mates: `list` holds `size` transversal numbers, all disjoint from `covered`; `depth`
 * transversals are chosen. `work` has room for the lists of the deeper levels. 0, or -2 where
 * the check raised, 1 where the limit is reached. */
static int partitions(context *ctx, const int32_t *list, Py_ssize_t size, int depth,
                      cells_t covered, int32_t *work);
static int choose(context *ctx, const int32_t *list, Py_ssize_t size, int depth, cells_t covered,
                  int32_t *work);

static int
partitions(context *ctx, const int32_t *list, Py_ssize_t size, int depth, cells_t covered,
           int32_t *work)
{
    int n = ctx->n;
    if (depth == n) { /* every cell covered (order 1, from a first transversal) */
        ctx->found += 1;
        return ctx->limit && ctx->found >= ctx->limit ? 1 : 0;
    }
    if (depth == n - 1) {
        ctx->found += (uint64_t)size;
        return ctx->limit && ctx->found >= ctx->limit ? 1 : 0;
    }
    if (++ctx->nodes % CHECK_NODES == 0 && run_check(ctx) < 0) {
        return -2;
    }
    if (depth == n - 2) {
        /* two left: the pairs of disjoint transversals (together they hold the 2n free cells),
         * each counted once, from the transversal through the first free cell */
        int first = covered.lo != UINT64_MAX ? __builtin_ctzll(~covered.lo)
                                             : 64 + __builtin_ctzll(~covered.hi);
        uint64_t lo_bit = first < 64 ? (uint64_t)1 << first : 0;
        uint64_t hi_bit = first < 64 ? 0 : (uint64_t)1 << (first - 64);
        for (Py_ssize_t i = 0; i < size; i++) {
            cells_t t = ctx->list[list[i]];
            if (!(t.lo & lo_bit) && !(t.hi & hi_bit)) {
                continue;
            }
            for (Py_ssize_t j = 0; j < size; j++) {
                cells_t u = ctx->list[list[j]];
                ctx->found += !(u.lo & t.lo) && !(u.hi & t.hi);
            }
        }
        return ctx->limit && ctx->found >= ctx->limit ? 1 : 0;
    }
    return choose(ctx, list, size, depth, covered, work);
}

/* partitions() at a depth with three or more left: the free cell with the fewest transversals,
 * and each of them. */
static int
choose(context *ctx, const int32_t *list, Py_ssize_t size, int depth, cells_t covered,
       int32_t *work)
{
    int n = ctx->n;
    int32_t counts[MAX_MATE_ORDER * MAX_MATE_ORDER];
    uint64_t free_lo = ~covered.lo & ctx->all.lo, free_hi = ~covered.hi & ctx->all.hi;
    for (uint64_t bits = free_lo; bits; bits &= bits - 1) {
        counts[__builtin_ctzll(bits)] = 0;
    }
    for (uint64_t bits = free_hi; bits; bits &= bits - 1) {
        counts[64 + __builtin_ctzll(bits)] = 0;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        const uint8_t *at = ctx->cells + (Py_ssize_t)list[i] * n;
        for (int r = 0; r < n; r++) {
            counts[at[r]]++;
        }
    }
    int best = -1;
    int32_t fewest = INT32_MAX;
    for (uint64_t bits = free_lo; bits; bits &= bits - 1) {
        int cell = __builtin_ctzll(bits);
        if (counts[cell] < fewest) {
            fewest = counts[cell];
            best = cell;
        }
    }
    for (uint64_t bits = free_hi; bits; bits &= bits - 1) {
        int cell = 64 + __builtin_ctzll(bits);
        if (counts[cell] < fewest) {
            fewest = counts[cell];
            best = cell;
        }
    }
    if (fewest == 0) {
        return 0;
    }
    uint64_t lo_bit = best < 64 ? (uint64_t)1 << best : 0;
    uint64_t hi_bit = best < 64 ? 0 : (uint64_t)1 << (best - 64);
    for (Py_ssize_t i = 0; i < size; i++) {
        cells_t t = ctx->list[list[i]];
        if (!(t.lo & lo_bit) && !(t.hi & hi_bit)) {
            continue;
        }
        Py_ssize_t next = 0;
        for (Py_ssize_t j = 0; j < size; j++) {
            cells_t u = ctx->list[list[j]];
            if (!(u.lo & t.lo) && !(u.hi & t.hi)) {
                work[next++] = list[j];
            }
        }
        cells_t now = {covered.lo | t.lo, covered.hi | t.hi};
        int status = partitions(ctx, work, next, depth + 1, now, work + next);
        if (status != 0) {
            return status;
        }
    }
    return 0;
}

/* The square from its arguments; 0, or -1 with an exception set. */
static int
read_square(context *ctx, PyObject *square, int n, int most)
{
    if (n < 1 || n > most) {
        PyErr_Format(PyExc_ValueError, "the order must be 1 .. %d, got %d", most, n);
        return -1;
    }
    char *data;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(square, &data, &length) < 0) {
        return -1;
    }
    if (length != (Py_ssize_t)n * n) {
        PyErr_Format(PyExc_ValueError, "expected %d bytes, got %zd", n * n, length);
        return -1;
    }
    for (Py_ssize_t k = 0; k < length; k++) {
        if ((uint8_t)data[k] >= n) {
            PyErr_SetString(PyExc_ValueError, "a symbol is out of range");
            return -1;
        }
        ctx->symbol[k] = (uint8_t)data[k];
    }
    ctx->n = n;
    return 0;
}

static PyObject *
mates_count_transversals(PyObject *self, PyObject *args)
{
    (void)self;
    context ctx;
    memset(&ctx, 0, sizeof(ctx));
    PyObject *square;
    int n;
    if (!PyArg_ParseTuple(args, "OiO:count_transversals", &square, &n, &ctx.check)) {
        return NULL;
    }
    if (!PyCallable_Check(ctx.check)) {
        PyErr_SetString(PyExc_TypeError, "check must be callable");
        return NULL;
    }
    if (read_square(&ctx, square, n, MAX_ORDER) < 0) {
        return NULL;
    }
    uint32_t all = n == 32 ? UINT32_MAX : ((uint32_t)1 << n) - 1;
    ctx.thread = PyEval_SaveThread();
    int status = transversals(&ctx, 0, all, all);
    PyEval_RestoreThread(ctx.thread);
    if (status < 0) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(ctx.found);
}

static PyObject *
mates_count_mates(PyObject *self, PyObject *args)
{
    (void)self;
    context ctx;
    memset(&ctx, 0, sizeof(ctx));
    PyObject *square;
    int n;
    unsigned long long limit;
    PyObject *firsts_b = Py_None;
    if (!PyArg_ParseTuple(args, "OiOK|O:count_mates", &square, &n, &ctx.check, &limit,
                          &firsts_b)) {
        return NULL;
    }
    const uint8_t *first = NULL;
    Py_ssize_t firsts = 0;
    uint64_t *completions = NULL;
    if (!PyCallable_Check(ctx.check)) {
        PyErr_SetString(PyExc_TypeError, "check must be callable");
        return NULL;
    }
    if (read_square(&ctx, square, n, MAX_MATE_ORDER) < 0) {
        return NULL;
    }
    if (firsts_b != Py_None) {
        char *data;
        Py_ssize_t length;
        if (PyBytes_AsStringAndSize(firsts_b, &data, &length) < 0) {
            return NULL;
        }
        if (length % n != 0) {
            PyErr_SetString(PyExc_ValueError, "firsts: n columns per transversal expected");
            return NULL;
        }
        first = (const uint8_t *)data;
        firsts = length / n;
        for (Py_ssize_t k = 0; k < firsts; k++) {
            uint32_t columns = 0, symbols = 0;
            for (int r = 0; r < n; r++) {
                int c = first[k * n + r];
                if (c >= n) {
                    PyErr_SetString(PyExc_ValueError, "firsts: a column is out of range");
                    return NULL;
                }
                columns |= (uint32_t)1 << c;
                symbols |= (uint32_t)1 << ctx.symbol[r * n + c];
            }
            if (columns != ((uint32_t)1 << n) - 1 || symbols != columns) {
                PyErr_SetString(PyExc_ValueError, "firsts: not a transversal");
                return NULL;
            }
        }
        completions = calloc((size_t)firsts + 1, sizeof(uint64_t));
        if (completions == NULL) {
            return PyErr_NoMemory();
        }
    }
    uint32_t all = ((uint32_t)1 << n) - 1;
    ctx.listing = 1;
    ctx.thread = PyEval_SaveThread();
    int status = transversals(&ctx, 0, all, all);
    uint64_t listed = ctx.found;
    int32_t *work = NULL;
    if (status == 0 && ctx.size > 0) {
        /* the lists of every depth, one after another: at most size at each of n depths */
        work = malloc((size_t)ctx.size * (size_t)(n + 1) * sizeof(int32_t));
        if (work == NULL) {
            status = -1;
        }
        else {
            for (Py_ssize_t i = 0; i < ctx.size; i++) {
                work[i] = (int32_t)i;
            }
            ctx.found = 0;
            ctx.nodes = 0;
            ctx.limit = limit;
            int cells = n * n;
            ctx.all.lo = cells >= 64 ? UINT64_MAX : ((uint64_t)1 << cells) - 1;
            ctx.all.hi = cells <= 64 ? 0 : cells == 128 ? UINT64_MAX : ((uint64_t)1 << (cells - 64)) - 1;
            if (first == NULL) {
                cells_t none = {0, 0};
                status = partitions(&ctx, work, ctx.size, 0, none, work + ctx.size);
            }
            else {
                for (Py_ssize_t k = 0; k < firsts && status == 0; k++) {
                    cells_t t = {0, 0};
                    for (int r = 0; r < n; r++) {
                        int cell = r * n + first[k * n + r];
                        if (cell < 64) {
                            t.lo |= (uint64_t)1 << cell;
                        }
                        else {
                            t.hi |= (uint64_t)1 << (cell - 64);
                        }
                    }
                    Py_ssize_t size = 0;
                    for (Py_ssize_t j = 0; j < ctx.size; j++) {
                        cells_t u = ctx.list[j];
                        if (!(u.lo & t.lo) && !(u.hi & t.hi)) {
                            work[ctx.size + size++] = (int32_t)j;
                        }
                    }
                    uint64_t before = ctx.found;
                    status = partitions(&ctx, work + ctx.size, size, 1, t, work + ctx.size + size);
                    completions[k] = ctx.found - before;
                }
            }
        }
    }
    else if (status == 0) {
        ctx.found = 0;
    }
    PyEval_RestoreThread(ctx.thread);
    free(work);
    free(ctx.list);
    free(ctx.cells);
    if (status == -1) {
        free(completions);
        return PyErr_NoMemory();
    }
    if (status < 0) {
        free(completions);
        return NULL;
    }
    if (first == NULL) {
        return Py_BuildValue("KK", (unsigned long long)ctx.found, (unsigned long long)listed);
    }
    PyObject *counts = PyTuple_New(firsts);
    for (Py_ssize_t k = 0; counts != NULL && k < firsts; k++) {
        PyObject *item = PyLong_FromUnsignedLongLong(completions[k]);
        if (item == NULL || PyTuple_SetItem(counts, k, item) < 0) {
            Py_CLEAR(counts);
        }
    }
    free(completions);
    if (counts == NULL) {
        return NULL;
    }
    return Py_BuildValue("NK", counts, (unsigned long long)listed);
}

static PyMethodDef mates_methods[] = {
    {"count_transversals", mates_count_transversals, METH_VARARGS,
     "count_transversals(square, n, check) -> int\n\n"
     "The number of transversals of the square of order n (n * n bytes, row by row; n <= 32). "
     "check(found) is called now and then and raises to stop."},
    {"count_mates", mates_count_mates, METH_VARARGS,
     "count_mates(square, n, check, limit, firsts=None) -> (mates, transversals)\n\n"
     "The number of partitions of the cells into n disjoint transversals (n <= 11), stopping at "
     "limit (0: all), and the number of transversals. With firsts (transversals as n columns "
     "each, one after another), the number of partitions holding each of them instead (a tuple). "
     "check(found) is called now and then and raises to stop."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef mates_module = {
    PyModuleDef_HEAD_INIT, "_mates",
    "The transversals and the orthogonal mates of a Latin square, counted (officers.latin.orthogonal).",
    -1, mates_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__mates(void)
{
    PyObject *module = PyModule_Create(&mates_module);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "ABI", ABI) < 0 ||
        PyModule_AddIntConstant(module, "MAX_ORDER", MAX_ORDER) < 0 ||
        PyModule_AddIntConstant(module, "MAX_MATE_ORDER", MAX_MATE_ORDER) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
