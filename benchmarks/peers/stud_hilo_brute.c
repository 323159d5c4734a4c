/*
 * A plain brute-force enumerator of seven-card stud high-low (eight or better, cards speak),
 * written for benchmarks/odds.py as the peer splitpot's exact odds are timed against.
 *
 * Each hand's completions (its missing cards, every way they can come from the unseen cards)
 * are valued once with the simple evaluator below; then every outcome is visited: one
 * completion per hand, no card twice (a 64-bit mask per completion), judged by comparing
 * values (the last hand's completions are tallied by how they compare with the others' best,
 * then judged once per kind). It prints the number of outcomes and, per hand, the outcomes it wins or ties high,
 * wins or ties low, scoops, and its share of the pot in units of 1 / (2 lcm(1..n)) of a pot.
 *
 * usage: stud_hilo_brute DEAD HAND DRAW [HAND DRAW ...]
 *   cards are ids 0..51 (4 * (rank - 2) + suit) separated by commas, "-" for none.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HANDS 8

static int parse(const char *text, int *out) {
    int n = 0;
    if (strcmp(text, "-") == 0) return 0;
    while (*text) {
        out[n++] = (int)strtol(text, (char **)&text, 10);
        if (*text == ',') text++;
    }
    return n;
}

/* High value of 5..7 cards: category << 20 | five ranks (2..14) of 4 bits, larger wins. */
static uint32_t high_value(const int *cards, int k) {
    int count[15] = {0}, suit_count[4] = {0};
    uint32_t suit_ranks[4] = {0}, ranks = 0;
    for (int i = 0; i < k; i++) {
        int r = cards[i] / 4 + 2, s = cards[i] % 4;
        count[r]++;
        suit_count[s]++;
        suit_ranks[s] |= 1u << r;
        ranks |= 1u << r;
    }
    for (int s = 0; s < 4; s++) {
        if (suit_count[s] < 5) continue;
        uint32_t m = suit_ranks[s] | ((suit_ranks[s] >> 14) & 1u) << 1; /* ace also low */
        for (int top = 14; top >= 5; top--)
            if (((m >> (top - 4)) & 31u) == 31u) return 8u << 20 | (uint32_t)top << 16;
        uint32_t v = 5u << 20;
        int taken = 0;
        for (int r = 14; r >= 2 && taken < 5; r--)
            if (suit_ranks[s] >> r & 1u) v |= (uint32_t)r << (16 - 4 * taken++);
        return v;
    }
    /* with seven cards or fewer a flush rules out a full house and quads */
    int quad = 0, trip = 0, pair1 = 0, pair2 = 0;
    for (int r = 14; r >= 2; r--) {
        if (count[r] == 4) quad = r;
        else if (count[r] == 3 && !trip) trip = r;
        else if (count[r] >= 2 && !pair1) pair1 = r; /* a second set of trips counts as a pair */
        else if (count[r] >= 2 && !pair2) pair2 = r;
    }
    if (quad) {
        int kick = 0;
        for (int r = 14; r >= 2; r--)
            if (count[r] && r != quad) { kick = r; break; }
        return 7u << 20 | (uint32_t)quad << 16 | (uint32_t)kick << 12;
    }
    if (trip && pair1) return 6u << 20 | (uint32_t)trip << 16 | (uint32_t)pair1 << 12;
    uint32_t m = ranks | ((ranks >> 14) & 1u) << 1;
    for (int top = 14; top >= 5; top--)
        if (((m >> (top - 4)) & 31u) == 31u) return 4u << 20 | (uint32_t)top << 16;
    uint32_t v;
    int shift, kickers, skip1 = 0, skip2 = 0; /* the five cards: the group(s), then kickers */
    if (trip) { v = 3u << 20 | (uint32_t)trip << 16; shift = 12; kickers = 2; skip1 = trip; }
    else if (pair2) {
        v = 2u << 20 | (uint32_t)pair1 << 16 | (uint32_t)pair2 << 12;
        shift = 8; kickers = 1; skip1 = pair1; skip2 = pair2;
    } else if (pair1) {
        v = 1u << 20 | (uint32_t)pair1 << 16; shift = 12; kickers = 3; skip1 = pair1;
    } else { v = 0; shift = 16; kickers = 5; }
    for (int r = 14; r >= 2 && kickers > 0; r--)
        if (count[r] && r != skip1 && r != skip2) {
            v |= (uint32_t)r << shift;
            shift -= 4;
            kickers--;
        }
    return v;
}

/* Ace-to-five low, eight or better: 0 if none, else larger is better (the five lowest
 * distinct ranks, ace = 1, compared from the highest down). */
static uint32_t low_value(const int *cards, int k) {
    uint32_t seen = 0;
    for (int i = 0; i < k; i++) {
        int r = cards[i] / 4 + 2;
        if (r == 14) r = 1;
        if (r <= 8) seen |= 1u << r;
    }
    uint32_t code = 0;
    int taken = 0;
    for (int r = 1; r <= 8 && taken < 5; r++)
        if (seen >> r & 1u) { code |= (uint32_t)r << (4 * taken); taken++; }
    if (taken < 5) return 0;
    /* code holds r1 (lowest) in the low nibble up to r5: compare r5 first */
    uint32_t ordered = 0;
    for (int i = 4; i >= 0; i--) ordered = ordered << 4 | ((code >> (4 * i)) & 15u);
    return 0x100000u - ordered;
}

typedef struct {
    int n;
    uint64_t *mask;
    uint32_t *high, *low;
} completions;

static int deck[52], deck_size;

static void complete(const int *known, int k, int draw, completions *out) {
    long total = 1;
    for (int i = 0; i < draw; i++) total = total * (deck_size - i) / (i + 1);
    out->n = (int)total;
    out->mask = malloc(sizeof(uint64_t) * total);
    out->high = malloc(sizeof(uint32_t) * total);
    out->low = malloc(sizeof(uint32_t) * total);
    int pick[8], cards[8];
    for (int i = 0; i < draw; i++) pick[i] = i;
    for (long c = 0; c < total; c++) {
        uint64_t m = 0;
        for (int i = 0; i < k; i++) cards[i] = known[i];
        for (int i = 0; i < draw; i++) { cards[k + i] = deck[pick[i]]; m |= 1ull << pick[i]; }
        out->mask[c] = m;
        out->high[c] = high_value(cards, k + draw);
        out->low[c] = low_value(cards, k + draw);
        int i = draw - 1; /* next combination */
        while (i >= 0 && pick[i] == deck_size - draw + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < draw; j++) pick[j] = pick[j - 1] + 1;
    }
}

static int hands;
static completions comp[MAX_HANDS];
static uint32_t highs[MAX_HANDS], lows[MAX_HANDS];
static long long outcomes, won_high[MAX_HANDS], won_low[MAX_HANDS], scoops[MAX_HANDS];
static long long share[MAX_HANDS], unit;

/* Judge `count` outcomes at once that the last hand completes the same way against the others:
 * its high beats (2), ties (1) or loses to (0) the others' best, its low likewise, 3: no low
 * at all. The others' hands are those in highs[] and lows[]. */
static void judge(int high_class, int low_class, long long count) {
    int last = hands - 1, high_ways = 0, low_ways = 0;
    uint32_t best_high = 0, best_low = 0;
    for (int i = 0; i < last; i++) {
        if (highs[i] > best_high) best_high = highs[i];
        if (lows[i] > best_low) best_low = lows[i];
    }
    int high_win[MAX_HANDS] = {0}, low_win[MAX_HANDS] = {0};
    for (int i = 0; i < last; i++) {
        high_win[i] = high_class < 2 && highs[i] == best_high;
        low_win[i] = low_class < 2 && best_low && lows[i] == best_low;
    }
    high_win[last] = high_class >= 1;
    low_win[last] = low_class == 1 || low_class == 2;
    for (int i = 0; i < hands; i++) { high_ways += high_win[i]; low_ways += low_win[i]; }
    outcomes += count;
    for (int i = 0; i < hands; i++) {
        won_high[i] += high_win[i] * count;
        won_low[i] += low_win[i] * count;
        if (low_ways) {
            if (high_win[i]) share[i] += unit / 2 / high_ways * count;
            if (low_win[i]) share[i] += unit / 2 / low_ways * count;
        } else if (high_win[i]) share[i] += unit / high_ways * count;
        if (high_win[i] && high_ways == 1 && (!low_ways || (low_win[i] && low_ways == 1)))
            scoops[i] += count;
    }
}

static void visit(int hand, uint64_t used) {
    completions *c = &comp[hand];
    if (hand == hands - 1) { /* every completion of the last hand: one outcome each */
        uint32_t best_high = 0, best_low = 0;
        for (int i = 0; i < hand; i++) {
            if (highs[i] > best_high) best_high = highs[i];
            if (lows[i] > best_low) best_low = lows[i];
        }
        long long seen[3][4] = {{0}};
        for (int j = 0; j < c->n; j++) {
            if (c->mask[j] & used) continue;
            uint32_t h = c->high[j], l = c->low[j];
            int hc = h > best_high ? 2 : h == best_high;
            int lc = !l ? (best_low ? 0 : 3) : l > best_low ? 2 : l == best_low;
            seen[hc][lc]++;
        }
        for (int hc = 0; hc < 3; hc++)
            for (int lc = 0; lc < 4; lc++)
                if (seen[hc][lc]) judge(hc, lc, seen[hc][lc]);
        return;
    }
    for (int j = 0; j < c->n; j++) {
        if (c->mask[j] & used) continue;
        highs[hand] = c->high[j];
        lows[hand] = c->low[j];
        visit(hand + 1, used | c->mask[j]);
    }
}

int main(int argc, char **argv) {
    if (argc < 4 || (argc - 2) % 2 != 0) {
        fprintf(stderr, "usage: %s DEAD HAND DRAW [HAND DRAW ...]\n", argv[0]);
        return 2;
    }
    int dead[52], known[MAX_HANDS][8], size[MAX_HANDS], draw[MAX_HANDS];
    int used[52] = {0};
    int ndead = parse(argv[1], dead);
    for (int i = 0; i < ndead; i++) used[dead[i]] = 1;
    hands = (argc - 2) / 2;
    for (int h = 0; h < hands; h++) {
        size[h] = parse(argv[2 + 2 * h], known[h]);
        draw[h] = atoi(argv[3 + 2 * h]);
        for (int i = 0; i < size[h]; i++) used[known[h][i]] = 1;
    }
    for (int c = 0; c < 52; c++)
        if (!used[c]) deck[deck_size++] = c;
    long long lcm = 1;
    for (long long k = 2; k <= hands; k++) {
        long long a = lcm, b = k;
        while (b) { long long t = a % b; a = b; b = t; }
        lcm = lcm / a * k;
    }
    unit = 2 * lcm;
    for (int h = 0; h < hands; h++) complete(known[h], size[h], draw[h], &comp[h]);
    visit(0, 0);
    printf("outcomes %lld unit %lld\n", outcomes, unit);
    for (int h = 0; h < hands; h++)
        printf("%lld %lld %lld %lld\n", won_high[h], won_low[h], scoops[h], share[h]);
    return 0;
}
