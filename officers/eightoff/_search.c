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
 * some 270 (a portfolio's frontiers share the positions out between them, below); max_states
 * bounds the records as it bounds the Python search's dictionary, and a
 * failed allocation ends the search as "unknown", "memory".
 *
 * A portfolio (several scans, in the order of their turns: order_of()): the scans share the
 * store and take turns of `quota` expansions, each from its own frontier ordered by its own
 * priority (scan 0 this search's, 1 depth first, 2 greedy alone, 3 and 4 depth first making a
 * node's moves a group at a time, 5 depth first in the order of the moves; priority_of(),
 * STAGES). A scan's frontier holds the records it made itself and, from its first turn, every
 * record stored then and not expanded (a depth-first scan takes the shallowest first, as if
 * it started again from the start, not where another scan's dive ended); a record is expanded
 * once, by the scan that pops it first, and the others pass over it. So a scan's walk is its
 * own, not led into the positions another scan's order favoured, and no position is expanded
 * twice. Every record stored and not expanded is on the frontier of the scan that made it
 * until that scan pops it (or on the frontier of a scan that expanded some of its groups of
 * moves), so the search runs until every record stored is expanded, or a win: then every key
 * reachable was met and the answer "unsolvable" is as exact as with one scan. A win is found by
 * whichever scan reaches it, read back through the shared records; when one order is misled,
 * another often finds a win at once. With one scan (the default) nothing changes.
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
 * without it. Python's limited API (3.11), one build for every later version. Its constants: ABI,
 * the interface's version, and SCANS, the scans a portfolio may take (officers/eightoff/accel.py
 * runs a build without it, from before the portfolios of several orders, with three). */
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
#define MAX_SCANS 6
#define SEED 4096 /* a depth-first scan's start: the shallowest records stored first */
#define DEEP_KIND(h) ((h) == 1 || (h) == 3 || (h) == 4 || (h) == 5)
/* The groups of a node's moves, as bits: to a foundation or onto a card, to an empty column,
 * to a cell. */
#define TO_CARD 1
#define TO_EMPTY 2
#define TO_CELL 4
#define ALL_MOVES 7
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
    uint64_t on[52];       /* the cards a card may lie on, as bits (1 << card) */
    uint64_t lower[52];    /* the cards of its suit below a card, as bits */
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
    uint8_t expanded; /* the groups of moves made from it (ALL_MOVES: expanded) */
    int32_t score; /* its greedy(), for the frontiers of the scans that begin later */
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
    int scans; /* how many scans share the store: 1 is best_first() itself (scan 0) */
    int begun[MAX_SCANS]; /* whether the scan has had a turn */
    int turn; /* the scan taking its turn */
    int order[MAX_SCANS]; /* the scans (their kinds) in the order of their turns */
    uint32_t n_done; /* the records expanded (every group of their moves made) */
    int quota; /* the expansions of a turn */
    double deadline; /* seconds of the monotonic clock, or 0: none */
    PyObject *cancel; /* a callable or NULL */
    PyThreadState *thread;
    uint32_t won; /* the record of the won child */
    int fewest; /* 1: A* (astar()), the records' depth is the moves from the start */
    entry *open; /* A*'s frontier */
    uint64_t open_used, open_size;
    uint64_t pushes; /* A*'s tie-break: the pushes so far */
    int score; /* greedy() of the node being expanded */
    uint64_t next; /* the next card of each of its foundations (next_of()) */
    int shares[MAX_COLUMNS]; /* its columns' shares of it (column_score()) */
    uint32_t scored; /* the record whose score and shares these are, + 1 (0: none) */
    uint32_t known; /* the columns whose shares are known, as bits */
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
                r->on[card] |= 1ull << (13 * s + rank + 1);
            }
            if (rank > 0) {
                r->children[card][m++] = (int8_t)(13 * s + rank - 1);
            }
        }
        r->lower[card] = ((1ull << rank) - 1) << (13 * suit);
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

/* Whether column `a` sorts before column `b` as Python sorts bytes: an empty column first;
 * two others differ in their first cards, since each card is in one place only. */
static int
column_less(const node *n, int a, int b)
{
    return n->len[b] && (!n->len[a] || n->col[a][0] < n->col[b][0]);
}

/* Sort the columns as Python sorts bytes (unless `sorted`: they are already), then write the
 * key; its length. */
static int
key_of(const rules *r, node *n, uint8_t *key, int sorted)
{
    for (int i = 1; !sorted && i < r->columns; i++) { /* insertion sort: few, nearly sorted */
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

/* The next card of each foundation, as bits (1 << card). */
static uint64_t
next_of(const uint8_t *found)
{
    uint64_t next = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (found[suit] < 13) {
            next |= 1ull << (13 * suit + found[suit]);
        }
    }
    return next;
}

/* A column's share of Game.greedy: the weight of an empty column, or those of its blocked
 * cards (a lower card of its suit deeper in the column), its cards out of order, the depth of
 * the last one out of order (the cards buried under it) and the cards above the next card of a
 * foundation (`next`: next_of() the foundations). */
static int
column_score(const rules *r, const uint8_t *col, int size, uint64_t next)
{
    if (!size) {
        return EMPTY_WEIGHT;
    }
    uint64_t seen = 0; /* the cards deeper in the column */
    int blocked = 0, disorder = 0, buried = 0, above = 0;
    for (int d = 0; d < size; d++) {
        int card = col[d];
        if (d && !(r->on[card] >> col[d - 1] & 1)) {
            disorder++;
            buried = d;
        }
        blocked += (seen & r->lower[card]) != 0;
        seen |= 1ull << card;
        if (next >> card & 1) { /* the next card of its foundation */
            above += size - 1 - d;
        }
    }
    return BLOCKED_WEIGHT * blocked + DISORDER_WEIGHT * disorder + BURIED_WEIGHT * buried +
           ABOVE_WEIGHT * above;
}

/* Game.greedy: lower first, a guess at the work left (the weights are the Python search's):
 * the columns' shares, the cards off the foundations and the full cells. */
static int
greedy(const rules *r, const node *n)
{
    int score = HOME_WEIGHT * (52 - n->found[0] - n->found[1] - n->found[2] - n->found[3]) +
                CELL_WEIGHT * n->used;
    uint64_t next = next_of(n->found);
    for (int i = 0; i < r->columns; i++) {
        score += column_score(r, n->col[i], n->len[i], next);
    }
    return score;
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

static uint64_t
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
    return top;
}

/* The order in which each scan makes a node's groups of moves (the next group once the
 * positions the last one made are searched, as the depth-first scans of fc-solve's themes take
 * their kinds of moves in turn); 0: all at once. */
static const uint8_t STAGES[MAX_SCANS][3] = {
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
    {TO_CARD, TO_EMPTY, TO_CELL},
    {TO_CARD, TO_CELL, TO_EMPTY},
    {0, 0, 0},
};

/* The priority of a node in the frontier of scan `h`, from its depth and Game.greedy. Scan 0
 * is best_first()'s: the depth plus greedy. Scan 1 goes depth first: the deepest node first,
 * at one depth the lowest greedy. Scan 2 is greedy alone. */
static uint32_t
priority_of(int h, uint32_t depth, int score)
{
    if (h == 5) {
        return (uint32_t)(DEEP - (depth < DEEP ? depth : DEEP)) << 13;
    }
    if (DEEP_KIND(h)) {
        int level = score + LEVEL / 2;
        level = level < 0 ? 0 : level > LEVEL ? LEVEL : level;
        return (uint32_t)(DEEP - (depth < DEEP ? depth : DEEP)) << 13 | (uint32_t)level;
    }
    return (uint32_t)((h == 0 ? (int)depth : 0) + score + BIAS);
}

/* Push a new record, with its greedy() `score`, on the frontier of the scan that made it (the
 * one taking its turn): 0, or -1 out of memory. */
static int
push_all(search *s, uint32_t depth, int score, uint32_t index)
{
    s->records[index].score = score;
    return push(s, s->turn, priority_of(s->turn, depth, score), index);
}

/* The first turn of scan `h`: its frontier takes every record stored but those expanded, a
 * depth-first scan the shallowest first (as if it began again from the start, not from the end
 * of another scan's dive: its depth of a record SEED - the record's). 0, or -1 out of memory. */
static int
begin(search *s, int h)
{
    s->begun[h] = 1;
    int deep = DEEP_KIND(h);
    for (uint32_t i = 0; i < s->n_records; i++) {
        const record *e = s->records + i;
        if (e->expanded != ALL_MOVES &&
            push(s, h, priority_of(h, deep ? (e->depth < SEED ? SEED - e->depth : 0) : e->depth, e->score), i) < 0) {
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

/* Whether the columns of `n`, made from `parent` (a node read from a key: its columns sorted)
 * by a move from `source` to `destination` (-1 for a cell or a foundation), are still in
 * key_of()'s order: the order reads each column's first card (an empty column first), and the
 * move changes a first card only where it empties its source or fills an empty destination,
 * settling only where it empties a column. */
static inline int
in_order(const node *parent, const node *n, int settling, int source, int destination)
{
    return !settling && (source < 0 || n->len[source]) &&
           (destination < 0 || parent->len[destination]);
}

/* Column `i`'s share of greedy() of the node being expanded (column_score()), once. */
static int
share(search *s, const node *n, int i)
{
    if (!(s->known >> i & 1)) {
        s->known |= 1u << i;
        s->shares[i] = column_score(&s->r, n->col[i], n->len[i], s->next);
    }
    return s->shares[i];
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
    /* The columns the move changed, before key_of() sorts them. */
    const uint8_t *from = source >= 0 ? n.col[source] : NULL;
    const uint8_t *to = destination >= 0 ? n.col[destination] : NULL;
    int from_size = source >= 0 ? n.len[source] : 0;
    int to_size = destination >= 0 ? n.len[destination] : 0;
    int length = key_of(r, &n, key, in_order(parent, &n, settling, source, destination));
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
    int score;
    if (settling) { /* the foundations grew: every column's share may change */
        score = greedy(r, &n);
    } else { /* greedy(): the parent's, but for the columns the move changed and the cells */
        score = s->score + CELL_WEIGHT * (n.used - parent->used);
        if (source >= 0) {
            score += column_score(r, from, from_size, s->next) - share(s, parent, source);
        }
        if (destination >= 0) {
            score += column_score(r, to, to_size, s->next) - share(s, parent, destination);
        }
    }
    if (push_all(s, depth, score, s->n_records - 1) < 0) {
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
    int settling = moved(r, parent, card, count, target, source, destination, &n, joined);
    int played = n.found[0] + n.found[1] + n.found[2] + n.found[3] - parent->found[0] -
                 parent->found[1] - parent->found[2] - parent->found[3];
    uint32_t child_g = g + (uint32_t)played + (target == FOUNDATION ? 0 : 1);
    int length = key_of(r, &n, key, in_order(parent, &n, settling, source, destination));
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

/* The children of a node, by the moves of Game._options in their order, those of the
 * `groups` (TO_CARD, TO_EMPTY, TO_CELL; ALL_MOVES: every move) (`depth`: the children's depth
 * for best_first(), the node's moves from the start for A*). */
static int
expand(search *s, const node *n, uint32_t index, uint32_t depth, int groups)
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
    if (!s->fewest && s->scored != index + 1) { /* greedy() and its columns' shares, for child() */
        s->scored = index + 1;
        s->next = next_of(n->found);
        s->score = s->records[index].score; /* greedy() of the node, kept with its record */
        s->known = 0; /* its columns' shares: each the first time a move needs it (share()) */
    }
    int to_column = capacity(r, free_cells, empties);
    int to_empty = empties ? capacity(r, free_cells, empties - 1) : 0;
    int longest = to_column > to_empty ? to_column : to_empty;
    int homeward = !r->suited; /* suited: a settled node has no card that may go home */
    for (int source = empties; source < r->columns; source++) {
        const uint8_t *col = n->col[source];
        int size = n->len[source], card = col[size - 1];
        if ((groups & TO_CARD) && homeward && n->found[card / 13] == card % 13) {
            TRY(card, 1, FOUNDATION, source, -1);
        }
        for (int count = 1; count <= size && count <= longest; count++) {
            int head = col[size - count];
            for (int i = 0; (groups & TO_CARD) && i < 2; i++) {
                int parent = r->parents[head][i];
                if (parent >= 0 && count <= to_column && top_of[parent] >= 0) {
                    TRY(head, count, parent, source, top_of[parent]);
                }
            }
            if ((groups & TO_EMPTY) && count < size && (!r->kings_only || head % 13 == 12) &&
                empties && count <= to_empty) {
                TRY(head, count, EMPTY, source, 0);
            }
            if (count == size || !r->fits[head][col[size - count - 1]]) {
                break;
            }
        }
        if ((groups & TO_CELL) && free_cells) {
            TRY(card, 1, CELL, source, -1);
        }
    }
    for (int i = 0; i < n->used; i++) {
        int card = n->cells[i];
        if ((groups & TO_CARD) && homeward && n->found[card / 13] == card % 13) {
            TRY(card, 1, FOUNDATION, -1, -1);
        }
        for (int j = 0; (groups & TO_CARD) && j < 2; j++) {
            int parent = r->parents[card][j];
            if (parent >= 0 && top_of[parent] >= 0) {
                TRY(card, 1, parent, -1, top_of[parent]);
            }
        }
        if ((groups & TO_EMPTY) && empties && (!r->kings_only || card % 13 == 12)) {
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
 * With several, the scans take turns of `quota` expansions (or until their frontier runs
 * empty), in s->order, each from its own frontier (push_all(), begin()); a record is expanded
 * once, by the scan that takes it first (the others pass over it), all its moves at once or,
 * for the scans of STAGES, a group at a time (the record then back on that scan's frontier
 * until its last group is made). Every record not expanded is on a frontier, so the search
 * goes on until every record stored is expanded: then every key reachable was met, and there
 * is no win (LOST), as with one scan. A scan's depth of a record is the one its priority says
 * (its own way to it). */
static int
run(search *s)
{
    uint8_t key[KEY_MAX];
    uint64_t expansions = 0;
    int at = 0, made = 0, idle = 0, turn = s->order[0];
    while (s->n_done < s->n_records) {
        if (!s->heap_used[turn] || made == s->quota) { /* the next scan's turn */
            if (!s->heap_used[turn] && ++idle > s->scans) {
                return OUT_OF_MEMORY; /* cannot be: every record not expanded is on a frontier */
            }
            made = 0;
            at = at + 1 == s->scans ? 0 : at + 1;
            turn = s->order[at];
            s->turn = turn;
            if (!s->begun[turn] && begin(s, turn) < 0) {
                return OUT_OF_MEMORY;
            }
            continue;
        }
        uint64_t top = pop(s, turn);
        uint32_t index = (uint32_t)top, priority = (uint32_t)(top >> 32);
        record *e = s->records + index;
        int done = e->expanded;
        if (done == ALL_MOVES) {
            continue;
        }
        idle = 0;
        expansions++;
        int why = stopped(s, expansions);
        if (why != GOING) {
            return why;
        }
        int length = s->arena[e->at];
        uint32_t depth = DEEP_KIND(turn) ? DEEP - (priority >> 13)
                         : turn == 0     ? (uint32_t)((int)priority - BIAS - e->score)
                                         : e->depth; /* by this scan's way to it */
        memcpy(key, s->arena + e->at + 1, (size_t)length); /* the arena moves as it grows */
        node n;
        node_of(&s->r, key, length, &n);
        s->scored = 0;
        const uint8_t *order = STAGES[turn];
        if (!order[0]) { /* all its moves at once */
            e->expanded = ALL_MOVES;
            s->n_done++;
            int status = expand(s, &n, index, depth + 1, ALL_MOVES & ~done);
            if (status != GOING) {
                return status;
            }
        } else { /* group by group, in the scan's order, until one makes a new child */
            uint32_t before = s->n_records;
            for (int g = 0; g < 3 && s->n_records == before; g++) {
                if (done & order[g]) {
                    continue;
                }
                done |= order[g];
                s->records[index].expanded = (uint8_t)done;
                int status = expand(s, &n, index, depth + 1, order[g]);
                if (status != GOING) {
                    return status;
                }
            }
            if (done == ALL_MOVES) {
                s->n_done++;
            } else if (push(s, turn, priority_of(turn, depth, s->records[index].score), index) < 0) {
                return OUT_OF_MEMORY;
            }
        }
        made++;
    }
    return LOST; /* every record stored was expanded: every key reachable was met */
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
        int status = expand(s, &n, top.index, g, ALL_MOVES);
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

/* The search from the position of `key` (its columns joined by 0xFF, 0xFE, the cells' cards),
 * with the rules, scans, quota and bound on the states already in `s`: WON, LOST or why it
 * stopped (OUT_OF_TIME, OUT_OF_MEMORY, CANCELLED), or -1 with an exception (the key refused,
 * no memory, a signal's handler or the cancel callable raised). The caller frees `s`. */
static int
search_go(search *s, const uint8_t *key, Py_ssize_t length, double seconds, PyObject *cancel)
{
    node n;
    if (start_of(&s->r, key, length, &n) < 0) {
        return -1;
    }
    s->cancel = cancel == Py_None ? NULL : cancel;
    settle(&s->r, &n);
    uint8_t start[KEY_MAX];
    int start_length = key_of(&s->r, &n, start, 0);
    if (table_grow(s) < 0 || store(s, start, start_length, 0, 0, 0, 0, 0, &s->won) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (n.found[0] + n.found[1] + n.found[2] + n.found[3] == 52) {
        s->won = 0;
        return WON;
    }
    if (s->fewest ? open_push(s, 0, 0, lower_bound(&s->r, &n)) < 0
                  : (s->begun[s->order[0]] = 1, s->turn = s->order[0],
                     push_all(s, 0, greedy(&s->r, &n), 0) < 0)) {
        PyErr_NoMemory();
        return -1;
    }
    Py_INCREF(cancel);
    s->deadline = seconds >= 0 ? now() + (seconds > 0 ? seconds : 1e-9) : 0;
    s->thread = PyEval_SaveThread();
    int status = s->fewest ? astar_run(s) : run(s);
    PyEval_RestoreThread(s->thread);
    Py_DECREF(cancel);
    return status == RAISED ? -1 : status;
}

/* The arguments of a search checked: 0, or -1 with an error naming `name`. */
/* The scans of a portfolio in the order of their turns, from `scans` (a number n: the scans
 * 0 .. n - 1; or a tuple of distinct scans 0 .. MAX_SCANS - 1) taken from its `first`: the
 * number of scans, or -1 with ValueError or TypeError naming `name`. */
static int
order_of(const char *name, PyObject *scans, int first, int *order)
{
    int kinds[MAX_SCANS], n = -1;
    if (PyLong_Check(scans)) {
        long count = PyLong_AsLong(scans);
        if (count == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (count >= 1 && count <= MAX_SCANS) {
            n = (int)count;
            for (int i = 0; i < n; i++) {
                kinds[i] = i;
            }
        }
    } else if (PyTuple_Check(scans)) {
        Py_ssize_t size = PyTuple_Size(scans);
        if (size >= 1 && size <= MAX_SCANS) {
            n = (int)size;
            int seen = 0;
            for (int i = 0; i < n && n > 0; i++) {
                PyObject *item = PyTuple_GetItem(scans, i);
                long kind = item && PyLong_Check(item) ? PyLong_AsLong(item) : -1;
                if (kind == -1 && PyErr_Occurred()) {
                    return -1;
                }
                if (kind < 0 || kind >= MAX_SCANS || seen >> kind & 1) {
                    n = -1;
                    break;
                }
                seen |= 1 << kind;
                kinds[i] = (int)kind;
            }
        }
    } else {
        PyErr_Format(PyExc_TypeError, "%s: the scans are a number or a tuple of scans", name);
        return -1;
    }
    if (n < 1 || first < 0 || first >= n) {
        PyErr_Format(PyExc_ValueError,
                     "%s: the scans are 1 .. 6 or a tuple of distinct scans 0 .. 5, the first "
                     "0 .. their number - 1",
                     name);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        order[i] = kinds[(first + i) % n];
    }
    return n;
}

static int
search_arguments(const char *name, int columns, int cells, int sequence, double seconds,
                 Py_ssize_t max_states, PyObject *cancel, int quota)
{
    if (quota < 1) {
        PyErr_Format(PyExc_ValueError, "%s: the quota is at least 1", name);
        return -1;
    }
    if (columns < 1 || columns > MAX_COLUMNS || cells < 0 || cells > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s: the columns are 1 .. 16, the cells 0 .. 8", name);
        return -1;
    }
    if (sequence < SEQ_CELLS || sequence > SEQ_ONE) {
        PyErr_Format(PyExc_ValueError, "%s: the sequence rule is 0, 1 or 2", name);
        return -1;
    }
    if (max_states < 1) {
        PyErr_Format(PyExc_ValueError, "%s: max_states is at least 1", name);
        return -1;
    }
    if (!(seconds == seconds)) {
        PyErr_Format(PyExc_ValueError, "%s: the seconds are a number", name);
        return -1;
    }
    if (cancel != Py_None && !PyCallable_Check(cancel)) {
        PyErr_Format(PyExc_TypeError, "%s: cancel is None or a callable", name);
        return -1;
    }
    return 0;
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
    PyObject *scans = NULL;
    int first = 0, quota = 1;
    if (fewest ? !PyArg_ParseTuple(args, "y#iippidnO:astar", &key, &length, &columns, &cells,
                                   &suited, &kings_only, &sequence, &seconds, &max_states, &cancel)
               : !PyArg_ParseTuple(args, "y#iippidnO|Oii:search", &key, &length, &columns,
                                   &cells, &suited, &kings_only, &sequence, &seconds, &max_states,
                                   &cancel, &scans, &first, &quota)) {
        return NULL;
    }
    search s;
    memset(&s, 0, sizeof s);
    s.scans = scans ? order_of(name, scans, first, s.order) : 1;
    if (s.scans < 0 ||
        search_arguments(name, columns, cells, sequence, seconds, max_states, cancel, quota) < 0) {
        return NULL;
    }
    rules_make(&s.r, columns, cells, suited, kings_only, sequence);
    s.quota = quota;
    s.fewest = fewest;
    s.max_states = max_states > MOST_STATES ? MOST_STATES : (uint32_t)max_states;
    int status = search_go(&s, (const uint8_t *)key, length, seconds, cancel);
    PyObject *result = status < 0 ? NULL : answer(&s, status);
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

/* Moves by place as numbers, three ints a move: the source, the target (columns 0 .. 15,
 * cells 16 .. 23, foundations 24 .. 27, the numbers of `places`) and the count. */
typedef struct {
    int *at;
    Py_ssize_t n, size; /* ints used and held */
} moves_buf;

/* Append a move; 0, or -1 with MemoryError. */
static int
append_move(moves_buf *out, int source, int target, int count)
{
    if (out->n + 3 > out->size) {
        Py_ssize_t size = out->size ? 2 * out->size : 3 * 256;
        int *grown = realloc(out->at, (size_t)size * sizeof *grown);
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        out->at = grown;
        out->size = size;
    }
    out->at[out->n++] = source;
    out->at[out->n++] = target;
    out->at[out->n++] = count;
    return 0;
}

/* The moves of `m` as a list of (source place, target place, count), the places the objects
 * of `places` (a tuple of 28). */
static PyObject *
moves_list(const moves_buf *m, PyObject *places)
{
    PyObject *out = PyList_New(m->n / 3);
    if (!out) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < m->n / 3; k++) {
        PyObject *number = PyLong_FromLong(m->at[3 * k + 2]);
        PyObject *move = number ? PyTuple_Pack(3, PyTuple_GetItem(places, m->at[3 * k]),
                                               PyTuple_GetItem(places, m->at[3 * k + 1]), number)
                                : NULL;
        Py_XDECREF(number);
        if (!move || PyList_SetItem(out, k, move) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

/* Game.settle in place, in its order (the columns in turn, then the cells, until none is
 * left), each card played appended to `out` as a move. 0, or -1 with an error. */
static int
settle_table(const rules *r, table *t, moves_buf *out)
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
                if (append_move(out, i, 24 + card / 13, 1) < 0) {
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
                if (append_move(out, 16 + i, 24 + card / 13, 1) < 0) {
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
by_place_move(const rules *r, table *t, moves_buf *out, int card, int count, int target)
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
    if (append_move(out, source, destination, count) < 0) {
        return -1;
    }
    if (target == FOUNDATION || (exposed >= 0 && t->found[exposed / 13] == exposed % 13 &&
                                 (r->suited || safe(r, exposed, t->found)))) {
        return settle_table(r, t, out);
    }
    return 0;
}

/* A card of a column or a cell given as a Python int (a cell: None or -1 for empty); -2 with
 * an error set when it is not an int. */
static int
card_value(PyObject *item)
{
    if (item == Py_None) {
        return -1;
    }
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) {
        return -2;
    }
    return value < -1 || value > 51 ? 52 : (int)value;
}

/* The position (columns each bytes or a sequence of ints, in their own order; cells a card,
 * -1 or None each; four foundations) as a table: 0, or -1 with an error (`name` the function
 * the error names). */
static int
table_of(PyObject *columns, PyObject *cells, PyObject *found, table *t, const char *name)
{
    Py_ssize_t n_columns = PySequence_Size(columns), n_cells = PySequence_Size(cells);
    if (n_columns < 0 || n_cells < 0 || PySequence_Size(found) != 4) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_ValueError, "%s: four foundations expected", name);
        }
        return -1;
    }
    if (n_columns < 1 || n_columns > MAX_COLUMNS || n_cells > MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s: the columns are 1 .. 16, the cells 0 .. 8", name);
        return -1;
    }
    memset(t, 0, sizeof *t);
    t->columns = (int)n_columns;
    t->cells = (int)n_cells;
    int total = 0;
    for (Py_ssize_t i = 0; i < n_columns; i++) {
        PyObject *column = PySequence_GetItem(columns, i);
        if (!column) {
            return -1;
        }
        int failed = 0;
        Py_ssize_t size;
        if (PyBytes_Check(column)) {
            char *bytes;
            failed = PyBytes_AsStringAndSize(column, &bytes, &size);
            if (!failed && size <= 52) {
                memcpy(t->col[i], bytes, (size_t)size);
            }
        } else {
            size = PySequence_Size(column);
            failed = size < 0;
            for (Py_ssize_t k = 0; !failed && k < size && size <= 52; k++) {
                PyObject *item = PySequence_GetItem(column, k);
                int card = item ? card_value(item) : -2;
                Py_XDECREF(item);
                failed = card == -2;
                t->col[i][k] = (uint8_t)(card < 0 ? 52 : card);
            }
        }
        Py_DECREF(column);
        if (failed) {
            return -1;
        }
        total += (int)size;
        if (size > 52 || total > 52) {
            PyErr_Format(PyExc_ValueError, "%s: more than 52 cards", name);
            return -1;
        }
        for (Py_ssize_t k = 0; k < size; k++) {
            if (t->col[i][k] >= 52) {
                PyErr_Format(PyExc_ValueError, "%s: a card is 0 .. 51", name);
                return -1;
            }
        }
        t->len[i] = (uint8_t)size;
    }
    for (Py_ssize_t i = 0; i < n_cells + 4; i++) {
        PyObject *item = i < n_cells ? PySequence_GetItem(cells, i)
                                     : PySequence_GetItem(found, i - n_cells);
        long read = item && i >= n_cells ? PyLong_AsLong(item) : 0;
        int value = item ? (i < n_cells ? card_value(item) : read < -1 || read > 99 ? 99 : (int)read)
                         : -2;
        Py_XDECREF(item);
        if (PyErr_Occurred()) {
            return -1;
        }
        if (i < n_cells ? value < -1 || value >= 52 : value < 0 || value > 13) {
            PyErr_Format(PyExc_ValueError,
                         "%s: a cell holds -1 or a card, a foundation 0 .. 13", name);
            return -1;
        }
        if (i < n_cells) {
            t->cell[i] = value;
        } else {
            t->found[i - n_cells] = (uint8_t)value;
        }
    }
    uint8_t seen[52] = {0}; /* each card in one place at most: a column's row has 52 bytes */
    for (int i = 0; i < t->columns + 1; i++) {
        int n = i < t->columns ? t->len[i] : t->cells;
        for (int k = 0; k < n; k++) {
            int card = i < t->columns ? t->col[i][k] : t->cell[k];
            if (card >= 0 && (seen[card]++ || card % 13 < t->found[card / 13])) {
                PyErr_Format(PyExc_ValueError, "%s: card %d in two places", name, card);
                return -1;
            }
        }
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
    table t;
    if (table_of(columns, cells, found, &t, "by_place") < 0) {
        return NULL;
    }
    rules r;
    rules_make(&r, t.columns, t.cells, suited, 0, SEQ_CELLS);
    moves_buf out = {NULL, 0, 0};
    PyObject *iterator = PyObject_GetIter(moves);
    if (!iterator || settle_table(&r, &t, &out) < 0) {
        Py_XDECREF(iterator);
        free(out.at);
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
        if (by_place_move(&r, &t, &out, card, count, target) < 0) {
            break;
        }
    }
    Py_DECREF(iterator);
    PyObject *result = PyErr_Occurred() ? NULL : moves_list(&out, places);
    free(out.at);
    return result;
}

/* ---- the independent check of a win ------------------------------------------------------ */

/* Whether `card` may lie on `below` in a column: one rank lower, of the same suit (`suited`)
 * or of the other colour. Written apart from the search's tables. */
static int
lies_on(int card, int below, int suited)
{
    if (card % 13 + 1 != below % 13) {
        return 0;
    }
    if (suited) {
        return card / 13 == below / 13;
    }
    return (card / 13 == 1 || card / 13 == 2) != (below / 13 == 1 || below / 13 == 2);
}

/* replay() of officers/eightoff/solve.py in C: the moves by place made one by one on a copy of
 * the position under the variant's rules alone (no tables, no reductions, nothing of the
 * search): a run moves only if its cards lie each on the one above, within the variant's
 * capacity (the empty cells, and the empty columns other than the target); a card goes to its
 * foundation when it is the next of its suit, into an empty cell, onto a card it may lie on,
 * or onto an empty column (a King or the head of a run led by one, where only Kings fill one).
 * -1 when every move is legal and the last leaves every card on its foundation; else the
 * index of the first move the rules refuse, or the number of moves when they end short. */
static Py_ssize_t
replay_check(table t, int kings_only, int sequence, int suited, const int *moves, Py_ssize_t n)
{
    for (Py_ssize_t k = 0; k < n; k++) {
        int source = moves[3 * k], target = moves[3 * k + 1], count = moves[3 * k + 2];
        uint8_t run[53];
        if (count < 1 || count > 52) {
            return k;
        }
        if (source >= 0 && source < t.columns) {
            if (t.len[source] < count) {
                return k;
            }
            memcpy(run, t.col[source] + t.len[source] - count, (size_t)count);
        } else if (source >= 16 && source < 16 + t.cells) {
            if (t.cell[source - 16] < 0 || count != 1) {
                return k;
            }
            run[0] = (uint8_t)t.cell[source - 16];
        } else {
            return k;
        }
        for (int i = 1; i < count; i++) {
            if (!lies_on(run[i], run[i - 1], suited)) {
                return k;
            }
        }
        if (target >= 24 && target < 28) {
            int suit = target - 24;
            if (count != 1 || run[0] / 13 != suit || t.found[suit] != run[0] % 13) {
                return k;
            }
            t.found[suit]++;
        } else if (target >= 16 && target < 16 + t.cells) {
            if (count != 1 || t.cell[target - 16] >= 0) {
                return k;
            }
            t.cell[target - 16] = run[0];
        } else if (target >= 0 && target < t.columns && target != source) {
            if (count > 1) {
                int free_cells = 0, empty_columns = 0;
                for (int i = 0; i < t.cells; i++) {
                    free_cells += t.cell[i] < 0;
                }
                for (int i = 0; i < t.columns; i++) {
                    empty_columns += i != target && t.len[i] == 0;
                }
                long most = sequence == SEQ_ONE     ? 1
                            : sequence == SEQ_CELLS ? 1 + free_cells
                                                    : (1L + free_cells) << empty_columns;
                if (count > most) {
                    return k;
                }
            }
            if (t.len[target] ? !lies_on(run[0], t.col[target][t.len[target] - 1], suited)
                              : kings_only && run[0] % 13 != 12) {
                return k;
            }
            memcpy(t.col[target] + t.len[target], run, (size_t)count);
            t.len[target] = (uint8_t)(t.len[target] + count);
        } else {
            return k;
        }
        if (source < 16) {
            t.len[source] = (uint8_t)(t.len[source] - count);
        } else {
            t.cell[source - 16] = -1;
        }
    }
    for (int suit = 0; suit < 4; suit++) {
        if (t.found[suit] != 13) {
            return n;
        }
    }
    return -1;
}

/* The moves in the standard notation (notation() of officers/eightoff/solve.py): source then
 * target (columns 1 .. 16, cells a .. g then k .., the foundations h), `v` and the count in
 * hexadecimal for a run onto an empty column, the moves separated by spaces. */
static PyObject *
notation_of(const table *start, const int *moves, Py_ssize_t n)
{
    uint8_t len[MAX_COLUMNS];
    memcpy(len, start->len, sizeof len);
    char *text = malloc((size_t)(n * 10 + 1));
    if (!text) {
        return PyErr_NoMemory();
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        int count = moves[3 * k + 2];
        if (k) {
            text[at++] = ' ';
        }
        for (int side = 0; side < 2; side++) {
            int place = moves[3 * k + side];
            if (place < 16) {
                if (place >= 9) {
                    text[at++] = '1';
                }
                text[at++] = (char)('0' + (place + 1) % 10);
            } else if (place < 24) {
                text[at++] = (char)('a' + place - 16 + (place - 16 >= 7 ? 3 : 0));
            } else {
                text[at++] = 'h';
            }
        }
        int source = moves[3 * k], target = moves[3 * k + 1];
        if (target < 16) {
            if (len[target] == 0 && count > 1) {
                static const char hex[] = "0123456789abcdef";
                text[at++] = 'v';
                if (count >= 16) {
                    text[at++] = hex[count / 16 % 16];
                }
                text[at++] = hex[count % 16];
            }
            len[target] = (uint8_t)(len[target] + count);
        }
        if (source < 16) {
            len[source] = (uint8_t)(len[source] - count);
        }
    }
    PyObject *result = PyUnicode_FromStringAndSize(text, at);
    free(text);
    return result;
}

/* ---- the whole decision ------------------------------------------------------------------ */

static PyObject *
eo_decide(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *columns, *cells, *found, *cancel, *places, *scans;
    int suited, kings_only, sequence, first, quota;
    double seconds;
    Py_ssize_t max_states;
    if (!PyArg_ParseTuple(args, "OOOppidnOOiiO:decide", &columns, &cells, &found, &suited,
                          &kings_only, &sequence, &seconds, &max_states, &cancel, &scans, &first,
                          &quota, &places)) {
        return NULL;
    }
    if (!PyTuple_Check(places) || PyTuple_Size(places) != 28) {
        PyErr_SetString(PyExc_TypeError, "decide: places is a tuple of 28 places");
        return NULL;
    }
    table t;
    int order[MAX_SCANS], count = order_of("decide", scans, first, order);
    if (count < 0 || table_of(columns, cells, found, &t, "decide") < 0 ||
        search_arguments("decide", t.columns, t.cells, sequence, seconds, max_states, cancel,
                         quota) < 0) {
        return NULL;
    }
    uint8_t key[KEY_MAX + MAX_CELLS];
    int length = 0;
    for (int i = 0; i < t.columns; i++) {
        if (i) {
            key[length++] = COLUMN_SEP;
        }
        memcpy(key + length, t.col[i], t.len[i]);
        length += t.len[i];
    }
    key[length++] = CELL_SEP;
    for (int i = 0; i < t.cells; i++) {
        if (t.cell[i] >= 0) {
            key[length++] = (uint8_t)t.cell[i];
        }
    }
    /* The key says the foundations by the cards left: they must be the ones given. */
    uint8_t low[4] = {13, 13, 13, 13};
    for (int k = 0; k < length; k++) {
        if (key[k] < 52 && key[k] % 13 < low[key[k] / 13]) {
            low[key[k] / 13] = key[k] % 13;
        }
    }
    if (memcmp(low, t.found, 4) != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "decide: the cards off the foundations are not those above them");
        return NULL;
    }
    search s;
    memset(&s, 0, sizeof s);
    rules_make(&s.r, t.columns, t.cells, suited, kings_only, sequence);
    s.scans = count;
    memcpy(s.order, order, sizeof order);
    s.quota = quota;
    s.max_states = max_states > MOST_STATES ? MOST_STATES : (uint32_t)max_states;
    int status = search_go(&s, key, length, seconds, cancel);
    if (status < 0) {
        search_free(&s);
        return NULL;
    }
    static const char *names[] = {"", "solvable", "unsolvable", "unknown", "unknown", "unknown"};
    static const char *reasons[] = {NULL, NULL, NULL, "time", "memory", "cancelled"};
    moves_buf by_place = {NULL, 0, 0};
    Py_ssize_t problem = -1;
    if (status == WON) {
        table copy = t;
        uint32_t depth = 0;
        for (uint32_t at = s.won; at != 0; at = s.records[at].parent) {
            depth++;
        }
        uint32_t *path = malloc((depth + 1) * sizeof *path);
        if (!path) {
            search_free(&s);
            return PyErr_NoMemory();
        }
        uint32_t k = depth;
        for (uint32_t at = s.won; at != 0; at = s.records[at].parent) {
            path[--k] = at;
        }
        int failed = settle_table(&s.r, &copy, &by_place);
        for (k = 0; k < depth && !failed; k++) {
            const record *e = s.records + path[k];
            failed = by_place_move(&s.r, &copy, &by_place, e->card, e->count, e->target);
        }
        free(path);
        if (failed) {
            search_free(&s);
            free(by_place.at);
            return NULL;
        }
        problem = replay_check(t, kings_only, sequence, suited, by_place.at, by_place.n / 3);
    }
    PyObject *moves = moves_list(&by_place, places);
    PyObject *written = moves ? notation_of(&t, by_place.at, by_place.n / 3) : NULL;
    PyObject *result = NULL;
    if (written) {
        result = Py_BuildValue("(sNIzNn)", names[status], moves, s.n_records, reasons[status],
                               written, problem);
    } else {
        Py_XDECREF(moves);
    }
    free(by_place.at);
    search_free(&s);
    return result;
}

/* replay_check() and notation_of() on moves by place from a position, for the tests: (the
 * index of the first move refused, or the number of moves when they end short of a win, or
 * -1; the notation). */
static PyObject *
eo_check(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *columns, *cells, *found, *moves, *places;
    int suited, kings_only, sequence;
    if (!PyArg_ParseTuple(args, "OOOppiOO:check", &columns, &cells, &found, &suited, &kings_only,
                          &sequence, &moves, &places)) {
        return NULL;
    }
    if (!PyTuple_Check(places) || PyTuple_Size(places) != 28) {
        PyErr_SetString(PyExc_TypeError, "check: places is a tuple of 28 places");
        return NULL;
    }
    table t;
    if (table_of(columns, cells, found, &t, "check") < 0) {
        return NULL;
    }
    moves_buf m = {NULL, 0, 0};
    PyObject *iterator = PyObject_GetIter(moves), *move;
    if (!iterator) {
        return NULL;
    }
    while ((move = PyIter_Next(iterator)) != NULL) {
        PyObject *source, *target;
        int count, at[2] = {-1, -1};
        int ok = PyArg_ParseTuple(move, "OOi:check", &source, &target, &count);
        if (!ok) {
            Py_DECREF(move);
            break;
        }
        for (int i = 0; i < 28; i++) { /* source and target are borrowed from move: kept */
            PyObject *place = PyTuple_GetItem(places, i);
            for (int side = 0; side < 2; side++) {
                if (at[side] < 0 &&
                    PyObject_RichCompareBool(side ? target : source, place, Py_EQ) == 1) {
                    at[side] = i;
                }
            }
        }
        Py_DECREF(move);
        if (PyErr_Occurred() || append_move(&m, at[0] < 0 ? 99 : at[0], at[1] < 0 ? 99 : at[1],
                                            count) < 0) {
            break;
        }
    }
    Py_DECREF(iterator);
    PyObject *result = NULL;
    if (!PyErr_Occurred()) {
        Py_ssize_t problem = replay_check(t, kings_only, sequence, suited, m.at, m.n / 3);
        PyObject *written = problem < 0 ? notation_of(&t, m.at, m.n / 3) : Py_None;
        if (written == Py_None) {
            Py_INCREF(written);
        }
        result = written ? Py_BuildValue("(nN)", problem, written) : NULL;
    }
    free(m.at);
    return result;
}

/* ---- reading a board text ----------------------------------------------------------------- */

/* The card a word of a board names, for the words read_board() of officers/eightoff/notation.py
 * reads as cards and that are plain ASCII: a rank (A 2 .. 9 T J Q K, 10, or 1 for the Ace) and
 * a suit (C D H S), in any case; -1 for any other word (read_board() then reads the text). */
static int
board_card(const char *word, int size)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "CDHS";
    int rank = -1;
    if (size == 3 && word[0] == '1' && word[1] == '0') {
        rank = 9;
    } else if (size == 2 && word[0] == '1') {
        rank = 0;
    } else if (size == 2) {
        const char *at = strchr(ranks, word[0] & ~0x20);
        rank = at && word[0] != 0 && (word[0] & 0x40) ? (int)(at - ranks) : -1;
        if (word[0] >= '2' && word[0] <= '9') {
            rank = word[0] - '1';
        }
    }
    if (rank < 0) {
        return -1;
    }
    const char *suit = strchr(suits, word[size - 1] & ~0x20);
    if (!suit || !(word[size - 1] & 0x40) || !*suit) {
        return -1;
    }
    return 13 * (int)(suit - suits) + rank;
}

/* The rank a foundation's word gives (C-0, H-A, s-k, D--10, S5): 0 .. 13, or -1 for any other
 * word. The suit into `suit`. */
static int
board_foundation(const char *word, int size, int *suit)
{
    static const char suits[] = "CDHS", letters[] = "0A23456789TJQK";
    if (size < 2) {
        return -1;
    }
    const char *at = strchr(suits, word[0] & ~0x20);
    if (!at || !*at || !(word[0] & 0x40)) {
        return -1;
    }
    *suit = (int)(at - suits);
    int k = 1;
    while (k < size && word[k] == '-') {
        k++;
    }
    if (size - k == 2 && word[k] == '1' && word[k + 1] == '0') {
        return 10;
    }
    if (size - k != 1) {
        return -1;
    }
    if (word[k] >= '0' && word[k] <= '9') {
        return word[k] - '0';
    }
    const char *letter = (word[k] & 0x40) ? strchr(letters, word[k] & ~0x20) : NULL;
    return letter && *letter && letter - letters >= 10 ? (int)(letter - letters)
           : letter && *letter == 'A'                  ? 1
                                                       : -1;
}

/* Whether the line (lower-cased compare) begins with one of `prefixes`: its length, or 0. */
static int
board_prefix(const char *line, int size, const char *const *prefixes)
{
    for (; *prefixes; prefixes++) {
        int n = (int)strlen(*prefixes), k = 0;
        while (k < n && k < size && (line[k] | 0x20) == (*prefixes)[k]) {
            k++;
        }
        if (k == n) {
            return n;
        }
    }
    return 0;
}

static PyObject *
eo_board(PyObject *self, PyObject *args)
{
    (void)self;
    static const char *const found_prefixes[] = {"foundations:", "foundation:", "founds:",
                                                 "found:",       "decks:",      "deck:",
                                                 NULL};
    static const char *const cell_prefixes[] = {"freecells:", "freecell:", "fc:", NULL};
    PyObject *unicode;
    int want_columns, want_cells;
    if (!PyArg_ParseTuple(args, "Uii:board", &unicode, &want_columns, &want_cells)) {
        return NULL;
    }
    Py_ssize_t size;
    if (PyUnicode_GetLength(unicode) > 10000) {
        Py_RETURN_NONE; /* the Python reader says what is wrong with it */
    }
    const char *text = PyUnicode_AsUTF8AndSize(unicode, &size);
    if (!text) { /* a lone surrogate: not a card, the Python reader refuses it */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (want_columns < 1 || want_columns > MAX_COLUMNS || want_cells < 0 ||
        want_cells > MAX_CELLS || size > 10000) {
        Py_RETURN_NONE;
    }
    uint8_t col[MAX_COLUMNS][52], len[MAX_COLUMNS] = {0};
    int cell[MAX_CELLS], found[4] = {0, 0, 0, 0}, seen_suit[4] = {0, 0, 0, 0};
    int columns = 0, cells = 0, have_found = 0, have_cells = 0, total = 0;
    for (int i = 0; i < MAX_CELLS; i++) {
        cell[i] = -1;
    }
    Py_ssize_t at = 0;
    while (at < size) {
        Py_ssize_t end = at;
        while (end < size && text[end] != '\n' && text[end] != '\r') {
            unsigned char c = (unsigned char)text[end];
            if (c >= 0x7F || (c < 0x20 && c != '\t')) {
                Py_RETURN_NONE; /* other line breaks, other spaces: read_board() reads it */
            }
            end++;
        }
        const char *line = text + at;
        int n = (int)(end - at);
        at = end + 1;
        while (n && (*line == ' ' || *line == '\t')) {
            line++;
            n--;
        }
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t')) {
            n--;
        }
        if (!n) {
            continue;
        }
        int kind, skip; /* 0 a column, 1 the foundations, 2 the cells */
        if (line[0] == ':') {
            kind = 0;
            skip = 1;
            if (columns == want_columns) {
                Py_RETURN_NONE;
            }
            columns++;
        } else if ((skip = board_prefix(line, n, found_prefixes)) != 0) {
            kind = 1;
            if (have_found++) {
                Py_RETURN_NONE;
            }
        } else if ((skip = board_prefix(line, n, cell_prefixes)) != 0) {
            kind = 2;
            if (have_cells++) {
                Py_RETURN_NONE;
            }
        } else {
            Py_RETURN_NONE;
        }
        for (int k = skip; k < n;) {
            while (k < n && (line[k] == ' ' || line[k] == '\t')) {
                k++;
            }
            int start = k;
            while (k < n && line[k] != ' ' && line[k] != '\t') {
                k++;
            }
            if (k == start) {
                break;
            }
            const char *word = line + start;
            int width = k - start;
            if (kind == 1) {
                int suit, rank = board_foundation(word, width, &suit);
                if (rank < 0 || seen_suit[suit]++) {
                    Py_RETURN_NONE;
                }
                found[suit] = rank;
                continue;
            }
            int card = kind == 2 && width == 1 && (word[0] == '-' || word[0] == '*')
                           ? -1
                           : board_card(word, width);
            if (card < 0 && kind == 0) {
                Py_RETURN_NONE;
            }
            if (kind == 2) {
                if (card < 0 && !(width == 1 && (word[0] == '-' || word[0] == '*'))) {
                    Py_RETURN_NONE;
                }
                if (cells == want_cells) {
                    Py_RETURN_NONE;
                }
                cell[cells++] = card;
            } else {
                if (++total > 52) {
                    Py_RETURN_NONE;
                }
                col[columns - 1][len[columns - 1]++] = (uint8_t)card;
            }
        }
    }
    if (columns != want_columns) {
        Py_RETURN_NONE;
    }
    /* Every card of the deck in exactly one place. */
    uint8_t seen[52] = {0};
    for (int suit = 0; suit < 4; suit++) {
        for (int rank = 0; rank < found[suit]; rank++) {
            seen[13 * suit + rank]++;
        }
    }
    for (int i = 0; i < columns; i++) {
        for (int k = 0; k < len[i]; k++) {
            seen[col[i][k]]++;
        }
    }
    for (int i = 0; i < want_cells; i++) {
        if (cell[i] >= 0) {
            seen[cell[i]]++;
        }
    }
    for (int c = 0; c < 52; c++) {
        if (seen[c] != 1) {
            Py_RETURN_NONE;
        }
    }
    PyObject *result = PyTuple_New(3), *tuple;
    if (!result) {
        return NULL;
    }
    if (!(tuple = PyTuple_New(columns)) || PyTuple_SetItem(result, 0, tuple) < 0) {
        goto failed;
    }
    for (int i = 0; i < columns; i++) {
        PyObject *cards = PyTuple_New(len[i]);
        if (!cards || PyTuple_SetItem(tuple, i, cards) < 0) {
            goto failed;
        }
        for (int k = 0; k < len[i]; k++) {
            PyObject *number = PyLong_FromLong(col[i][k]);
            if (!number || PyTuple_SetItem(cards, k, number) < 0) {
                goto failed;
            }
        }
    }
    if (!(tuple = PyTuple_New(want_cells)) || PyTuple_SetItem(result, 1, tuple) < 0) {
        goto failed;
    }
    for (int i = 0; i < want_cells; i++) {
        PyObject *item = cell[i] < 0 ? Py_None : PyLong_FromLong(cell[i]);
        if (item == Py_None) {
            Py_INCREF(item);
        }
        if (!item || PyTuple_SetItem(tuple, i, item) < 0) {
            goto failed;
        }
    }
    tuple = Py_BuildValue("(iiii)", found[0], found[1], found[2], found[3]);
    if (!tuple || PyTuple_SetItem(result, 2, tuple) < 0) {
        goto failed;
    }
    return result;
failed:
    Py_DECREF(result);
    return NULL;
}

static PyMethodDef eo_methods[] = {
    {"search", eo_search, METH_VARARGS,
     "search(key, columns, cells, suited, kings_only, sequence, seconds, max_states, cancel"
     "[, scans, first, quota])\n"
     "-> (status, moves, states, reason)\n\n"
     "The best-first search of officers.eightoff.solve_search.best_first from the position of "
     "key (columns joined by 0xFF, 0xFE, the cells' cards), under the variant (sequence: 0 "
     "cells, 1 freecell, 2 one); seconds < 0: no time limit; cancel None or a callable whose "
     "true answer stops the search; scans (1 .. 6: the scans 0 .. scans - 1; or a tuple of "
     "distinct scans 0 .. 5) share the store, taking turns of quota expansions, the one at "
     "index first first (1: best_first() itself, the default). status is "
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
    {"decide", eo_decide, METH_VARARGS,
     "decide(columns, cells, foundations, suited, kings_only, sequence, seconds, max_states, "
     "cancel, scans, first, quota, places)\n"
     "-> (status, moves, states, reason, notation, refused)\n\n"
     "officers.eightoff.solve.solve's decision in one call: the search of search() from the "
     "position itself (columns in their own order, each a sequence of cards; cells a card or "
     "None each; the four foundations), the win by card turned into moves by place as "
     "by_place() turns it, replayed by the rules alone (check()) and written in the standard "
     "notation. moves are (source place, target place, count) with the places of places; "
     "refused is -1, or the index of the first move the replay refuses (the number of moves "
     "when they end short of a win)."},
    {"check", eo_check, METH_VARARGS,
     "check(columns, cells, foundations, suited, kings_only, sequence, moves, places)\n"
     "-> (refused, notation)\n\n"
     "The replay of decide(): moves by place (source, target, count), the places equal to "
     "those of places, made one by one by the rules; refused -1 when all are legal and end "
     "with every card on its foundation (then notation is their standard notation, else None), "
     "else the index of the first move refused (the number of moves when they end short)."},
    {"board", eo_board, METH_VARARGS,
     "board(text, columns, cells) -> (columns, cells, foundations) or None\n\n"
     "A board text of officers.eightoff.notation.read_board in its plain form (lines ': cards', "
     "one 'Foundations:' and one 'Freecells:' line, ASCII cards such as TD, 10d or 1s) read "
     "as a position of `columns` columns and `cells` cells whose every card is in exactly one "
     "place; None for any other text (read_board then reads it, and says what is wrong)."},
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
    if (module != NULL && (PyModule_AddIntConstant(module, "ABI", ABI) < 0 ||
                           PyModule_AddIntConstant(module, "SCANS", MAX_SCANS) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
