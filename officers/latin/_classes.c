/* The canonical form of a Latin rectangle under isotopy and the children of one parent in the
 * generation of the classes of Latin squares (officers.latin.listing), compiled.
 *
 * A rectangle is k rows of n symbols (n <= MAX_ORDER), row-major, one byte a cell. The form is
 * the one of officers.latin.listing._form (and of officers.latin.canonical.isotopy_form for a
 * square): the ordered pairs of rows whose permutation has the least key (the number of
 * layouts of its cycles, then the cycle lengths), narrowed by the sorted keys of each row's
 * pairs; each laid out in every way (the cycles of equal length in any order, each from any of
 * its points, the shortest first); the symbols numbered along the first row of the pair, the
 * rows in the order of their first symbol; the least rectangle so made, and how many layouts
 * make it (the autotopisms).
 */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ABI 1
#define MAX_ORDER 10
#define KEYLEN (MAX_ORDER + 1)

typedef unsigned char cell;

typedef struct {
    int64_t v[KEYLEN]; /* layouts, then the cycle lengths, then zeros */
} key_t_;

typedef struct {
    int count;
    int len[MAX_ORDER];
    cell pts[MAX_ORDER][MAX_ORDER];
} cycles_t;

static int key_cmp(const key_t_ *a, const key_t_ *b)
{
    for (int i = 0; i < KEYLEN; i++) {
        if (a->v[i] != b->v[i]) {
            return a->v[i] < b->v[i] ? -1 : 1;
        }
    }
    return 0;
}

static int64_t factorial(int m)
{
    int64_t f = 1;
    for (int i = 2; i <= m; i++) {
        f *= i;
    }
    return f;
}

/* The cycles of perm (each from its least point, found in order of that point), sorted by
 * length (stable), and the key. */
static void cycles_of(const cell *perm, int n, cycles_t *cy, key_t_ *key)
{
    int seen = 0;
    cycles_t raw;
    raw.count = 0;
    for (int s = 0; s < n; s++) {
        if (seen & (1 << s)) {
            continue;
        }
        int len = 0;
        int p = s;
        while (!(seen & (1 << p))) {
            seen |= 1 << p;
            raw.pts[raw.count][len++] = (cell)p;
            p = perm[p];
        }
        raw.len[raw.count++] = len;
    }
    /* stable sort by length: by counting over lengths */
    cycles_t sorted;
    sorted.count = 0;
    for (int l = 1; l <= n; l++) {
        for (int i = 0; i < raw.count; i++) {
            if (raw.len[i] == l) {
                sorted.len[sorted.count] = l;
                memcpy(sorted.pts[sorted.count], raw.pts[i], (size_t)l);
                sorted.count++;
            }
        }
    }
    memset(key, 0, sizeof *key);
    int64_t ways = 1;
    for (int i = 0; i < sorted.count;) {
        int j = i;
        while (j < sorted.count && sorted.len[j] == sorted.len[i]) {
            j++;
        }
        int m = j - i;
        int64_t p = 1;
        for (int t = 0; t < m; t++) {
            p *= sorted.len[i];
        }
        ways *= factorial(m) * p;
        i = j;
    }
    key->v[0] = ways;
    for (int i = 0; i < sorted.count; i++) {
        key->v[1 + i] = sorted.len[i];
    }
    if (cy != NULL) {
        *cy = sorted;
    }
}

/* The key of rows a and b: the permutation c -> where_a[row_b[c]]. */
static void pair_key(const cell *row_b, const cell *where_a, int n, cycles_t *cy, key_t_ *key)
{
    cell perm[MAX_ORDER];
    for (int c = 0; c < n; c++) {
        perm[c] = where_a[row_b[c]];
    }
    cycles_of(perm, n, cy, key);
}

typedef struct {
    int n, k;
    const cell *rect;
    const cell *row_a;
    cycles_t cy;
    int group_start[MAX_ORDER + 1]; /* cycle index where each group of equal lengths starts */
    int groups;
    cell columns[MAX_ORDER];
    cell best[MAX_ORDER * MAX_ORDER];
    int have_best;
    int64_t hits;
} layout_t;

static void try_layout(layout_t *L)
{
    int n = L->n, k = L->k;
    cell label[MAX_ORDER];
    cell made[MAX_ORDER * MAX_ORDER];
    int slot[MAX_ORDER];
    for (int j = 0; j < n; j++) {
        label[L->row_a[L->columns[j]]] = (cell)j;
    }
    for (int s = 0; s < n; s++) {
        slot[s] = -1;
    }
    for (int r = 0; r < k; r++) {
        slot[label[L->rect[r * n + L->columns[0]]]] = r;
    }
    int out = 0;
    for (int s = 0; s < n; s++) {
        if (slot[s] < 0) {
            continue;
        }
        const cell *old = L->rect + slot[s] * n;
        for (int c = 0; c < n; c++) {
            made[out * n + c] = label[old[L->columns[c]]];
        }
        out++;
    }
    if (!L->have_best) {
        memcpy(L->best, made, (size_t)(k * n));
        L->have_best = 1;
        L->hits = 1;
        return;
    }
    int cmp = memcmp(made, L->best, (size_t)(k * n));
    if (cmp < 0) {
        memcpy(L->best, made, (size_t)(k * n));
        L->hits = 1;
    } else if (cmp == 0) {
        L->hits++;
    }
}

/* Lay out the cycles of group g from position pos (columns filled so far), used: the cycles
 * of the group laid out already. */
static void lay(layout_t *L, int g, int used, int pos)
{
    if (g == L->groups) {
        try_layout(L);
        return;
    }
    int first = L->group_start[g], last = L->group_start[g + 1];
    int all = (1 << (last - first)) - 1;
    if (used == all) {
        lay(L, g + 1, 0, pos);
        return;
    }
    for (int i = first; i < last; i++) {
        if (used & (1 << (i - first))) {
            continue;
        }
        int len = L->cy.len[i];
        for (int shift = 0; shift < len; shift++) {
            for (int t = 0; t < len; t++) {
                L->columns[pos + t] = L->cy.pts[i][(t + shift) % len];
            }
            lay(L, g, used | (1 << (i - first)), pos + len);
        }
    }
}

static int cmp_key_qsort(const void *a, const void *b)
{
    return key_cmp((const key_t_ *)a, (const key_t_ *)b);
}

/* The form of rect (k rows, n symbols) into out, and the number of autotopisms. */
static int64_t form_of(const cell *rect, int k, int n, cell *out)
{
    if (k == 1) {
        for (int c = 0; c < n; c++) {
            out[c] = (cell)c;
        }
        return factorial(n);
    }
    cell where[MAX_ORDER][MAX_ORDER];
    for (int r = 0; r < k; r++) {
        for (int c = 0; c < n; c++) {
            where[r][rect[r * n + c]] = (cell)c;
        }
    }
    key_t_ keys[MAX_ORDER][MAX_ORDER];
    key_t_ least;
    int have = 0;
    for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
            if (a == b) {
                continue;
            }
            pair_key(rect + b * n, where[a], n, NULL, &keys[a][b]);
            if (!have || key_cmp(&keys[a][b], &least) < 0) {
                least = keys[a][b];
                have = 1;
            }
        }
    }
    int pa[MAX_ORDER * MAX_ORDER], pb[MAX_ORDER * MAX_ORDER], np = 0;
    for (int a = 0; a < k; a++) {
        for (int b = 0; b < k; b++) {
            if (a != b && key_cmp(&keys[a][b], &least) == 0) {
                pa[np] = a;
                pb[np] = b;
                np++;
            }
        }
    }
    if (np > 1) {
        key_t_ profile[MAX_ORDER][MAX_ORDER];
        int in_pairs = 0;
        for (int i = 0; i < np; i++) {
            in_pairs |= (1 << pa[i]) | (1 << pb[i]);
        }
        for (int r = 0; r < k; r++) {
            if (!(in_pairs & (1 << r))) {
                continue;
            }
            int m = 0;
            for (int x = 0; x < k; x++) {
                if (x != r) {
                    profile[r][m++] = keys[r][x];
                }
            }
            qsort(profile[r], (size_t)m, sizeof(key_t_), cmp_key_qsort);
        }
        int m = k - 1;
        int bi = 0;
        int keep[MAX_ORDER * MAX_ORDER], nk = 0;
        for (int i = 0; i < np; i++) {
            int c = 0;
            if (i > 0) {
                for (int t = 0; t < m && c == 0; t++) {
                    c = key_cmp(&profile[pa[i]][t], &profile[pa[bi]][t]);
                }
                for (int t = 0; t < m && c == 0; t++) {
                    c = key_cmp(&profile[pb[i]][t], &profile[pb[bi]][t]);
                }
            }
            if (i == 0 || c < 0) {
                bi = i;
                nk = 0;
                keep[nk++] = i;
            } else if (c == 0) {
                keep[nk++] = i;
            }
        }
        for (int i = 0; i < nk; i++) {
            pa[i] = pa[keep[i]];
            pb[i] = pb[keep[i]];
        }
        np = nk;
    }
    layout_t L;
    L.n = n;
    L.k = k;
    L.rect = rect;
    L.have_best = 0;
    L.hits = 0;
    for (int i = 0; i < np; i++) {
        key_t_ unused;
        L.row_a = rect + pa[i] * n;
        pair_key(rect + pb[i] * n, where[pa[i]], n, &L.cy, &unused);
        L.groups = 0;
        for (int c = 0; c < L.cy.count; c++) {
            if (c == 0 || L.cy.len[c] != L.cy.len[c - 1]) {
                L.group_start[L.groups++] = c;
            }
        }
        L.group_start[L.groups] = L.cy.count;
        lay(&L, 0, 0, 0);
    }
    memcpy(out, L.best, (size_t)(k * n));
    return L.hits;
}

/* Whether a pair of rows with a row from k on has a key below least. */
static int below(const cell *rect, int rows, int k, int n, const key_t_ *least)
{
    for (int x = k; x < rows; x++) {
        cell where_x[MAX_ORDER];
        for (int c = 0; c < n; c++) {
            where_x[rect[x * n + c]] = (cell)c;
        }
        for (int y = 0; y < x; y++) {
            key_t_ key;
            pair_key(rect + y * n, where_x, n, NULL, &key);
            if (key_cmp(&key, least) < 0) {
                return 1;
            }
        }
    }
    return 0;
}

typedef struct {
    int n, k, rows;
    cell grid[MAX_ORDER * MAX_ORDER];
    int used[MAX_ORDER]; /* symbols of each column */
    int starts[MAX_ORDER];
    const cell *parent;
    key_t_ least;
    int has_least;
    int64_t tried;
    /* kept and refused forms of this parent */
    cell *seen;
    int64_t *hits; /* > 0: kept with these autotopisms; 0: refused */
    Py_ssize_t nseen, capseen;
    int failed;
} grow_t;

static int remember(grow_t *G, const cell *form, int64_t hits)
{
    int size = G->rows * G->n;
    if (G->nseen == G->capseen) {
        Py_ssize_t cap = G->capseen ? 2 * G->capseen : 64;
        cell *s = realloc(G->seen, (size_t)(cap * size));
        if (s == NULL) {
            return -1;
        }
        G->seen = s;
        int64_t *h = realloc(G->hits, (size_t)cap * sizeof(int64_t));
        if (h == NULL) {
            return -1;
        }
        G->hits = h;
        G->capseen = cap;
    }
    memcpy(G->seen + G->nseen * size, form, (size_t)size);
    G->hits[G->nseen++] = hits;
    return 0;
}

static void consider(grow_t *G)
{
    int n = G->n, k = G->k, rows = G->rows, size = rows * n;
    G->tried++;
    if (G->has_least && below(G->grid, rows, k, n, &G->least)) {
        return;
    }
    cell form[MAX_ORDER * MAX_ORDER];
    int64_t hits = form_of(G->grid, rows, n, form);
    for (Py_ssize_t i = 0; i < G->nseen; i++) {
        if (memcmp(G->seen + i * size, form, (size_t)size) == 0) {
            return;
        }
    }
    cell up[MAX_ORDER * MAX_ORDER];
    form_of(form, k, n, up);
    int kept = memcmp(up, G->parent, (size_t)(k * n)) == 0;
    if (remember(G, form, kept ? hits : 0) < 0) {
        G->failed = 1;
    }
}

static void fill(grow_t *G, int r, int c, int in_row, int least);

static void next_row(grow_t *G, int r, int least)
{
    if (G->failed) {
        return;
    }
    if (r == G->rows) {
        consider(G);
        return;
    }
    if (G->rows == G->n) {
        int s = G->starts[r - G->k];
        G->grid[r * G->n] = (cell)s;
        G->used[0] |= 1 << s;
        fill(G, r, 1, 1 << s, least);
        G->used[0] &= ~(1 << s);
    } else {
        fill(G, r, 0, 0, least);
    }
}

static void fill(grow_t *G, int r, int c, int in_row, int least)
{
    int n = G->n;
    if (c == n) {
        next_row(G, r + 1, G->grid[r * n] + 1);
        return;
    }
    int free = ((1 << n) - 1) & ~in_row & ~G->used[c];
    while (free) {
        int s = __builtin_ctz((unsigned)free);
        free &= free - 1;
        if (c == 0 && s < least) {
            continue;
        }
        G->grid[r * n + c] = (cell)s;
        G->used[c] |= 1 << s;
        fill(G, r, c + 1, in_row | (1 << s), least);
        G->used[c] &= ~(1 << s);
    }
}

/* Whether size cells make k = size / n rows of a Latin rectangle of order n (n <= MAX_ORDER). */
static int latin_ok(const char *data, Py_ssize_t size, int n)
{
    int k = (int)(size / n);
    int column[MAX_ORDER] = {0};
    for (int r = 0; r < k; r++) {
        int row = 0;
        for (int c = 0; c < n; c++) {
            unsigned s = (unsigned char)data[r * n + c];
            if (s >= (unsigned)n || (row & (1 << s)) || (column[c] & (1 << s))) {
                return 0;
            }
            row |= 1 << s;
            column[c] |= 1 << s;
        }
    }
    return 1;
}

static int read_rect(PyObject *args, const char **data, Py_ssize_t *size, int *n)
{
    if (!PyArg_ParseTuple(args, "y#i", data, size, n)) {
        return -1;
    }
    if (*n < 1 || *n > MAX_ORDER || *size % *n != 0 || *size / *n > *n || *size == 0) {
        PyErr_SetString(PyExc_ValueError, "a rectangle is 1 to n rows of n cells, n <= 10");
        return -1;
    }
    if (!latin_ok(*data, *size, *n)) {
        PyErr_SetString(PyExc_ValueError, "not a Latin rectangle: a symbol out of range or twice");
        return -1;
    }
    return 0;
}

static PyObject *classes_form(PyObject *self, PyObject *args)
{
    (void)self;
    const char *data;
    Py_ssize_t size;
    int n;
    if (read_rect(args, &data, &size, &n) < 0) {
        return NULL;
    }
    cell out[MAX_ORDER * MAX_ORDER];
    int64_t hits = form_of((const cell *)data, (int)(size / n), n, out);
    return Py_BuildValue("(y#L)", (const char *)out, size, (long long)hits);
}

static PyObject *classes_children(PyObject *self, PyObject *args)
{
    (void)self;
    const char *data;
    Py_ssize_t size;
    int n, rows;
    if (!PyArg_ParseTuple(args, "y#ii", &data, &size, &n, &rows)) {
        return NULL;
    }
    if (n < 2 || n > MAX_ORDER || size % n != 0 || size / n > n || size == 0 ||
        rows <= size / n || rows > n) {
        PyErr_SetString(PyExc_ValueError, "a parent of k rows of n cells and k < rows <= n");
        return NULL;
    }
    if (!latin_ok(data, size, n)) {
        PyErr_SetString(PyExc_ValueError, "not a Latin rectangle: a symbol out of range or twice");
        return NULL;
    }
    grow_t G;
    memset(&G, 0, sizeof G);
    G.n = n;
    G.k = (int)(size / n);
    G.rows = rows;
    G.parent = (const cell *)data;
    memcpy(G.grid, data, (size_t)size);
    for (int r = 0; r < G.k; r++) {
        for (int c = 0; c < n; c++) {
            G.used[c] |= 1 << G.grid[r * n + c];
        }
    }
    int m = 0;
    for (int s = 0; s < n; s++) {
        if (!(G.used[0] & (1 << s))) {
            G.starts[m++] = s;
        }
    }
    if (G.k >= 2) {
        cell where[MAX_ORDER][MAX_ORDER];
        for (int r = 0; r < G.k; r++) {
            for (int c = 0; c < n; c++) {
                where[r][G.grid[r * n + c]] = (cell)c;
            }
        }
        for (int a = 0; a < G.k; a++) {
            for (int b = a + 1; b < G.k; b++) {
                key_t_ key;
                pair_key(G.grid + b * n, where[a], n, NULL, &key);
                if (!G.has_least || key_cmp(&key, &G.least) < 0) {
                    G.least = key;
                    G.has_least = 1;
                }
            }
        }
    }
    Py_BEGIN_ALLOW_THREADS
    next_row(&G, G.k, 0);
    Py_END_ALLOW_THREADS
    if (G.failed) {
        free(G.seen);
        free(G.hits);
        return PyErr_NoMemory();
    }
    PyObject *kept = PyList_New(0);
    int cells = rows * n;
    for (Py_ssize_t i = 0; kept != NULL && i < G.nseen; i++) {
        if (G.hits[i] == 0) {
            continue;
        }
        PyObject *item = Py_BuildValue("(y#L)", (const char *)(G.seen + i * cells),
                                       (Py_ssize_t)cells, (long long)G.hits[i]);
        if (item == NULL || PyList_Append(kept, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(kept);
            break;
        }
        Py_DECREF(item);
    }
    free(G.seen);
    free(G.hits);
    if (kept == NULL) {
        return NULL;
    }
    return Py_BuildValue("(NL)", kept, (long long)G.tried);
}

static PyMethodDef classes_methods[] = {
    {"form", classes_form, METH_VARARGS,
     "form(cells, n) -> (form, autotopisms)\n\n"
     "The canonical form under isotopy of a Latin rectangle of order n (bytes, row-major)."},
    {"children", classes_children, METH_VARARGS,
     "children(parent, n, rows) -> ([(form, autotopisms), ...], tried)\n\n"
     "The classes of rectangles of `rows` rows whose canonical parent is `parent` (a form of k "
     "rows), each once, and the number of candidates tried."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef classes_module = {
    PyModuleDef_HEAD_INIT, "_classes",
    "The canonical form of a Latin rectangle and the children of a parent "
    "(officers.latin.listing).",
    -1, classes_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__classes(void)
{
    PyObject *module = PyModule_Create(&classes_module);
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
