/* officers.latin._autotopism: the Latin squares that one paratopism maps to themselves, counted.
 *
 * The same count as officers/latin/burnside.py's pure-Python one (whose docstrings define it);
 * the tests hold the two to the same numbers. A Latin square of order n (n <= 8) is a set of n * n
 * triples (row, column, symbol) that covers each of the 3 n^2 pairs (row, column), (row, symbol)
 * and (column, symbol) once: three 64-bit sets. The paratopism comes as the image of every triple
 * (n^3 numbers, triple r n^2 + c n + s); a square it fixes is a union of its orbits of triples,
 * and an orbit can be part of one only when no two of its triples share a pair.
 *
 * The cells are filled block by block (blocks: lists of cells, each cell in one, that the caller
 * chooses, e.g. the rows of one cycle of an autotopism's row permutation); in a block, the first empty cell of its list is filled
 * with each symbol whose orbit fits, the orbit placed at once. Between two blocks the squares
 * filled so far are merged by the pairs they cover (how many ways the rest can be filled depends
 * on nothing else): one table of (covered pairs, ways) per block, the ways as 128-bit numbers.
 * After the last block every pair is covered; the ways are summed. Three ways to merge more,
 * each given by the caller, who knows the element:
 * - rows: after a block, rows that are interchangeable (each with the column of its number) are
 *   put in the order of their symbols (a transposition's fixed points still to fill);
 * - split: the blocks before it and from it on are counted apart, from nothing, and the two
 *   tables matched by complementary pairs (meet in the middle; each side's orbits stay on it);
 * - mirror: a permutation of the rows that swaps the two sides and commutes with the element:
 *   the second side's table is the first's, read through it.
 *
 * A callable `check(found)` is called every so many nodes; it raises to stop the search (a time
 * limit). The GIL is let go while the search runs and taken back for the check. Python's limited
 * API (3.11), one build for every later version. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ABI 1
#define MAX_ORDER 8
#define CHECK_NODES (1L << 16)

typedef unsigned __int128 ways_t;

typedef struct {
    uint64_t rc, rs, cs;
} pairs_t;

typedef struct {
    pairs_t key;
    ways_t ways;
    int used;
} entry_t;

typedef struct {
    entry_t *slots;
    size_t room, size; /* room: a power of two */
} table_t;

typedef struct {
    int count;
    pairs_t orbit[MAX_ORDER];
} choices_t;

typedef struct {
    int n;
    choices_t cell[MAX_ORDER * MAX_ORDER];
    PyObject *check;
    PyThreadState *thread;
    long nodes;
    int failed;     /* the check raised */
    int no_memory;
    const int *cells; /* the block being filled */
    int length;
    uint32_t rows;  /* rows (and columns) interchangeable after this block */
    table_t *next;  /* NULL: the last block, add to total */
    ways_t total;
    uint64_t states; /* the most entries of one table */
} context;

static int
run_check(context *ctx)
{
    PyEval_RestoreThread(ctx->thread);
    PyObject *r = PyObject_CallFunction(ctx->check, "K", (unsigned long long)ctx->states);
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

static uint64_t
hash(pairs_t key)
{
    uint64_t h = key.rc * 0x9E3779B97F4A7C15ULL;
    h ^= (key.rs + (h >> 29)) * 0xBF58476D1CE4E5B9ULL;
    h ^= (key.cs + (h >> 31)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 32);
}

static int
table_init(table_t *table, size_t room)
{
    table->slots = calloc(room, sizeof(entry_t));
    table->room = room;
    table->size = 0;
    return table->slots == NULL ? -1 : 0;
}

static int
table_add(table_t *table, pairs_t key, ways_t ways);

static int
table_grow(table_t *table)
{
    table_t bigger;
    if (table_init(&bigger, table->room * 2) < 0) {
        return -1;
    }
    for (size_t i = 0; i < table->room; i++) {
        if (table->slots[i].used) {
            table_add(&bigger, table->slots[i].key, table->slots[i].ways);
        }
    }
    free(table->slots);
    *table = bigger;
    return 0;
}

/* Add ways to key's entry; -1: out of memory. */
static int
table_add(table_t *table, pairs_t key, ways_t ways)
{
    if (2 * (table->size + 1) > table->room && table_grow(table) < 0) {
        return -1;
    }
    size_t mask = table->room - 1;
    size_t i = (size_t)hash(key) & mask;
    while (table->slots[i].used) {
        entry_t *e = &table->slots[i];
        if (e->key.rc == key.rc && e->key.rs == key.rs && e->key.cs == key.cs) {
            e->ways += ways;
            return 0;
        }
        i = (i + 1) & mask;
    }
    table->slots[i].used = 1;
    table->slots[i].key = key;
    table->slots[i].ways = ways;
    table->size++;
    return 0;
}

static pairs_t canonical(int n, pairs_t at, uint32_t rows);

/* Fill the block's cells from index i on, from the pairs `at`; each filled block adds `ways`
 * to the next table (or the total). 0, or -1 (out of memory or the check raised). */
static int
fill(context *ctx, int i, pairs_t at, ways_t ways)
{
    while (i < ctx->length && (at.rc >> ctx->cells[i] & 1)) {
        i++;
    }
    if (i == ctx->length) {
        if (ctx->next == NULL) {
            ctx->total += ways;
            return 0;
        }
        if (table_add(ctx->next, canonical(ctx->n, at, ctx->rows), ways) < 0) {
            ctx->no_memory = 1;
            return -1;
        }
        return 0;
    }
    if (++ctx->nodes >= CHECK_NODES) {
        ctx->nodes = 0;
        if (run_check(ctx) < 0) {
            return -1;
        }
    }
    const choices_t *choices = &ctx->cell[ctx->cells[i]];
    for (int k = 0; k < choices->count; k++) {
        const pairs_t *o = &choices->orbit[k];
        if ((o->rc & at.rc) | (o->rs & at.rs) | (o->cs & at.cs)) {
            continue;
        }
        pairs_t after = {at.rc | o->rc, at.rs | o->rs, at.cs | o->cs};
        if (fill(ctx, i + 1, after, ways) < 0) {
            return -1;
        }
    }
    return 0;
}

/* The orbit of every triple; the cells' choices: the symbols whose orbit shares no pair. */
static void
prepare(context *ctx, const int *image)
{
    int n = ctx->n, cube = n * n * n;
    for (int cell = 0; cell < n * n; cell++) {
        ctx->cell[cell].count = 0;
    }
    for (int t = 0; t < cube; t++) {
        pairs_t o = {0, 0, 0};
        int size = 0, u = t;
        do {
            int r = u / (n * n), c = u / n % n, s = u % n;
            o.rc |= (uint64_t)1 << (r * n + c);
            o.rs |= (uint64_t)1 << (r * n + s);
            o.cs |= (uint64_t)1 << (c * n + s);
            size++;
            u = image[u];
        } while (u != t && size <= cube);
        if (u != t || __builtin_popcountll(o.rc) != size || __builtin_popcountll(o.rs) != size ||
            __builtin_popcountll(o.cs) != size) {
            continue;
        }
        choices_t *choices = &ctx->cell[t / n];
        choices->orbit[choices->count++] = o;
    }
}

/* Put the rows of `rows` (and the columns of the same numbers) in the order of their sets of
 * symbols: a square of the same count where the caller says they are interchangeable. */
static pairs_t
canonical(int n, pairs_t at, uint32_t rows)
{
    if (rows == 0) {
        return at;
    }
    uint64_t line = ((uint64_t)1 << n) - 1;
    int place[MAX_ORDER], order[MAX_ORDER], count = 0;
    uint64_t keys[MAX_ORDER];
    for (int r = 0; r < n; r++) {
        if (rows >> r & 1) {
            place[count] = r;
            keys[count] = (at.rs >> (r * n) & line) << 32 | (at.cs >> (r * n) & line);
            order[count] = r;
            count++;
        }
    }
    for (int i = 1; i < count; i++) { /* insertion sort of at most 8 */
        uint64_t key = keys[i];
        int who = order[i], j = i - 1;
        while (j >= 0 && keys[j] > key) {
            keys[j + 1] = keys[j];
            order[j + 1] = order[j];
            j--;
        }
        keys[j + 1] = key;
        order[j + 1] = who;
    }
    int to[MAX_ORDER]; /* where each row (and column) goes */
    for (int r = 0; r < n; r++) {
        to[r] = r;
    }
    for (int i = 0; i < count; i++) {
        to[order[i]] = place[i];
    }
    pairs_t out = {0, 0, 0};
    for (int r = 0; r < n; r++) {
        out.rs |= (at.rs >> (r * n) & line) << (to[r] * n);
        out.cs |= (at.cs >> (r * n) & line) << (to[r] * n);
        for (int c = 0; c < n; c++) {
            if (at.rc >> (r * n + c) & 1) {
                out.rc |= (uint64_t)1 << (to[r] * n + to[c]);
            }
        }
    }
    return out;
}

/* The pairs with row r moved to row mirror[r] (the columns and symbols stay). */
static pairs_t
mirror_rows(int n, pairs_t at, const int *mirror)
{
    uint64_t line = ((uint64_t)1 << n) - 1;
    pairs_t out = {0, 0, at.cs};
    for (int r = 0; r < n; r++) {
        out.rc |= (at.rc >> (r * n) & line) << (mirror[r] * n);
        out.rs |= (at.rs >> (r * n) & line) << (mirror[r] * n);
    }
    return out;
}

/* Fill blocks from .. to - 1 from the table `now` (given, taken); the last one's squares are
 * added to ctx->total, or with `keep` left in `now`. 0, or -1. */
static int
run(context *ctx, const int *cells, const int *starts, const uint32_t *rows, int from, int to,
    table_t *now, int keep)
{
    int status = 0;
    for (int b = from; b < to; b++) {
        ctx->cells = cells + starts[b];
        ctx->length = starts[b + 1] - starts[b];
        ctx->rows = rows[b];
        table_t next;
        int last = b == to - 1 && !keep;
        if (!last) {
            if (table_init(&next, 1024) < 0) {
                ctx->no_memory = 1;
                status = -1;
            }
            ctx->next = &next;
        }
        else {
            ctx->next = NULL;
        }
        for (size_t i = 0; i < now->room && status == 0; i++) {
            if (now->slots[i].used) {
                status = fill(ctx, 0, now->slots[i].key, now->slots[i].ways);
            }
        }
        free(now->slots);
        now->slots = NULL;
        if (last) {
            break;
        }
        if (status < 0) {
            free(next.slots);
            break;
        }
        *now = next;
        if (now->size > ctx->states) {
            ctx->states = now->size;
        }
    }
    return status;
}

static PyObject *
autotopism_count_fixed(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *image_list, *blocks_list, *rows_list, *mirror_list;
    int split;
    context ctx;
    memset(&ctx, 0, sizeof ctx);
    if (!PyArg_ParseTuple(args, "iOOOiOO:count_fixed", &ctx.n, &image_list, &blocks_list,
                          &rows_list, &split, &mirror_list, &ctx.check)) {
        return NULL;
    }
    int n = ctx.n;
    if (n < 1 || n > MAX_ORDER) {
        PyErr_Format(PyExc_ValueError, "the order is 1 .. %d, got %d", MAX_ORDER, n);
        return NULL;
    }
    int mirror[MAX_ORDER], mirrored = 0;
    if (!PyList_Check(mirror_list) ||
        (PyList_Size(mirror_list) != 0 && PyList_Size(mirror_list) != n)) {
        PyErr_SetString(PyExc_ValueError, "the mirror is [] or a permutation of the n rows");
        return NULL;
    }
    if (PyList_Size(mirror_list) == n) {
        char hit[MAX_ORDER] = {0};
        for (int r = 0; r < n; r++) {
            long v = PyLong_AsLong(PyList_GetItem(mirror_list, r));
            if (v == -1 && PyErr_Occurred()) {
                return NULL;
            }
            if (v < 0 || v >= n || hit[v]) {
                PyErr_SetString(PyExc_ValueError,
                                "the mirror is [] or a permutation of the n rows");
                return NULL;
            }
            hit[v] = 1;
            mirror[r] = (int)v;
        }
        mirrored = 1;
    }
    int cube = n * n * n;
    int image[MAX_ORDER * MAX_ORDER * MAX_ORDER];
    char seen[MAX_ORDER * MAX_ORDER * MAX_ORDER];
    memset(seen, 0, sizeof seen);
    if (!PyList_Check(image_list) || PyList_Size(image_list) != cube) {
        PyErr_SetString(PyExc_ValueError, "the image is a list of n ** 3 triples");
        return NULL;
    }
    for (int t = 0; t < cube; t++) {
        long v = PyLong_AsLong(PyList_GetItem(image_list, t));
        if (v == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (v < 0 || v >= cube || seen[v]) {
            PyErr_SetString(PyExc_ValueError, "the image is no permutation of the triples");
            return NULL;
        }
        seen[v] = 1;
        image[t] = (int)v;
    }
    if (!PyList_Check(blocks_list) || !PyList_Check(rows_list) ||
        PyList_Size(rows_list) != PyList_Size(blocks_list) || PyList_Size(blocks_list) < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "the blocks are a list of lists of cells, with a row set each");
        return NULL;
    }
    int count = (int)PyList_Size(blocks_list);
    if (split < 0 || split >= count) {
        PyErr_SetString(PyExc_ValueError, "the split is 0 .. the blocks - 1");
        return NULL;
    }
    int *cells = malloc(sizeof(int) * (size_t)(n * n));
    int *starts = malloc(sizeof(int) * (size_t)(count + 1));
    uint32_t *rows = malloc(sizeof(uint32_t) * (size_t)count);
    if (cells == NULL || starts == NULL || rows == NULL) {
        free(cells);
        free(starts);
        free(rows);
        return PyErr_NoMemory();
    }
    int placed = 0;
    char covered[MAX_ORDER * MAX_ORDER];
    memset(covered, 0, sizeof covered);
    for (int b = 0; b < count; b++) {
        starts[b] = placed;
        long mask = PyLong_AsLong(PyList_GetItem(rows_list, b));
        if (mask == -1 && PyErr_Occurred()) {
            goto fail;
        }
        if (mask < 0 || mask >= (1L << n)) {
            PyErr_SetString(PyExc_ValueError, "a row set is a mask of n bits");
            goto fail;
        }
        rows[b] = (uint32_t)mask;
        PyObject *block = PyList_GetItem(blocks_list, b);
        if (!PyList_Check(block)) {
            PyErr_SetString(PyExc_ValueError, "a block is a list of cells");
            goto fail;
        }
        for (Py_ssize_t k = 0; k < PyList_Size(block); k++) {
            long cell = PyLong_AsLong(PyList_GetItem(block, k));
            if (cell == -1 && PyErr_Occurred()) {
                goto fail;
            }
            if (cell < 0 || cell >= n * n || covered[cell]) {
                PyErr_SetString(PyExc_ValueError, "the blocks list each cell once");
                goto fail;
            }
            covered[cell] = 1;
            cells[placed++] = (int)cell;
        }
    }
    starts[count] = placed;
    if (placed != n * n) {
        PyErr_SetString(PyExc_ValueError, "the blocks list each cell once");
        goto fail;
    }
    prepare(&ctx, image);

    table_t first, second = {NULL, 0, 0};
    pairs_t empty = {0, 0, 0};
    int status = 0;
    if (table_init(&first, 16) < 0 || (split && table_init(&second, 16) < 0)) {
        free(first.slots);
        free(cells);
        free(starts);
        free(rows);
        return PyErr_NoMemory();
    }
    table_add(&first, empty, 1);
    ctx.thread = PyEval_SaveThread();
    if (split == 0) {
        status = run(&ctx, cells, starts, rows, 0, count, &first, 0);
    }
    else {
        /* meet in the middle: the squares of the blocks before the split and after it, from
         * nothing each (the caller's orbits stay on one side), matched by their pairs */
        table_add(&second, empty, 1);
        status = run(&ctx, cells, starts, rows, 0, split, &first, 1);
        if (status == 0 && first.size > 0 && !mirrored) { /* nothing before: nothing to match */
            status = run(&ctx, cells, starts, rows, split, count, &second, 1);
        }
        table_t *other = mirrored ? &first : &second;
        uint64_t full = n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (n * n)) - 1;
        for (size_t i = 0; status == 0 && i < first.room; i++) {
            if (!first.slots[i].used) {
                continue;
            }
            pairs_t k = first.slots[i].key;
            pairs_t want = {full ^ k.rc, full ^ k.rs, full ^ k.cs};
            if (mirrored) { /* the other side's rows are the mirror of this side's */
                want = mirror_rows(n, want, mirror);
            }
            size_t mask = other->room - 1;
            size_t j = (size_t)hash(want) & mask;
            while (other->slots[j].used) {
                pairs_t h = other->slots[j].key;
                if (h.rc == want.rc && h.rs == want.rs && h.cs == want.cs) {
                    ctx.total += first.slots[i].ways * other->slots[j].ways;
                    break;
                }
                j = (j + 1) & mask;
            }
        }
        free(first.slots);
        free(second.slots);
    }
    PyEval_RestoreThread(ctx.thread);
    free(cells);
    free(starts);
    free(rows);
    if (ctx.failed) {
        return NULL;
    }
    if (ctx.no_memory) {
        return PyErr_NoMemory();
    }
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(ctx.total >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)ctx.total);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = (high && shift) ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *result = (shifted && low) ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    if (result == NULL) {
        return NULL;
    }
    return Py_BuildValue("NK", result, (unsigned long long)ctx.states);

fail:
    free(cells);
    free(starts);
    free(rows);
    return NULL;
}

static PyMethodDef autotopism_methods[] = {
    {"count_fixed", autotopism_count_fixed, METH_VARARGS,
     "count_fixed(n, image, blocks, rows, split, mirror, check) -> (squares, states)\n\n"
     "The number of Latin squares of order n (n <= 8) that the permutation `image` of the n ** 3 "
     "triples (row n^2 + column n + symbol) maps to themselves, filled block by block (`blocks`: "
     "lists of cells row n + column, each cell once), and the most states one table held. "
     "rows: for each block, a mask of the rows that may be put in any order after it, each "
     "with its column (the count does not change). split > 0: count the blocks before it and "
     "from it apart and match them (the orbits of each side's cells stay on it); with mirror "
     "(a permutation of the rows, else []), the side from the split is not counted but read "
     "from the first with its rows so moved. "
     "check(states) is called now and then and raises to stop."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef autotopism_module = {
    PyModuleDef_HEAD_INIT, "_autotopism",
    "The Latin squares that a paratopism fixes, counted (officers.latin.burnside).",
    -1, autotopism_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__autotopism(void)
{
    PyObject *module = PyModule_Create(&autotopism_module);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "ABI", ABI) < 0 ||
        PyModule_AddIntConstant(module, "MAX_ORDER", MAX_ORDER) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
