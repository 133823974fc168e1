/* officers.eightoff._search: the searches of officers.eightoff.solve_search, compiled.
 *
 * The same best-first search as best_first() there with its default priority, on the same
 * positions, moves and reductions, each proved in officers/eightoff/solve.py: a position is
 * kept by its key (the columns sorted and joined with 0xFF, 0xFE, the cells' cards sorted),
 * the cards that are safe to play go to their foundations at once (settling), one empty cell
 * and one empty column are tried as targets, no card moves from a cell to a cell and no whole
 * column to an empty column. The moves of a node are made in the order of Game._options, its
 * children weighed by Game.greedy plus their moves from the start, and the frontier is taken
 * lowest first, ties to the child made first: so the search expands the nodes the Python
 * search expands, in the same order, and finds the same win (the tests hold the two to that).
 *
 * What it keeps differs in kind, not in content: each key met is stored once in an arena of
 * bytes (its length, then the key), and a record holds where, the index of the record it was
 * reached from, the move and its depth; a table of open addressing (linear probing, at most
 * three quarters full) maps keys to records, each slot holding the key's 32-bit hash and the
 * record's index, so that a probe reads a record only when the hashes match (and then compares
 * the whole key: a hash never decides); the frontier is a binary heap of 64-bit words,
 * priority then record index (the index is the order in which the children were made, the
 * tie-break of the Python search). About 100 bytes a position, where the Python search takes
 * some 270 (8 more a position for each further scan of a portfolio, below); max_states
 * bounds the records as it bounds the Python search's dictionary, and a
 * failed allocation ends the search as "unknown", "memory".
 *
 * A portfolio (scans 2 or 3): the scans share the store and take turns of `quota` expansions,
 * `first` first, each from its own frontier ordered by its own priority (scan 0 this search's,
 * 1 depth first, 2 greedy alone; priority_of()). Every record stored is pushed on every
 * frontier and expanded once, by the scan that pops it first; the others pass over it (the
 * record's flag). So when one frontier runs empty every record stored has been popped from it,
 * each expanded: every key reachable was met and the answer "unsolvable" is as exact as with
 * one scan. A win is found by whichever scan reaches it, read back through the shared records;
 * when one order is misled, another often finds a win at once. The cost: a word a position in
 * each frontier, and with one scan (the default) nothing changes.
 *
 * search() runs without the GIL. Every CHECK_EVERY expansions it looks at the clock (the time
 * limit: "unknown", "time"); every GIL_EVERY expansions it takes the GIL back for a moment to
 * look at Python's signals (a handler that raises, as Ctrl-C's does, stops it with that
 * exception) and to call the cancel callable, when there is one (a true answer: "unknown",
 * "cancelled"). Everything it uses belongs to the call: several threads may search at once.
 *
 * A win comes back as moves by card, (card, count, target) with target a card or -1 (a
 * foundation), -2 (a cell), -3 (an empty column), from the settled start;
 * officers/eightoff/solve.py turns them into moves by place and replays them under the rules,
 * written apart from both searches, before it answers.
 *
 * astar() is the A* of astar() there, for the fewest moves: the same moves made in the same
 * order, each child's moves from the start g (one a move, one each card settling plays), the
 * same bound (lower_bound(): Game.lower_bound, admissible and consistent, proved in
 * officers/eightoff/solve.py), and the frontier taken in the order of the Python search's
 * tuples (f = g + bound, -g, the pushes so far): so it expands the nodes the Python A*
 * expands, in the same order, and finds the same win. It shares the store: a record's depth is
 * its g, and a key reached by fewer moves than its record holds takes the new parent, move and
 * g in place; its frontier is a binary heap of (order, record) entries, 16 bytes, where an
 * entry whose g is above its record's is stale and passed over when popped (as the Python
 * search does). The first won node popped is reached by the fewest moves. max_states bounds
 * the records as for the decision search (about 100 bytes a position in all), the clock, the
 * signals and the cancel callable are looked at as there.
 *
 * The module is optional: officers/eightoff/solve_search.py runs the same searches in Python
 * without it. Python's limited API (3.11), one build for every later version. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ABI 2
#define CHECK_EVERY 256  /* expansions between two looks at the clock (as the Python search) */
#define GIL_EVERY 1024   /* expansions between two looks at the signals and the cancel callable */
#define MAX_COLUMNS 16
#define MAX_CELLS 8
#define KEY_MAX (52 + MAX_COLUMNS + 1) /* the cards, a separator after each column */
#define COLUMN_SEP 0xFF
#define CELL_SEP 0xFE
#define FOUNDATION (-1)
#define CELL (-2)
#define EMPTY (-3)
#define BIAS 0x100000 /* added to a priority to make it a positive number in the heap */
#define MOST_STATES 0x7FFFFFFF
#define MAX_SCANS 3
#define DEEP 0x3FFFF /* the depths the depth-first scan tells apart */
#define LEVEL 0x1FFF /* the greedy scores it tells apart at one depth */
/* The weights of Game.greedy */
#define HOME_WEIGHT 4
#define ABOVE_WEIGHT 8
#define CELL_WEIGHT 6
#define BURIED_WEIGHT 4
#define BLOCKED_WEIGHT 6
#define DISORDER_WEIGHT 2
#define EMPTY_WEIGHT (-12)

enum { SEQ_CELLS = 0, SEQ_FREECELL = 1, SEQ_ONE = 2 };
enum { GOING = 0, WON = 1, LOST = 2, OUT_OF_TIME = 3, OUT_OF_MEMORY = 4, CANCELLED = 5, RAISED = 6 };

/* The variant as tables. */
typedef struct {
    int columns, cells, suited, kings_only, sequence;
    int8_t parents[52][2]; /* the cards a card may be placed on (-1: none) */
    int8_t children[52][2]; /* the cards that may be placed on a card (-1: none) */
    uint8_t fits[52][52];  /* fits[card][below]: card may lie on below */
} rules;

/* A position being expanded or made: each column a stretch of bytes somewhere (the parent's
 * key, or a scratch buffer), the cells' cards sorted, the foundations. */
typedef struct {
    const uint8_t *col[MAX_COLUMNS];
    uint8_t len[MAX_COLUMNS];
    uint8_t cells[MAX_CELLS];
    int used; /* full cells */
    uint8_t found[4];
} node;

/* A key met: where its bytes are in the arena, the key it was reached from and the move. */
typedef struct {
    uint64_t at;
    uint32_t parent;
    uint32_t depth;
    uint8_t card, count;
    int8_t target;
    uint8_t expanded; /* by one of the scans (with several, a record sits in each frontier) */
} record;

/* An entry of A*'s frontier: its order (lower first) and its record. */
typedef struct {
    uint64_t order;
    uint32_t index;
} entry;

typedef struct {
    rules r;
    uint8_t *arena;
    uint64_t arena_used, arena_size;
    record *records;
    uint32_t n_records, records_size, max_states;
    uint64_t *slots; /* a record's hash << 32 | its index + 1; 0: free */
    uint64_t n_slots; /* a power of 2 */
    uint64_t *heaps[MAX_SCANS]; /* a frontier for each scan */
    uint64_t heap_used[MAX_SCANS], heap_size[MAX_SCANS];
    int scans; /* how many scans share the store: 1 is best_first() itself */
    int first; /* the scan that takes the first turn */
    int quota; /* the expansions of a turn */
    double deadline; /* seconds of the monotonic clock, or 0: none */
    PyObject *cancel; /* a callable or NULL */
    PyThreadState *thread;
    uint32_t won; /* the record of the won child */
    int fewest; /* 1: A* (astar()), the records' depth is the moves from the start */
    entry *open; /* A*'s frontier */
    uint64_t open_used, open_size;
    uint64_t pushes; /* A*'s tie-break: the pushes so far */
} search;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- the rules ---------------------------------------------------------------------------- */

static int
red(int suit)
{
    return suit == 1 || suit == 2;
}

static void
rules_make(rules *r, int columns, int cells, int suited, int kings_only, int sequence)
{
    memset(r, 0, sizeof *r);
    r->columns = columns;
    r->cells = cells;
    r->suited = suited;
    r->kings_only = kings_only;
    r->sequence = sequence;
    for (int card = 0; card < 52; card++) {
        int suit = card / 13, rank = card % 13, n = 0, m = 0;
        r->parents[card][0] = r->parents[card][1] = -1;
        r->children[card][0] = r->children[card][1] = -1;
        for (int s = 0; s < 4; s++) { /* ascending suits: the order of the Python tables */
            int ok = suited ? s == suit : red(s) != red(suit);
            if (!ok) {
                continue;
            }
            if (rank < 12) {
                r->parents[card][n++] = (int8_t)(13 * s + rank + 1);
                r->fits[card][13 * s + rank + 1] = 1;
            }
            if (rank > 0) {
                r->children[card][m++] = (int8_t)(13 * s + rank - 1);
            }
        }
    }
}

static int
capacity(const rules *r, int free_cells, int empty_columns)
{
    if (r->sequence == SEQ_ONE) {
        return 1;
    }
    if (r->sequence == SEQ_CELLS) {
        return 1 + free_cells;
    }
    return (1 + free_cells) << empty_columns;
}

/* Whether every card that may be placed on `card` is on its foundation. */
static int
safe(const rules *r, int card, const uint8_t *found)
{
    for (int i = 0; i < 2; i++) {
        int c = r->children[card][i];
        if (c >= 0 && found[c / 13] <= c % 13) {
            return 0;
        }
    }
    return 1;
}

/* Play the safe cards to their foundations until none is left (Game.settled): only the next
 * card of a foundation may go, so look at those four, among the exposed cards and the cells. */
static void
settle(const rules *r, node *n)
{
    int8_t top_of[52];
    memset(top_of, -1, sizeof top_of);
    for (int i = 0; i < r->columns; i++) {
        if (n->len[i]) {
            top_of[n->col[i][n->len[i] - 1]] = (int8_t)i;
        }
    }
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int suit = 0; suit < 4; suit++) {
            while (n->found[suit] < 13) {
                int card = 13 * suit + n->found[suit];
                if (!r->suited && !safe(r, card, n->found)) {
                    break;
                }
                int index = top_of[card];
                if (index >= 0) {
                    top_of[card] = -1;
                    int left = --n->len[index];
                    if (left) {
                        top_of[n->col[index][left - 1]] = (int8_t)index;
                    }
                } else {
                    int at = 0;
                    while (at < n->used && n->cells[at] != card) {
                        at++;
                    }
                    if (at == n->used) {
                        break;
                    }
                    memmove(n->cells + at, n->cells + at + 1, (size_t)(n->used - at - 1));
                    n->used--;
                }
                n->found[suit]++;
                progress = 1;
            }
        }
    }
}

static int
column_less(const node *n, int a, int b)
{
    int la = n->len[a], lb = n->len[b];
    int c = memcmp(n->col[a], n->col[b], (size_t)(la < lb ? la : lb));
    return c < 0 || (c == 0 && la < lb);
}

/* Sort the columns as Python sorts bytes, then write the key; its length. */
static int
key_of(const rules *r, node *n, uint8_t *key)
{
    for (int i = 1; i < r->columns; i++) { /* insertion sort: few columns, nearly sorted */
        for (int j = i; j > 0 && column_less(n, j, j - 1); j--) {
            const uint8_t *p = n->col[j];
            uint8_t l = n->len[j];
            n->col[j] = n->col[j - 1];
            n->len[j] = n->len[j - 1];
            n->col[j - 1] = p;
            n->len[j - 1] = l;
        }
    }
    int k = 0;
    for (int i = 0; i < r->columns; i++) {
        if (i) {
            key[k++] = COLUMN_SEP;
        }
        memcpy(key + k, n->col[i], n->len[i]);
        k += n->len[i];
    }
    key[k++] = CELL_SEP;
    memcpy(key + k, n->cells, (size_t)n->used);
    return k + n->used;
}

/* The node of a key the search made (sorted, settled, checked): its columns point into it. */
static void
node_of(const rules *r, const uint8_t *key, int length, node *n)
{
    uint8_t low[4] = {13, 13, 13, 13};
    int c = 0, start = 0, k = 0;
    for (; key[k] != CELL_SEP; k++) {
        if (key[k] == COLUMN_SEP) {
            n->col[c] = key + start;
            n->len[c++] = (uint8_t)(k - start);
            start = k + 1;
        } else if (key[k] % 13 < low[key[k] / 13]) {
            low[key[k] / 13] = key[k] % 13;
        }
    }
    n->col[c] = key + start;
    n->len[c] = (uint8_t)(k - start);
    (void)r;
    n->used = 0;
    for (k++; k < length; k++) {
        n->cells[n->used++] = key[k];
        if (key[k] % 13 < low[key[k] / 13]) {
            low[key[k] / 13] = key[k] % 13;
        }
    }
    memcpy(n->found, low, 4);
}

/* Game.greedy: lower first, a guess at the work left (the weights are the Python search's). */
static int
greedy(const rules *r, const node *n)
{
    int score = 0, above = 0, played = 0;
    for (int s = 0; s < 4; s++) {
        played += n->found[s];
    }
    for (int i = 0; i < r->columns; i++) {
        const uint8_t *col = n->col[i];
        int size = n->len[i];
        if (!size) {
            score += EMPTY_WEIGHT;
            continue;
        }
        uint8_t low[4] = {13, 13, 13, 13};
        int blocked = 0, disorder = 0, buried = 0, previous = -1;
        for (int d = 0; d < size; d++) {
            int card = col[d], suit = card / 13, rank = card % 13;
            if (previous >= 0 && !r->fits[card][previous]) {
                disorder++;
                buried = d;
            }
            if (low[suit] < rank) {
                blocked++;
            } else if (rank < low[suit]) {
                low[suit] = (uint8_t)rank;
            }
            if (n->found[suit] == rank) { /* the next card of its foundation */
                above += size - 1 - d;
            }
            previous = card;
        }
        score += BLOCKED_WEIGHT * blocked + DISORDER_WEIGHT * disorder + BURIED_WEIGHT * buried;
    }
    return score + HOME_WEIGHT * (52 - played) + CELL_WEIGHT * n->used + ABOVE_WEIGHT * above;
}

/* ---- the store: arena, records, table, heap --------------------------------------------- */

static uint32_t
hash_of(const uint8_t *key, int length)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)length;
    int i = 0;
    for (; i + 8 <= length; i += 8) { /* eight bytes at a time, then the rest */
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    for (; i < length; i++) {
        h = (h ^ key[i]) * 0x100000001B3ull;
    }
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 32;
    return (uint32_t)h;
}

static void
search_free(search *s)
{
    free(s->arena);
    free(s->records);
    free(s->slots);
    for (int i = 0; i < MAX_SCANS; i++) {
        free(s->heaps[i]);
    }
    free(s->open);
}

/* Double the table; 0, or -1 out of memory. */
static int
table_grow(search *s)
{
    uint64_t size = s->n_slots ? 2 * s->n_slots : 1 << 12;
    uint64_t *slots = calloc(size, sizeof *slots);
    if (!slots) {
        return -1;
    }
    for (uint64_t i = 0; i < s->n_slots; i++) {
        uint64_t slot = s->slots[i];
        if (slot) {
            uint64_t at = (slot >> 32) & (size - 1);
            while (slots[at]) {
                at = (at + 1) & (size - 1);
            }
            slots[at] = slot;
        }
    }
    free(s->slots);
    s->slots = slots;
    s->n_slots = size;
    return 0;
}

/* Store a key not met before: 1 new, 0 met before, -1 out of memory. */
static int
store(search *s, const uint8_t *key, int length, uint32_t parent, uint32_t depth, int card,
      int count, int target, uint32_t *where)
{
    uint32_t h = hash_of(key, length);
    uint64_t at = h & (s->n_slots - 1);
    for (uint64_t slot; (slot = s->slots[at]) != 0; at = (at + 1) & (s->n_slots - 1)) {
        if ((uint32_t)(slot >> 32) == h) {
            const record *e = s->records + (uint32_t)slot - 1;
            if (s->arena[e->at] == length &&
                memcmp(s->arena + e->at + 1, key, (size_t)length) == 0) {
                *where = (uint32_t)slot - 1;
                return 0;
            }
        }
    }
    if (s->n_records == s->records_size) {
        uint32_t size = s->records_size ? s->records_size * 2 : 1 << 12;
        record *grown = realloc(s->records, (size_t)size * sizeof *grown);
        if (!grown) {
            return -1;
        }
        s->records = grown;
        s->records_size = size;
    }
    if (s->arena_used + (uint64_t)length + 1 > s->arena_size) {
        uint64_t size = s->arena_size ? s->arena_size * 2 : 1 << 16;
        uint8_t *grown = realloc(s->arena, size);
        if (!grown) {
            return -1;
        }
        s->arena = grown;
        s->arena_size = size;
    }
    record *e = s->records + s->n_records;
    e->at = s->arena_used;
    e->parent = parent;
    e->depth = depth;
    e->card = (uint8_t)card;
    e->count = (uint8_t)count;
    e->target = (int8_t)target;
    e->expanded = 0;
    s->arena[s->arena_used] = (uint8_t)length;
    memcpy(s->arena + s->arena_used + 1, key, (size_t)length);
    s->arena_used += (uint64_t)length + 1;
    *where = s->n_records;
    s->slots[at] = (uint64_t)h << 32 | ++s->n_records;
    if (4 * (uint64_t)s->n_records >= 3 * s->n_slots && table_grow(s) < 0) {
        return -1;
    }
    return 1;
}

/* Push a record on the frontier of scan `h` with its priority (lower first; ties to the record
 * made first). 0, or -1 out of memory. */
static int
push(search *s, int h, uint32_t priority, uint32_t index)
{
    if (s->heap_used[h] == s->heap_size[h]) {
        uint64_t size = s->heap_size[h] ? 2 * s->heap_size[h] : 1 << 12;
        uint64_t *grown = realloc(s->heaps[h], size * sizeof *grown);
        if (!grown) {
            return -1;
        }
        s->heaps[h] = grown;
        s->heap_size[h] = size;
    }
    uint64_t *heap = s->heaps[h];
    uint64_t item = ((uint64_t)priority << 32) | index;
    uint64_t i = s->heap_used[h]++;
    while (i > 0 && heap[(i - 1) / 2] > item) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = item;
    return 0;
}

static uint32_t
pop(search *s, int h)
{
    uint64_t *heap = s->heaps[h];
    uint64_t top = heap[0], last = heap[--s->heap_used[h]], i = 0, n = s->heap_used[h];
    for (;;) {
        uint64_t child = 2 * i + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && heap[child + 1] < heap[child]) {
            child++;
        }
        if (heap[child] >= last) {
            break;
        }
        heap[i] = heap[child];
        i = child;
    }
    if (n) {
        heap[i] = last;
    }
    return (uint32_t)top;
}

/* The priority of a node in the frontier of scan `h`, from its depth and Game.greedy. Scan 0
 * is best_first()'s: the depth plus greedy. Scan 1 goes depth first: the deepest node first,
 * at one depth the lowest greedy. Scan 2 is greedy alone. */
static uint32_t
priority_of(int h, uint32_t depth, int score)
{
    if (h == 1) {
        int level = score + LEVEL / 2;
        level = level < 0 ? 0 : level > LEVEL ? LEVEL : level;
        return (uint32_t)(DEEP - (depth < DEEP ? depth : DEEP)) << 13 | (uint32_t)level;
    }
    return (uint32_t)((h == 0 ? (int)depth : 0) + score + BIAS);
}

/* Push a new record on every scan's frontier: 0, or -1 out of memory. */
static int
push_all(search *s, uint32_t depth, int score, uint32_t index)
{
    for (int h = 0; h < s->scans; h++) {
        if (push(s, h, priority_of(h, depth, score), index) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ---- the search -------------------------------------------------------------------------- */

/* The node after a move from `parent`, settled when the move may let a card go home (as
 * Game.grow and Game.grow_shortest make it): written to `n`, its column that took the run in
 * `joined`. Whether it was settled. */
static int
moved(const rules *r, const node *parent, int card, int count, int target, int source,
      int destination, node *out, uint8_t *joined)
{
    node n = *parent;
    const uint8_t *run;
    int exposed = -1;
    if (source >= 0) {
        int left = n.len[source] - count;
        run = n.col[source] + left;
        n.len[source] = (uint8_t)left;
        if (left) {
            exposed = n.col[source][left - 1];
        }
    } else {
        int at = 0;
        while (n.cells[at] != card) {
            at++;
        }
        memmove(n.cells + at, n.cells + at + 1, (size_t)(n.used - at - 1));
        n.used--;
        run = parent->cells + at;
    }
    if (target == CELL) {
        int at = n.used;
        while (at > 0 && n.cells[at - 1] > card) {
            n.cells[at] = n.cells[at - 1];
            at--;
        }
        n.cells[at] = (uint8_t)card;
        n.used++;
    } else if (target != FOUNDATION) {
        memcpy(joined, n.col[destination], n.len[destination]);
        memcpy(joined + n.len[destination], run, (size_t)count);
        n.col[destination] = joined;
        n.len[destination] = (uint8_t)(n.len[destination] + count);
    }
    int settling = target == FOUNDATION ||
                   (exposed >= 0 && n.found[exposed / 13] == exposed % 13 &&
                    (r->suited || safe(r, exposed, n.found)));
    if (settling) {
        if (target == FOUNDATION) {
            n.found[card / 13]++;
        }
        settle(r, &n);
    }
    *out = n;
    return settling;
}

/* The child of `parent` after a move (Game.grow): stored and pushed when new. GOING, WON or
 * OUT_OF_MEMORY. */
static int
child(search *s, const node *parent, uint32_t index, uint32_t depth, int card, int count,
      int target, int source, int destination)
{
    const rules *r = &s->r;
    node n;
    uint8_t joined[53], key[KEY_MAX];
    int settling = moved(r, parent, card, count, target, source, destination, &n, joined);
    int length = key_of(r, &n, key);
    uint32_t where;
    int stored = store(s, key, length, index, depth, card, count, target, &where);
    if (stored <= 0) {
        return stored < 0 ? OUT_OF_MEMORY : GOING;
    }
    if (settling && n.found[0] + n.found[1] + n.found[2] + n.found[3] == 52) {
        s->won = s->n_records - 1;
        return WON;
    }
    if (s->n_records >= s->max_states) {
        return OUT_OF_MEMORY;
    }
    if (push_all(s, depth, greedy(r, &n), s->n_records - 1) < 0) {
        return OUT_OF_MEMORY;
    }
    return GOING;
}

/* ---- A*: the fewest moves ----------------------------------------------------------------- */

/* Game.lower_bound: the cards off their foundations plus, for each column, its segments (its
 * longest stretches of cards each lying on a card it may lie on) that hold a blocked card (one
 * with a lower card of its suit deeper in the column); admissible and consistent, proved in
 * officers/eightoff/solve.py. */
static int
lower_bound(const rules *r, const node *n)
{
    int bound = 52 - n->found[0] - n->found[1] - n->found[2] - n->found[3];
    for (int i = 0; i < r->columns; i++) {
        const uint8_t *col = n->col[i];
        uint8_t low[4] = {13, 13, 13, 13};
        int previous = -1, counted = 0;
        for (int d = 0; d < n->len[i]; d++) {
            int card = col[d], suit = card / 13, rank = card % 13;
            if (previous >= 0 && !r->fits[card][previous]) {
                counted = 0; /* a new segment */
            }
            if (low[suit] < rank) {
                if (!counted) {
                    bound++;
                    counted = 1;
                }
            } else if (rank < low[suit]) {
                low[suit] = (uint8_t)rank;
            }
            previous = card;
        }
    }
    return bound;
}

#define ASTAR_MOST 0xFFFF /* the largest f and g the order of A*'s frontier holds */
#define ASTAR_TIES 0xFFFFFFFFull /* the most pushes its tie-break tells apart */

/* Push record `index`, `g` moves from the start, on A*'s frontier with f = g + bound; the order
 * is astar()'s tuple (f, -g, tie): the lowest f first, then the deepest, then the first pushed.
 * 0, or -1 out of memory (or past the order's range, which no game of 52 cards reaches). */
static int
open_push(search *s, uint32_t index, uint32_t g, int bound)
{
    uint64_t f = (uint64_t)g + (uint64_t)bound;
    if (f > ASTAR_MOST || s->pushes > ASTAR_TIES) {
        return -1;
    }
    if (s->open_used == s->open_size) {
        uint64_t size = s->open_size ? 2 * s->open_size : 1 << 12;
        entry *grown = realloc(s->open, size * sizeof *grown);
        if (!grown) {
            return -1;
        }
        s->open = grown;
        s->open_size = size;
    }
    entry item = {f << 48 | (uint64_t)(ASTAR_MOST - g) << 32 | s->pushes++, index};
    entry *heap = s->open;
    uint64_t i = s->open_used++;
    while (i > 0 && heap[(i - 1) / 2].order > item.order) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = item;
    return 0;
}

static entry
open_pop(search *s)
{
    entry *heap = s->open;
    entry top = heap[0], last = heap[--s->open_used];
    uint64_t i = 0, n = s->open_used;
    for (;;) {
        uint64_t child = 2 * i + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && heap[child + 1].order < heap[child].order) {
            child++;
        }
        if (heap[child].order >= last.order) {
            break;
        }
        heap[i] = heap[child];
        i = child;
    }
    if (n) {
        heap[i] = last;
    }
    return top;
}

/* The child of `parent` (record `index`, `g` moves from the start) after a move, as
 * Game.grow_shortest makes it: its moves from the start are g + 1 + the cards settling played;
 * a key met before by as few moves is left, one met by more takes this parent, move and g (the
 * record keeps its place), a new one is stored; either goes on the frontier. GOING or
 * OUT_OF_MEMORY (the table full, as the Python search's). */
static int
astar_child(search *s, const node *parent, uint32_t index, uint32_t g, int card, int count,
            int target, int source, int destination)
{
    const rules *r = &s->r;
    node n;
    uint8_t joined[53], key[KEY_MAX];
    moved(r, parent, card, count, target, source, destination, &n, joined);
    int played = n.found[0] + n.found[1] + n.found[2] + n.found[3] - parent->found[0] -
                 parent->found[1] - parent->found[2] - parent->found[3];
    uint32_t child_g = g + (uint32_t)played + (target == FOUNDATION ? 0 : 1);
    int length = key_of(r, &n, key);
    uint32_t where;
    int stored = store(s, key, length, index, child_g, card, count, target, &where);
    if (stored < 0) {
        return OUT_OF_MEMORY;
    }
    if (stored == 0) {
        record *e = s->records + where;
        if (e->depth <= child_g) {
            return GOING;
        }
        e->parent = index;
        e->depth = child_g;
        e->card = (uint8_t)card;
        e->count = (uint8_t)count;
        e->target = (int8_t)target;
    }
    if (s->n_records >= s->max_states) {
        return OUT_OF_MEMORY;
    }
    return open_push(s, where, child_g, lower_bound(r, &n)) < 0 ? OUT_OF_MEMORY : GOING;
}

#define TRY(card, count, target, source, destination)                                         \
    do {                                                                                      \
        int status_ = (s->fewest ? astar_child : child)(s, n, index, depth, (card), (count),  \
                                                        (target), (source), (destination));   \
        if (status_ != GOING) {                                                               \
            return status_;                                                                   \
        }                                                                                     \
    } while (0)

/* The children of a node, by the moves of Game._options in their order (`depth`: the
 * children's depth for best_first(), the node's moves from the start for A*). */
static int
expand(search *s, const node *n, uint32_t index, uint32_t depth)
{
    const rules *r = &s->r;
    int free_cells = r->cells - n->used, empties = 0;
    int8_t top_of[52];
    memset(top_of, -1, sizeof top_of);
    for (int i = 0; i < r->columns; i++) {
        if (n->len[i]) {
            top_of[n->col[i][n->len[i] - 1]] = (int8_t)i;
        } else {
            empties++;
        }
    }
    int to_column = capacity(r, free_cells, empties);
    int to_empty = empties ? capacity(r, free_cells, empties - 1) : 0;
    int longest = to_column > to_empty ? to_column : to_empty;
    int homeward = !r->suited; /* suited: a settled node has no card that may go home */
    for (int source = empties; source < r->columns; source++) {
        const uint8_t *col = n->col[source];
        int size = n->len[source], card = col[size - 1];
        if (homeward && n->found[card / 13] == card % 13) {
            TRY(card, 1, FOUNDATION, source, -1);
        }
        for (int count = 1; count <= size && count <= longest; count++) {
            int head = col[size - count];
            for (int i = 0; i < 2; i++) {
                int parent = r->parents[head][i];
                if (parent >= 0 && count <= to_column && top_of[parent] >= 0) {
                    TRY(head, count, parent, source, top_of[parent]);
                }
            }
            if (count < size && (!r->kings_only || head % 13 == 12) && empties &&
                count <= to_empty) {
                TRY(head, count, EMPTY, source, 0);
            }
            if (count == size || !r->fits[head][col[size - count - 1]]) {
                break;
            }
        }
        if (free_cells) {
            TRY(card, 1, CELL, source, -1);
        }
    }
    for (int i = 0; i < n->used; i++) {
        int card = n->cells[i];
        if (homeward && n->found[card / 13] == card % 13) {
            TRY(card, 1, FOUNDATION, -1, -1);
        }
        for (int j = 0; j < 2; j++) {
            int parent = r->parents[card][j];
            if (parent >= 0 && top_of[parent] >= 0) {
                TRY(card, 1, parent, -1, top_of[parent]);
            }
        }
        if (empties && (!r->kings_only || card % 13 == 12)) {
            TRY(card, 1, EMPTY, -1, 0);
        }
    }
    return GOING;
}

/* Every CHECK_EVERY expansions the clock, every GIL_EVERY the signals and the cancel
 * callable (with the GIL taken back for the moment); GOING or why to stop. */
static int
stopped(search *s, uint64_t expansions)
{
    if (expansions % CHECK_EVERY) {
        return GOING;
    }
    int why = GOING;
    if (expansions % GIL_EVERY == 0) {
        PyEval_RestoreThread(s->thread);
        if (PyErr_CheckSignals() < 0) {
            why = RAISED;
        } else if (s->cancel) {
            PyObject *said = PyObject_CallNoArgs(s->cancel);
            int set = said ? PyObject_IsTrue(said) : -1;
            Py_XDECREF(said);
            why = set < 0 ? RAISED : set ? CANCELLED : GOING;
        }
        s->thread = PyEval_SaveThread();
    }
    if (why == GOING && s->deadline > 0 && now() > s->deadline) {
        why = OUT_OF_TIME;
    }
    return why;
}

/* best_first() with one scan: from the start stored as record 0; WON, LOST or why it stopped.
 * With several, the scans take turns of QUOTA expansions, each from its own frontier; every
 * record is on every frontier and expanded once, by the scan that takes it first (the others
 * pass over it). So a frontier that runs empty has seen every record stored, each expanded:
 * every key reachable was met, and there is no win (LOST), as with one scan. */
static int
run(search *s)
{
    uint8_t key[KEY_MAX];
    uint64_t expansions = 0;
    int turn = s->first, made = 0;
    while (s->heap_used[turn]) {
        uint32_t index = pop(s, turn);
        if (s->records[index].expanded) {
            continue;
        }
        s->records[index].expanded = 1;
        expansions++;
        int why = stopped(s, expansions);
        if (why != GOING) {
            return why;
        }
        const record *e = s->records + index;
        int length = s->arena[e->at];
        memcpy(key, s->arena + e->at + 1, (size_t)length); /* the arena moves as it grows */
        node n;
        node_of(&s->r, key, length, &n);
        int status = expand(s, &n, index, e->depth + 1);
        if (status != GOING) {
            return status;
        }
        if (++made == s->quota) {
            made = 0;
            turn = turn + 1 == s->scans ? 0 : turn + 1;
        }
    }
    return LOST;
}

/* astar(): the frontier taken in the order of (f, -g, tie); an entry whose record was reached
 * by fewer moves since is passed over, the first won node taken is reached by the fewest moves
 * (the bound is consistent). WON, LOST or why it stopped, looking at the clock, the signals
 * and the cancel callable as run() does. */
static int
astar_run(search *s)
{
    uint8_t key[KEY_MAX];
    uint64_t expansions = 0;
    while (s->open_used) {
        entry top = open_pop(s);
        uint32_t g = ASTAR_MOST - (uint32_t)(top.order >> 32 & ASTAR_MOST);
        const record *e = s->records + top.index;
        if (g > e->depth) {
            continue; /* a stale entry: the record was reached by fewer moves since */
        }
        int length = s->arena[e->at];
        memcpy(key, s->arena + e->at + 1, (size_t)length); /* the arena moves as it grows */
        node n;
        node_of(&s->r, key, length, &n);
        if (n.found[0] + n.found[1] + n.found[2] + n.found[3] == 52) {
            s->won = top.index;
            return WON;
        }
        expansions++;
        int why = stopped(s, expansions);
        if (why != GOING) {
            return why;
        }
        int status = expand(s, &n, top.index, g);
        if (status != GOING) {
            return status;
        }
    }
    return LOST;
}

/* ---- the interface ----------------------------------------------------------------------- */

/* The start from its key, checked: the variant's columns and at most its cells, each card at
 * most once, the cards of each suit left those above its foundation. 0, or -1 with ValueError. */
static int
start_of(const rules *r, const uint8_t *key, Py_ssize_t length, node *n)
{
    int seps = 0, cells_at = -1;
    uint8_t seen[52] = {0};
    if (length > KEY_MAX + MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "search: the key is too long");
        return -1;
    }
    for (Py_ssize_t k = 0; k < length; k++) {
        int b = key[k];
        if (b == CELL_SEP && cells_at < 0) {
            cells_at = (int)k;
        } else if (b == COLUMN_SEP && cells_at < 0) {
            seps++;
        } else if (b >= 52) {
            PyErr_Format(PyExc_ValueError, "search: byte %d of the key is %d, not a card", (int)k,
                         b);
            return -1;
        } else if (seen[b]++) {
            PyErr_Format(PyExc_ValueError, "search: card %d is in the key twice", b);
            return -1;
        }
    }
    if (cells_at < 0 || seps != r->columns - 1 || length - 1 - cells_at > r->cells) {
        PyErr_Format(PyExc_ValueError,
                     "search: a key of %d columns and at most %d cells expected (columns joined "
                     "by 0xFF, 0xFE, the cells)",
                     r->columns, r->cells);
        return -1;
    }
    for (int suit = 0; suit < 4; suit++) {
        int rank = 0;
        while (rank < 13 && !seen[13 * suit + rank]) {
            rank++;
        }
        for (; rank < 13; rank++) {
            if (!seen[13 * suit + rank]) {
                PyErr_Format(PyExc_ValueError,
                             "search: card %d is missing above its foundation", 13 * suit + rank);
                return -1;
            }
        }
    }
    node_of(r, key, (int)length, n);
    for (int i = 1; i < n->used; i++) { /* the cells sorted */
        for (int j = i; j > 0 && n->cells[j] < n->cells[j - 1]; j--) {
            uint8_t t = n->cells[j];
            n->cells[j] = n->cells[j - 1];
            n->cells[j - 1] = t;
        }
    }
    return 0;
}

/* The moves from the start to the won record, as a list of (card, count, target). */
static PyObject *
path(const search *s)
{
    uint32_t depth = 0; /* the moves by card (A*'s records count the cards settling plays too) */
    for (uint32_t at = s->won; at != 0; at = s->records[at].parent) {
        depth++;
    }
    PyObject *moves = PyList_New(depth);
    if (!moves) {
        return NULL;
    }
    uint32_t at = s->won;
    for (uint32_t k = depth; k > 0 && at != 0; k--) {
        const record *e = s->records + at;
        PyObject *move = Py_BuildValue("(iii)", e->card, e->count, e->target);
        if (!move || PyList_SetItem(moves, k - 1, move) < 0) {
            Py_DECREF(moves);
            return NULL;
        }
        at = e->parent;
    }
    return moves;
}

static PyObject *
answer(search *s, int status)
{
    static const char *names[] = {"", "solvable", "unsolvable", "unknown", "unknown", "unknown"};
    static const char *reasons[] = {NULL, NULL, NULL, "time", "memory", "cancelled"};
    PyObject *moves = status == WON ? path(s) : PyList_New(0);
    if (!moves) {
        return NULL;
    }
    PyObject *result;
    if (reasons[status]) {
        result = Py_BuildValue("(sNIs)", names[status], moves, s->n_records, reasons[status]);
    } else {
        result = Py_BuildValue("(sNIO)", names[status], moves, s->n_records, Py_None);
    }
    return result;
}

/* search() (fewest 0) and astar() (fewest 1): the arguments checked, the search run. */
static PyObject *
searched(PyObject *args, int fewest)
{
    const char *key, *name = fewest ? "astar" : "search";
    Py_ssize_t length, max_states;
    int columns, cells, suited, kings_only, sequence;
    double seconds;
    PyObject *cancel;
    int scans = 1, first = 0, quota = 1;
    if (fewest ? !PyArg_ParseTuple(args, "y#iippidnO:astar", &key, &length, &columns, &cells,
                                   &suited, &kings_only, &sequence, &seconds, &max_states, &cancel)
               : !PyArg_ParseTuple(args, "y#iippidnO|iii:search", &key, &length, &columns,
                                   &cells, &suited, &kings_only, &sequence, &seconds, &max_states,
                                   &cancel, &scans, &first, &quota)) {
        return NULL;
    }
    if (scans < 1 || scans > MAX_SCANS || first < 0 || first >= scans || quota < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "search: the scans are 1 .. 3, the first 0 .. scans - 1, the quota >= 1");
        return NULL;
    }
    if (columns < 1 || columns > MAX_COLUMNS || cells < 0 || cells > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s: the columns are 1 .. 16, the cells 0 .. 8", name);
        return NULL;
    }
    if (sequence < SEQ_CELLS || sequence > SEQ_ONE) {
        PyErr_Format(PyExc_ValueError, "%s: the sequence rule is 0, 1 or 2", name);
        return NULL;
    }
    if (max_states < 1) {
        PyErr_Format(PyExc_ValueError, "%s: max_states is at least 1", name);
        return NULL;
    }
    if (!(seconds == seconds)) {
        PyErr_Format(PyExc_ValueError, "%s: the seconds are a number", name);
        return NULL;
    }
    if (cancel != Py_None && !PyCallable_Check(cancel)) {
        PyErr_Format(PyExc_TypeError, "%s: cancel is None or a callable", name);
        return NULL;
    }
    search s;
    memset(&s, 0, sizeof s);
    rules_make(&s.r, columns, cells, suited, kings_only, sequence);
    s.scans = scans;
    s.first = first;
    s.quota = quota;
    s.fewest = fewest;
    node n;
    if (start_of(&s.r, (const uint8_t *)key, length, &n) < 0) {
        return NULL;
    }
    s.max_states = max_states > MOST_STATES ? MOST_STATES : (uint32_t)max_states;
    s.cancel = cancel == Py_None ? NULL : cancel;
    settle(&s.r, &n);
    uint8_t start[KEY_MAX];
    int start_length = key_of(&s.r, &n, start);
    int status = GOING;
    if (table_grow(&s) < 0 || store(&s, start, start_length, 0, 0, 0, 0, 0, &s.won) < 0) {
        search_free(&s);
        return PyErr_NoMemory();
    }
    if (n.found[0] + n.found[1] + n.found[2] + n.found[3] == 52) {
        status = WON;
        s.won = 0;
    } else if (fewest ? open_push(&s, 0, 0, lower_bound(&s.r, &n)) < 0
                      : push_all(&s, 0, greedy(&s.r, &n), 0) < 0) {
        search_free(&s);
        return PyErr_NoMemory();
    }
    if (status == GOING) {
        Py_INCREF(cancel);
        s.deadline = seconds >= 0 ? now() + (seconds > 0 ? seconds : 1e-9) : 0;
        s.thread = PyEval_SaveThread();
        status = fewest ? astar_run(&s) : run(&s);
        PyEval_RestoreThread(s.thread);
        Py_DECREF(cancel);
    }
    PyObject *result = status == RAISED ? NULL : answer(&s, status);
    search_free(&s);
    return result;
}

static PyObject *
eo_search(PyObject *self, PyObject *args)
{
    (void)self;
    return searched(args, 0);
}

static PyObject *
eo_astar(PyObject *self, PyObject *args)
{
    (void)self;
    return searched(args, 1);
}

/* ---- moves by place ---------------------------------------------------------------------- */

/* A position in its own order (moves_by_place() of officers/eightoff/solve.py): columns as
 * dealt, cells by index (-1: empty). */
typedef struct {
    int columns, cells;
    uint8_t col[MAX_COLUMNS][53];
    uint8_t len[MAX_COLUMNS];
    int cell[MAX_CELLS];
    uint8_t found[4];
} table;

/* Append the move (source place, target place, count) to `out`, the places by their numbers in
 * `places`: columns 0 .. 15, cells 16 .. 23, foundations 24 .. 27. 0, or -1 with an error. */
static int
append_move(PyObject *out, PyObject *places, int source, int target, int count)
{
    PyObject *number = PyLong_FromLong(count);
    if (!number) {
        return -1;
    }
    PyObject *move = PyTuple_Pack(3, PyTuple_GetItem(places, source),
                                  PyTuple_GetItem(places, target), number);
    Py_DECREF(number);
    if (!move) {
        return -1;
    }
    int failed = PyList_Append(out, move);
    Py_DECREF(move);
    return failed;
}

/* Game.settle in place, in its order (the columns in turn, then the cells, until none is
 * left), each card played appended to `out` as a move. 0, or -1 with an error. */
static int
settle_table(const rules *r, table *t, PyObject *out, PyObject *places)
{
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int i = 0; i < t->columns; i++) {
            while (t->len[i]) {
                int card = t->col[i][t->len[i] - 1];
                if (t->found[card / 13] != card % 13 || (!r->suited && !safe(r, card, t->found))) {
                    break;
                }
                t->found[card / 13]++;
                t->len[i]--;
                progress = 1;
                if (append_move(out, places, i, 24 + card / 13, 1) < 0) {
                    return -1;
                }
            }
        }
        for (int i = 0; i < t->cells; i++) {
            int card = t->cell[i];
            if (card >= 0 && t->found[card / 13] == card % 13 &&
                (r->suited || safe(r, card, t->found))) {
                t->found[card / 13]++;
                t->cell[i] = -1;
                progress = 1;
                if (append_move(out, places, 16 + i, 24 + card / 13, 1) < 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* One move by card (card, count, target) made on the table, appended by place; then the
 * settling it allows. 0, or -1 with an error (ValueError: the move is not in the position). */
static int
by_place_move(const rules *r, table *t, PyObject *out, PyObject *places, int card, int count,
              int target)
{
    int source = -1, exposed = -1, destination = -1;
    uint8_t run[53];
    for (int i = 0; i < t->cells && source < 0; i++) {
        if (t->cell[i] == card) {
            source = 16 + i;
        }
    }
    if (source >= 0) {
        if (count != 1) {
            PyErr_Format(PyExc_ValueError, "by_place: card %d is in a cell, not a run", card);
            return -1;
        }
        t->cell[source - 16] = -1;
        run[0] = (uint8_t)card;
    } else {
        for (int i = 0; i < t->columns && source < 0; i++) {
            if (count >= 1 && t->len[i] >= count && t->col[i][t->len[i] - count] == card) {
                source = i;
            }
        }
        if (source < 0) {
            PyErr_Format(PyExc_ValueError, "by_place: no run of %d cards from card %d", count,
                         card);
            return -1;
        }
        int left = t->len[source] - count;
        memcpy(run, t->col[source] + left, (size_t)count);
        t->len[source] = (uint8_t)left;
        if (left) {
            exposed = t->col[source][left - 1];
        }
    }
    if (target == FOUNDATION) {
        destination = 24 + card / 13;
        t->found[card / 13]++;
    } else if (target == CELL) {
        for (int i = 0; i < t->cells && destination < 0; i++) {
            if (t->cell[i] < 0) {
                destination = 16 + i;
            }
        }
        if (destination >= 0) {
            t->cell[destination - 16] = card;
        }
    } else {
        for (int i = 0; i < t->columns && destination < 0; i++) {
            if (target == EMPTY ? t->len[i] == 0
                                : t->len[i] > 0 && t->col[i][t->len[i] - 1] == target) {
                destination = i;
            }
        }
        if (destination >= 0) {
            memcpy(t->col[destination] + t->len[destination], run, (size_t)count);
            t->len[destination] = (uint8_t)(t->len[destination] + count);
        }
    }
    if (destination < 0) {
        PyErr_Format(PyExc_ValueError, "by_place: no target %d for card %d", target, card);
        return -1;
    }
    if (append_move(out, places, source, destination, count) < 0) {
        return -1;
    }
    if (target == FOUNDATION || (exposed >= 0 && t->found[exposed / 13] == exposed % 13 &&
                                 (r->suited || safe(r, exposed, t->found)))) {
        return settle_table(r, t, out, places);
    }
    return 0;
}

static PyObject *
eo_by_place(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *columns, *cells, *found, *moves, *places;
    int suited;
    if (!PyArg_ParseTuple(args, "OOOpOO:by_place", &columns, &cells, &found, &suited, &moves,
                          &places)) {
        return NULL;
    }
    if (!PyTuple_Check(places) || PyTuple_Size(places) != 28) {
        PyErr_SetString(PyExc_TypeError, "by_place: places is a tuple of 28 places");
        return NULL;
    }
    Py_ssize_t n_columns = PySequence_Size(columns), n_cells = PySequence_Size(cells);
    if (n_columns < 0 || n_cells < 0 || PySequence_Size(found) != 4) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "by_place: four foundations expected");
        }
        return NULL;
    }
    if (n_columns < 1 || n_columns > MAX_COLUMNS || n_cells > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "by_place: the columns are 1 .. 16, the cells 0 .. 8");
        return NULL;
    }
    table t;
    memset(&t, 0, sizeof t);
    t.columns = (int)n_columns;
    t.cells = (int)n_cells;
    int total = 0;
    for (Py_ssize_t i = 0; i < n_columns; i++) {
        PyObject *column = PySequence_GetItem(columns, i);
        if (!column) {
            return NULL;
        }
        char *bytes;
        Py_ssize_t size;
        int failed = PyBytes_AsStringAndSize(column, &bytes, &size);
        Py_DECREF(column);
        if (failed < 0) {
            return NULL;
        }
        total += (int)size;
        if (size > 52 || total > 52) {
            PyErr_SetString(PyExc_ValueError, "by_place: more than 52 cards");
            return NULL;
        }
        for (Py_ssize_t k = 0; k < size; k++) {
            if ((uint8_t)bytes[k] >= 52) {
                PyErr_SetString(PyExc_ValueError, "by_place: a card is 0 .. 51");
                return NULL;
            }
        }
        memcpy(t.col[i], bytes, (size_t)size);
        t.len[i] = (uint8_t)size;
    }
    for (Py_ssize_t i = 0; i < n_cells + 4; i++) {
        PyObject *item = i < n_cells ? PySequence_GetItem(cells, i)
                                     : PySequence_GetItem(found, i - n_cells);
        long value = item ? PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
        if (value == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (i < n_cells ? value < -1 || value >= 52 : value < 0 || value > 13) {
            PyErr_SetString(PyExc_ValueError,
                            "by_place: a cell holds -1 or a card, a foundation 0 .. 13");
            return NULL;
        }
        if (i < n_cells) {
            t.cell[i] = (int)value;
        } else {
            t.found[i - n_cells] = (uint8_t)value;
        }
    }
    rules r;
    rules_make(&r, (int)n_columns, (int)n_cells, suited, 0, SEQ_CELLS);
    PyObject *out = PyList_New(0);
    PyObject *iterator = out ? PyObject_GetIter(moves) : NULL;
    if (!iterator || settle_table(&r, &t, out, places) < 0) {
        Py_XDECREF(iterator);
        Py_XDECREF(out);
        return NULL;
    }
    PyObject *move;
    while ((move = PyIter_Next(iterator)) != NULL) {
        int card, count, target;
        int ok = PyArg_ParseTuple(move, "iii:by_place", &card, &count, &target);
        Py_DECREF(move);
        if (!ok) {
            break;
        }
        if (card < 0 || card >= 52 || count < 1 || count > 52 || target < EMPTY ||
            target >= 52) {
            PyErr_SetString(PyExc_ValueError, "by_place: a move is (card, count, target)");
            break;
        }
        if (by_place_move(&r, &t, out, places, card, count, target) < 0) {
            break;
        }
    }
    Py_DECREF(iterator);
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyMethodDef eo_methods[] = {
    {"search", eo_search, METH_VARARGS,
     "search(key, columns, cells, suited, kings_only, sequence, seconds, max_states, cancel"
     "[, scans, first, quota])\n"
     "-> (status, moves, states, reason)\n\n"
     "The best-first search of officers.eightoff.solve_search.best_first from the position of "
     "key (columns joined by 0xFF, 0xFE, the cells' cards), under the variant (sequence: 0 "
     "cells, 1 freecell, 2 one); seconds < 0: no time limit; cancel None or a callable whose "
     "true answer stops the search; scans 1 .. 3 share the store, taking turns of quota "
     "expansions, first first (1: best_first() itself, the default). status is "
     "\"solvable\", \"unsolvable\" or \"unknown\", "
     "moves the win by card from the settled start, reason \"time\", \"memory\", "
     "\"cancelled\" or None."},
    {"astar", eo_astar, METH_VARARGS,
     "astar(key, columns, cells, suited, kings_only, sequence, seconds, max_states, cancel)\n"
     "-> (status, moves, states, reason)\n\n"
     "The A* search of officers.eightoff.solve_search.astar from the position of key, with "
     "the arguments and the answer of search(): a win has the fewest moves (each card "
     "settling plays counting one), the same number as the Python search's."},
    {"by_place", eo_by_place, METH_VARARGS,
     "by_place(columns, cells, foundations, suited, moves, places) -> list of moves\n\n"
     "officers.eightoff.solve.moves_by_place: the moves by card of a search (card, count, "
     "target), with the settling before and after each, as moves (source, target, count) by "
     "place from the position itself: columns a sequence of bytes in their own order, cells "
     "a sequence of cards or -1, the four foundations; places the 28 place objects, columns "
     "0 .. 15, cells 16 .. 23, foundations 24 .. 27."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef eo_module = {
    PyModuleDef_HEAD_INIT, "_search",
    "The decision search of officers.eightoff.solve_search, compiled.", -1, eo_methods, NULL,
    NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__search(void)
{
    PyObject *module = PyModule_Create(&eo_module);
    if (module != NULL && PyModule_AddIntConstant(module, "ABI", ABI) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
