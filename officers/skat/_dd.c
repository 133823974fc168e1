/* officers.skat._dd: the double-dummy search of officers.skat.search, compiled.
 *
 * The same alpha-beta over whole tricks on the same encoding (a slot is 16 * player + 8 * layer
 * + pile; a mask of the slots still holding a card and the leader are the whole state between
 * two tricks), with the same enhancements, each argued sound in officers/skat/search.py and
 * docs/skat.md: a transposition table of lower and upper bounds and the best lead, the
 * master-trump bounds, the last trick scored directly, the same move ordering, the same
 * equivalent cards. Besides: the table's best lead is searched before the others are ordered;
 * a position of 12 cards or more first looks for an enhanced transposition cutoff
 * (transposition_cut, argued there); from 8 cards up each lead first looks for an answer that
 * the table shows refutes it (refutation, argued there). The first is tried only where the
 * search expects the position to fail high (trick's ``cut``): elsewhere its probes would
 * mostly be spent for nothing. The table differs in kind: it is
 * bounded (it starts at 2 ** 14 entries of 8 bytes and doubles when half full, up to 2 ** bits;
 * the old table is freed when the call ends), a bucket holds two entries, and a full bucket
 * forgets the one with fewer cards left; a forgotten entry costs time, never correctness, as
 * every entry holds true bounds. From 10 cards up a position also borrows the bounds of a
 * *neighbour* the table holds, one that differs from it only in which of two near last cards
 * of one player is left, widened by their points (neighbour, argued there).
 *
 * value() runs one zero-window (or any) search; exact() finds the exact value by zero-window
 * tests, several at once in threads of their own on the one table if asked (coordinator,
 * argued there). An entry is read and written whole, as one 8-byte word: whoever wrote it, it
 * holds true bounds of its own position.
 *
 * A search runs without the GIL; every CHECK_EVERY tricks it looks at the clock (the time
 * limit: it answers None) and the calling thread's search, with the GIL taken back for the
 * moment, at Python's signals (a handler that raises, as Ctrl-C's does, stops every thread with
 * that exception). A search is used by one call at a time: another call on it while it runs is
 * refused.
 *
 * The value is the points the leader of the trick takes from the position to the end (the
 * leader maximises, the other player minimises), fail-soft: exact strictly inside the window,
 * else a true bound on the side it fails.
 *
 * The module is optional: officers/skat/search.py runs the same search in Python without it,
 * and the tests hold the two to the same values. Python's limited API (3.11), one build for
 * every later version. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ABI 5
#define CHECK_EVERY 1024 /* tricks searched between two looks at the clock */
#define TRUMP 4
#define MIN_BITS 10
#define MAX_BITS 26 /* the largest table: 2 ** 26 entries of 8 bytes, 512 MiB */
#define ETC_CARDS 12   /* positions of this many cards or more try a cutoff for the leader */
#define REFUTE_CARDS 8 /* ... of this many or more, a refutation of each lead from the table */
#define START_BITS 14 /* a table starts at 2 ** 14 entries (128 KiB) and doubles when half full */
#define NEIGHBOUR_CARDS 10 /* ... of this many or more, bounds from a neighbour (neighbour) */

typedef union {
    struct {
        uint32_t mask;  /* 0: empty (a stored position holds at least 4 cards) */
        uint8_t low;    /* the value is at least low ... */
        uint8_t high;   /* ... and at most high */
        uint8_t best;   /* the best lead found (a slot), or 0xFF */
        uint8_t leader; /* 0 or 1 */
    } f;
    uint64_t raw; /* read and written whole: searches in other threads may share the table */
} entry;

/* A table: 2 ** bits entries. Searches running at once share one; it grows by being replaced
 * with a larger copy, and the one replaced is kept (in the list ``retired``) until no search
 * runs: a search may still read or write it, and what it writes there is lost, which costs
 * time, never correctness, as every entry holds true bounds. */
typedef struct table {
    int bits;
    struct table *retired; /* the table this one replaced (and so on), or NULL */
    entry slots[];
} table;

typedef struct {
    table *current;
    int max_bits;         /* the table grows up to 2 ** max_bits */
    uint64_t stored;      /* entries in use (each search adds its count every 64) */
    pthread_mutex_t grow; /* one search grows the table at a time */
    int stop;             /* for searches in threads: 1 out of time, 2 a Python exception */
} shared;

typedef struct {
    /* the board: per slot */
    uint8_t lane[32], power[32], points[32];
    uint32_t present;      /* the slots that hold a card in any position of this search */
    uint32_t lanes[2][5];  /* each player's slots of each lane */
    uint32_t above[32];    /* the slots of a slot's lane above it */
    uint32_t between[32 * 32];
    uint8_t beats[32 * 32]; /* beats[32 * a + b]: b wins the trick a led */
    int8_t gains[32 * 32];  /* the trick's points for its leader, negative when lost */
    uint8_t replies[32][16];
    uint8_t n_replies[32];
    uint32_t single;     /* the slots that may be equivalent (see distinct) */
    uint32_t trumps;     /* every trump slot */
    uint32_t by_points[12]; /* the slots of the cards worth 0 .. 11 points */
    uint32_t kin[32];       /* the under slots of a slot's owner and lane, but the slot */
    /* the table, shared by the searches that run at once on this board (see exact) */
    shared *sh;
    /* a search's state */
    long long nodes;
    double deadline;     /* seconds of the monotonic clock, or 0: none */
    int stop;            /* 1: out of time, 2: a Python exception is set, 3: given up */
    int main;            /* 1: the calling thread's search (it looks at Python's signals) */
    int abort;           /* set by another thread: give up this test */
    int fresh;           /* entries this search made, not yet added to sh->stored */
    int busy;
    PyThreadState *thread; /* while the search runs without the GIL */
} state;

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int
popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static inline int
lowest(uint32_t x)
{
    return __builtin_ctz(x);
}

/* A player's face-up slots: the tops, and the under slots whose top is gone. */
static inline uint32_t
face_up(uint32_t mask, int player)
{
    int shift = 16 * player;
    uint32_t tops = (mask >> shift) & 0xFF;
    uint32_t unders = (mask >> (shift + 8)) & 0xFF & ~tops;
    return (tops | unders << 8) << shift;
}

/* ---- the board ------------------------------------------------------------------------ */

/* Each card's tables in one game, computed once, from which a board is laid out by lookups
 * (the chance search lays out a board for every leaf): what the pair of cards gives when a
 * leads and b answers. */
typedef struct {
    uint8_t beats[32 * 32]; /* beats[32 * a + b]: b wins the trick a led */
    int8_t gains[32 * 32];  /* the trick's points for its leader, negative when lost */
} deck;

static void
deck_build(deck *d, const uint8_t *lane, const uint8_t *power, const uint8_t *points)
{
    for (int a = 0; a < 32; a++) {
        for (int b = 0; b < 32; b++) {
            int same = lane[a] == lane[b];
            int wins = b != a && (same ? power[b] > power[a] : lane[b] == TRUMP);
            int gain = points[a] + points[b];
            d->beats[32 * a + b] = (uint8_t)wins;
            d->gains[32 * a + b] = (int8_t)(wins ? -gain : gain);
        }
    }
}

/* The tables that depend on each slot alone, for the slots of ``present``. */
static void
board_slots(state *s)
{
    uint32_t present = s->present;
    memset(s->lanes, 0, sizeof s->lanes);
    s->trumps = 0;
    s->single = 0;
    memset(s->by_points, 0, sizeof s->by_points);
    for (uint32_t m = present; m; m &= m - 1) {
        int x = lowest(m);
        s->by_points[s->points[x]] |= (uint32_t)1 << x;
        s->lanes[x >> 4][s->lane[x]] |= (uint32_t)1 << x;
        if (s->lane[x] == TRUMP) {
            s->trumps |= (uint32_t)1 << x;
        }
        /* the last card of a pile worth 0 or 2 (a Jack): the only cards with a twin */
        if ((x & 15) >= 8 && (s->points[x] == 0 || s->points[x] == 2)) {
            s->single |= (uint32_t)1 << x;
        }
        s->above[x] = 0;
        s->kin[x] = 0;
    }
}

/* The tables of the lanes: the cards above a slot's, those between two, a slot's kin. */
static void
board_lanes(state *s)
{
    uint32_t present = s->present;
    for (uint32_t mx = present; mx; mx &= mx - 1) {
        int x = lowest(mx);
        uint32_t lane = s->lanes[0][s->lane[x]] | s->lanes[1][s->lane[x]];
        for (uint32_t my = lane & ~((uint32_t)1 << x); my; my &= my - 1) {
            int y = lowest(my);
            if (s->power[y] > s->power[x]) {
                s->above[x] |= (uint32_t)1 << y;
            }
        }
    }
    for (uint32_t mx = present; mx; mx &= mx - 1) {
        int x = lowest(mx);
        uint32_t lane = s->lanes[0][s->lane[x]] | s->lanes[1][s->lane[x]];
        for (uint32_t my = lane & ~((uint32_t)1 << x); my; my &= my - 1) {
            int y = lowest(my);
            int low = s->power[x] < s->power[y] ? x : y, high = low == x ? y : x;
            s->between[32 * x + y] = s->above[low] & ~s->above[high] & ~((uint32_t)1 << high);
            if ((y & 8) && (x >> 4) == (y >> 4)) {
                s->kin[x] |= (uint32_t)1 << y;
            }
        }
    }
}

/* a's answers (the other player's slots of ``present``) in the order answer_before gives
 * them, equal answers by slot: each answer's sort key packs the trick's points for the leader,
 * whether it is the last card of its pile, its power and its slot. */
static void
board_replies(state *s, int a)
{
    uint32_t other = s->present & (a >> 4 ? 0xFFFFu : 0xFFFF0000u);
    uint32_t keys[16];
    int n = 0;
    for (uint32_t mb = other; mb; mb &= mb - 1) {
        int b = lowest(mb);
        uint32_t key = (uint32_t)(s->gains[32 * a + b] + 64) << 14 |
                       (uint32_t)((b & 15) >= 8) << 13 | (uint32_t)s->power[b] << 5 |
                       (uint32_t)b;
        int i = n++;
        while (i > 0 && keys[i - 1] > key) {
            keys[i] = keys[i - 1];
            i--;
        }
        keys[i] = key;
    }
    for (int i = 0; i < n; i++) {
        s->replies[a][i] = (uint8_t)(keys[i] & 31);
    }
    s->n_replies[a] = (uint8_t)n;
}

/* The board's tables, for the slots of ``present`` (the search reads no other: every mask it
 * meets lies within them; the entries of other slots keep whatever they held). */
static void
board_build(state *s)
{
    uint32_t present = s->present;
    board_slots(s);
    for (uint32_t ma = present; ma; ma &= ma - 1) {
        int a = lowest(ma);
        for (uint32_t mb = present & ~((uint32_t)1 << a); mb; mb &= mb - 1) {
            int b = lowest(mb);
            int same = s->lane[a] == s->lane[b];
            int wins = same ? s->power[b] > s->power[a] : s->lane[b] == TRUMP;
            int gain = s->points[a] + s->points[b];
            s->beats[32 * a + b] = (uint8_t)wins;
            s->gains[32 * a + b] = (int8_t)(wins ? -gain : gain);
        }
    }
    board_lanes(s);
    for (uint32_t ma = present; ma; ma &= ma - 1) {
        board_replies(s, lowest(ma));
    }
}

/* The same tables for the cards ``card`` (by slot, -1 for none; ``present`` the slots that
 * hold one) by lookups in the deck's tables: what board_build makes of the same board. */
static void
board_of_cards(state *s, const deck *d, const int *card)
{
    uint32_t present = s->present;
    board_slots(s);
    for (uint32_t ma = present; ma; ma &= ma - 1) {
        int a = lowest(ma);
        const uint8_t *beats = d->beats + 32 * card[a];
        const int8_t *gains = d->gains + 32 * card[a];
        for (uint32_t mb = present & ~((uint32_t)1 << a); mb; mb &= mb - 1) {
            int b = lowest(mb);
            s->beats[32 * a + b] = beats[card[b]];
            s->gains[32 * a + b] = gains[card[b]];
        }
    }
    board_lanes(s);
    for (uint32_t ma = present; ma; ma &= ma - 1) {
        board_replies(s, lowest(ma));
    }
}

/* ``slots`` (n of them) less those equivalent to one kept; the kept count.
 *
 * Two cards x and y of one player, both the last card of their pile, in the same lane, worth
 * the same points, with no card of the other player still out of that lane between them
 * (``context``: the slots in the piles and the card on the table; the player's own cards do
 * not count, as two cards of one player never meet in a trick): after x and after y the
 * positions are the same up to the names of x and y, so both moves have the same value
 * (search.py and docs/skat.md prove it). Only one of them is searched. */
static int
distinct(const state *s, uint8_t *slots, int n, uint32_t context)
{
    int kept = 0;
    for (int i = 0; i < n; i++) {
        int x = slots[i], twin = 0;
        if (s->single >> x & 1) {
            for (int j = 0; j < kept; j++) {
                int y = slots[j];
                if ((s->single >> y & 1) && s->lane[x] == s->lane[y] &&
                    s->points[x] == s->points[y] &&
                    !(context & s->between[32 * x + y] & (x >> 4 ? 0xFFFFu : 0xFFFF0000u))) {
                    twin = 1;
                    break;
                }
            }
        }
        if (!twin) {
            slots[kept++] = (uint8_t)x;
        }
    }
    return kept;
}

/* ---- the bounds ----------------------------------------------------------------------- */

/* The points of each player's master trumps: trumps no trump still out of the other player
 * beats. Each wins the trick it is played to, so its owner takes its points (search.py). */
static inline void
sure(const state *s, uint32_t mask, int totals[2])
{
    totals[0] = totals[1] = 0;
    uint32_t t = mask & s->trumps;
    while (t) {
        int x = lowest(t);
        t &= t - 1;
        int owner = x >> 4;
        uint32_t other = owner ? 0xFFFFu : 0xFFFF0000u;
        if (!(mask & s->above[x] & other)) {
            totals[owner] += s->points[x];
        }
    }
}

/* The bounds of the leader's value with no table entry: the leader takes at least the points of
 * her master trumps, the other player at least those of his (sure). */
static inline void
bounds(const state *s, uint32_t mask, int leader, int rest, int *low, int *high)
{
    int totals[2];
    sure(s, mask, totals);
    int follower = 1 - leader;
    *low = totals[leader];
    *high = rest - totals[follower];
}

/* ---- the table ------------------------------------------------------------------------ */

/* The table searches use now. */
static inline table *
current(const state *s)
{
    return __atomic_load_n(&s->sh->current, __ATOMIC_ACQUIRE);
}

/* The first entry of a position's bucket of two. */
static inline entry *
bucket(const table *t, uint32_t mask, int leader)
{
    uint64_t h = (((uint64_t)mask << 1) | (uint64_t)leader) * 0x9E3779B97F4A7C15ull;
    return (entry *)t->slots + ((size_t)(h >> (64 - t->bits)) & ~(size_t)1);
}

/* An entry read whole (another thread may be writing it). */
static inline entry
load(const entry *e)
{
    entry out;
    out.raw = __atomic_load_n(&e->raw, __ATOMIC_RELAXED);
    return out;
}

/* Whether the table holds the position; its entry copied to *out if so. Both entries are
 * compared without a branch each (the processor guesses those badly): the key is the mask and
 * the leader, the other bytes masked off (byte order does not matter: the key is built the same
 * way). */
static inline int
probe(const state *s, uint32_t mask, int leader, entry *out)
{
    const entry *e = bucket(current(s), mask, leader);
    entry want = {.f = {mask, 0, 0, 0, (uint8_t)leader}};
    entry ones = {.f = {0xFFFFFFFFu, 0, 0, 0, 0xFF}};
    entry a = load(e), b = load(e + 1);
    unsigned hits = (unsigned)((a.raw & ones.raw) == want.raw) |
                    (unsigned)((b.raw & ones.raw) == want.raw) << 1;
    *out = hits & 1 ? a : b;
    return hits != 0;
}

/* Ask for a position's bucket ahead of its probe (the probes of a node's children then wait
 * for memory together rather than one after the other). */
static inline void
prefetch(const state *s, uint32_t mask, int leader)
{
    __builtin_prefetch(bucket(current(s), mask, leader));
}

static void grow(state *s, table *t);

/* One more entry in use: counted by the search, added to the shared count every 64 (searches
 * in threads would otherwise all write one cache line at every new entry). */
static inline void
count_new(state *s)
{
    if (++s->fresh == 64) {
        __atomic_fetch_add(&s->sh->stored, 64, __ATOMIC_RELAXED);
        s->fresh = 0;
    }
}

/* Store bounds: in the position's entry if it has one, else in the bucket's empty entry, else
 * over the one with fewer cards left (the cheaper to find again); the entry written whole. A
 * table half full grows. */
static inline void
store(state *s, uint32_t mask, int leader, int low, int high, int best)
{
    shared *sh = s->sh;
    table *t = current(s);
    if (__atomic_load_n(&sh->stored, __ATOMIC_RELAXED) * 2 > ((uint64_t)1 << t->bits) &&
        t->bits < __atomic_load_n(&sh->max_bits, __ATOMIC_RELAXED)) {
        grow(s, t);
        t = current(s);
    }
    entry *e = bucket(t, mask, leader);
    entry a = load(e), b = load(e + 1);
    entry *into;
    if (a.f.mask == mask && a.f.leader == leader) {
        into = e;
    } else if (b.f.mask == mask && b.f.leader == leader) {
        into = e + 1;
    } else if (a.f.mask == 0) {
        into = e;
        count_new(s);
    } else if (b.f.mask == 0) {
        into = e + 1;
        count_new(s);
    } else {
        into = popcount(a.f.mask) <= popcount(b.f.mask) ? e : e + 1;
    }
    entry n = {.f = {mask, (uint8_t)low, (uint8_t)high, (uint8_t)best, (uint8_t)leader}};
    __atomic_store_n(&into->raw, n.raw, __ATOMIC_RELAXED);
}

static table *
table_new(int bits)
{
    table *t = calloc(1, sizeof(table) + ((size_t)1 << bits) * sizeof(entry));
    if (t != NULL) {
        t->bits = bits;
    }
    return t;
}

/* Free the tables t replaced (no search may be running). */
static void
retire_all(table *t)
{
    table *r = t->retired;
    t->retired = NULL;
    while (r != NULL) {
        table *next = r->retired;
        free(r);
        r = next;
    }
}

/* Replace t by a table twice as large with its entries (where memory runs out, it stays).
 * One search grows it at a time; another that finds the lock taken goes on with the table as
 * it is. The entries are read whole from t while other searches may still write there. */
static void
grow(state *s, table *t)
{
    shared *sh = s->sh;
    if (pthread_mutex_trylock(&sh->grow) != 0) {
        return;
    }
    table *n = current(s) == t ? table_new(t->bits + 1) : NULL;
    if (n == NULL) {
        if (current(s) == t) { /* no memory for it: the table stays as it is */
            __atomic_store_n(&sh->max_bits, t->bits, __ATOMIC_RELAXED);
        }
        pthread_mutex_unlock(&sh->grow);
        return;
    }
    uint64_t moved = 0;
    size_t size = (size_t)1 << t->bits;
    for (size_t i = 0; i < size; i++) {
        entry old = load(&t->slots[i]);
        if (!old.f.mask) {
            continue;
        }
        /* a bucket of t splits into two of n: each of those gets at most its two entries */
        entry *e = bucket(n, old.f.mask, old.f.leader);
        e += e[0].f.mask != 0;
        *e = old;
        moved++;
    }
    n->retired = t;
    __atomic_store_n(&sh->stored, moved, __ATOMIC_RELAXED);
    __atomic_store_n(&sh->current, n, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&sh->grow);
}

/* ---- the search ----------------------------------------------------------------------- */

static int trick(state *s, uint32_t mask, int leader, int rest, int alpha, int beta, int cut);

/* Whether a Python signal handler raised (the exception is then set). The search runs without
 * the GIL; it takes it back only for this look. */
static int
signalled(state *s)
{
    PyEval_RestoreThread(s->thread);
    int raised = PyErr_CheckSignals() < 0;
    s->thread = PyEval_SaveThread();
    return raised;
}

/* Look at the clock (and, the calling thread's search, at Python's signals) every CHECK_EVERY
 * tricks, at every trick whether another thread gave this test up; 1 to stop. */
static int
out_of_time(state *s)
{
    if (s->stop) {
        return 1;
    }
    if (__atomic_load_n(&s->abort, __ATOMIC_RELAXED)) {
        s->stop = 3;
        return 1;
    }
    if (++s->nodes % CHECK_EVERY) {
        return 0;
    }
    int others = __atomic_load_n(&s->sh->stop, __ATOMIC_RELAXED);
    if (others) { /* another thread's search ran out of time or met an exception */
        s->stop = others;
        return 1;
    }
    if (s->deadline > 0 && now() > s->deadline) {
        s->stop = 1;
        return 1;
    }
    if (s->main && signalled(s)) {
        s->stop = 2;
        return 1;
    }
    return 0;
}

/* The leader's leads, less equivalent ones and less ``skip`` (the table's best lead, searched
 * first), each as a key, unsorted: trick() takes the greatest first. The order is by the best
 * immediate answer of the other player (the first allowed in its order), the trick's points won
 * or lost, then the lower slot (as search.py sorts: among leads of equal score, a top before a
 * last card, as playing it turns a card up). That answer's points are the least over the
 * allowed answers (the other player's order tries the trick's worst for the leader first), so
 * the key is 32 times that least (made positive) plus 31 less the slot; the count. */
static int
lead_keys(const state *s, uint32_t mask, int leader, int skip, int *keys)
{
    uint32_t face = face_up(mask, leader);
    uint8_t slots[16];
    int n = 0;
    for (uint32_t f = face; f; f &= f - 1) {
        slots[n++] = (uint8_t)lowest(f);
    }
    uint32_t twins = face & s->single;
    if (twins & (twins - 1)) {
        n = distinct(s, slots, n, mask);
    }
    int follower = 1 - leader;
    uint32_t other = face_up(mask, follower);
    int m = 0;
    for (int i = 0; i < n; i++) {
        int a = slots[i];
        if (a == skip) {
            continue;
        }
        uint32_t options = other & s->lanes[follower][s->lane[a]];
        if (!options) {
            options = other;
        }
        const int8_t *gain = s->gains + 32 * a;
        int score = 127; /* the other player holds as many cards: options is never empty */
        for (uint32_t g = options; g; g &= g - 1) {
            int c = gain[lowest(g)];
            score = c < score ? c : score;
        }
        keys[m++] = 32 * (score + 64) + 31 - a; /* score: -22 .. 22 */
    }
    return m;
}

/* The other player's answers to a (allowed by the rules), in its order, less equivalent ones
 * (``context``: the slots still out, the card led among them); the count. */
static int
answers(const state *s, int a, uint32_t allowed, uint32_t context, uint8_t *out)
{
    int n = 0;
    if (allowed & (allowed - 1)) {
        /* the other player's replies in its order, those allowed kept (no branch a reply;
         * every allowed slot is among the replies, so the scan stops at the last one) */
        const uint8_t *reply = s->replies[a];
        int want = popcount(allowed), size = s->n_replies[a];
        for (int i = 0; n < want && i < size; i++) {
            int b = reply[i];
            out[n] = (uint8_t)b;
            n += (int)(allowed >> b & 1);
        }
    } else {
        out[n++] = (uint8_t)lowest(allowed);
    }
    uint32_t twins = allowed & s->single;
    if (twins & (twins - 1)) {
        n = distinct(s, out, n, context);
    }
    return n;
}

/* The value of the trick a leads (``mask`` without a), the follower answering, in the window
 * ``alpha, beta``: the lowest over its answers. The follower is expected to find a refutation
 * (see lead: the answers' ``cut``). */
static int
answer(state *s, uint32_t mask, int leader, int a, int rest, int alpha, int beta)
{
    int follower = 1 - leader;
    uint32_t up = face_up(mask, follower);
    uint32_t allowed = up & s->lanes[follower][s->lane[a]];
    if (!allowed) {
        allowed = up;
    }
    uint8_t options[16];
    int n = answers(s, a, allowed, mask | (uint32_t)1 << a, options);
    int worst = 999;
    for (int i = 0; i < n; i++) {
        int b = options[i];
        uint32_t after = mask ^ (uint32_t)1 << b;
        int gain = s->points[a] + s->points[b];
        int top = beta < worst ? beta : worst;
        int value;
        if (s->beats[32 * a + b]) {
            int left = rest - gain;
            value = after ? left - trick(s, after, follower, left, left - top, left - alpha,
                                         i == 0)
                          : 0;
        } else {
            value = gain + (after ? trick(s, after, leader, rest - gain, alpha - gain, top - gain,
                                          i > 0)
                                  : 0);
        }
        if (s->stop) {
            return 0;
        }
        if (value < worst) {
            worst = value;
            if (worst <= alpha) {
                break;
            }
        }
    }
    return worst;
}

/* Enhanced transposition cutoff for the follower, before any answer to a is searched: an
 * answer that the table already shows holds the leader to at most floor refutes the lead; that
 * bound, or -1.
 *
 * Sound: the lead's value is the least over the answers, so at most the value of any one
 * answer b; that is gain + v when the leader wins the trick (v at most the high of the entry of
 * the position after it, the leader leading) and rest - gain - v' when the follower wins it
 * (v' at least the low of his entry). */
static int
refutation(state *s, uint32_t before, int leader, int a, int rest, int floor,
           const uint8_t *options, int m)
{
    for (int k = 0; k < m; k++) {
        int b = options[k];
        prefetch(s, before ^ (uint32_t)1 << b, s->beats[32 * a + b] ? 1 - leader : leader);
    }
    for (int k = 0; k < m; k++) {
        int b = options[k];
        uint32_t after = before ^ (uint32_t)1 << b;
        int gain = s->points[a] + s->points[b];
        int value;
        entry e;
        if (s->beats[32 * a + b]) {
            value = probe(s, after, 1 - leader, &e) ? rest - gain - e.f.low : 999;
        } else {
            value = probe(s, after, leader, &e) ? gain + e.f.high : 999;
        }
        if (value <= floor) {
            return value;
        }
    }
    return -1;
}

/* The value of leading a (the follower answering, the lowest over its answers), searched in
 * the window floor, beta. ``cut``: whether the follower is expected to refute the lead (to hold
 * the leader to at most floor; else every answer is expected to fail to). The positions after
 * the answers are expected as in any alpha-beta tree: the first answer where a refutation is
 * expected is expected to be it (its position fails on the follower's side), and then each
 * other answer, or each where none is expected, on the leader's side; a position's ``cut``
 * (trick) is whether it fails high for its own leader, so it is the follower's side when he
 * leads next, the leader's when she does. (A refutation from the table is looked for either
 * way: where none is expected it still found some, and saved more than its probes cost.) */
static inline int
lead(state *s, uint32_t mask, int leader, int a, int rest, int floor, int beta, int cut)
{
    int follower = 1 - leader;
    uint32_t up = face_up(mask, follower);
    uint32_t allowed = up & s->lanes[follower][s->lane[a]];
    if (!allowed) {
        allowed = up;
    }
    uint8_t options[16];
    int m = answers(s, a, allowed, mask, options);
    uint32_t before = mask ^ (uint32_t)1 << a;
    if (popcount(mask) >= REFUTE_CARDS) {
        int bound = refutation(s, before, leader, a, rest, floor, options, m);
        if (bound >= 0) {
            return bound;
        }
    }
    int worst = 999;
    for (int k = 0; k < m; k++) { /* the follower's choice: the lowest value */
        int b = options[k];
        uint32_t after = before ^ (uint32_t)1 << b;
        int gain = s->points[a] + s->points[b];
        int top = beta < worst ? beta : worst;
        int value;
        int refuting = cut && k == 0; /* expected to hold the leader to floor */
        if (s->beats[32 * a + b]) {
            int left = rest - gain;
            value = left - trick(s, after, follower, left, left - top, left - floor, refuting);
        } else {
            value = gain + trick(s, after, leader, rest - gain, floor - gain, top - gain,
                                 !refuting);
        }
        if (s->stop) {
            return 0;
        }
        if (value < worst) {
            worst = value;
            if (worst <= floor) {
                break;
            }
        }
    }
    return worst;
}

/* Enhanced transposition cutoff, before any lead is searched: a lead all of whose answers lead
 * to positions the table already bounds well enough is worth at least beta; that bound, or -1.
 *
 * Sound: the value of lead a is the least over the follower's allowed answers b of the value
 * of (a, b); that is gain + v when the leader wins the trick (v: the value of the position
 * after it, the leader leading again, at least its table entry's low) and rest - gain - v'
 * when the follower wins it (v': his value leading next, at most his entry's high). So each
 * answer is bounded from below, their least bounds the lead from below, and the position is
 * worth at least any lead. Every allowed answer is looked at (no equivalent-card reduction),
 * which only makes the bound safer. A position the table lacks gives no bound: no cut. */
static int
transposition_cut(state *s, uint32_t mask, int leader, int rest, int beta)
{
    /* no prefetch of all the buckets first: most leads are given up after a probe or two, and
     * asking for every bucket (up to 64) stalled on memory more than it saved (measured) */
    int follower = 1 - leader;
    uint32_t up = face_up(mask, follower);
    for (uint32_t f = face_up(mask, leader); f; f &= f - 1) {
        int a = lowest(f);
        uint32_t allowed = up & s->lanes[follower][s->lane[a]];
        if (!allowed) {
            allowed = up;
        }
        uint32_t before = mask ^ (uint32_t)1 << a;
        int worst = 999;
        for (uint32_t g = allowed; g; g &= g - 1) {
            int b = lowest(g);
            uint32_t after = before ^ (uint32_t)1 << b;
            int gain = s->points[a] + s->points[b];
            int value;
            entry e;
            if (s->beats[32 * a + b]) {
                value = probe(s, after, follower, &e) ? rest - gain - e.f.high : -1;
            } else {
                value = probe(s, after, leader, &e) ? gain + e.f.low : -1;
            }
            if (value < worst) {
                worst = value;
                if (worst < beta) {
                    break;
                }
            }
        }
        if (worst >= beta) {
            return worst;
        }
    }
    return -1;
}

/* Bounds from the neighbours the table holds (low and high narrowed); 1 if one was found.
 *
 * A neighbour of a position differs from it only in one last card x of a pile (nothing lies
 * beneath it, its top is gone) being another card y of the same player and lane that is no
 * longer out, y's pile empty, with no card of the other player still out of that lane between
 * x and y: the position with y left in the place of x. (Such pairs are the equivalent cards
 * of distinct, but for their points: the table then holds many positions that differ only in
 * which of two such cards was played.)
 *
 * Sound: map x to y and every other card to itself. Owners, lanes and piles correspond (each
 * of x and y the last card of its pile, the other pile empty), and so does the order of power
 * wherever it decides a trick: a trick holds one card of each player, so x (or y) only ever
 * meets the other player's cards, and each of those still out is above both or below both.
 * So the face-up cards, the answers the follow rule allows, the winner of every trick and the
 * card turned up correspond, and every line of play from the one position corresponds to one
 * from the other with the same winner of every trick (and after it the two positions again
 * differ in x and y only, no card of the other player ever coming between them). On
 * corresponding lines the leader's points differ by the points of x and y only: by
 * d = p(x) - p(y) when she takes x on the one line (so y on the other), else by nothing. A difference within
 * [min(0, d), max(0, d)] on every pair of corresponding lines holds for best play of both
 * too, so from the neighbour's true bounds low', high':
 *     low' - max(0, -d) <= v <= high' + max(0, d). */
static int
neighbour(state *s, uint32_t mask, int leader, int *low, int *high)
{
    uint32_t lasts = mask & 0xFF00FF00u & ~(mask << 8);  /* under slots, their top gone */
    uint32_t empty = ~mask & 0xFF00FF00u & ~(mask << 8); /* under slots of empty piles */
    uint32_t near[16]; /* the neighbours (at most 16 looked at) ... */
    int points[16], n = 0; /* ... and p(x) - p(y) of each */
    for (uint32_t f = lasts; f; f &= f - 1) {
        int x = lowest(f);
        for (uint32_t g = s->kin[x] & empty; g && n < 16; g &= g - 1) {
            int y = lowest(g);
            if (!(mask & s->between[32 * x + y] & (x >> 4 ? 0xFFFFu : 0xFFFF0000u))) {
                near[n] = mask ^ (uint32_t)1 << x ^ (uint32_t)1 << y;
                points[n++] = s->points[x] - s->points[y];
                prefetch(s, near[n - 1], leader);
            }
        }
    }
    int found = 0;
    for (int i = 0; i < n; i++) {
        entry e;
        if (probe(s, near[i], leader, &e)) {
            int d = points[i];
            int l = e.f.low - (d < 0 ? -d : 0), u = e.f.high + (d > 0 ? d : 0);
            *low = l > *low ? l : *low;
            *high = u < *high ? u : *high;
            found = 1;
        }
    }
    return found;
}

/* The leader's value of a position in the window alpha, beta (fail-soft). ``cut``: whether the
 * search expects it to fail high (value >= beta; else low). Only then is an enhanced
 * transposition cutoff looked for (where a position is expected to fail low the cutoff is
 * seldom there to find: its probes were measured to cost more than it saved). The first lead
 * of a position expected to fail high is expected to be its cut, all of its answers failing
 * (lead's cut 0); every other lead, and each lead of a position expected to fail low, is
 * expected to be refuted (lead's cut 1). A guess: it orders no move and decides no value, it
 * only chooses where the table is asked for a cutoff that is sound wherever it is tried. */
static int
trick(state *s, uint32_t mask, int leader, int rest, int alpha, int beta, int cut)
{
    if (out_of_time(s)) {
        return 0;
    }
    uint32_t pair = mask & (mask - 1);
    if (!(pair & (pair - 1))) { /* the last trick: one card each */
        int a = lowest(mask), b = lowest(pair);
        if ((a >> 4) != leader) {
            int t = a;
            a = b;
            b = t;
        }
        return s->beats[32 * a + b] ? 0 : rest;
    }
    int low, high, hint = -1;
    entry e;
    if (probe(s, mask, leader, &e)) {
        low = e.f.low;
        high = e.f.high;
        hint = e.f.best == 0xFF ? -1 : e.f.best;
        if (low >= beta || low == high) {
            return low;
        }
        if (high <= alpha) {
            return high;
        }
        if (low > alpha) {
            alpha = low;
        }
        if (high < beta) {
            beta = high;
        }
    } else {
        bounds(s, mask, leader, rest, &low, &high);
        if (high <= alpha) {
            return high;
        }
        if (low >= beta) {
            return low;
        }
    }
    if (popcount(mask) >= NEIGHBOUR_CARDS && neighbour(s, mask, leader, &low, &high)) {
        if (high <= alpha || low == high) { /* true bounds: high <= alpha fails low */
            return high;
        }
        if (low >= beta) {
            return low;
        }
        if (low > alpha) {
            alpha = low;
        }
        if (high < beta) {
            beta = high;
        }
    }
    if (cut && popcount(mask) >= ETC_CARDS) {
        int bound = transposition_cut(s, mask, leader, rest, beta);
        if (bound >= beta) {
            return bound;
        }
    }
    int best = -1, best_slot = 0xFF;
    if (hint >= 0) { /* the table's best lead first, before the others are ordered */
        best = lead(s, mask, leader, hint, rest, alpha, beta, !cut);
        if (s->stop) {
            return 0;
        }
        best_slot = hint;
    }
    if (best < beta) {
        int keys[16];
        int n = lead_keys(s, mask, leader, hint, keys);
        for (int i = 0; i < n; i++) { /* the leader's choice: the highest value */
            /* the greatest key left, picked when needed (a search often ends after one lead) */
            int top = i;
            for (int j = i + 1; j < n; j++) {
                top = keys[j] > keys[top] ? j : top;
            }
            int key = keys[top];
            keys[top] = keys[i];
            int a = 31 - (key & 31);
            int first = i == 0 && hint < 0;
            int worst = lead(s, mask, leader, a, rest, alpha > best ? alpha : best, beta,
                             !(cut && first));
            if (s->stop) {
                return 0;
            }
            if (worst > best) {
                best = worst;
                best_slot = a;
                if (best >= beta) {
                    break;
                }
            }
        }
    }
    if (best <= alpha) {
        high = high < best ? high : best;
    } else if (best >= beta) {
        low = low > best ? low : best;
    } else {
        low = high = best;
    }
    store(s, mask, leader, low, high, best_slot);
    return best;
}

/* ---- the exact value, by tests run at once --------------------------------------------- */

#define MAX_WORKERS 8

/* The exact value of a position by zero-window tests ("is the value at least t?"), each
 * narrowing the interval known to hold the value to the bound it proved (fail-soft), run by
 * one or more workers at once on one table: each worker, when free, tests the middle of the
 * largest part of the interval that the tests running now leave open, and a test whose target
 * has fallen out of the interval is given up (its table entries stay: every stored entry is a
 * finished search's true bound). */
typedef struct coordinator coordinator;

typedef struct {
    state *s;      /* the worker's own state: the board copied, the table shared */
    coordinator *c;
    int target;    /* the target tested now, or -1 */
    pthread_t thread;
} worker;

struct coordinator {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int low, high; /* the value lies in low .. high */
    int stop;      /* 1 out of time, 2 a Python exception */
    uint32_t mask;
    int leader, led, rest, n;
    worker w[MAX_WORKERS];
};

/* The next target for a free worker, or -1 when none is worth testing now (lock held): the
 * middle of the largest part, of two values or more, into which the targets tested now cut
 * the interval. */
static int
pick(const coordinator *c)
{
    int cuts[MAX_WORKERS + 2], n = 0;
    cuts[n++] = c->low;
    for (int i = 0; i < c->n; i++) {
        int t = c->w[i].target;
        if (t > c->low && t <= c->high) {
            int j = n++;
            while (j > 1 && cuts[j - 1] > t) {
                cuts[j] = cuts[j - 1];
                j--;
            }
            cuts[j] = t;
        }
    }
    cuts[n++] = c->high + 1;
    /* the parts [cuts[i], cuts[i + 1] - 1]: the largest of two values or more */
    int best = -1, size = 1;
    for (int i = 0; i + 1 < n; i++) {
        int a = cuts[i], b = cuts[i + 1] - 1;
        if (b - a + 1 > size) {
            size = b - a + 1;
            best = (a + b + 1) / 2;
        }
    }
    return best;
}

/* A free worker waits for the interval or the tests to change (lock held). The calling
 * thread's worker looks at Python's signals meanwhile, every 10 ms: a handler that raises stops
 * every worker. */
static void
idle(coordinator *c, state *s)
{
    if (!s->main) {
        pthread_cond_wait(&c->changed, &c->lock);
        return;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 10 * 1000 * 1000;
    if (until.tv_nsec >= 1000 * 1000 * 1000) {
        until.tv_sec++;
        until.tv_nsec -= 1000 * 1000 * 1000;
    }
    if (pthread_cond_timedwait(&c->changed, &c->lock, &until) == 0) {
        return;
    }
    pthread_mutex_unlock(&c->lock);
    int raised = signalled(s);
    pthread_mutex_lock(&c->lock);
    if (raised) {
        c->stop = 2;
        __atomic_store_n(&s->sh->stop, 2, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&c->changed);
    }
}

static void *
work(void *arg)
{
    worker *w = arg;
    coordinator *c = w->c;
    state *s = w->s;
    if (s->main) {
        s->thread = PyEval_SaveThread();
    }
    pthread_mutex_lock(&c->lock);
    while (c->low < c->high && !c->stop) {
        int t = pick(c);
        if (t < 0) {
            idle(c, s);
            continue;
        }
        w->target = t;
        __atomic_store_n(&s->abort, 0, __ATOMIC_RELAXED);
        pthread_mutex_unlock(&c->lock);
        int found = c->led >= 0 ? answer(s, c->mask, c->leader, c->led, c->rest, t - 1, t)
                                : trick(s, c->mask, c->leader, c->rest, t - 1, t, 1);
        pthread_mutex_lock(&c->lock);
        w->target = -1;
        if (s->stop == 3) { /* given up */
            s->stop = 0;
            continue;
        }
        if (s->stop) {
            c->stop = s->stop;
            __atomic_store_n(&s->sh->stop, s->stop, __ATOMIC_RELAXED);
            pthread_cond_broadcast(&c->changed);
            break;
        }
        if (found >= t) {
            c->low = found > c->low ? found : c->low;
        } else {
            c->high = found < c->high ? found : c->high;
        }
        for (int i = 0; i < c->n; i++) {
            worker *o = &c->w[i];
            if (o->target >= 0 && (o->target <= c->low || o->target > c->high)) {
                __atomic_store_n(&o->s->abort, 1, __ATOMIC_RELAXED);
            }
        }
        pthread_cond_broadcast(&c->changed);
    }
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    if (s->main) {
        PyEval_RestoreThread(s->thread);
        s->thread = NULL;
    }
    return NULL;
}

/* ---- the module ----------------------------------------------------------------------- */

#define CAPSULE "officers.skat._dd.search"

static void
state_free(state *s)
{
    if (s->sh != NULL) {
        table *t = s->sh->current;
        if (t != NULL) {
            retire_all(t);
            free(t);
        }
        pthread_mutex_destroy(&s->sh->grow);
        free(s->sh);
    }
    free(s);
}

static void
capsule_free(PyObject *capsule)
{
    state *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) {
        state_free(s);
    }
}

static int
read_bytes(PyObject *object, const char *what, uint8_t out[32], int most)
{
    if (!PyBytes_Check(object)) {
        PyErr_Format(PyExc_TypeError, "search: %s must be bytes", what);
        return -1;
    }
    char *data;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(object, &data, &size) < 0) {
        return -1;
    }
    if (size != 32) {
        PyErr_Format(PyExc_ValueError, "search: %s must be 32 bytes, one a slot", what);
        return -1;
    }
    for (int i = 0; i < 32; i++) {
        out[i] = (uint8_t)data[i];
        if (out[i] > most) {
            PyErr_Format(PyExc_ValueError, "search: %s of slot %d is above %d", what, i, most);
            return -1;
        }
    }
    return 0;
}

/* Each slot's (or card's) lane, power and points from three bytes objects; -1 with an error
 * set when one is not 32 bytes in range. */
static int
read_cards(PyObject *lanes_b, PyObject *powers_b, PyObject *points_b, uint8_t lane[32],
           uint8_t power[32], uint8_t points[32])
{
    if (read_bytes(lanes_b, "the lane", lane, 4) < 0 ||
        read_bytes(powers_b, "the power", power, 255) < 0 ||
        read_bytes(points_b, "the points", points, 11) < 0) {
        return -1;
    }
    return 0;
}

/* A search with its table (2 ** start entries, growing up to 2 ** max_bits) and no board
 * yet, or NULL: no memory. */
static state *
state_new(int max_bits, int start)
{
    state *s = calloc(1, sizeof(state));
    if (s == NULL) {
        return NULL;
    }
    s->sh = calloc(1, sizeof(shared));
    if (s->sh == NULL) {
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->sh->grow, NULL);
    s->sh->max_bits = max_bits;
    s->sh->current = table_new(start);
    if (s->sh->current == NULL) {
        state_free(s);
        return NULL;
    }
    s->main = 1;
    return s;
}

static PyObject *
dd_search(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *lanes_b, *powers_b, *points_b;
    unsigned long long present;
    int bits;
    if (!PyArg_ParseTuple(args, "OOOKi:search", &lanes_b, &powers_b, &points_b, &present,
                          &bits)) {
        return NULL;
    }
    if (present > 0xFFFFFFFFull) {
        PyErr_SetString(PyExc_ValueError, "search: the slots are a 32-bit mask");
        return NULL;
    }
    if (bits < MIN_BITS || bits > MAX_BITS) {
        PyErr_Format(PyExc_ValueError, "search: the table has 2 ** %d .. 2 ** %d entries",
                     MIN_BITS, MAX_BITS);
        return NULL;
    }
    state *s = state_new(bits, bits < START_BITS ? bits : START_BITS);
    if (s == NULL) {
        return PyErr_NoMemory();
    }
    if (read_cards(lanes_b, powers_b, points_b, s->lane, s->power, s->points) < 0) {
        state_free(s);
        return NULL;
    }
    s->present = (uint32_t)present;
    int total = 0;
    for (int x = 0; x < 32; x++) {
        total += (s->present >> x & 1) ? s->points[x] : 0;
    }
    if (total > 120) {
        state_free(s);
        PyErr_SetString(PyExc_ValueError, "search: the cards hold more than 120 points");
        return NULL;
    }
    board_build(s);
    PyObject *capsule = PyCapsule_New(s, CAPSULE, capsule_free);
    if (capsule == NULL) {
        state_free(s);
    }
    return capsule;
}

/* The search a capsule holds, if it is not running (a running search is touched by no other
 * call: its table may be moving); NULL with an error set otherwise. */
static state *
state_of(PyObject *capsule, const char *name)
{
    if (!PyCapsule_IsValid(capsule, CAPSULE)) {
        PyErr_Format(PyExc_TypeError, "%s: a search made by search() expected", name);
        return NULL;
    }
    state *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s != NULL && s->busy) {
        PyErr_Format(PyExc_ValueError, "%s: the search is already running", name);
        return NULL;
    }
    return s;
}

/* Whether a call's mask (and the card on the table) is a position of the search's board: 32
 * bits, the slots are the board's, a top lies on an under card, the card led is the leader's
 * and not in a pile, and both players hold as many cards (the card led counted); then 0, with
 * the points still out (the card led counted) in *rest. Else -1 with an error set, named for
 * the call ``name``. */
static int
check_position(const state *s, const char *name, unsigned long long mask_in, int leader, int led,
               int *rest)
{
    if (mask_in > 0xFFFFFFFFull) {
        PyErr_Format(PyExc_ValueError, "%s: the mask has 32 bits", name);
        return -1;
    }
    uint32_t mask = (uint32_t)mask_in;
    if (leader != 0 && leader != 1) {
        PyErr_Format(PyExc_ValueError, "%s: the leader is 0 or 1", name);
        return -1;
    }
    if (led < -1 || led > 31 || (led >= 0 && ((led >> 4) != leader || (mask >> led & 1)))) {
        PyErr_Format(PyExc_ValueError,
                     "%s: the card led is -1 or a slot of the leader not in the mask", name);
        return -1;
    }
    uint32_t all = mask | (led >= 0 ? (uint32_t)1 << led : 0);
    if (all & ~s->present) {
        PyErr_Format(PyExc_ValueError, "%s: a slot of the mask holds no card of the board", name);
        return -1;
    }
    for (int p = 0; p < 2; p++) {
        uint32_t tops = (mask >> (16 * p)) & 0xFF, unders = (mask >> (16 * p + 8)) & 0xFF;
        if (tops & ~unders) {
            PyErr_Format(PyExc_ValueError, "%s: a top card lies on no under card", name);
            return -1;
        }
    }
    int counts[2] = {popcount(mask & 0xFFFF), popcount(mask >> 16)};
    if (led >= 0) {
        counts[leader]++;
    }
    if (counts[0] != counts[1]) {
        PyErr_Format(PyExc_ValueError, "%s: the players hold different numbers of cards", name);
        return -1;
    }
    *rest = 0;
    for (uint32_t m = all; m; m &= m - 1) {
        *rest += s->points[lowest(m)];
    }
    return 0;
}

static PyObject *
dd_value(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    unsigned long long mask_in;
    int leader, led, alpha, beta;
    double seconds;
    if (!PyArg_ParseTuple(args, "OKiiiid:value", &capsule, &mask_in, &leader, &led, &alpha,
                          &beta, &seconds)) {
        return NULL;
    }
    state *s = state_of(capsule, "value");
    if (s == NULL) {
        return NULL;
    }
    int rest;
    if (check_position(s, "value", mask_in, leader, led, &rest) < 0) {
        return NULL;
    }
    uint32_t mask = (uint32_t)mask_in;
    if (alpha < -1000 || beta > 1000 || alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "value: the window is -1000 <= alpha < beta <= 1000");
        return NULL;
    }
    s->deadline = seconds > 0 ? now() + seconds : 0;
    s->stop = 0;
    s->abort = 0;
    s->sh->stop = 0;
    s->busy = 1; /* set with the GIL held: another thread's call on this search is refused */
    int found;
    s->thread = PyEval_SaveThread();
    if (led >= 0) {
        found = answer(s, mask, leader, led, rest, alpha, beta);
    } else {
        found = mask ? trick(s, mask, leader, rest, alpha, beta, 1) : 0;
    }
    PyEval_RestoreThread(s->thread);
    s->thread = NULL;
    retire_all(current(s));
    s->busy = 0;
    if (s->stop == 2) {
        return NULL;
    }
    if (s->stop == 1) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(found);
}

static PyObject *
dd_exact(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    unsigned long long mask_in;
    int leader, led, workers;
    double seconds;
    if (!PyArg_ParseTuple(args, "OKiidi:exact", &capsule, &mask_in, &leader, &led, &seconds,
                          &workers)) {
        return NULL;
    }
    state *s = state_of(capsule, "exact");
    if (s == NULL) {
        return NULL;
    }
    if (workers < 1 || workers > MAX_WORKERS) {
        PyErr_Format(PyExc_ValueError, "exact: 1 .. %d searches at once", MAX_WORKERS);
        return NULL;
    }
    int rest;
    if (check_position(s, "exact", mask_in, leader, led, &rest) < 0) {
        return NULL;
    }
    uint32_t mask = (uint32_t)mask_in;
    if (mask == 0) {
        return PyLong_FromLong(0);
    }
    coordinator *c = calloc(1, sizeof(coordinator));
    if (c == NULL) {
        return PyErr_NoMemory();
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->changed, NULL);
    c->low = 0;
    c->high = rest;
    c->mask = mask;
    c->leader = leader;
    c->led = led;
    c->rest = rest;
    c->n = workers;
    s->deadline = seconds > 0 ? now() + seconds : 0;
    s->stop = 0;
    s->abort = 0;
    s->sh->stop = 0;
    s->busy = 1;
    int started = 1;
    for (int i = 0; i < workers; i++) {
        c->w[i].c = c;
        c->w[i].target = -1;
        if (i == 0) {
            c->w[i].s = s;
            continue;
        }
        state *copy = malloc(sizeof(state));
        if (copy == NULL) {
            c->n = i;
            break;
        }
        memcpy(copy, s, sizeof(state));
        copy->main = 0;
        copy->nodes = 0;
        copy->thread = NULL;
        copy->fresh = 0;
        c->w[i].s = copy;
    }
    for (int i = 1; i < c->n; i++) {
        if (pthread_create(&c->w[i].thread, NULL, work, &c->w[i]) != 0) {
            break;
        }
        started++;
    }
    work(&c->w[0]);
    for (int i = 1; i < started; i++) {
        pthread_join(c->w[i].thread, NULL);
    }
    for (int i = 1; i < c->n; i++) {
        s->nodes += c->w[i].s->nodes;
        s->sh->stored += (uint64_t)c->w[i].s->fresh;
        free(c->w[i].s);
    }
    retire_all(current(s));
    s->busy = 0;
    int stop = c->stop, value = c->low;
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->changed);
    free(c);
    if (stop == 2) {
        return NULL;
    }
    if (stop == 1) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(value);
}

static PyObject *
dd_stats(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:stats", &capsule)) {
        return NULL;
    }
    state *s = state_of(capsule, "stats");
    if (s == NULL) {
        return NULL;
    }
    return Py_BuildValue("(LKK)", s->nodes, (unsigned long long)(s->sh->stored + s->fresh),
                         (unsigned long long)(((size_t)1 << current(s)->bits) * sizeof(entry)));
}

static PyObject *
dd_best(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    unsigned long long mask;
    int leader;
    if (!PyArg_ParseTuple(args, "OKi:best", &capsule, &mask, &leader)) {
        return NULL;
    }
    state *s = state_of(capsule, "best");
    if (s == NULL) {
        return NULL;
    }
    if (mask > 0xFFFFFFFFull || (leader != 0 && leader != 1)) {
        PyErr_SetString(PyExc_ValueError, "best: a 32-bit mask and a leader 0 or 1");
        return NULL;
    }
    entry e;
    int found = mask ? probe(s, (uint32_t)mask, leader, &e) : 0;
    return PyLong_FromLong(!found || e.f.best == 0xFF ? -1 : e.f.best);
}

/* ---- the chance game, compiled (officers.skat.chance) ----------------------------------- */

/* The expectiminimax of officers.skat.chance over public states, the same search in C: a
 * state's value is kept as an integer, the value times u! (u its unseen cards), so a turn-up's
 * mean is the sum of its after-states' numerators; alpha-beta at the players' nodes, Star1 at
 * the turn-ups, a memo of lower and upper bounds, and the double-dummy search above at the
 * leaves (a state with at most one card face down), its board laid out for each leaf from the
 * tables of the cards (deck). The
 * Python module proves each step; the tests hold the two to the same fractions.
 *
 * Sampled (chance_sampling; officers.skat.sampled): past the first turn-up a turn-up may be
 * valued by some of its cards, drawn (csampled), and a state at a floor of cards face down by
 * completions drawn and solved double dummy (cdetermined): then the values are estimates. */

typedef struct {
    int8_t up[16];   /* the face-up card of each pile (8 * player + pile), or -1 */
    uint32_t hid;    /* the piles with a card beneath (16 bits) */
    uint32_t unseen; /* the cards not seen, a bit each */
    int leader, lead; /* lead: the card on the table, or -1 */
    int points[2];
} cstate;

/* A memo entry, 32 bytes: the state's key and its bounds. key[0]: the face-up cards of
 * Vorhand (a bit each) and, above, of Hinterhand; key[1]: the face-up cards with a card beneath
 * and, above, the unseen cards; the low 16 bits of word[2]: 1 (in use), the leader, the card
 * led + 1, Vorhand's points (the win only; LEAF_POINTS for a leaf of the win, whose bounds are
 * those of her double-dummy points to come: cwon). The sets hold each player's piles whatever
 * their order. The bounds: the lower in the top 48 bits of word[2], the upper in word[3]. A state
 * with 16 cards unseen is not remembered (its values may need more than 48 bits; there is one
 * such state, the start). */
typedef struct {
    uint64_t word[4];
} centry;

#define CKEY_BITS 16
#define CKEY_MASK ((uint64_t)0xFFFF)
#define CPOINTS_SHIFT 8 /* Vorhand's points in the key's low 16 bits of word[2] */
#define CSTATE_MASK ((uint64_t)0xFF) /* those bits less the points: in use, leader, lead */

#define CHANCE_MIN_BITS 12
#define CHANCE_MAX_BITS 21 /* the memo: at most 2 ** 21 entries of 32 bytes (64 MiB) */
#define CHANCE_WAYS_BITS 2 /* ... in buckets of 4 */
#define CHANCE_WAYS (1 << CHANCE_WAYS_BITS)
#define CHANCE_CHECK 256   /* states valued between two looks at the clock */
#define LEAF_BITS 10       /* a leaf's double-dummy table starts at 2 ** 10 entries */

typedef struct {
    uint8_t lane[32], power[32], points[32]; /* by card, in the game */
    int objective;                           /* 0: the win, 1: the points */
    centry *memo;
    int bits;
    size_t used;
    state *dd; /* the leaves' double-dummy search */
    deck cards; /* the tables of the cards, from which each leaf's board is laid out */
    long long nodes, leaves;
    double deadline;
    int stop; /* 1 out of time, 2 a Python exception */
    int busy;
    /* Sampling (chance_sampling; all 0: the exact search). width: a turn-up below the top
     * call with more cards that may turn up is valued by this many of them, drawn; floor: a
     * state with 2 .. floor cards face down is a leaf valued by `samples` completions, drawn,
     * each solved double dummy; salt: what the draws start from (each draw is a function of
     * the state and the salt, so a state drawn twice draws the same). */
    int width, floor, samples;
    uint64_t salt;
    uint32_t top_hid; /* the piles hiding a card at the top call: its turn-ups are not drawn */
    /* The exact search's keys (ccanon): the cards renamed by perm, so that each group of cards
     * next to each other in the power of a lane, of equal points (at most 4: the Jacks, the 9 8 7
     * of a lane), lies in bits group_base[g] .. + group_size[g], the lowest power lowest. */
    int groups;
    uint8_t perm[32], group_base[8], group_size[8];
    uint32_t renamed[33];     /* renamed[x + 1]: the bit of card x in the key, renamed[0] = 0 */
    uint32_t renamed_byte[4][256]; /* the bits of a set of cards, a byte of it at a time */
    int8_t top_under[64][16]; /* for each sample, a completion of the top call's state */
    /* Sharing (chance_share): searches on one memo, each in a thread of its own. The memo is
     * then at its largest and never grows, each bucket is read and written under its lock
     * (locks[bucket % CHANCE_LOCKS]), and chance_halt sets *halt, which stops them all. The
     * owner of the memo holds locks and halted; each sharer points to them and keeps the
     * owner's capsule alive. */
    uint8_t *locks;
    int *halt;
    int halted;
    PyObject *owner;
} chance;

#define CHANCE_LOCKS 4096

static const int64_t FACTORIAL[17] = {
    1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
    6227020800LL, 87178291200LL, 1307674368000LL, 20922789888000LL,
};

static inline int64_t
cscale(const cstate *st)
{
    return FACTORIAL[popcount(st->unseen)];
}

static inline int64_t
ctop(const chance *c, const cstate *st)
{
    return (c->objective ? 120 - st->points[0] - st->points[1] : 1) * cscale(st);
}

/* The groups of the exact search's keys: in each lane, by power, runs of cards next to each
 * other of equal points, of 2 .. 4 cards (a longer run split); perm puts each group's cards in
 * bits next to each other, the lowest power lowest, and every other card after them. */
static void
cgroups(chance *c)
{
    int order[32], n = 0, taken[32] = {0}, next = 0;
    for (int lane = 0; lane <= TRUMP; lane++) {
        int m = 0;
        for (int card = 0; card < 32; card++) {
            if (c->lane[card] == lane) {
                int j = m++;
                for (; j > 0 && c->power[order[n + j - 1]] > c->power[card]; j--) {
                    order[n + j] = order[n + j - 1];
                }
                order[n + j] = card;
            }
        }
        for (int i = n; i < n + m;) {
            int j = i + 1;
            while (j < n + m && j - i < 4 && c->points[order[j]] == c->points[order[i]]) {
                j++;
            }
            if (j - i >= 2 && c->groups < 8) {
                c->group_base[c->groups] = (uint8_t)next;
                c->group_size[c->groups++] = (uint8_t)(j - i);
                for (int k = i; k < j; k++) {
                    c->perm[order[k]] = (uint8_t)next++;
                    taken[order[k]] = 1;
                }
            }
            i = j;
        }
        n += m;
    }
    for (int card = 0; card < 32; card++) {
        if (!taken[card]) {
            c->perm[card] = (uint8_t)next++;
        }
        c->renamed[card + 1] = (uint32_t)1 << c->perm[card];
    }
    for (int k = 0; k < 4; k++) {
        for (int byte = 0; byte < 256; byte++) {
            c->renamed_byte[k][byte] = 0;
            for (int i = 0; i < 8; i++) {
                c->renamed_byte[k][byte] |= (byte >> i & 1) ? c->renamed[8 * k + i + 1] : 0;
            }
        }
    }
}

/* For a group of up to 4 cards, by the bits in play (p) and a set of them (f): COMPRESS[p][f],
 * the set moved to the lowest bits, in order; RUNS[f][b], for a player's face-up cards f (after
 * COMPRESS) and those with a card beneath, b: in each run of f's bits next to each other, as
 * many of b's as the run holds, at its bottom. Filled once, when the module is loaded. */
static uint8_t COMPRESS[16][16], RUNS[16][16];

static void
ctables(void)
{
    for (int p = 0; p < 16; p++) {
        for (int f = 0; f < 16; f++) {
            int out = 0, t = 0;
            for (int i = 0; i < 4; i++) {
                if (p >> i & 1) {
                    out |= (f >> i & 1) << t++;
                }
            }
            COMPRESS[p][f] = (uint8_t)out;
            out = 0;
            for (int i = 0; i < 4;) {
                int j = i, under = 0;
                for (; j < 4 && (p >> j & 1); j++) {
                    under += f >> j & 1;
                }
                for (int k = i; k < i + under; k++) {
                    out |= 1 << k;
                }
                i = j > i ? j : i + 1;
            }
            RUNS[p][f] = (uint8_t)out;
        }
    }
}

/* The key of the exact search made the same for states that differ only in the names of cards
 * of a group (cgroups): in each group the cards still in play (face up, unseen, led) take its
 * lowest places in the order of their power, over the cards gone; and of a player's face-up
 * cards next to each other in a group, those with a card beneath come first. Sound: a card in
 * play given the name of a card gone of its group, with only cards gone between them, is
 * compared with every card it may meet the same way, follows the same lane and takes the same
 * points, so the state renamed has the same lines of play, each with the same winner of every
 * trick and the same points; two face-up cards of one player next to each other never meet (a
 * trick holds one card of each player) and meet every other card the same way, so they may swap
 * their piles. The key's cards are perm's; bits: Vorhand's face-up cards, Hinterhand's, those
 * of both with a card beneath, the unseen cards, the card led. */
static void
ccanon(const chance *c, uint32_t bits[5])
{
    uint32_t b0 = bits[0], b1 = bits[1], b2 = bits[2], b3 = bits[3], b4 = bits[4];
    uint32_t play = b0 | b1 | b3 | b4;
    for (int g = 0; g < c->groups; g++) {
        int base = c->group_base[g];
        uint32_t field = (1u << c->group_size[g]) - 1;
        uint32_t in = play >> base & field;
        if ((in & (in + 1)) == 0 && !(b2 >> base & field)) {
            continue; /* in place already, and no card beneath to put first */
        }
        const uint8_t *compress = COMPRESS[in];
        uint32_t f0 = compress[b0 >> base & field], f1 = compress[b1 >> base & field];
        uint32_t f2 = compress[b2 >> base & field], f3 = compress[b3 >> base & field];
        uint32_t f4 = compress[b4 >> base & field], keep = ~(field << base);
        f2 = (uint32_t)RUNS[f0][f2 & f0] | RUNS[f1][f2 & f1];
        b0 = (b0 & keep) | f0 << base;
        b1 = (b1 & keep) | f1 << base;
        b2 = (b2 & keep) | f2 << base;
        b3 = (b3 & keep) | f3 << base;
        b4 = (b4 & keep) | f4 << base;
    }
    bits[0] = b0;
    bits[1] = b1;
    bits[2] = b2;
    bits[3] = b3;
    bits[4] = b4;
}

static void
ckey(const chance *c, const cstate *st, uint64_t key[3])
{
    uint32_t bits[5] = {0, 0, 0, 0, 0};
    uint64_t rest = 1 | (uint64_t)st->leader << 1 |
                    (uint64_t)(c->objective ? 0 : st->points[0]) << CPOINTS_SHIFT;
    if (c->width == 0 && c->floor == 0) {
        uint32_t vorhand = 0, hinterhand = 0, beneath = 0;
        for (int p = 0; p < 8; p++) { /* no branch: renamed[0] is no card */
            uint32_t one = c->renamed[st->up[p] + 1], two = c->renamed[st->up[p + 8] + 1];
            vorhand |= one;
            hinterhand |= two;
            beneath |= (one & (0u - (st->hid >> p & 1))) | (two & (0u - (st->hid >> (p + 8) & 1)));
        }
        bits[0] = vorhand;
        bits[1] = hinterhand;
        bits[2] = beneath;
        uint32_t u = st->unseen;
        bits[3] = c->renamed_byte[0][u & 0xFF] | c->renamed_byte[1][u >> 8 & 0xFF] |
                  c->renamed_byte[2][u >> 16 & 0xFF] | c->renamed_byte[3][u >> 24];
        bits[4] = c->renamed[st->lead + 1];
        ccanon(c, bits);
        rest |= (uint64_t)(bits[4] ? lowest(bits[4]) + 1 : 0) << 2;
    } else {
        for (int p = 0; p < 16; p++) {
            if (st->up[p] >= 0) {
                bits[p >> 3] |= (uint32_t)1 << st->up[p];
                bits[2] |= (uint32_t)(st->hid >> p & 1) << st->up[p];
            }
        }
        bits[3] = st->unseen;
        rest |= (uint64_t)(st->lead + 1) << 2;
    }
    key[0] = (uint64_t)bits[0] | (uint64_t)bits[1] << 32;
    key[1] = (uint64_t)bits[2] | (uint64_t)bits[3] << 32;
    key[2] = rest;
}

/* The memo is a table of buckets of CHANCE_WAYS entries (2 ** bits entries in all): a key
 * lies in its bucket or nowhere. The bucket does not depend on Vorhand's points (the high byte
 * of the key's third word), so a state's entries at her other points lie beside it (cbounds). */
static inline centry *
cbucket(const chance *c, const uint64_t key[3])
{
    uint64_t h = key[0] * 0x9E3779B97F4A7C15ull;
    h ^= (key[1] + (h >> 29)) * 0xBF58476D1CE4E5B9ull;
    h ^= ((key[2] & CSTATE_MASK) + (h >> 31)) * 0x94D049BB133111EBull;
    h *= 0x9E3779B97F4A7C15ull;
    return c->memo + (size_t)(h >> (64 - (c->bits - CHANCE_WAYS_BITS))) * CHANCE_WAYS;
}

/* The lock of a bucket of a shared memo (NULL unshared): taken by spinning, as it is held only
 * for the few reads and writes of one bucket. */
static inline uint8_t *
clock_of(const chance *c, const centry *bucket)
{
    return c->locks == NULL ? NULL
                            : c->locks + ((size_t)(bucket - c->memo) / CHANCE_WAYS % CHANCE_LOCKS);
}

static inline void
cacquire(uint8_t *lock)
{
    if (lock != NULL) {
        while (__atomic_test_and_set(lock, __ATOMIC_ACQUIRE)) {
            while (__atomic_load_n(lock, __ATOMIC_RELAXED)) {
            }
        }
    }
}

static inline void
crelease(uint8_t *lock)
{
    if (lock != NULL) {
        __atomic_clear(lock, __ATOMIC_RELEASE);
    }
}

static inline int
csame(const centry *e, const uint64_t key[3])
{
    return e->word[0] == key[0] && e->word[1] == key[1] && (e->word[2] & CKEY_MASK) == key[2];
}

/* The bounds the memo holds of a state: its entry's, and in the exact search of the win those
 * of the same state at other points of Vorhand's, in the same bucket. Her win probability does
 * not fall as her points rise (the same lines of play from the same cards, each ending with at
 * least as many points), so the lower bound of the state at fewer points bounds it from below,
 * the upper bound at more points from above. (For the points the key holds none: only its
 * entry. Sampling's values are estimates, drawn apart at each points: only its entry too.) */
static inline void
cbounds(const chance *c, const uint64_t key[3], int64_t *low, int64_t *high)
{
    const centry *e = cbucket(c, key);
    uint64_t points = key[2] >> CPOINTS_SHIFT;
    int others = c->width == 0 && c->floor == 0;
    uint8_t *lock = clock_of(c, e);
    cacquire(lock);
    for (int i = 0; i < CHANCE_WAYS; i++) {
        uint64_t w = e[i].word[2];
        if (e[i].word[0] != key[0] || e[i].word[1] != key[1] ||
            (w & CSTATE_MASK) != (key[2] & CSTATE_MASK)) {
            continue;
        }
        uint64_t q = (w & CKEY_MASK) >> CPOINTS_SHIFT;
        if (q != points && !others) {
            continue;
        }
        int64_t l = (int64_t)(w >> CKEY_BITS), h = (int64_t)e[i].word[3];
        if (q <= points && l > *low) {
            *low = l;
        }
        if (q >= points && h < *high) {
            *high = h;
        }
    }
    crelease(lock);
}

/* The cards still in play in the state of an entry (face up, and beneath them): the more, the
 * more a search of it costs. */
static inline int
cwork(const centry *e)
{
    return popcount((uint32_t)e->word[0]) + popcount((uint32_t)(e->word[0] >> 32)) +
           popcount((uint32_t)e->word[1]);
}

/* Where a key goes in its bucket: its entry, else an empty one, else the one whose state
 * costs least to search again; *fresh set when the place was empty. */
static centry *
cplace(const chance *c, const uint64_t key[3], int *fresh)
{
    centry *e = cbucket(c, key), *victim = NULL;
    int least = 1 << 30;
    *fresh = 0;
    for (int i = 0; i < CHANCE_WAYS; i++) {
        if (!(e[i].word[2] & 1)) {
            if (!*fresh) {
                victim = &e[i];
                *fresh = 1;
            }
            continue;
        }
        if (csame(&e[i], key)) {
            *fresh = 0;
            return &e[i];
        }
        int work = cwork(&e[i]);
        if (!*fresh && work < least) {
            least = work;
            victim = &e[i];
        }
    }
    return victim;
}

/* The memo doubled, its entries placed anew; 0 where memory runs out (it stays as it was). */
static int
cgrow(chance *c)
{
    size_t size = (size_t)1 << c->bits;
    centry *old = c->memo;
    centry *memo = calloc(2 * size, sizeof(centry));
    if (memo == NULL) {
        return 0;
    }
    c->memo = memo;
    c->bits++;
    c->used = 0;
    for (size_t i = 0; i < size; i++) {
        if (old[i].word[2] & 1) {
            int fresh;
            uint64_t k[3] = {old[i].word[0], old[i].word[1], old[i].word[2] & CKEY_MASK};
            centry *e = cplace(c, k, &fresh);
            c->used += (size_t)fresh;
            *e = old[i];
        }
    }
    free(old);
    return 1;
}

/* Store bounds (each below 2 ** 48). A memo three quarters full doubles, up to
 * 2 ** CHANCE_MAX_BITS entries (a shared one is at its largest already); then, or where memory
 * runs out, a full bucket gives up the entry of its cheapest state (an entry only saves time:
 * whatever is forgotten is searched again). */
static void
cstore(chance *c, const uint64_t key[3], int64_t low, int64_t high)
{
    if (c->locks == NULL && 4 * (c->used + 1) > 3 * ((size_t)1 << c->bits) &&
        c->bits < CHANCE_MAX_BITS) {
        cgrow(c);
    }
    int fresh;
    uint8_t *lock = clock_of(c, cbucket(c, key));
    cacquire(lock);
    centry *e = cplace(c, key, &fresh);
    e->word[0] = key[0];
    e->word[1] = key[1];
    e->word[2] = key[2] | (uint64_t)low << CKEY_BITS;
    e->word[3] = (uint64_t)high;
    crelease(lock);
    c->used += (size_t)fresh;
}

static inline int
cbeats(const chance *c, int card, int led)
{
    return c->lane[card] == c->lane[led] ? c->power[card] > c->power[led] : c->lane[card] == TRUMP;
}

/* The value without a search (times the scale), when the points decide it or the game is
 * over; 1 if so. */
static int
cfinal(const chance *c, const cstate *st, int64_t *out)
{
    if (!c->objective) {
        int left = 120 - st->points[0] - st->points[1];
        if (st->points[0] >= 61) {
            *out = cscale(st);
            return 1;
        }
        if (st->points[0] + left < 61) {
            *out = 0;
            return 1;
        }
    }
    if (st->unseen == 0 && st->lead < 0) {
        for (int i = 0; i < 16; i++) {
            if (st->up[i] >= 0) {
                return 0;
            }
        }
        *out = c->objective ? 0 : st->points[0] >= 61;
        return 1;
    }
    return 0;
}

/* The piles of ``slots`` less each whose card is equivalent to one of an earlier pile: both
 * piles with a card beneath or both without, both cards of one lane and of equal points, with no
 * card between them in power that the mover may ever meet (the other player's face-up cards, the
 * card led, the unseen cards); the mover's own cards between them do not count (a trick holds
 * one card of each player). Sound, as the equivalent cards of the double-dummy search: the
 * states after playing either (and after each card that may turn up) are the same up to swapping
 * the names of the two cards, which meet no card that tells them apart, and the piles of a
 * player are a set. Exact search only (sampling's draws follow the state's key). */
static int
cdistinct(const chance *c, const cstate *st, int *slots, int n)
{
    int player = st->lead < 0 ? st->leader : 1 - st->leader;
    uint32_t others = st->unseen | (st->lead >= 0 ? (uint32_t)1 << st->lead : 0);
    for (int s = 8 * (1 - player); s < 8 * (1 - player) + 8; s++) {
        if (st->up[s] >= 0) {
            others |= (uint32_t)1 << st->up[s];
        }
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        int x = st->up[slots[i]], same = 0;
        for (int j = 0; j < m && !same; j++) {
            int y = st->up[slots[j]];
            if (((st->hid >> slots[i] ^ st->hid >> slots[j]) & 1) || c->lane[x] != c->lane[y] ||
                c->points[x] != c->points[y]) {
                continue;
            }
            int lo = c->power[x] < c->power[y] ? c->power[x] : c->power[y];
            int hi = c->power[x] ^ c->power[y] ^ lo;
            same = 1;
            for (uint32_t o = others; o && same; o &= o - 1) {
                int z = lowest(o);
                same = !(c->lane[z] == c->lane[x] && c->power[z] > lo && c->power[z] < hi);
            }
        }
        if (!same) {
            slots[m++] = slots[i];
        }
    }
    return m;
}

/* Leading ``card``: the trick's points to its leader if the other player (``other``, whose
 * face-up cards are of the lanes in ``lanes``, a bit each) answers with the face-up card the
 * follow rule allows him that is best for him, negative when he takes the trick; 0 when he has
 * no face-up card. */
static int
clead_gain(const chance *c, const cstate *st, int other, unsigned lanes, int card)
{
    int follows = lanes >> c->lane[card] & 1, worst = 1000;
    for (int t = 8 * other; t < 8 * other + 8; t++) {
        int y = st->up[t];
        if (y < 0 || (follows && c->lane[y] != c->lane[card])) {
            continue;
        }
        int gain = c->points[card] + c->points[y];
        int mine = cbeats(c, y, card) ? -gain : gain;
        worst = mine < worst ? mine : worst;
    }
    return worst == 1000 ? 0 : worst;
}

/* The piles the player to move may play from, those that look best first (as _ordered: only
 * the speed depends on the order); the count. */
static int
cmoves(const chance *c, const cstate *st, int *slots)
{
    int player = st->lead < 0 ? st->leader : 1 - st->leader, n = 0, following = 0;
    for (int s = 8 * player; s < 8 * player + 8; s++) {
        if (st->up[s] >= 0) {
            slots[n++] = s;
            following += st->lead >= 0 && c->lane[st->up[s]] == c->lane[st->lead];
        }
    }
    if (following) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (c->lane[st->up[slots[i]]] == c->lane[st->lead]) {
                slots[m++] = slots[i];
            }
        }
        n = m;
    }
    int keys[8];
    unsigned lanes = 0; /* the lanes of the other player's face-up cards, for a lead */
    for (int t = 8 * (1 - player); t < 8 * (1 - player) + 8; t++) {
        lanes |= st->up[t] >= 0 ? 1u << c->lane[st->up[t]] : 0;
    }
    for (int i = 0; i < n; i++) {
        int card = st->up[slots[i]];
        if (st->lead < 0) {
            keys[i] = 64 * clead_gain(c, st, 1 - player, lanes, card) + c->power[card];
        } else if (cbeats(c, card, st->lead)) { /* the lower card first on equal points */
            keys[i] = 2000 + 32 * (c->points[st->lead] + c->points[card]) - c->power[card];
        } else {
            keys[i] = -32 * c->points[card] - c->power[card];
        }
    }
    for (int i = 1; i < n; i++) { /* stable: equal keys keep the order of their piles */
        int k = keys[i], s = slots[i], j = i;
        while (j > 0 && keys[j - 1] < k) {
            keys[j] = keys[j - 1];
            slots[j] = slots[j - 1];
            j--;
        }
        keys[j] = k;
        slots[j] = s;
    }
    return n;
}

/* The states after playing from pile ``slot``: one, or one for each unseen card that may turn
 * up; the count. */
static int
cafter(const chance *c, const cstate *st, int slot, cstate *out)
{
    cstate next = *st;
    int card = st->up[slot];
    if (st->lead < 0) {
        next.lead = card;
    } else {
        int winner = cbeats(c, card, st->lead) ? 1 - st->leader : st->leader;
        next.points[winner] += c->points[st->lead] + c->points[card];
        next.leader = winner;
        next.lead = -1;
    }
    next.up[slot] = -1;
    if (!(st->hid >> slot & 1)) {
        out[0] = next;
        return 1;
    }
    next.hid &= ~((uint32_t)1 << slot);
    int n = 0;
    for (uint32_t u = st->unseen; u; u &= u - 1) {
        int turned = lowest(u);
        out[n] = next;
        out[n].up[slot] = (int8_t)turned;
        out[n].unseen &= ~((uint32_t)1 << turned);
        n++;
    }
    return n;
}

/* Look at the clock, and at Python's signals; 1 to stop. */
static int
cstopped(chance *c)
{
    if (c->stop) {
        return 1;
    }
    if (++c->nodes % CHANCE_CHECK) {
        return 0;
    }
    if ((c->deadline > 0 && now() > c->deadline) ||
        (c->halt != NULL && __atomic_load_n(c->halt, __ATOMIC_RELAXED))) {
        c->stop = 1;
    } else if (signalled(c->dd)) {
        c->stop = 2;
    }
    return c->stop;
}

/* A fresh table for the next leaf's board: emptied, or a small one again if it grew. */
static int
creset_table(state *s)
{
    shared *sh = s->sh;
    table *t = sh->current;
    retire_all(t);
    if (t->bits > LEAF_BITS) {
        table *n = table_new(LEAF_BITS);
        if (n == NULL) {
            return -1;
        }
        free(t);
        sh->current = n;
    } else {
        memset(t->slots, 0, ((size_t)1 << t->bits) * sizeof(entry));
    }
    sh->stored = 0;
    s->fresh = 0;
    return 0;
}

/* The double-dummy answer of a leaf (at most one card face down: the last unseen card lies
 * in the last hidden pile): Vorhand's points to come, fail-soft in the window (window_low,
 * window_high) (one search in that window, where the search in Python finds the exact value:
 * the same value wherever it matters). For the win the window is (need - 1, need), one
 * zero-window test: see cwon(). The board is laid out as officers.skat.chance._leaf_board lays
 * it out. */
static int64_t
cleaf(chance *c, const cstate *st, int64_t window_low, int64_t window_high, const int8_t *beneath)
{
    state *s = c->dd;
    c->leaves++;
    memset(s->lane, 0, sizeof s->lane);
    memset(s->power, 0, sizeof s->power);
    memset(s->points, 0, sizeof s->points);
    int card[32];
    for (int i = 0; i < 32; i++) {
        card[i] = -1;
    }
    int under = st->unseen ? 31 - __builtin_clz(st->unseen) : -1;
    for (int p = 0; p < 16; p++) {
        if (st->up[p] < 0) {
            continue;
        }
        int player = p >> 3, pile = p & 7;
        if (st->hid >> p & 1) {
            card[16 * player + pile] = st->up[p];
            card[16 * player + 8 + pile] = beneath != NULL ? beneath[p] : under;
        } else {
            card[16 * player + 8 + pile] = st->up[p];
        }
    }
    int led = -1;
    if (st->lead >= 0) {
        for (int i = 0; i < 8 && led < 0; i++) {
            if (card[16 * st->leader + i] < 0) {
                led = 16 * st->leader + i;
            }
        }
        card[led] = st->lead;
    }
    uint32_t present = 0, mask = 0;
    int rest = 0;
    for (int x = 0; x < 32; x++) {
        if (card[x] >= 0) {
            s->lane[x] = c->lane[card[x]];
            s->power[x] = c->power[card[x]];
            s->points[x] = c->points[card[x]];
            present |= (uint32_t)1 << x;
            rest += s->points[x];
            if (x != led) {
                mask |= (uint32_t)1 << x;
            }
        }
    }
    s->present = present;
    board_of_cards(s, &c->cards, card);
    if (creset_table(s) < 0) {
        c->stop = 3;
        return 0;
    }
    s->deadline = c->deadline;
    s->stop = 0;
    s->abort = 0;
    s->sh->stop = 0;
    int leader = st->leader;
    /* one search in the window, turned into the leader's (Vorhand's or not) */
    int64_t a = leader == 0 ? window_low : rest - window_high;
    int64_t b = leader == 0 ? window_high : rest - window_low;
    int alpha = a < -1 ? -1 : (int)a, beta = b > rest + 1 ? rest + 1 : (int)b;
    int found = led >= 0 ? answer(s, mask, leader, led, rest, alpha, beta)
                         : trick(s, mask, leader, rest, alpha, beta, 1);
    int64_t result = leader == 0 ? found : rest - found;
    if (s->stop) {
        c->stop = s->stop;
    }
    return result;
}

static int64_t cexpect(chance *c, const cstate *st, int slot, int64_t alpha, int64_t beta);

/* A draw of sampling: a number of 64 bits from the state's key, a tag and the salt
 * (splitmix64's finaliser over them). */
static uint64_t
cdraw(const chance *c, const uint64_t key[3], uint64_t tag)
{
    uint64_t z = c->salt ^ (key[0] * 0x9E3779B97F4A7C15ull) ^ (key[1] * 0xC2B2AE3D27D4EB4Full) ^
                 (key[2] * 0x165667B19E3779F9ull) ^ (tag * 0xD6E8FEB86659FD93ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Shuffle cards[0 .. n-1] by the bits of r (Fisher-Yates). */
static void
cshuffle(int *cards, int n, uint64_t r)
{
    for (int i = n - 1; i > 0; i--) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        int k = (int)((r >> 33) % (uint64_t)(i + 1)), t = cards[i];
        cards[i] = cards[k];
        cards[k] = t;
    }
}

/* The completions of the top call's state, one a sample: its unseen cards dealt to its hidden
 * piles in an order drawn from the salt and the sample's number alone (not the state). */
static void
ctop_completions(chance *c, const cstate *st)
{
    static const uint64_t none[3] = {0, 0, 0};
    for (int j = 0; j < c->samples; j++) {
        int cards[16], n = 0;
        for (uint32_t u = st->unseen; u; u &= u - 1) {
            cards[n++] = lowest(u);
        }
        cshuffle(cards, n, cdraw(c, none, 2000 + (uint64_t)j));
        for (int p = 0, i = 0; p < 16; p++) {
            c->top_under[j][p] = (st->hid >> p & 1) ? (int8_t)cards[i++] : -1;
        }
    }
}

/* The value times the scale of a state at the sampling's floor: the mean over `samples`
 * completions, each solved double dummy (1 or 0 for the win, else Vorhand's points to come; an
 * estimate, not a bound). Completion j keeps the card the top call's completion j put under a
 * pile wherever that card is still unseen, and deals the unseen cards left to the piles left in
 * an order drawn from the state: a uniform completion of the state (the top completion is
 * uniform and drawn without regard to the cards turned up since, and the rule treats all cards
 * and piles alike), and the states of one search share most of their completions, so their
 * values differ less by chance than by the play (common random numbers, as Monte Carlo's deals
 * are the same for every move). */
static int64_t
cdetermined(chance *c, const cstate *st, const uint64_t key[3])
{
    int64_t sum = 0, rest = 120 - st->points[0] - st->points[1];
    for (int j = 0; j < c->samples; j++) {
        int8_t beneath[16];
        uint32_t left = st->unseen;
        int open[16], n = 0;
        for (int p = 0; p < 16; p++) {
            beneath[p] = -1;
            if (!(st->hid >> p & 1)) {
                continue;
            }
            int kept = c->top_under[j][p];
            if (kept >= 0 && (left >> kept & 1)) {
                beneath[p] = (int8_t)kept;
                left &= ~((uint32_t)1 << kept);
            } else {
                open[n++] = p;
            }
        }
        int cards[16], m = 0;
        for (uint32_t u = left; u; u &= u - 1) {
            cards[m++] = lowest(u);
        }
        cshuffle(cards, m, cdraw(c, key, 1000 + (uint64_t)j));
        for (int i = 0; i < n; i++) {
            beneath[open[i]] = (int8_t)cards[i];
        }
        int64_t need = 61 - st->points[0]; /* the win: one zero-window test (cfinal: 1 .. rest) */
        int64_t found = c->objective ? cleaf(c, st, -1, rest + 1, beneath)
                                     : cleaf(c, st, need - 1, need, beneath) >= need;
        if (c->stop) {
            return 0;
        }
        sum += found;
    }
    return (sum * cscale(st) + c->samples / 2) / c->samples;
}

/* The bounds *low, *high narrowed by a fail-soft ``result`` of the window (alpha, beta): an
 * upper bound at or below alpha, a lower bound at or above beta, else the value. */
static inline void
cnarrow(int64_t result, int64_t alpha, int64_t beta, int64_t *low, int64_t *high)
{
    if (result <= alpha) {
        *high = *high < result ? *high : result;
    } else if (result >= beta) {
        *low = *low > result ? *low : result;
    } else {
        *low = *high = result;
    }
}

/* The win at a leaf: 1 or 0, whether Vorhand's points to come reach need = 61 - her points
 * (cfinal has decided where need is not 1 .. the points still out). What the leaf remembers is
 * its double-dummy bounds on her points to come, and those do not depend on her points so far:
 * its key holds LEAF_POINTS in their place, so the leaf met again with other points (the same
 * cards in play after other tricks taken) is decided by those bounds where they reach its need,
 * and otherwise searched in the zero window at its need, which narrows them. Sound: the points
 * to come of a double-dummy position depend on its cards, the leader and the card led only
 * (the table of the search above keys them so too). */
#define LEAF_POINTS 0xFF
static int64_t
cwon(chance *c, const cstate *st)
{
    uint64_t key[3];
    ckey(c, st, key);
    key[2] = (key[2] & CSTATE_MASK) | (uint64_t)LEAF_POINTS << CPOINTS_SHIFT;
    int64_t need = 61 - st->points[0], low = 0, high = 120 - st->points[0] - st->points[1];
    cbounds(c, key, &low, &high); /* its entry: no leaf is stored at any other points */
    if (low >= need || high < need) {
        return low >= need;
    }
    if (cstopped(c)) {
        return 0;
    }
    int64_t found = cleaf(c, st, need - 1, need, NULL);
    if (c->stop) {
        return 0;
    }
    cnarrow(found, need - 1, need, &low, &high);
    cstore(c, key, low, high);
    return found >= need;
}

/* The state's value times its scale, fail-soft within (alpha, beta). */
static int64_t
cvalue(chance *c, const cstate *st, int64_t alpha, int64_t beta)
{
    int64_t final;
    if (cfinal(c, st, &final)) {
        return final;
    }
    if (!c->objective && !(st->hid & (st->hid - 1))) {
        return cwon(c, st); /* a leaf of the win */
    }
    uint64_t key[3];
    int remember = popcount(st->unseen) < 16;
    int64_t low = 0, high = ctop(c, st);
    if (remember) {
        ckey(c, st, key);
        cbounds(c, key, &low, &high);
    }
    if (low == high || low >= beta) {
        return low;
    }
    if (high <= alpha) {
        return high;
    }
    alpha = alpha > low ? alpha : low;
    beta = beta < high ? beta : high;
    if (cstopped(c)) {
        return 0;
    }
    int64_t result;
    if (!(st->hid & (st->hid - 1))) {
        /* At most one card face down: a leaf of the points (the win's are cwon's), its scale
         * 1, remembered as every state (the same leaf is met again on other lines: two tricks
         * played in the other order): a bound where cleaf's answer leaves the window. */
        result = cleaf(c, st, alpha, beta, NULL);
        if (c->stop) {
            return 0;
        }
        cnarrow(result, alpha, beta, &low, &high);
    } else if (c->floor > 1 && popcount(st->hid) <= c->floor) {
        if (!remember) {
            ckey(c, st, key);
        }
        result = cdetermined(c, st, key);
        if (c->stop) {
            return 0;
        }
        low = high = result;
    } else {
        int slots[8];
        int n = cmoves(c, st, slots);
        if (c->width == 0 && c->floor == 0) {
            n = cdistinct(c, st, slots, n);
        }
        int maximise = (st->lead < 0 ? st->leader : 1 - st->leader) == 0;
        result = 0;
        for (int i = 0; i < n; i++) {
            int64_t value;
            if (maximise) {
                value = cexpect(c, st, slots[i], i == 0 || alpha > result ? alpha : result, beta);
            } else {
                value = cexpect(c, st, slots[i], alpha, i == 0 || beta < result ? beta : result);
            }
            if (c->stop) {
                return 0;
            }
            if (i == 0 || (maximise ? value > result : value < result)) {
                result = value;
            }
            if (maximise ? result >= beta : result <= alpha) {
                break;
            }
        }
        cnarrow(result, alpha, beta, &low, &high);
    }
    if (remember) {
        cstore(c, key, low, high);
    }
    return result;
}

/* The value of playing from ``slot`` with `width` of the n cards that may turn up, drawn (the
 * states after them in after[]), times the state's scale: n / width times the sum of theirs.
 * Star1 as below on that sum, its window widened to whole numbers; an estimate of the mean,
 * fail-soft within (alpha, beta) as the sum of the ones drawn gives it. */
static int64_t
csampled(chance *c, const cstate *st, int slot, cstate *after, int n, int64_t alpha, int64_t beta)
{
    uint64_t key[3];
    ckey(c, st, key);
    uint64_t r = cdraw(c, key, (uint64_t)slot);
    int order[16], k = c->width;
    for (int i = 0; i < n; i++) {
        order[i] = i;
    }
    for (int i = 0; i < k; i++) { /* the first k of a Fisher-Yates shuffle */
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        int j = i + (int)((r >> 33) % (uint64_t)(n - i)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int64_t child_scale = cscale(st) / n, top = ctop(c, st) / n, total = 0;
    int64_t low = alpha < 0 ? -1 : alpha * k / n;                /* floor */
    int64_t high = beta <= 0 ? 0 : (beta * k + n - 1) / n;       /* ceiling */
    for (int i = 0; i < k; i++) {
        const cstate *child = &after[order[i]];
        int64_t rest = k - i - 1;
        int64_t won = c->objective ? (child->points[0] - st->points[0]) * child_scale : 0;
        int64_t child_alpha = low - total - rest * top, child_beta = high - total;
        int64_t found = won + cvalue(c, child, child_alpha - won, child_beta - won);
        if (c->stop) {
            return 0;
        }
        total += found;
        if (found <= child_alpha) {
            return ((total + rest * top) * n + k - 1) / k;
        }
        if (found >= child_beta) {
            return total * n / k;
        }
    }
    return (total * n + k / 2) / k;
}

/* The value of playing from ``slot`` times the state's scale, fail-soft within (alpha, beta):
 * the mean over the cards that may turn up, Star1's window for each (as _Search._expect);
 * with sampling, once a card has turned up since the top call, over some of them (csampled).
 *
 * In the exact search, where the states after the turn-ups hold STAR2_HIDDEN cards face down
 * or more, Ballard's Star2 first: each of them is probed by its first move alone (in cmoves'
 * order). The same player moves after every turn-up (who leads, or answers, does not depend
 * on the card turned up), so a probe bounds every state on that player's side: from below
 * where Vorhand moves (the state is worth at least any of her moves), from above where
 * Hinterhand does. A probe's window asks only what can end the node: whether the bounds so far
 * already reach beta (or alpha). The bounds found then narrow each turn-up's window in Star1:
 * the turn-ups still to come are worth at least their lower bounds and at most their upper
 * ones (by default the points the move takes and the most still out). Every bound is a true
 * one (a fail-soft answer above its window's alpha bounds a move from below, one below its
 * beta from above), so the value is the same; only the states searched change. */
#define STAR2_HIDDEN 3
static int64_t
cexpect(chance *c, const cstate *st, int slot, int64_t alpha, int64_t beta)
{
    cstate after[16];
    int n = cafter(c, st, slot, after);
    if (c->width > 0 && n > c->width && st->hid != c->top_hid) {
        return csampled(c, st, slot, after, n, alpha, beta);
    }
    int64_t child_scale = cscale(st) / n, top = ctop(c, st) / n, total = 0;
    int64_t won[16], lb[16], ub[16], lsum = 0, usum = 0;
    for (int i = 0; i < n; i++) {
        won[i] = c->objective ? (after[i].points[0] - st->points[0]) * child_scale : 0;
        lb[i] = won[i];
        ub[i] = top;
        lsum += lb[i];
        usum += ub[i];
    }
    if (c->width == 0 && popcount(after[0].hid) >= STAR2_HIDDEN) {
        int vorhand = (after[0].lead < 0 ? after[0].leader : 1 - after[0].leader) == 0;
        for (int i = 0; i < n; i++) {
            int64_t final;
            if (cfinal(c, &after[i], &final)) {
                continue; /* valued exactly below at no cost */
            }
            int slots[8];
            int m = cmoves(c, &after[i], slots);
            if (m <= 1) {
                continue; /* one move: the probe would be the whole search */
            }
            int64_t pa = alpha - (usum - ub[i]), pb = beta - (lsum - lb[i]);
            int64_t r = won[i] + cexpect(c, &after[i], slots[0], pa - won[i], pb - won[i]);
            if (c->stop) {
                return 0;
            }
            if (vorhand && r > pa && r > lb[i]) {
                lsum += r - lb[i];
                lb[i] = r;
            } else if (!vorhand && r < pb && r < ub[i]) {
                usum -= ub[i] - r;
                ub[i] = r;
            }
            if (lsum >= beta) {
                return lsum;
            }
            if (usum <= alpha) {
                return usum;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        lsum -= lb[i];
        usum -= ub[i]; /* now the bounds of the turn-ups after this one */
        int64_t child_alpha = alpha - total - usum, child_beta = beta - total - lsum;
        int64_t found = won[i] + cvalue(c, &after[i], child_alpha - won[i], child_beta - won[i]);
        if (c->stop) {
            return 0;
        }
        total += found;
        if (found <= child_alpha) {
            return total + usum;
        }
        if (found >= child_beta) {
            return total + lsum;
        }
    }
    return total;
}

#define CHANCE_CAPSULE "officers.skat._dd.chance"

static void
chance_free(chance *c)
{
    if (c->dd != NULL) {
        state_free(c->dd);
    }
    if (c->owner != NULL) { /* a sharer: the memo is the owner's */
        Py_DECREF(c->owner);
    } else {
        free(c->memo);
        free(c->locks);
    }
    free(c);
}

static void
chance_capsule_free(PyObject *capsule)
{
    chance *c = PyCapsule_GetPointer(capsule, CHANCE_CAPSULE);
    if (c) {
        chance_free(c);
    }
}

static PyObject *
dd_chance(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *lanes_b, *powers_b, *points_b;
    int objective;
    if (!PyArg_ParseTuple(args, "OOOi:chance", &lanes_b, &powers_b, &points_b, &objective)) {
        return NULL;
    }
    if (objective != 0 && objective != 1) {
        PyErr_SetString(PyExc_ValueError, "chance: the objective is 0 (the win) or 1 (points)");
        return NULL;
    }
    chance *c = calloc(1, sizeof(chance));
    if (c == NULL) {
        return PyErr_NoMemory();
    }
    if (read_cards(lanes_b, powers_b, points_b, c->lane, c->power, c->points) < 0) {
        free(c);
        return NULL;
    }
    deck_build(&c->cards, c->lane, c->power, c->points);
    c->objective = objective;
    cgroups(c);
    c->bits = CHANCE_MIN_BITS;
    c->memo = calloc((size_t)1 << c->bits, sizeof(centry));
    c->dd = state_new(22, LEAF_BITS);
    if (c->memo == NULL || c->dd == NULL) {
        chance_free(c);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(c, CHANCE_CAPSULE, chance_capsule_free);
    if (capsule == NULL) {
        chance_free(c);
    }
    return capsule;
}

/* The chance search a capsule holds, if it is not running; NULL with an error set otherwise. */
static chance *
chance_of(PyObject *capsule, const char *name)
{
    if (!PyCapsule_IsValid(capsule, CHANCE_CAPSULE)) {
        PyErr_Format(PyExc_TypeError, "%s: a search made by chance() expected", name);
        return NULL;
    }
    chance *c = PyCapsule_GetPointer(capsule, CHANCE_CAPSULE);
    if (c != NULL && c->busy) {
        PyErr_Format(PyExc_ValueError, "%s: the search is already running", name);
        return NULL;
    }
    return c;
}

/* A public state read from Python, checked so that the search can trust it. */
static int
cstate_read(const chance *c, PyObject *up_b, unsigned long long hid, unsigned long long unseen,
            int leader, int lead, int p0, int p1, cstate *st)
{
    char *data;
    Py_ssize_t size;
    if (!PyBytes_Check(up_b) || PyBytes_AsStringAndSize(up_b, &data, &size) < 0 || size != 16) {
        PyErr_SetString(PyExc_ValueError, "chance_value: up is 16 bytes, a card or 255 a pile");
        return -1;
    }
    uint32_t seen = 0;
    for (int i = 0; i < 16; i++) {
        uint8_t card = (uint8_t)data[i];
        if (card != 255 && (card > 31 || (seen >> card & 1))) {
            PyErr_SetString(PyExc_ValueError, "chance_value: a face-up card twice or not a card");
            return -1;
        }
        st->up[i] = card == 255 ? -1 : (int8_t)card;
        if (card != 255) {
            seen |= (uint32_t)1 << card;
        }
    }
    if (hid > 0xFFFF || unseen > 0xFFFFFFFFull || (unseen & seen) ||
        popcount((uint32_t)hid) != popcount((uint32_t)unseen)) {
        PyErr_SetString(PyExc_ValueError,
                        "chance_value: as many unseen cards as hidden piles, none face up");
        return -1;
    }
    for (int i = 0; i < 16; i++) {
        if ((hid >> i & 1) && st->up[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "chance_value: a hidden pile without its top");
            return -1;
        }
    }
    int counts[2] = {0, 0}, free_top = 0;
    for (int i = 0; i < 16; i++) {
        counts[i >> 3] += (st->up[i] >= 0) + (int)(hid >> i & 1);
        free_top |= (i >> 3) == leader && !(hid >> i & 1);
    }
    if (lead >= 0 && leader >= 0 && leader <= 1) {
        counts[leader]++;
    }
    if (counts[0] != counts[1] || (lead >= 0 && !free_top)) {
        PyErr_SetString(PyExc_ValueError,
                        "chance_value: the players hold different numbers of cards");
        return -1;
    }
    if ((leader != 0 && leader != 1) || lead < -1 || lead > 31 ||
        (lead >= 0 && (((seen | unseen) >> lead) & 1)) || p0 < 0 || p1 < 0 || p0 + p1 > 120) {
        PyErr_SetString(PyExc_ValueError, "chance_value: a leader 0 or 1, a card led not in the "
                                          "piles, points of 0 .. 120 in all");
        return -1;
    }
    int out = 0; /* the points still in play: those not taken */
    for (uint32_t m = seen | (uint32_t)unseen | (lead >= 0 ? (uint32_t)1 << lead : 0); m;
         m &= m - 1) {
        out += c->points[lowest(m)];
    }
    if (out != 120 - p0 - p1) {
        PyErr_SetString(PyExc_ValueError,
                        "chance_value: the points taken and the points in play make 120");
        return -1;
    }
    st->hid = (uint32_t)hid;
    st->unseen = (uint32_t)unseen;
    st->leader = leader;
    st->lead = lead;
    st->points[0] = p0;
    st->points[1] = p1;
    return 0;
}

static PyObject *
dd_chance_value(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule, *up_b;
    unsigned long long hid, unseen;
    int leader, lead, p0, p1, slot;
    long long alpha, beta;
    double seconds;
    if (!PyArg_ParseTuple(args, "OOKKiiiiiLLd:chance_value", &capsule, &up_b, &hid, &unseen,
                          &leader, &lead, &p0, &p1, &slot, &alpha, &beta, &seconds)) {
        return NULL;
    }
    chance *c = chance_of(capsule, "chance_value");
    cstate st;
    if (c == NULL || cstate_read(c, up_b, hid, unseen, leader, lead, p0, p1, &st) < 0) {
        return NULL;
    }
    if (slot >= 0) {
        int slots[8], n = cmoves(c, &st, slots), legal = 0;
        for (int i = 0; i < n; i++) {
            legal |= slots[i] == slot;
        }
        if (!legal) {
            PyErr_SetString(PyExc_ValueError, "chance_value: the pile is not a legal move");
            return NULL;
        }
    }
    if (alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "chance_value: the window is alpha < beta");
        return NULL;
    }
    c->deadline = seconds > 0 ? now() + seconds : 0;
    c->stop = 0;
    c->busy = 1;
    c->dd->thread = PyEval_SaveThread();
    c->top_hid = st.hid;
    ctop_completions(c, &st);
    if (c->halt != NULL && __atomic_load_n(c->halt, __ATOMIC_RELAXED)) {
        c->stop = 1; /* the searches on this memo were stopped */
    }
    int64_t found = 0;
    if (!c->stop) {
        found = slot >= 0 ? cexpect(c, &st, slot, alpha, beta) : cvalue(c, &st, alpha, beta);
    }
    PyEval_RestoreThread(c->dd->thread);
    c->dd->thread = NULL;
    c->busy = 0;
    if (c->stop == 2) {
        return NULL;
    }
    if (c->stop == 3) {
        return PyErr_NoMemory();
    }
    if (c->stop == 1) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLongLong(found);
}

static PyObject *
dd_chance_sampling(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    int width, floor, samples;
    unsigned long long salt;
    if (!PyArg_ParseTuple(args, "OiiiK:chance_sampling", &capsule, &width, &floor, &samples,
                          &salt)) {
        return NULL;
    }
    chance *c = chance_of(capsule, "chance_sampling");
    if (c == NULL) {
        return NULL;
    }
    if (c->locks != NULL) {
        PyErr_SetString(PyExc_ValueError, "chance_sampling: the memo is shared");
        return NULL;
    }
    if (width < 0 || width > 15 || floor < 0 || floor > 16 || samples < 0 || samples > 64 ||
        (floor > 1) != (samples > 0)) {
        PyErr_SetString(PyExc_ValueError, "chance_sampling: a width of 0 .. 15, a floor of 0 "
                                          ".. 16 and, with a floor above 1, 1 .. 64 samples");
        return NULL;
    }
    c->width = width;
    c->floor = floor > 1 ? floor : 0;
    c->samples = samples;
    c->salt = (uint64_t)salt;
    memset(c->memo, 0, ((size_t)1 << c->bits) * sizeof(centry)); /* its values were another's */
    c->used = 0;
    Py_RETURN_NONE;
}

/* A second search on the memo of `capsule` (exact, not sampling), to run in another thread at
 * the same time: the memo grows to its largest first (a memo that grows under a running search
 * would move), and from then on each of them reads and writes a bucket under its lock. The
 * searches' halt flag (chance_halt) is cleared. */
static PyObject *
dd_chance_share(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:chance_share", &capsule)) {
        return NULL;
    }
    chance *o = chance_of(capsule, "chance_share");
    if (o == NULL) {
        return NULL;
    }
    if (o->owner != NULL || o->width != 0 || o->floor != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "chance_share: the memo of an exact search that owns it is shared");
        return NULL;
    }
    if (o->locks == NULL) {
        uint8_t *locks = calloc(CHANCE_LOCKS, 1);
        if (locks == NULL) {
            return PyErr_NoMemory();
        }
        while (o->bits < CHANCE_MAX_BITS && cgrow(o)) {
        }
        o->locks = locks;
        o->halt = &o->halted;
    }
    o->halted = 0;
    chance *c = malloc(sizeof(chance));
    if (c == NULL) {
        return PyErr_NoMemory();
    }
    memcpy(c, o, sizeof(chance));
    c->dd = state_new(22, LEAF_BITS);
    if (c->dd == NULL) {
        free(c);
        return PyErr_NoMemory();
    }
    c->nodes = c->leaves = 0;
    c->used = 0;
    c->stop = c->busy = 0;
    c->owner = capsule;
    Py_INCREF(capsule);
    PyObject *shared = PyCapsule_New(c, CHANCE_CAPSULE, chance_capsule_free);
    if (shared == NULL) {
        chance_free(c);
    }
    return shared;
}

/* Stop the searches on a shared memo (those running stop within CHANCE_CHECK states, and a
 * search started on it stops at once) until it is shared again; nothing on a memo not shared. */
static PyObject *
dd_chance_halt(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:chance_halt", &capsule)) {
        return NULL;
    }
    if (!PyCapsule_IsValid(capsule, CHANCE_CAPSULE)) {
        PyErr_SetString(PyExc_TypeError, "chance_halt: a search made by chance() expected");
        return NULL;
    }
    chance *c = PyCapsule_GetPointer(capsule, CHANCE_CAPSULE);
    if (c->halt != NULL) {
        __atomic_store_n(c->halt, 1, __ATOMIC_RELAXED);
    }
    Py_RETURN_NONE;
}

static PyObject *
dd_chance_stats(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O:chance_stats", &capsule)) {
        return NULL;
    }
    chance *c = chance_of(capsule, "chance_stats");
    if (c == NULL) {
        return NULL;
    }
    return Py_BuildValue("(LLK)", c->nodes, c->leaves, (unsigned long long)c->used);
}

static PyMethodDef dd_methods[] = {
    {"search", dd_search, METH_VARARGS,
     "search(lanes, powers, points, present, bits) -> search\n\n"
     "A search of one board: each slot's lane (0 .. 4, 4 trump), power and points (32 bytes "
     "each), the slots holding a card, and a table of 2 ** bits entries (8 bytes each)."},
    {"value", dd_value, METH_VARARGS,
     "value(search, mask, leader, led, alpha, beta, seconds) -> int | None\n\n"
     "The leader's value of a position (led: the slot of the card on the table, or -1), "
     "fail-soft in the window; None when the seconds (> 0; 0 for no limit) run out."},
    {"exact", dd_exact, METH_VARARGS,
     "exact(search, mask, leader, led, seconds, threads) -> int | None\n\n"
     "The leader's exact value of a position, by zero-window tests run by 1 .. 8 searches at "
     "once, each in a thread of its own, on one table; None when the seconds (> 0; 0 for no "
     "limit) run out."},
    {"stats", dd_stats, METH_VARARGS,
     "stats(search) -> (tricks searched, table entries in use, table bytes)"},
    {"chance", dd_chance, METH_VARARGS,
     "chance(lanes, powers, points, objective) -> search\n\n"
     "The chance game's search in one game: each card's lane (0 .. 4, 4 trump), power and "
     "points (32 bytes each, by card), objective 0 (the win) or 1 (the points)."},
    {"chance_value", dd_chance_value, METH_VARARGS,
     "chance_value(search, up, hid, unseen, leader, lead, points0, points1, slot, alpha, beta, "
     "seconds) -> int | None\n\n"
     "A public state's value times u! (u its unseen cards), fail-soft in the window; with a "
     "slot >= 0 the value of playing from that pile. up: 16 bytes, each pile's face-up card "
     "or 255; hid: the piles with a card beneath; unseen: the unseen cards. None when the "
     "seconds (> 0; 0 for no limit) run out."},
    {"chance_sampling", dd_chance_sampling, METH_VARARGS,
     "chance_sampling(search, width, floor, samples, salt) -> None\n\n"
     "Sample the chance game from now on (all 0: exact again), and forget the memo: below the "
     "top call a turn-up of more cards is valued by `width` of them, drawn; a state with 2 .. "
     "floor cards face down by `samples` completions, drawn, each solved double dummy; the "
     "draws are functions of the state and the salt."},
    {"chance_share", dd_chance_share, METH_VARARGS,
     "chance_share(search) -> search\n\n"
     "A second exact search on the memo of `search`, to run in another thread at the same time "
     "(the memo at its largest, each bucket under a lock); chance_halt stops them all."},
    {"chance_halt", dd_chance_halt, METH_VARARGS,
     "chance_halt(search) -> None\n\n"
     "Stop the searches on the memo `search` shares, until it is shared again."},
    {"chance_stats", dd_chance_stats, METH_VARARGS,
     "chance_stats(search) -> (states valued, leaves, memo entries)"},
    {"best", dd_best, METH_VARARGS,
     "best(search, mask, leader) -> int\n\nThe best lead the table holds for a position, or -1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dd_module = {
    PyModuleDef_HEAD_INIT, "_dd", "The double-dummy search of officers.skat.search, compiled.",
    -1, dd_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__dd(void)
{
    ctables();
    PyObject *module = PyModule_Create(&dd_module);
    if (module != NULL && PyModule_AddIntConstant(module, "ABI", ABI) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
