/* officers.euler.solve._cover: the search of officers.euler.solve.exact, compiled.
 *
 * The same exact cover, the same propagation and the same symmetry as the Python search of
 * officers/euler/solve/exact.py (whose docstrings explain them); only the bitsets are arrays of 64-bit
 * words instead of Python ints, and each constraint keeps the words where it has options, so
 * that counting a constraint's live options reads a few words, not all of them.
 *
 * Bits: options 0 .. O-1, then one sentinel bit per constraint, O .. O+C-1. A constraint is done
 * when its sentinel is gone (an option doing it was placed: that option's conflict holds the
 * sentinel), dead when its sentinel is the only bit left, forced when one option is left.
 *
 * The module is optional: officers/euler/solve/exact.py runs the same search in Python without it,
 * and the tests hold the two to the same counts. Python's limited API (3.11), one build for
 * every later version. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;
typedef unsigned __int128 count_t;

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && defined(__linux__) && \
    defined(__GLIBC__) && !defined(__clang__)
/* The machine's popcnt instruction where it has one (every x86-64 since about 2008), chosen
 * when the module loads (an ifunc of glibc's loader); the portable code elsewhere. */
#define FAST __attribute__((target_clones("popcnt", "default")))
#else
#define FAST
#endif

#define POPCOUNT(x) __builtin_popcountll(x)
#define CHECK_EVERY 32 /* nodes between two calls of the check */

typedef struct {
    int32_t n_words; /* words where the constraint has options or its sentinel */
    int32_t first;   /* its words: spans[first .. first + n_words) */
} span_list;

typedef struct {
    int32_t at; /* word index */
    word bits;  /* the constraint's bits in that word */
} span;

typedef struct {
    int n;                 /* the order */
    int options;           /* O */
    int constraints;       /* C */
    int words;             /* W: words of a bitset of O + C bits */
    word *conflict;        /* O x W: what placing an option rules out (itself and sentinels too) */
    word *option_bits;     /* W: the option bits (no sentinels) */
    word *marks;           /* O: row, column, first and second symbol of each option */
    span_list *lists;      /* C */
    span *spans;           /* the words of every constraint, one after another */
    uint64_t all_touched;  /* every row, column and symbol */
    PyObject *check;       /* called every CHECK_EVERY nodes; raises to stop */
    long nodes;
} problem;

typedef struct {
    int option;
    count_t times;
} child;

static void
problem_free(problem *p)
{
    free(p->conflict);
    free(p->option_bits);
    free(p->marks);
    free(p->lists);
    free(p->spans);
}

/* The problem from the numbered options: starts[o] .. starts[o + 1] index the constraints
 * option o does in items. Returns 0, or -1 with a Python exception set. */
static int
problem_build(problem *p, int n, int options, int constraints, const int32_t *starts,
              const int32_t *items, const uint64_t *marks, PyObject *check)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    p->options = options;
    p->constraints = constraints;
    p->words = (options + constraints + 63) / 64;
    p->check = check;
    p->all_touched = (n >= 16) ? ~(uint64_t)0 : (((uint64_t)1 << (4 * n)) - 1);
    size_t W = (size_t)p->words;
    word *dense = calloc((size_t)constraints * W + 1, sizeof(word));
    p->conflict = calloc((size_t)options * W + 1, sizeof(word));
    p->option_bits = calloc(W + 1, sizeof(word));
    p->marks = malloc(((size_t)options + 1) * sizeof(word));
    p->lists = calloc((size_t)constraints + 1, sizeof(span_list));
    if (!dense || !p->conflict || !p->option_bits || !p->marks || !p->lists) {
        free(dense);
        problem_free(p);
        PyErr_NoMemory();
        return -1;
    }
    for (int o = 0; o < options; o++) {
        p->option_bits[o >> 6] |= (word)1 << (o & 63);
        p->marks[o] = marks[o];
        for (int32_t k = starts[o]; k < starts[o + 1]; k++) {
            int32_t c = items[k];
            dense[(size_t)c * W + (size_t)(o >> 6)] |= (word)1 << (o & 63);
        }
    }
    size_t total = 0;
    for (int c = 0; c < constraints; c++) {
        int s = options + c;
        dense[(size_t)c * W + (size_t)(s >> 6)] |= (word)1 << (s & 63);
        for (size_t w = 0; w < W; w++) {
            total += dense[(size_t)c * W + w] != 0;
        }
    }
    p->spans = malloc((total + 1) * sizeof(span));
    if (!p->spans) {
        free(dense);
        problem_free(p);
        PyErr_NoMemory();
        return -1;
    }
    int32_t at = 0;
    for (int c = 0; c < constraints; c++) {
        p->lists[c].first = at;
        for (size_t w = 0; w < W; w++) {
            word bits = dense[(size_t)c * W + w];
            if (bits) {
                p->spans[at].at = (int32_t)w;
                p->spans[at].bits = bits;
                at++;
            }
        }
        p->lists[c].n_words = at - p->lists[c].first;
    }
    for (int o = 0; o < options; o++) {
        word *row = p->conflict + (size_t)o * W;
        for (int32_t k = starts[o]; k < starts[o + 1]; k++) {
            const word *mask = dense + (size_t)items[k] * W;
            for (size_t w = 0; w < W; w++) {
                row[w] |= mask[w];
            }
        }
    }
    free(dense);
    return 0;
}

/* The live options of constraint c (its sentinel left out), at most `most`; their number. */
static int
live_options(const problem *p, const word *alive, int c, int *out, int most)
{
    const span *s = p->spans + p->lists[c].first;
    int found = 0;
    for (int32_t i = 0; i < p->lists[c].n_words; i++) {
        word x = alive[s[i].at] & s[i].bits & p->option_bits[s[i].at];
        while (x) {
            int bit = __builtin_ctzll(x);
            x &= x - 1;
            if (found < most) {
                out[found] = s[i].at * 64 + bit;
            }
            found++;
        }
    }
    return found;
}

/* The live bits of constraint c, its sentinel included. */
FAST static int
live_count(const problem *p, const word *alive, int c)
{
    const span *s = p->spans + p->lists[c].first;
    int k = 0;
    for (int32_t i = 0; i < p->lists[c].n_words; i++) {
        k += POPCOUNT(alive[s[i].at] & s[i].bits);
    }
    return k;
}

static inline int
is_open(const problem *p, const word *alive, int c)
{
    int s = p->options + c;
    return (int)(alive[s >> 6] >> (s & 63) & 1);
}

/* alive &= ~(the options, other than the `k` chosen ones, that every one of them rules out);
 * whether it dropped any. */
static int
drop_common(const problem *p, word *alive, const int *chosen, int k)
{
    size_t W = (size_t)p->words;
    const word *a = p->conflict + (size_t)chosen[0] * W;
    const word *b = p->conflict + (size_t)chosen[1] * W;
    const word *c = k == 3 ? p->conflict + (size_t)chosen[2] * W : NULL;
    for (int i = 0; i < k; i++) { /* out of the way while the common part is taken */
        alive[chosen[i] >> 6] &= ~((word)1 << (chosen[i] & 63));
    }
    word any = 0;
    for (size_t w = 0; w < W && !any; w++) {
        word common = a[w] & b[w] & alive[w] & p->option_bits[w];
        any = c ? common & c[w] : common;
    }
    if (any) {
        for (size_t w = 0; w < W; w++) {
            word common = a[w] & b[w] & p->option_bits[w];
            alive[w] &= ~(c ? common & c[w] : common);
        }
    }
    for (int i = 0; i < k; i++) {
        alive[chosen[i] >> 6] |= (word)1 << (chosen[i] & 63);
    }
    return any != 0;
}

static inline void
place(const problem *p, word *alive, uint64_t *touched, int option)
{
    size_t W = (size_t)p->words;
    const word *rule = p->conflict + (size_t)option * W;
    for (size_t w = 0; w < W; w++) {
        alive[w] &= ~rule[w];
    }
    *touched |= p->marks[option];
}

/* Propagate as exact.py's _settle does. Returns the constraint to branch on, -1 when none is
 * open (a finished square), -2 when a constraint is dead; *fewest its live bits. With `placed`
 * non-null, each forced option is also written at placed[(*n_placed)++] (a listing keeps them). */
FAST static int
settle(const problem *p, word *alive, uint64_t *touched, int *fewest, int *placed, int *n_placed)
{
    int changed = 1, best = -1;
    int chosen[3];
    while (changed) {
        changed = 0;
        best = -1;
        *fewest = 1 << 30;
        for (int c = 0; c < p->constraints; c++) {
            if (!is_open(p, alive, c)) {
                continue;
            }
            int k = live_count(p, alive, c);
            if (k > 4) {
                if (k < *fewest) {
                    best = c;
                    *fewest = k;
                }
            }
            else if (k == 4 || k == 3) { /* three or two options: drop what all rule out */
                live_options(p, alive, c, chosen, 3);
                if (drop_common(p, alive, chosen, k - 1)) {
                    changed = 1;
                }
                else if (*fewest > k) {
                    best = c;
                    *fewest = k;
                }
            }
            else if (k == 2) { /* forced */
                live_options(p, alive, c, chosen, 1);
                place(p, alive, touched, chosen[0]);
                if (placed) {
                    placed[(*n_placed)++] = chosen[0];
                }
                changed = 1;
            }
            else {
                return -2; /* its sentinel alone: dead */
            }
        }
    }
    return best;
}

/* The number of classes of symmetric options among constraint c's live options (options whose
 * touched coordinates agree), and with `out` non-null the classes: one option and the size of
 * each, in the order of their first options. */
static int
classes(const problem *p, const word *alive, uint64_t touched, int c, child *out, int *options)
{
    int k = live_options(p, alive, c, options, p->n * p->n);
    uint64_t keys[256 * 2];
    int found = 0;
    for (int i = 0; i < k; i++) {
        uint64_t key = touched & p->marks[options[i]];
        int j = 0;
        while (j < found && keys[j] != key) {
            j++;
        }
        if (j == found) {
            keys[found] = key;
            if (out) {
                out[found].option = options[i];
                out[found].times = 1;
            }
            found++;
        }
        else if (out) {
            out[j].times++;
        }
    }
    return found;
}

/* exact.py's _fewest_classes: the open constraint with the fewest classes (then fewest
 * options, then first), looking at constraints by fewest options first. */
static int
fewest_classes(const problem *p, const word *alive, uint64_t touched, int *sizes, int *order,
               int *bucket, int *options)
{
    int n = p->n;
    int free_count[4];
    for (int kind = 0; kind < 4; kind++) {
        uint64_t part = touched >> (n * kind) & (((uint64_t)1 << n) - 1);
        int f = n - POPCOUNT(part);
        free_count[kind] = f < 1 ? 1 : f;
    }
    /* the two largest, multiplied */
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            if (free_count[j] > free_count[i]) {
                int t = free_count[i];
                free_count[i] = free_count[j];
                free_count[j] = t;
            }
        }
    }
    long most = (long)free_count[0] * free_count[1];
    int limit = n * n;
    /* counting sort of the open constraints by live options, stable */
    memset(bucket, 0, (size_t)(limit + 2) * sizeof(int));
    int open_count = 0;
    for (int c = 0; c < p->constraints; c++) {
        if (!is_open(p, alive, c)) {
            sizes[c] = -1;
            continue;
        }
        int k = live_count(p, alive, c) - 1;
        sizes[c] = k;
        bucket[k + 1]++;
        open_count++;
    }
    for (int k = 1; k <= limit + 1; k++) {
        bucket[k] += bucket[k - 1];
    }
    for (int c = 0; c < p->constraints; c++) {
        if (sizes[c] >= 0) {
            order[bucket[sizes[c]]++] = c;
        }
    }
    int best = -1;
    long fewest = 1L << 30, fewest_k = 0;
    for (int i = 0; i < open_count; i++) {
        int c = order[i];
        long k = sizes[c];
        if (k < 1) {
            continue;
        }
        if ((k + most - 1) / most >= fewest) {
            break;
        }
        long size = classes(p, alive, touched, c, NULL, options);
        if (size < fewest || (size == fewest && k < fewest_k)) {
            best = c;
            fewest = size;
            fewest_k = k;
        }
    }
    return best;
}

typedef struct {
    word *alive;      /* the node's live bits, settled */
    uint64_t touched; /* the node's touched rows, columns and symbols */
    count_t weight;   /* how many covers the node stands for (symmetry) */
    child *children;  /* its children: one option per class */
    int n_children;
    int next;        /* the next child to try */
    int *placed;     /* the options placed at the node: its parent's choice and the forced ones,
                      * in placed_store right after its parent's */
    int n_placed;
} frame;

/* A depth-first search that can stop after a number of covers and go on later. */
typedef struct {
    problem p;
    int depth_most;
    frame *frames;
    word *alive_store;
    child *child_store;
    int *placed_store; /* the options placed on the path from the root, frame after frame */
    int *sizes, *order, *bucket, *options;
    int d;        /* the current depth; -1 when the search is over */
    int entering; /* frames[d] is a new node, not yet settled */
    int checked;  /* the check has run for that node */
    int listing;  /* keep the options placed (to list the covers), or only count */
    int busy;     /* running: a check that asks the same search for more is refused */
} search;

static void
search_free(search *s)
{
    problem_free(&s->p);
    free(s->frames);
    free(s->alive_store);
    free(s->child_store);
    free(s->placed_store);
    free(s->sizes);
    free(s->order);
    free(s->bucket);
    free(s->options);
}

/* Set up the search of the problem (built in s->p) from its root. 0, or -1 with MemoryError.
 *
 * Each option placed on a path closes an open constraint (its conflict holds the constraint's
 * sentinel) and leaves the live options (it rules itself out), so a path places at most
 * min(O, C) options and is at most that many nodes deep below the root, whatever the matrix. */
static int
search_start(search *s, uint64_t touched0, int listing)
{
    problem *p = &s->p;
    int n2 = p->n * p->n;
    size_t W = (size_t)p->words;
    int most_placed = p->options < p->constraints ? p->options : p->constraints;
    s->depth_most = most_placed + 2;
    s->listing = listing;
    s->frames = calloc((size_t)s->depth_most, sizeof(frame));
    s->alive_store = malloc(((size_t)s->depth_most * W + 1) * sizeof(word));
    s->child_store = malloc(((size_t)s->depth_most * (size_t)n2 + 1) * sizeof(child));
    s->placed_store = malloc(((size_t)most_placed + 1) * sizeof(int));
    s->sizes = malloc(((size_t)p->constraints + 1) * sizeof(int));
    s->order = malloc(((size_t)p->constraints + 1) * sizeof(int));
    s->bucket = malloc(((size_t)n2 + 3) * sizeof(int));
    s->options = malloc(((size_t)n2 + 1) * sizeof(int));
    if (!s->frames || !s->alive_store || !s->child_store || !s->placed_store || !s->sizes ||
        !s->order || !s->bucket || !s->options) {
        PyErr_NoMemory();
        return -1;
    }
    for (int d = 0; d < s->depth_most; d++) {
        s->frames[d].alive = s->alive_store + (size_t)d * W;
        s->frames[d].children = s->child_store + (size_t)d * (size_t)n2;
    }
    memset(s->frames[0].alive, 0, W * sizeof(word));
    for (int b = 0; b < p->options + p->constraints; b++) {
        s->frames[0].alive[b >> 6] |= (word)1 << (b & 63);
    }
    s->frames[0].touched = touched0;
    s->frames[0].weight = 1;
    s->frames[0].placed = s->placed_store;
    s->frames[0].n_placed = 0;
    s->d = 0;
    s->entering = 1;
    return 0;
}

enum { STEP_DONE, STEP_CHECK, STEP_LEAF, STEP_OVERFLOW };

/* Search on until something needs Python: the search is over (STEP_DONE), the check is due
 * (STEP_CHECK: call it, then go on), a listing found a cover (STEP_LEAF: it is frames[0] ..
 * frames[d + 1]'s placed options), or a weight overflowed (STEP_OVERFLOW). Counting adds the
 * covers' weights to *total. No Python API in here: it runs without the GIL. */
static int
search_steps(search *s, count_t *total)
{
    problem *p = &s->p;
    size_t W = (size_t)p->words;
    while (s->d >= 0) {
        frame *f = s->frames + s->d;
        if (s->entering) {
            if (!s->checked && ++p->nodes % CHECK_EVERY == 0) {
                s->checked = 1; /* this node again, once the check has run */
                return STEP_CHECK;
            }
            s->checked = 0;
            s->entering = 0;
            int fewest;
            int best = settle(p, f->alive, &f->touched, &fewest, s->listing ? f->placed : NULL,
                              &f->n_placed);
            f->n_children = 0;
            f->next = 0;
            if (best == -2) {
                s->d--;
                continue;
            }
            if (best == -1) {
                s->d--;
                if (s->listing) {
                    return STEP_LEAF;
                }
                if (__builtin_add_overflow(*total, f->weight, total)) {
                    return STEP_OVERFLOW;
                }
                continue;
            }
            if (f->touched != p->all_touched) {
                best = fewest_classes(p, f->alive, f->touched, s->sizes, s->order, s->bucket,
                                      s->options);
            }
            f->n_children = classes(p, f->alive, f->touched, best, f->children, s->options);
        }
        if (f->next == f->n_children) {
            s->d--;
            continue;
        }
        child *ch = f->children + f->next++;
        frame *g = f + 1;
        memcpy(g->alive, f->alive, W * sizeof(word));
        g->touched = f->touched;
        place(p, g->alive, &g->touched, ch->option);
        if (__builtin_mul_overflow(f->weight, ch->times, &g->weight)) {
            return STEP_OVERFLOW;
        }
        g->placed = f->placed + f->n_placed;
        g->placed[0] = ch->option;
        g->n_placed = 1;
        s->d++;
        s->entering = 1;
    }
    return STEP_DONE;
}

/* The cover just found by a listing (see STEP_LEAF), as a list of option numbers. */
static PyObject *
found_cover(const search *s)
{
    PyObject *cover = PyList_New(0);
    if (cover == NULL) {
        return NULL;
    }
    for (int e = 0; e <= s->d + 1; e++) {
        for (int i = 0; i < s->frames[e].n_placed; i++) {
            PyObject *number = PyLong_FromLong(s->frames[e].placed[i]);
            if (number == NULL || PyList_Append(cover, number) < 0) {
                Py_XDECREF(number);
                Py_DECREF(cover);
                return NULL;
            }
            Py_DECREF(number);
        }
    }
    return cover;
}

/* Run the search until it ends or, when listing, until `room` more covers are found (each
 * appended to `out`). The GIL is let go while it searches, and taken back for the check (every
 * CHECK_EVERY nodes) and for each cover listed. Returns 0, or -1 with a Python exception set. */
static int
search_run(search *s, count_t *total, PyObject *out, Py_ssize_t room)
{
    for (;;) {
        PyThreadState *state = PyEval_SaveThread();
        int step = search_steps(s, total);
        PyEval_RestoreThread(state);
        if (step == STEP_DONE) {
            return 0;
        }
        if (step == STEP_OVERFLOW) {
            PyErr_SetString(PyExc_OverflowError, "the count does not fit in 128 bits");
            return -1;
        }
        if (step == STEP_CHECK) {
            if (PyErr_CheckSignals() < 0) {
                return -1;
            }
            PyObject *r = PyObject_CallObject(s->p.check, NULL);
            if (r == NULL) {
                return -1;
            }
            Py_DECREF(r);
            continue;
        }
        PyObject *cover = found_cover(s);
        if (cover == NULL) {
            return -1;
        }
        int failed = PyList_Append(out, cover) < 0;
        Py_DECREF(cover);
        if (failed) {
            return -1;
        }
        if (--room == 0) {
            return 0;
        }
    }
}

static PyObject *
from_count(count_t value)
{
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(value >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)value);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *result = NULL;
    if (high && low && shift) {
        PyObject *shifted = PyNumber_Lshift(high, shift);
        if (shifted) {
            result = PyNumber_Or(shifted, low);
            Py_DECREF(shifted);
        }
    }
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    return result;
}

/* A bytes argument as an array of `count` items of `size` bytes, checked. */
static const void *
array_of(PyObject *bytes, Py_ssize_t count, Py_ssize_t size, const char *name)
{
    if (!PyBytes_Check(bytes)) {
        PyErr_Format(PyExc_TypeError, "%s: bytes expected", name);
        return NULL;
    }
    if (PyBytes_Size(bytes) != count * size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes expected, got %zd", name, count * size,
                     PyBytes_Size(bytes));
        return NULL;
    }
    return PyBytes_AsString(bytes);
}

/* 0 when no constraint is done by more than n * n options, else -1 with ValueError. An option
 * that names a constraint twice counts once. */
static int
most_per_constraint(int n, int options, int constraints, const int32_t *starts,
                    const int32_t *items)
{
    int *seen = calloc((size_t)constraints + 1, sizeof(int));
    int *last = malloc(((size_t)constraints + 1) * sizeof(int));
    int status = 0;
    if (!seen || !last) {
        PyErr_NoMemory();
        status = -1;
    }
    for (int c = 0; status == 0 && c < constraints; c++) {
        last[c] = -1;
    }
    for (int o = 0; status == 0 && o < options; o++) {
        for (int32_t k = starts[o]; k < starts[o + 1]; k++) {
            int32_t c = items[k];
            if (last[c] != o) {
                last[c] = o;
                if (++seen[c] > n * n) {
                    PyErr_Format(PyExc_ValueError,
                                 "constraint %d is done by more than %d options (order %d)", c,
                                 n * n, n);
                    status = -1;
                    break;
                }
            }
        }
    }
    free(seen);
    free(last);
    return status;
}

/* The problem from the arguments (n, options, constraints, starts, items, marks, check), all
 * checked. 0, or -1 with a Python exception set. */
static int
problem_from(problem *p, int n, int options, int constraints, PyObject *starts_b,
             PyObject *items_b, PyObject *marks_b, PyObject *check)
{
    if (n < 1 || n > 15 || options < 0 || constraints < 0 || options > n * n * n * n ||
        constraints > 6 * n * n + 4 * n) {
        PyErr_SetString(PyExc_ValueError, "an order 1-15 and a matrix of that order expected");
        return -1;
    }
    if (!PyCallable_Check(check)) {
        PyErr_SetString(PyExc_TypeError, "check must be callable");
        return -1;
    }
    const int32_t *starts = array_of(starts_b, (Py_ssize_t)options + 1, 4, "starts");
    if (!starts) {
        return -1;
    }
    Py_ssize_t n_items = PyBytes_Check(items_b) ? PyBytes_Size(items_b) / 4 : 0;
    const int32_t *items = array_of(items_b, n_items, 4, "items");
    if (!items) {
        return -1;
    }
    const uint64_t *marks = array_of(marks_b, options, 8, "marks");
    if (!marks) {
        return -1;
    }
    if (starts[0] != 0 || starts[options] != n_items) {
        PyErr_SetString(PyExc_ValueError, "starts do not index items");
        return -1;
    }
    for (int o = 0; o < options; o++) {
        if (starts[o + 1] < starts[o]) {
            PyErr_SetString(PyExc_ValueError, "starts must not decrease");
            return -1;
        }
    }
    for (Py_ssize_t k = 0; k < n_items; k++) {
        if (items[k] < 0 || items[k] >= constraints) {
            PyErr_SetString(PyExc_ValueError, "an item is not a constraint");
            return -1;
        }
    }
    /* at most n * n options a constraint (a cell's values, a value's cells, a line's n cells
     * and n other symbols): the size of a node's children and of the scratch lists */
    if (most_per_constraint(n, options, constraints, starts, items) < 0) {
        return -1;
    }
    return problem_build(p, n, options, constraints, starts, items, marks, check);
}

static PyObject *
cover_count(PyObject *self, PyObject *args)
{
    (void)self;
    int n, options, constraints;
    unsigned long long touched;
    PyObject *starts_b, *items_b, *marks_b, *check;
    if (!PyArg_ParseTuple(args, "iiiOOOKO:count", &n, &options, &constraints, &starts_b,
                          &items_b, &marks_b, &touched, &check)) {
        return NULL;
    }
    search s;
    memset(&s, 0, sizeof s);
    if (problem_from(&s.p, n, options, constraints, starts_b, items_b, marks_b, check) < 0) {
        return NULL;
    }
    count_t total = 0;
    int status = search_start(&s, (uint64_t)touched, 0);
    if (status == 0) {
        status = search_run(&s, &total, NULL, 0);
    }
    search_free(&s);
    return status < 0 ? NULL : from_count(total);
}

/* A listing between two calls of more(): a capsule that owns the search and a reference to its
 * check. The garbage collector does not see into a capsule, so a check that refers to its own
 * search (a cycle) keeps both alive; officers.euler.solve.exact passes checks that do not. */
#define CAPSULE "officers.euler.solve._cover.search"

static void
capsule_free(PyObject *capsule)
{
    search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) {
        Py_XDECREF(s->p.check);
        search_free(s);
        free(s);
    }
}

static PyObject *
cover_covers(PyObject *self, PyObject *args)
{
    (void)self;
    int n, options, constraints;
    PyObject *starts_b, *items_b, *marks_b, *check;
    if (!PyArg_ParseTuple(args, "iiiOOOO:covers", &n, &options, &constraints, &starts_b,
                          &items_b, &marks_b, &check)) {
        return NULL;
    }
    search *s = calloc(1, sizeof(search));
    if (s == NULL) {
        return PyErr_NoMemory();
    }
    if (problem_from(&s->p, n, options, constraints, starts_b, items_b, marks_b, check) < 0) {
        free(s);
        return NULL;
    }
    if (search_start(s, s->p.all_touched, 1) < 0) {
        search_free(s);
        free(s);
        return NULL;
    }
    Py_INCREF(check);
    PyObject *capsule = PyCapsule_New(s, CAPSULE, capsule_free);
    if (capsule == NULL) {
        Py_DECREF(check);
        search_free(s);
        free(s);
    }
    return capsule;
}

static PyObject *
cover_more(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    Py_ssize_t room;
    if (!PyArg_ParseTuple(args, "On:more", &capsule, &room)) {
        return NULL;
    }
    if (!PyCapsule_IsValid(capsule, CAPSULE)) {
        PyErr_SetString(PyExc_TypeError, "more: a search made by covers() expected");
        return NULL;
    }
    search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s == NULL) {
        return NULL;
    }
    if (room < 1) {
        PyErr_SetString(PyExc_ValueError, "more: room for at least one cover");
        return NULL;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_ValueError, "more: the search is already running");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        return NULL;
    }
    s->busy = 1;
    int status = search_run(s, NULL, out, room);
    s->busy = 0;
    if (status < 0) {
        s->d = -1; /* a search stopped by an error is over */
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyMethodDef cover_methods[] = {
    {"count", cover_count, METH_VARARGS,
     "count(n, options, constraints, starts, items, marks, touched, check) -> int\n\n"
     "The number of exact covers, one option per class of symmetric options "
     "(officers.euler.solve.exact builds the arguments)."},
    {"covers", cover_covers, METH_VARARGS,
     "covers(n, options, constraints, starts, items, marks, check) -> search\n\n"
     "A search of every exact cover, depth first, not started: see more()."},
    {"more", cover_more, METH_VARARGS,
     "more(search, room) -> list[list[int]]\n\n"
     "The next covers of the search (at most room; fewer only when it is over), each as the "
     "numbers of its options."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cover_module = {
    PyModuleDef_HEAD_INIT, "_cover", "The exact cover search of officers.euler.solve.exact, compiled.",
    -1, cover_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__cover(void)
{
    PyObject *module = PyModule_Create(&cover_module);
    if (module != NULL && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
