// Nishio (7.5), multiple (8.0), dynamic (8.5) and dynamic (+) (9.0) forcing chains, as
// Sudoku Explainer defines them.
//
// A "chaining" starts from one assumption (a candidate on, or off) and derives, breadth
// first with "on" consequences taken before "off" ones, everything that follows:
//   on(c,d)  -> off for the other candidates of c (not in Nishio) and for d in the peers;
//   off(c,d) -> on(c,d') when c has only d' left besides d (not in Nishio), and on(c',d)
//               when a unit of c has d only in c and c'.
// Static chainings (multiple chains) read these links on the grid of the step; dynamic
// ones (Nishio, dynamic) remove every "off" candidate as they go, so later links see the
// reduced grid, and a derived "on" then also has as parents the earlier "off" candidates
// that made it single ("hidden parents"). A chaining stops at its first contradiction
// (a candidate both on and off).
//
// Dynamic (+) chainings (SE's nesting 1) go on where the links stop: the first
// basic rule (locking, hidden pair, naked pair, X-Wing; chains_plus.cpp) that applies to
// the grid of the chaining only thanks to removed candidates adds its removals as "off"
// nodes, whose parents are those removed candidates, and the links resume from them.
//
// Hints (each removes candidates of the step grid):
//   contradiction: the assumption leads to a contradiction, so it is false (Nishio,
//     dynamic; sort key 7);
//   double: a candidate is on (off) both when the source is on and when it is off
//     (dynamic, cells of 3+ candidates; sort key 1);
//   region: a candidate is on (off) whichever position a digit takes in a unit (2
//     positions, or more for multiple chains; sort key 6);
//   cell: a candidate is on (off) whichever value a cell takes (sort key 5).
// Complexity: the number of distinct nodes among the ancestors of each target, summed
// over the chains of the hint. Rating: 7.5 / 8.0 / 8.5 / 9.0 plus SE's length
// adjustment; SE keeps the hint of least (rating, complexity, sort key), first found on
// ties, visiting cells in reading order and values in increasing order. Each producer runs
// only when the easier ones found nothing (SE's ladder), so dynamic (+) costs nothing on a
// puzzle that plain dynamic chains finish.
//
// Each chaining from an "on" assumption is computed once per producer and shared by the
// binary, region and cell hints. The static chainings of the multiple producer read a
// table of the step grid's links, built once per step (chain_static), rather than the
// grid. The dynamic chainings read the same table for the "off" consequences of an "on"
// node, skipping those already recorded, so they need no per-chaining "off" filters; their
// "on" consequences depend on the chaining's grid and are read there.
// Region and cell hints first intersect the node bits of their chainings: most sets share
// no node, and their scans are skipped.
// The chainings of the multiple and dynamic producers (not (+)) are kept from one call
// to the next (Kept): one whose recorded nodes all have the links (and, for a dynamic
// "off" node, the candidates and unit positions) they had is the one a new search would
// give; the test is one AND of its node bits with the changed nodes.
// A chaining that meets no contradiction closes a set that the chaining of any of its
// nodes never leaves: Nishio skips the assumptions recorded in such a set, and so does the
// dynamic producer for off(c, d) in a cell of two values, the first record of the other
// value's chaining.
// The gains of each of these, and the variants measured and dropped, are in
// grader/PERF_NOTES.md ("Chainings: sharing, Kept, closed sets").
//
// Nestings 2 (9.5, "+ Forcing Chains"), 3 (10.0, "+ Multiple Forcing Chains") and 4
// (10.5, "+ Dynamic Forcing Chains"): when the basic rules find nothing either, SE's
// static producer, then at nesting 3 its static multiple producer, or at nesting 4 its
// dynamic producer instead, runs on the chaining's grid (chains_nested.cpp); the removals
// enter as "off" nodes like the rules' ones, and each distinct nested chain adds its
// complexity to any hint whose chains pass through its removals (getNestedComplexity).
// Nesting 5 (11.0, "+ Dynamic Forcing Chains (+ Forcing Chains)"): SE's getOtherRules then
// holds the dynamic producer and, after it, the dynamic producer of nesting 2 (Chaining
// nesting - 3); the second runs on a chaining's grid only when the first has no hint there
// that needs a removed candidate, and the basic rules and the static producer run inside
// its own chainings (chains_nested.cpp). Its hints count their nested chains' complexity,
// which counts that of the static chains inside them. The ladder tries it only where
// nesting 4 finds nothing, which no puzzle of top1465 or cb001 (nor Golden Nugget or
// Easter Monster) needs. From nesting 4 on, the nested producers' hints are kept per
// chaining grid for the current producer and step (rule_memo), which is exact (they are
// a function of that grid) and saves the searches of chainings that run dry on a grid
// already seen; inside, the nesting-2 producer keeps its rules' hints the same way. One
// nesting-5 search still takes minutes on the hardest known puzzles (grader/PERF_NOTES.md).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <tuple>

#include "chains_internal.h"
#include "chains_plus.h"
#include "stop_poll.h"

#if defined(__GNUC__)
#define SUDOFORGE_ALWAYS_INLINE __attribute__((always_inline))
#else
#define SUDOFORGE_ALWAYS_INLINE
#endif

namespace sudoforge::grader::detail {

struct DynamicScratch {
  struct Rec {
    // Parents: [pb, pe) in the pool, or the single record pb when pe < 0 (most nodes).
    int node, pb, pe, anc;  // anc: memo of the ancestor count (-1 unknown)
  };
  // One chaining. The canonical record of a node is found from the bit set: by_rank lists
  // the records of the set bits in node order, rank_base[w] counts the set bits before
  // word w, both built on the first find() (most chainings are never asked). A dense
  // node -> record table per chaining (5.8 KB on 9x9, for 38 records on average on SER
  // 7.5+) cost more to clear and to keep in cache.
  struct Result {
    std::vector<Rec> recs;
    std::vector<int> pool;                      // parent records
    std::vector<int> on_order, off_order;       // canonical records in order of derivation
    // Bit nd set when node nd has a canonical record: the hints that need a node in every
    // chaining of a set intersect these first (most sets share none).
    std::vector<std::uint64_t> bits;
    mutable std::vector<int> rank_base, by_rank;
    mutable bool indexed = false;
    std::vector<std::pair<int, int>> rules;     // dynamic (+): (record, PlusRule) of rule "off"s
    struct Nested {
      int rec, cx;
      std::uint64_t id;
    };
    std::vector<Nested> nested;                 // the rule "off"s of nested chains
    bool absurd = false;
    int abs_on = -1, abs_off = -1;              // records of the contradiction
    int rnode(int r) const { return recs[r].node; }
    bool has(int nd) const { return (bits[nd >> 6] >> (nd & 63)) & 1; }
    int rank(int nd) const {
      const int w = nd >> 6;
      return rank_base[w] + std::popcount(bits[w] & ((std::uint64_t{1} << (nd & 63)) - 1));
    }
    int find(int nd) const {
      if (!has(nd)) return -1;
      if (!indexed) {
        // Every record is canonical but a contradiction's last one, whose node has no bit.
        rank_base.resize(bits.size());
        int at = 0;
        for (size_t w = 0; w < bits.size(); ++w) {
          rank_base[w] = at;
          at += std::popcount(bits[w]);
        }
        by_rank.resize(at);
        for (int r = 0; r < static_cast<int>(recs.size()); ++r) {
          if (has(recs[r].node)) by_rank[rank(recs[r].node)] = r;
        }
        indexed = true;
      }
      return by_rank[rank(nd)];
    }
  };

  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0, nn = 0;
  bool ylinks = true, dynamic = false, multiple = false, nishio = false;
  bool plus = false;  // dynamic (+): the basic rules join the links (chains_plus.cpp)
  int nest = 1;       // SE's nesting of the (+) chains: 2 adds nested forcing chains
  const char* const* names = nullptr;  // contradiction, double, region, cell hints
  std::vector<Mask> cand0, cand, upos0, upos;
  std::vector<int> vis;
  int vstamp = 0;
  std::vector<int> stack;
  std::vector<Result> slots;  // [0]: scratch for "off" chainings; then one per "on" start
  int used = 1;
  std::vector<int> cache;     // on node -> slot, or -1
  // Buffers of the chaining in progress (sized by load; copied into its Result at the
  // end). The queues of SE's breadth-first search are the "on" / "off" records in order
  // of derivation, so each list is its own queue.
  std::vector<Rec> rbuf;               // nn + 1: every node once, plus the contradiction
  std::vector<int> qon_buf, qoff_buf;  // nn / 2 each
  std::vector<int> tmp_parents;        // parents of the "on" consequences of one "off" node
  // Dynamic (+): the values placed per digit (the X-Wing's condition), the hints of the
  // rules and the records of one hint's parents.
  std::vector<int> placed;
  PlusHints plus_hints;
  // The rules' hints are a function of the chaining's grid (the step grid being fixed):
  // from nesting 4 on, where one search of the nested producers costs milliseconds
  // to seconds, they are kept per grid for the current producer and step: chainings from
  // different assumptions often run dry on the same grid (grader/PERF_NOTES.md: rule memo).
  PlusHintsMemo rule_memo;
  const PlusHints& plus_rules(const PlusGrid& pg) {
    if (nest >= 4) return rule_memo.find(pg, nest);
    find_plus_hints(pg, plus_hints, nest);
    return plus_hints;
  }
  std::vector<int> plus_parents;
  // [u]: the values that lost places in unit u in the chaining (PlusGrid::lost), kept up
  // to date at each call of the rules from the "off" records added since the last one.
  std::vector<Mask> plus_lost;

  // Best hint so far.
  int best_cx = 0, best_sk = 0;
  bool found = false;
  Hint* out = nullptr;
  bool explain = false;
  int base = 0;

  int cell_of(int node) const { return ncd[node >> 1] >> 5; }
  int digit_of(int node) const { return ncd[node >> 1] & 31; }
  std::vector<int> ncd;           // per candidate index: cell * 32 + digit (digit < 32)
  std::vector<int> ubase;         // [c*3+k]: unit * (n+1) of the k-th unit of c (block, row, column)
  std::vector<int> uid;           // [c*3+k]: that unit
  std::vector<Mask> ubit;         // [c*3+k]: bit of c in that unit
  std::vector<Mask> ufresh;       // [c*3+k]: the cells of that unit in no unit of c before k, but c
  std::vector<const int*> ucells; // [c*3+k]: cells of that unit (points into unit_cells)
  // The same per cell in one place, for chain(): one base pointer instead of three keeps
  // its hot loop's pointers in registers.
  struct CellUnits {
    int base[3];
    Mask bit[3];
    const int* cells[3];
  };
  std::vector<CellUnits> cunits;
  // The cells of every unit, copied from the grid. The scratch outlives the grid of a
  // call (Grader::rate builds a new CandidateGrid per puzzle), so ucells must never point
  // into the grid itself: that was a use-after-free that only looked harmless while the
  // allocator happened to hand the next grid the same block.
  std::vector<int> unit_cells;
  static bool two_bits(Mask m) { return popcount(m) == 2; }
  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }

  void load(const CandidateGrid& grid) {
    // Same shape and same unit layout: the per-shape tables below can be kept.
    bool same_shape = g && n == grid.n() && nc == grid.cell_count() &&
                      unit_cells.size() == static_cast<size_t>(3 * grid.n()) * grid.n();
    for (int u = 0; same_shape && u < 3 * n; ++u) {
      same_shape = std::equal(grid.unit(u), grid.unit(u) + n, unit_cells.data() + static_cast<size_t>(u) * n);
    }
    g = &grid;
    n = grid.n();
    nc = grid.cell_count();
    nn = nc * n * 2;
    cand0.resize(nc);
    for (int c = 0; c < nc; ++c) cand0[c] = grid.cand(c);
    upos0.assign(grid.pos_table(), grid.pos_table() + static_cast<size_t>(3 * n) * (n + 1));
    cand = cand0;
    upos = upos0;
    placed.assign(static_cast<size_t>(grid.n()) + 1, 0);
    for (int c = 0; c < grid.cell_count(); ++c) ++placed[grid.value(c)];
    if (same_shape) return;
    for (Kept& K : kept) K = Kept{};
    nishio_memo.clear();  // its keys are unit positions: another shape gives them other cells
    vis.assign(nn, 0);
    ncd.resize(static_cast<size_t>(nc) * n);
    for (int cd = 0; cd < nc * n; ++cd) ncd[cd] = cd / n * 32 + cd % n + 1;
    unit_cells.resize(static_cast<size_t>(3 * n) * n);
    for (int u = 0; u < 3 * n; ++u) {
      std::copy(grid.unit(u), grid.unit(u) + n, unit_cells.data() + static_cast<size_t>(u) * n);
    }
    ubase.resize(3 * nc);
    uid.resize(3 * nc);
    ubit.resize(3 * nc);
    ufresh.resize(3 * nc);
    ucells.resize(3 * nc);
    cunits.resize(nc);
    static const int kTypes[3] = {2, 0, 1};  // block, row, column
    for (int c = 0; c < nc; ++c) {
      for (int k = 0; k < 3; ++k) {
        const int u = grid.unit_of(c, kTypes[k]);
        uid[c * 3 + k] = u;
        ubase[c * 3 + k] = u * (n + 1);
        ubit[c * 3 + k] = Mask{1} << grid.index_in(u, c);
        ucells[c * 3 + k] = unit_cells.data() + static_cast<size_t>(u) * n;
        cunits[c].base[k] = ubase[c * 3 + k];
        cunits[c].bit[k] = ubit[c * 3 + k];
        cunits[c].cells[k] = ucells[c * 3 + k];
      }
    }
    for (int c = 0; c < nc; ++c) {
      for (int k = 0; k < 3; ++k) {
        Mask fresh = 0;
        for (int i = 0; i < n; ++i) {
          const int q = ucells[c * 3 + k][i];
          bool seen = q == c;
          for (int j = 0; j < k; ++j) seen |= uid[q * 3 + j] == uid[c * 3 + j];
          if (!seen) fresh |= Mask{1} << i;
        }
        ufresh[c * 3 + k] = fresh;
      }
    }
    rbuf.resize(static_cast<size_t>(nn) + 1);
    qon_buf.resize(static_cast<size_t>(nn) / 2);
    qoff_buf.resize(static_cast<size_t>(nn) / 2);
    tmp_parents.resize(4 * static_cast<size_t>(n));
    // Memory: one dense node table per cached chaining. Large grids keep at most ~64 MB
    // of them; the cache is emptied between cells when full (one cell needs at most
    // n + 3n chainings).
    const long per = static_cast<long>(nn) * static_cast<long>(sizeof(int));
    cap = static_cast<int>(std::min<long>(static_cast<long>(nc) * n + 1,
                                          std::max<long>(4L * n + 4, (64L << 20) / per)));
    slots.clear();
    slots.resize(static_cast<size_t>(cap) + 1);
  }
  int cap = 0;

  // The node -> canonical record table of the chaining in progress (-1: none), all -1
  // between chainings (finish_result resets what a chaining set).
  std::vector<int> srec;

  // Empties R for a new chaining; returns the node table.
  int* clear_result(Result& R) {
    const size_t words = (static_cast<size_t>(nn) + 63) / 64;
    if (R.bits.size() != words) R.bits.resize(words);
    if (srec.size() != static_cast<size_t>(nn)) srec.assign(nn, -1);
    int* const rec = srec.data();
    std::fill(R.bits.begin(), R.bits.end(), 0);
    R.pool.clear();
    R.rules.clear();
    R.nested.clear();
    R.absurd = false;
    R.abs_on = R.abs_off = -1;
    return rec;
  }

  // Copies the nrec records of the chaining in progress (rbuf) into R and resets the
  // node table.
  void finish_result(Result& R, int nrec) {
    R.recs.assign(rbuf.data(), rbuf.data() + nrec);
    R.indexed = false;
    int* const rec = srec.data();
    for (int r = 0; r < nrec; ++r) rec[rbuf[r].node] = -1;
  }

  // SE's doChaining from a single assumption. The search works on raw pointers into the
  // buffers above (the hot loop of the advanced chains), then copies the records into R.
  void chain(Result& R, int start) {
    poll_stop();
    int* const rec = clear_result(R);
    std::uint64_t* const bits = R.bits.data();

    Rec* const rs = rbuf.data();
    int* const qon = qon_buf.data();
    int* const qoff = qoff_buf.data();
    int* const tp = tmp_parents.data();
    Mask* const cm = cand.data();
    Mask* const um = upos.data();
    const int* const lb = slink_begin.data();
    const int* const lu = slink_units.data();
    const int* const lk = slinks.data();
    const int* const cdof = ncd.data();
    const CellUnits* const cus = cunits.data();
    const int nv = n;
    const bool yl = ylinks, dyn = dynamic;
    int nrec = 0, non = 0, noff = 0;
    int lost_done = -1;  // dynamic (+): the "off" records [0, lost_done) are in plus_lost

    const auto nodeof = [nv](int c, int d, bool on) {
      return ((c * nv + d - 1) << 1) | (on ? 1 : 0);
    };
    // Appends a record of node nd with parents [parents, parents + np).
    const auto push = [&](int nd, const int* parents, int np) {
      const int r = nrec++;
      if (np == 1) {
        rs[r] = Rec{nd, parents[0], -1, -1};
      } else {
        const int pb = static_cast<int>(R.pool.size());
        R.pool.insert(R.pool.end(), parents, parents + np);
        rs[r] = Rec{nd, pb, pb + np, -1};
      }
      return r;
    };
    // Canonical records are entered in rec and their queue.
    const auto enter_on = [&](int nd, int r) {
      rec[nd] = r;
      bits[nd >> 6] |= std::uint64_t{1} << (nd & 63);
      qon[non++] = r;
    };
    const auto enter_off = [&](int nd, int r) {
      rec[nd] = r;
      bits[nd >> 6] |= std::uint64_t{1} << (nd & 63);
      qoff[noff++] = r;
    };
    // A new "off" consequence x of record p (not yet recorded off); true on a
    // contradiction.
    const auto new_off = [&](int x, int p) {
      if (rec[x | 1] >= 0) {
        R.absurd = true;
        R.abs_on = rec[x | 1];
        R.abs_off = push(x, &p, 1);
        return true;
      }
      enter_off(x, push(x, &p, 1));
      return false;
    };

    // Dynamic (+), when the links give nothing more: the removals of the first basic rule
    // that needs some candidate removed by the chaining become "off" nodes, in SE's order,
    // whose parents are the "off" nodes of those candidates. SE enters them without
    // looking for an "on" twin; none can exist here (the cell of an "on" node has lost
    // its other values and its peers that value, which these patterns would need).
    const auto add_rule_offs = [&]() {
      // The links have run dry, so every "off" record has left the grid: the values that
      // lost places in a unit are those of the "off" records there.
      if (lost_done < 0) {
        plus_lost.assign(static_cast<size_t>(3 * nv), 0);
        lost_done = 0;
      }
      for (; lost_done < noff; ++lost_done) {
        const int cd = rs[qoff[lost_done]].node >> 1;
        const int c = cdof[cd] >> 5;
        const Mask bit = Mask{1} << (cdof[cd] & 31);
        for (int k = 0; k < 3; ++k) plus_lost[uid[c * 3 + k]] |= bit;
      }
      const PlusGrid pg{g, cand0.data(), cm, upos0.data(), um, placed.data(), plus_lost.data()};
      const PlusHints& ph = plus_rules(pg);
      bool any = false;
      for (const PlusHints::H& h : ph.hints) {
        plus_parents.clear();
        // A removed candidate left the grid as an "off" record, so each parent has one.
        bool known = true;
        for (int i = h.pb; i < h.pe; ++i) {
          plus_parents.push_back(rec[ph.parents[i] << 1]);
          known &= plus_parents.back() >= 0;
        }
        if (!known) continue;  // cannot happen; a record without parents would break counts
        for (int i = h.tb; i < h.te; ++i) {
          const int x = ph.targets[i] << 1;
          if (rec[x] >= 0) continue;
          // push() and enter_off() written out: another call site of those lambdas here,
          // off the hot path, made GCC compile the hot ones slower (grader/PERF_NOTES.md).
          const int r = nrec++;
          const int np = static_cast<int>(plus_parents.size());
          if (np == 1) {
            rs[r] = Rec{x, plus_parents[0], -1, -1};
          } else {
            const int pb = static_cast<int>(R.pool.size());
            R.pool.insert(R.pool.end(), plus_parents.begin(), plus_parents.end());
            rs[r] = Rec{x, pb, pb + np, -1};
          }
          rec[x] = r;
          bits[x >> 6] |= std::uint64_t{1} << (x & 63);
          qoff[noff++] = r;
          R.rules.emplace_back(r, h.kind);
          if (h.kind >= kPlusChains) R.nested.push_back({r, h.nested_cx, h.nested_id});
          any = true;
        }
      }
      return any;
    };

    const int r0 = push(start, nullptr, 0);
    if (start & 1) {
      enter_on(start, r0);
    } else {
      enter_off(start, r0);
    }
    int hon = 0, hoff = 0;
    while (hon < non || hoff < noff || (plus && add_rule_offs())) {
      if (hon < non) {
        const int p = qon[hon++];
        const int nd = rs[p].node;
        // The "off" consequences are those of the step grid's links (the cell's other
        // values unless Nishio, then the peers in block, row, column) not yet recorded
        // "off": a candidate leaves the chaining's grid only as an "off" record, so the
        // ones of the step grid not recorded are exactly those of the chaining's grid not
        // recorded, and the table lists them in the order of a scan of that grid. A
        // recorded one is skipped (it cannot also be "on": that would have ended the
        // chaining).
        for (int i = yl ? lb[nd] : lu[nd], e = lb[nd + 1]; i < e; ++i) {
          const int x = lk[i];
          if (rec[x] >= 0) continue;
          if (new_off(x, p)) goto done;
        }
      } else {
        const int p = qoff[hoff++];
        const int nd = rs[p].node;
        const int c = cdof[nd >> 1] >> 5, d = cdof[nd >> 1] & 31;
        // The "on" consequences, read before nd leaves the grid: [tb[i], tb[i+1]) in tp
        // are the parents of on node ton[i] (p first, then the hidden parents). A node
        // already "on" is left out here (it cannot also be "off": that would have ended
        // the chaining), the others are checked again below as they are added.
        int ton[4], tb[5], nt = 0, np = 0;
        tb[0] = 0;
        const CellUnits& cu = cus[c];
        const int* ub = cu.base;
        if (yl && two_bits(cm[c])) {
          const int x = nodeof(c, lowest(cm[c] & ~(Mask{1} << d)), true);
          if (rec[x] < 0) {
            ton[nt] = x;
            tp[np++] = p;
            for (Mask m = cand0[c] & ~cm[c]; m; m &= m - 1) {
              tp[np++] = rec[nodeof(c, lowest(m), false)];
            }
            tb[++nt] = np;
          }
        }
        // A unit of c where d has two positions left: the other one is "on". Forced inline:
        // GCC called it out of line, and a loop over the units was slower
        // (grader/PERF_NOTES.md).
        const auto unit_on = [&](int k, Mask pm) SUDOFORGE_ALWAYS_INLINE {
          const int* cells = cu.cells[k];
          int q = cells[lowest(pm)];
          if (q == c) q = cells[lowest(pm & (pm - 1))];
          const int x = nodeof(q, d, true);
          if (rec[x] >= 0) return;
          ton[nt] = x;
          tp[np++] = p;
          for (Mask m = upos0[ub[k] + d] & ~pm; m; m &= m - 1) {
            tp[np++] = rec[nodeof(cells[lowest(m)], d, false)];
          }
          tb[++nt] = np;
        };
        const Mask pm0 = um[ub[0] + d], pm1 = um[ub[1] + d], pm2 = um[ub[2] + d];
        if (two_bits(pm0)) unit_on(0, pm0);
        if (two_bits(pm1)) unit_on(1, pm1);
        if (two_bits(pm2)) unit_on(2, pm2);
        if (dyn) {
          // nd leaves the grid of this chaining (it is still a candidate: "off" nodes are
          // only derived from candidates, and each is taken from the queue once).
          cm[c] &= ~(Mask{1} << d);
          um[ub[0] + d] &= ~cu.bit[0];
          um[ub[1] + d] &= ~cu.bit[1];
          um[ub[2] + d] &= ~cu.bit[2];
        }
        for (int i = 0; i < nt; ++i) {
          const int x = ton[i];
          if (rec[x ^ 1] >= 0) {
            R.absurd = true;
            R.abs_on = push(x, tp + tb[i], tb[i + 1] - tb[i]);
            R.abs_off = rec[x ^ 1];
            goto done;
          }
          if (rec[x] < 0) enter_on(x, push(x, tp + tb[i], tb[i + 1] - tb[i]));
        }
      }
    }
  done:
    finish_result(R, nrec);
    // The scratch chaining (slot 0: "off" assumptions, Nishio) is read by node and record
    // only, never in order of derivation.
    if (&R != slots.data()) {
      R.on_order.assign(qon, qon + non);
      R.off_order.assign(qoff, qoff + noff);
    }
    // Undo (dynamic) the removal of the "off" records taken from the queue: record by
    // record for a short chaining, else by copying whole tables (about one record per 20
    // words of table costs the same).
    if (!dyn || hoff == 0) return;
    if (hoff * 20 > static_cast<int>(cand.size() + upos.size())) {
      std::copy(cand0.begin(), cand0.end(), cand.begin());
      std::copy(upos0.begin(), upos0.end(), upos.begin());
      return;
    }
    for (int i = 0; i < hoff; ++i) {
      const int cd = rs[qoff[i]].node >> 1;
      const int c = cdof[cd] >> 5, d = cdof[cd] & 31;
      const int* ub = cus[c].base;
      cm[c] = cand0[c];
      um[ub[0] + d] = upos0[ub[0] + d];
      um[ub[1] + d] = upos0[ub[1] + d];
      um[ub[2] + d] = upos0[ub[2] + d];
    }
  }

  // Static chainings (multiple chains) read the links of the step grid only: the
  // consequences of every node are listed once per producer, in the order chain() takes
  // them (the other values of the cell, then the unit positions in SE's house order for an
  // "on" node; the cell's other value, then the other position in block, row, column for
  // an "off" one). A node listed twice is left out the second time: chain() would find it
  // recorded by then (or would have stopped at a contradiction).
  // The same lists serve the dynamic chainings for the "off" consequences of an "on" node
  // (their "on" consequences depend on the chaining's grid); Nishio takes an "on" node's
  // from slink_units[nd], its unit positions. Built once per call of run(), when a
  // producer first needs them: they depend on the step grid only.
  std::vector<int> slink_begin, slinks;  // links of node nd: [slink_begin[nd], slink_begin[nd + 1])
  std::vector<int> slink_units;
  bool links_built = false;
  void ensure_links() {
    if (links_built) return;
    build_static_links();
    links_built = true;
  }
  void build_static_links() {
    size_t bound = 0;
    for (int c = 0; c < nc; ++c) {
      const int card = popcount(cand0[c]);
      bound += static_cast<size_t>(card) * (card + 3 * n + 1);
    }
    if (slinks.size() < bound) slinks.resize(bound);
    slink_begin.resize(static_cast<size_t>(nn) + 1);
    slink_units.resize(static_cast<size_t>(nn));
    int* const links = slinks.data();
    int w = 0;
    for (int c = 0; c < nc; ++c) {
      const Mask cm = cand0[c];
      for (int d = 1; d <= n; ++d) {
        const int off = node(c, d, false);
        slink_begin[off] = w;
        if (!((cm >> d) & 1)) {
          slink_begin[off + 1] = w;
          continue;
        }
        const int first = w;
        if (two_bits(cm)) links[w++] = node(c, lowest(cm & ~(Mask{1} << d)), true);
        for (int k = 0; k < 3; ++k) {
          const Mask pm = upos0[ubase[c * 3 + k] + d];
          if (!two_bits(pm)) continue;
          const int* cells = ucells[c * 3 + k];
          int q = cells[lowest(pm)];
          if (q == c) q = cells[lowest(pm & (pm - 1))];
          const int x = node(q, d, true);
          if (std::find(links + first, links + w, x) == links + w) links[w++] = x;
        }
        slink_begin[off + 1] = w;
        for (Mask m = cm & ~(Mask{1} << d); m; m &= m - 1) links[w++] = node(c, lowest(m), false);
        slink_units[off + 1] = w;
        for (int k = 0; k < 3; ++k) {
          const int* cells = ucells[c * 3 + k];
          for (Mask m = upos0[ubase[c * 3 + k] + d] & ufresh[c * 3 + k]; m; m &= m - 1) {
            links[w++] = node(cells[lowest(m)], d, false);
          }
        }
      }
    }
    slink_begin[nn] = w;
  }

  // chain() for a static chaining, on the links above. Each record has one parent (no
  // candidate leaves the grid, so none has hidden parents): the records form a tree, and
  // the ancestors of a record are its path to the source, one more than its parent's.
  void chain_static(Result& R, int start) {
    int* const rec = clear_result(R);
    std::uint64_t* const bits = R.bits.data();
    Rec* const rs = rbuf.data();
    int* const qon = qon_buf.data();
    int* const qoff = qoff_buf.data();
    const int* const lb = slink_begin.data();
    const int* const lk = slinks.data();
    int nrec = 1, non = 0, noff = 0, hon = 0, hoff = 0;
    rs[0] = Rec{start, 0, 0, 1};
    rec[start] = 0;
    bits[start >> 6] |= std::uint64_t{1} << (start & 63);
    if (start & 1) {
      qon[non++] = 0;
    } else {
      qoff[noff++] = 0;
    }
    // Takes record p's links; the new records go to the other side's queue. Returns true
    // at a contradiction. The "on" queue is emptied before each "off" record is taken
    // (SE's order), so each call knows the side of its record at compile time.
    auto expand = [&]<bool kOn>(int p) {
      const int nd = rs[p].node, anc = rs[p].anc + 1;
      for (int i = lb[nd], e = lb[nd + 1]; i < e; ++i) {
        const int x = lk[i];
        if (rec[x] >= 0) continue;
        const int r = nrec++;
        rs[r] = Rec{x, p, -1, anc};
        if (rec[x ^ 1] >= 0) {
          R.absurd = true;
          R.abs_on = kOn ? rec[x ^ 1] : r;
          R.abs_off = kOn ? r : rec[x ^ 1];
          return true;
        }
        rec[x] = r;
        bits[x >> 6] |= std::uint64_t{1} << (x & 63);
        if constexpr (kOn) {
          qoff[noff++] = r;
        } else {
          qon[non++] = r;
        }
      }
      return false;
    };
    for (;;) {
      while (hon < non) {
        if (expand.template operator()<true>(qon[hon++])) goto done;
      }
      if (hoff == noff) break;
      if (expand.template operator()<false>(qoff[hoff++])) goto done;
    }
  done:
    finish_result(R, nrec);
    R.on_order.assign(qon, qon + non);
    R.off_order.assign(qoff, qoff + noff);
  }

  // Number of distinct nodes among the ancestors of record r (r included).
  // The walk of for_each_ancestor written out: this one is hot, and calling the shared
  // walker cost more (grader/PERF_NOTES.md).
  int ancestors(Result& R, int r) {
    if (R.recs[r].anc >= 0) return R.recs[r].anc;
    ++vstamp;
    int count = 0;
    // Each record pushes its parents once (it is expanded once), so the stack never holds
    // more than the start plus every record and every pool entry.
    const size_t bound = 1 + R.recs.size() + R.pool.size();
    if (stack.size() < bound) stack.resize(bound);
    int* const st = stack.data();
    int* const vs = vis.data();
    const Rec* const rs = R.recs.data();
    const int* const pool = R.pool.data();
    const int stamp = vstamp;
    int sp = 0;
    st[sp++] = r;
    while (sp > 0) {
      const Rec& rq = rs[st[--sp]];
      if (vs[rq.node] == stamp) continue;
      vs[rq.node] = stamp;
      ++count;
      if (rq.pe < 0) {
        st[sp++] = rq.pb;
      } else {
        for (int k = rq.pb; k < rq.pe; ++k) st[sp++] = pool[k];
      }
    }
    R.recs[r].anc = count;
    return count;
  }

  // Calls f(q) for each distinct ancestor record q of record r0 of R (r0 included).
  template <class F>
  void for_each_ancestor(const Result& R, int r0, F&& f) {
    ++vstamp;
    stack.assign(1, r0);
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      const Rec& rq = R.recs[q];
      if (vis[rq.node] == vstamp) continue;
      vis[rq.node] = vstamp;
      f(q);
      if (rq.pe < 0) {
        if (rq.pb >= 0) stack.push_back(rq.pb);
      } else {
        for (int k = rq.pb; k < rq.pe; ++k) stack.push_back(R.pool[k]);
      }
    }
  }

  // The complexity of the nested chains among the ancestors of the given records, each
  // distinct chain once (SE's getNestedComplexity); 0 below nesting 2.
  std::vector<std::pair<std::uint64_t, int>> nested_seen;
  int nested_cx(const std::vector<std::pair<Result*, int>>& targets) {
    if (nest < 2) return 0;
    nested_seen.clear();
    for (const auto& target : targets) {  // no structured binding: lambdas capture it
      const Result& R = *target.first;
      if (R.nested.empty()) continue;
      for_each_ancestor(R, target.second, [&](int q) {
        for (const auto& nr : R.nested) {
          if (nr.rec != q) continue;
          bool seen = false;
          for (const auto& [id, cx] : nested_seen) seen |= id == nr.id;
          if (!seen) nested_seen.emplace_back(nr.id, nr.cx);
        }
      });
    }
    int sum = 0;
    for (const auto& [id, cx] : nested_seen) sum += cx;
    return sum;
  }

  // The chainings of the multiple producer (static) and of the dynamic one (without the
  // (+) rules, which read the whole grid of the chaining) are kept from one call of the
  // producer to the next: res[nd] for the chaining from node nd, when ok[nd]. A chaining
  // reads, for each node it takes from its queues (all of them recorded):
  //  - an "on" node: its list of links (the "off" consequences, static or dynamic);
  //  - an "off" node, static: its list of links;
  //  - an "off" node (c, d), dynamic: the candidates of c and the positions of d in the
  //    units of c, on the step grid and on the chaining's grid, which is the step grid
  //    less the nodes the chaining took before, themselves the same by induction.
  // So a chaining none of whose recorded nodes read something that changed is the one a
  // new search would give. begin / links: the table of links they were all computed on
  // or checked against, cand / upos: its grid. Only when every chaining of a call fits
  // in memory (9x9: each keeps a dense node table).
  struct Kept {
    std::vector<Result> res;
    std::vector<char> ok;
    std::vector<int> live;  // the nodes nd with ok[nd]
    std::vector<int> begin, links;
    std::vector<Mask> cand, upos;
  };
  Kept kept[2];            // [dynamic]
  std::vector<Mask> uchg;  // [u]: the digits whose positions in u changed
  std::vector<std::pair<int, std::uint64_t>> changed;  // words of the nodes that read a change
  bool keep_chains() const { return !plus && cap > nc * n; }
  void check_kept() {
    Kept& K = kept[dynamic];
    if (static_cast<int>(K.res.size()) != nn) {
      K.res.clear();
      K.res.resize(nn);
      K.ok.assign(nn, 0);
      K.live.clear();
      K.begin.clear();
    }
    if (K.begin.size() == static_cast<size_t>(nn) + 1) {
      // A node's links are a function of its cell's candidates and of the positions of
      // its digit in the cell's units: only the cells where one of those changed can
      // hold a node whose links changed, or (dynamic) an "off" node that reads a change.
      changed.clear();
      const int nu = 3 * n, stride = n + 1;
      uchg.resize(nu);
      for (int u = 0; u < nu; ++u) {
        Mask m = 0;
        for (int d = 1; d <= n; ++d) {
          m |= static_cast<Mask>(upos0[u * stride + d] != K.upos[u * stride + d]) << d;
        }
        uchg[u] = m;
      }
      const int* const ob = K.begin.data();
      const int* const ol = K.links.data();
      const int* const lb = slink_begin.data();
      const int* const lk = slinks.data();
      for (int c = 0; c < nc; ++c) {
        const Mask cm = cand0[c] | K.cand[c];
        const bool cell_changed = cand0[c] != K.cand[c];
        const Mask dm = cell_changed
                            ? cm
                            : (uchg[uid[c * 3]] | uchg[uid[c * 3 + 1]] | uchg[uid[c * 3 + 2]]) & cm;
        for (Mask m = dm; m; m &= m - 1) {
          for (int nd = node(c, lowest(m), false), e = nd + 2; nd < e; ++nd) {
            if ((dynamic && !(nd & 1)) || lb[nd + 1] - lb[nd] != ob[nd + 1] - ob[nd] ||
                !std::equal(lk + lb[nd], lk + lb[nd + 1], ol + ob[nd])) {
              const std::uint64_t bit = std::uint64_t{1} << (nd & 63);
              if (!changed.empty() && changed.back().first == nd >> 6) {
                changed.back().second |= bit;
              } else {
                changed.emplace_back(nd >> 6, bit);
              }
            }
          }
        }
      }
      size_t nlive = 0;
      for (const int nd : K.live) {
        const std::uint64_t* const b = K.res[nd].bits.data();
        std::uint64_t any = 0;
        for (const auto& [w, bits] : changed) any |= b[w] & bits;
        K.ok[nd] = any == 0;
        if (any == 0) K.live[nlive++] = nd;
      }
      K.live.resize(nlive);
    } else {
      for (const int nd : K.live) K.ok[nd] = 0;
      K.live.clear();
    }
    K.begin.assign(slink_begin.begin(), slink_begin.end());
    K.links.assign(slinks.begin(), slinks.begin() + slink_begin[nn]);
    K.cand = cand0;
    K.upos = upos0;
  }

  // The chaining from node nd, computed once per producer (for an "off" node, only
  // while chainings are kept: else the caller uses the scratch slot).
  Result& get_chain(int nd) {
    if (keep_chains()) {
      Kept& K = kept[dynamic];
      Result& R = K.res[nd];
      if (!K.ok[nd]) {
        if (dynamic) {
          chain(R, nd);
        } else {
          chain_static(R, nd);
        }
        K.ok[nd] = 1;
        K.live.push_back(nd);
      }
      return R;
    }
    int slot = cache[nd];
    if (slot < 0) {
      slot = used++;
      cache[nd] = slot;
      if (dynamic) {
        chain(slots[slot], nd);
      } else {
        chain_static(slots[slot], nd);
      }
    }
    return slots[slot];
  }

  std::string node_text(int nd) const {
    return g->cell_name(cell_of(nd)) + ((nd & 1) ? "=" : "<>") + digit_name(*g, digit_of(nd));
  }

  bool better(int cx, int sk) const {
    return !found || cx < best_cx || (cx == best_cx && sk < best_sk);
  }
  // Offer a hint whose target is node `target` (on: the value is placed; off: removed).
  void offer(int target, int cx, int sk, const char* kind, const std::string& what) {
    const int c = cell_of(target), d = digit_of(target);
    if ((target & 1) && !(cand0[c] & ~(Mask{1} << d))) return;  // nothing to remove
    if (!better(cx, sk)) return;
    found = true;
    best_cx = cx;
    best_sk = sk;
    Hint& h = *out;
    h.technique = kind;
    h.rating = base + length_difficulty(cx);
    h.complexity = cx;
    h.sort_key = sk;
    h.placements.clear();
    h.eliminations.clear();
    h.cells.clear();
    h.cells.push_back(c);
    if (target & 1) {
      for (Mask m = cand0[c] & ~(Mask{1} << d); m; m &= m - 1) h.eliminations.emplace_back(c, lowest(m));
      h.placements.emplace_back(c, d);
    } else {
      h.eliminations.emplace_back(c, d);
    }
    if (explain) {
      h.explanation = node_text(target) + ": " + kind + " (" + std::to_string(cx) + " nodes): " + what;
    }
  }

  // Nishio chains, digit by digit. A Nishio chaining has X-links only, so it never leaves
  // the digit of its assumption, and neither do its removals: what the producer finds
  // for digit d is a function of the positions of d alone. Between two steps of a puzzle
  // one or two digits change, so each digit's best hint is kept with the positions it was
  // found on and searched again only when they differ. The digits' bests then merge in
  // SE's order of discovery (cell, value, "on" before "off"), which the per-digit search
  // keeps within each digit.
  struct NishioBest {
    std::vector<Mask> key;  // positions of the digit, per unit
    bool explain = false;   // whether `text` was written
    bool found = false;
    int cx = 0, cell = 0, order = 0, target = 0;
    std::string text;
  };
  std::vector<NishioBest> nishio_memo;  // [digit]

  // A chaining (without the (+) rules) that meets no contradiction records a closed set:
  // the links of each of its nodes and, where it left a cell or unit one value or
  // position, that one "on". A chaining from one of its nodes never leaves the set, by
  // induction on its records: where it is left one value or position, the set removed at
  // least those it removed, and not all of them (that would have been a contradiction),
  // so the same one is "on" in the set. So that chaining meets no contradiction either.
  // `consistent`: the nodes of such sets (Nishio, one digit at a time).
  std::vector<std::uint64_t> consistent;

  void nishio_digit(int d, NishioBest& nb) {
    ensure_links();
    nb.found = false;
    Result& R = slots[0];
    consistent.assign((static_cast<size_t>(nn) + 63) / 64, 0);
    for (int c = 0; c < nc; ++c) {
      if (g->value(c) != 0 || !((cand0[c] >> d) & 1) || popcount(cand0[c]) < 2) continue;
      for (int order = 0; order < 2; ++order) {
        const int from = node(c, d, order == 0), to = from ^ 1;
        if ((consistent[from >> 6] >> (from & 63)) & 1) continue;
        chain(R, from);
        if (!R.absurd) {
          for (size_t w = 0; w < consistent.size(); ++w) consistent[w] |= R.bits[w];
          continue;
        }
        const int cx = ancestors(R, R.abs_on) + ancestors(R, R.abs_off);
        if (nb.found && cx >= nb.cx) continue;
        nb.found = true;
        nb.cx = cx;
        nb.cell = c;
        nb.order = order;
        nb.target = to;
        if (explain) {
          nb.text = "if " + node_text(from) + " then " + node_text(R.rnode(R.abs_on)) + " and " +
                    node_text(R.rnode(R.abs_off));
        }
      }
    }
  }

  void produce_nishio() {
    if (static_cast<int>(nishio_memo.size()) != n + 1) nishio_memo.assign(n + 1, NishioBest{});
    const int nu = 3 * n;
    const NishioBest* best = nullptr;
    int best_d = 0;
    for (int d = 1; d <= n; ++d) {
      NishioBest& nb = nishio_memo[d];
      bool same = static_cast<int>(nb.key.size()) == nu && (nb.explain || !explain);
      for (int u = 0; same && u < nu; ++u) same = nb.key[u] == upos0[u * (n + 1) + d];
      if (!same) {
        nishio_digit(d, nb);
        nb.explain = explain;
        nb.key.resize(nu);
        for (int u = 0; u < nu; ++u) nb.key[u] = upos0[u * (n + 1) + d];
      }
      if (!nb.found) continue;
      if (!best || nb.cx < best->cx ||
          (nb.cx == best->cx && std::tie(nb.cell, d, nb.order) < std::tie(best->cell, best_d, best->order))) {
        best = &nb;
        best_d = d;
      }
    }
    if (best) offer(best->target, best->cx, 7, names[0], explain ? best->text : std::string());
  }

  // One producer: SE's getMultipleChainsHintList for this mode.
  void produce() {
    ensure_links();
    if (keep_chains()) check_kept();
    const bool binary_hints = dynamic || nishio;
    const char* absurd_name = names[0];
    for (int c = 0; c < nc; ++c) {
      if (g->value(c) != 0) continue;
      const Mask cm = cand0[c];
      const int card = popcount(cm);
      if (!(card > 2 || (card > 1 && dynamic))) continue;
      if (used + 4 * n + 2 > cap) {  // full: start again (no reference survives a cell)
        cache.assign(nn, -1);
        used = 1;
      }
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        const int on = node(c, d, true), off = node(c, d, false);
        Result& A = get_chain(on);
        if (binary_hints) {
          // Assuming `from` led to a contradiction: its opposite `to` holds.
          auto offer_absurd = [&](Result& R, int from, int to) {
            if (!R.absurd) return;
            const int cx = ancestors(R, R.abs_on) + ancestors(R, R.abs_off) +
                           nested_cx({{&R, R.abs_on}, {&R, R.abs_off}});
            if (!better(cx, 7)) return;
            offer(to, cx, 7, absurd_name,
                  explain ? "if " + node_text(from) + " then " + node_text(R.rnode(R.abs_on)) +
                                " and " + node_text(R.rnode(R.abs_off)) +
                                rules_used({{&R, R.abs_on}, {&R, R.abs_off}})
                          : std::string());
          };
          offer_absurd(A, on, off);
          // In a cell with two values, off(c, d) is the first record of the chaining from
          // the other value "on": when that one meets no contradiction, neither does the
          // chaining from off(c, d) (see `consistent`), and no other hint needs it here.
          // Not with the (+) rules, whose records need not stay in such a set.
          const bool off_consistent =
              card == 2 && !plus && !get_chain(node(c, lowest(cm & ~(Mask{1} << d)), true)).absurd;
          if (!off_consistent) {
            Result& B = keep_chains() ? get_chain(off) : slots[0];
            if (&B == slots.data()) chain(B, off);
            offer_absurd(B, off, on);
            if (card >= 3 && !nishio && dynamic && shares_node(A, B)) {
              for (int pass = 0; pass < 2; ++pass) {
                for (int r : pass == 0 ? A.on_order : A.off_order) {
                  const int x = A.rnode(r);
                  const int rb = B.find(x);
                  if (rb < 0) continue;
                  const int cx =
                      ancestors(A, r) + ancestors(B, rb) + nested_cx({{&A, r}, {&B, rb}});
                  if (better(cx, 1)) {
                    offer(x, cx, 1, names[1],
                          explain ? node_text(on) + " and " + node_text(off) + " both give " +
                                        node_text(x) + rules_used({{&A, r}, {&B, rb}})
                                  : std::string());
                  }
                }
              }
            }
          }
        }
        if (!nishio) region_chains(c, d);
      }
      if (!nishio && (card == 2 || (multiple && card > 2))) cell_chains(c);
    }
  }

  // Whether A and B have a node in common (a double hint needs one).
  static bool shares_node(const Result& A, const Result& B) {
    std::uint64_t any = 0;
    for (size_t w = 0; w < A.bits.size(); ++w) any |= A.bits[w] & B.bits[w];
    return any != 0;
  }

  std::vector<Result*> members;  // chainings of the current region / cell
  // The nodes of F (= members[0]) on one side that every member reaches, in F's order.
  // A complexity is summed only while it can still win (each term is at least 1).
  // Whether the members share an "on" node (first) and an "off" node (second): most
  // regions and cells share none, and the scans of collect() are then skipped.
  std::vector<std::uint64_t> common;
  std::pair<bool, bool> members_share() {
    const size_t k = members.size(), nw = members[0]->bits.size();
    std::uint64_t any = 0;
    const std::uint64_t* const b0 = members[0]->bits.data();
    const std::uint64_t* const b1 = members[1]->bits.data();
    if (k == 2) {
      for (size_t w = 0; w < nw; ++w) any |= b0[w] & b1[w];
    } else {
      common.resize(nw);
      std::uint64_t* const cw = common.data();
      for (size_t w = 0; w < nw; ++w) any |= cw[w] = b0[w] & b1[w];
      for (size_t i = 2; i < k && any; ++i) {
        const std::uint64_t* const bi = members[i]->bits.data();
        any = 0;
        for (size_t w = 0; w < nw; ++w) any |= cw[w] &= bi[w];
      }
    }
    // "on" nodes are odd, "off" nodes even.
    return {(any & 0xAAAAAAAAAAAAAAAAull) != 0, (any & 0x5555555555555555ull) != 0};
  }

  void collect(Result& F, bool on_side, int sk, const char* kind, const std::string& what) {
    const auto& order = on_side ? F.on_order : F.off_order;
    const size_t k = members.size();
    for (int r : order) {
      const int x = F.rnode(r);
      size_t i = 1;
      while (i < k && members[i]->has(x)) ++i;
      if (i < k) continue;
      int cx = ancestors(F, r);
      for (i = 1; i < k && better(cx + static_cast<int>(k - i), sk); ++i) {
        cx += ancestors(*members[i], members[i]->find(x));
      }
      if (i < k) continue;
      std::vector<std::pair<Result*, int>> targets;
      if (nest >= 2 || explain) {
        for (Result* m : members) targets.emplace_back(m, m->find(x));
        cx += nested_cx(targets);
      }
      if (better(cx, sk)) {
        std::string text;
        if (explain) text = what + " give " + node_text(x) + rules_used(targets);
        offer(x, cx, sk, kind, text);
      }
    }
  }

  void region_chains(int c, int d) {
    for (int k = 0; k < 3; ++k) {
      const Mask pm = upos0[ubase[c * 3 + k] + d];
      const int cnt = popcount(pm);
      if (!(cnt == 2 || (multiple && cnt > 2))) continue;
      const int* cells = ucells[c * 3 + k];
      if (cells[lowest(pm)] != c) continue;  // each unit once, from its first position
      members.clear();
      for (Mask m = pm; m; m &= m - 1) members.push_back(&get_chain(node(cells[lowest(m)], d, true)));
      const std::string what = explain ? digit_name(*g, d) + " in " + g->unit_name(uid[c * 3 + k]) : std::string();
      const char* kind = names[2];
      Result& first = *members.front();
      const auto [on, off] = members_share();
      if (on) collect(first, true, 6, kind, what);
      if (off) collect(first, false, 6, kind, what);
    }
  }

  void cell_chains(int c) {
    members.clear();
    for (Mask m = cand0[c]; m; m &= m - 1) members.push_back(&get_chain(node(c, lowest(m), true)));
    const std::string what = explain ? "the values of " + g->cell_name(c) : std::string();
    const char* kind = names[3];
    Result& first = *members.front();
    const auto [on, off] = members_share();
    if (on) collect(first, true, 5, kind, what);
    if (off) collect(first, false, 5, kind, what);
  }

  // For explanations of dynamic (+) hints: the rules behind the chains that end at the
  // given records, as " (inside: X-Wing, Hidden Pair)"; empty when none.
  std::string rules_used(const std::vector<std::pair<Result*, int>>& targets) {
    if (!plus) return {};
    bool seen[kPlusRuleCount] = {};
    for (const auto& target : targets) {  // no structured binding: lambdas capture it
      const Result& R = *target.first;
      if (R.rules.empty()) continue;
      for_each_ancestor(R, target.second, [&](int q) {
        for (const auto& [rr, kind] : R.rules) seen[kind] |= rr == q;
      });
    }
    std::string s;
    for (int k = 0; k < kPlusRuleCount; ++k) {
      if (seen[k]) s += std::string(s.empty() ? " (inside: " : ", ") + plus_rule_name(k);
    }
    return s.empty() ? s : s + ")";
  }

  // `max_depth`: GradeOptions::max_chain_depth; `min_nesting`: the producers of lower SE
  // nesting are skipped (a test hook; 0 runs all).
  bool run(const Ctx& ctx, int max_depth, int min_nesting, Hint& h) {
    load(ctx.g);
    links_built = false;
    out = &h;
    explain = ctx.explain;
    // Nishio, multiple, dynamic, then dynamic (+) chains: the first producer with a hint
    // wins (SE tries each only when the easier ones found nothing).
    struct Kind {
      bool multiple, dynamic, nishio, plus;
      int base, depth, nest;     // depth: the least max_chain_depth that tries it
      const char* const* names;  // contradiction, double, region, cell
    };
    static const char* const kNishio[4] = {"Nishio Forcing Chains", "", "", ""};
    static const char* const kMultiple[4] = {"", "", "Region Forcing Chains",
                                             "Cell Forcing Chains"};
    static const char* const kDynamic[4] = {
        "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
        "Dynamic Region Forcing Chains", "Dynamic Cell Forcing Chains"};
    static const char* const kPlus[4] = {
        "Dynamic Contradiction Forcing Chains (+)", "Dynamic Double Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)", "Dynamic Cell Forcing Chains (+)"};
    static const char* const kNested[4] = {
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)"};
    static const char* const kNested3[4] = {
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)"};
    static const char* const kNested4[4] = {
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)"};
    static const char* const kNested5[4] = {
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"};
    static const Kind kKinds[8] = {{false, true, true, false, 75, 2, 0, kNishio},
                                   {true, false, false, false, 80, 2, 0, kMultiple},
                                   {true, true, false, false, 85, 3, 0, kDynamic},
                                   {true, true, false, true, 90, 4, 1, kPlus},
                                   {true, true, false, true, 95, 5, 2, kNested},
                                   {true, true, false, true, 100, 5, 3, kNested3},
                                   {true, true, false, true, 105, 5, 4, kNested4},
                                   {true, true, false, true, 110, 6, 5, kNested5}};
    for (const Kind& kd : kKinds) {
      if (kd.depth > max_depth) break;
      if (kd.nest < min_nesting) continue;
      // The nested producers are plain transcriptions of SE's: on boards above 9x9 a
      // single step could take hours, so there the ladder stops after dynamic (+) chains.
      if (kd.nest >= 2 && n > 9) break;
      multiple = kd.multiple;
      dynamic = kd.dynamic;
      nishio = kd.nishio;
      plus = kd.plus;
      nest = kd.nest;
      names = kd.names;
      ylinks = !nishio;
      base = kd.base;
      cache.assign(nn, -1);
      used = 1;
      rule_memo.clear();
      found = false;
      if (nishio) {
        produce_nishio();
      } else {
        produce();
      }
      if (found) return true;
    }
    return false;
  }
};

DynamicScratchPtr make_dynamic_scratch() {
  return DynamicScratchPtr(new DynamicScratch);
}
void DynamicScratchDeleter::operator()(DynamicScratch* scratch) const {
  delete scratch;
}

bool find_dynamic_chains(const Ctx& ctx, int max_depth, DynamicScratch& scratch, Hint& out) {
  if (max_depth < 2) return false;
  return scratch.run(ctx, max_depth, 0, out);
}

bool find_nested_dynamic_chains(const Ctx& ctx, int nesting, DynamicScratch& scratch, Hint& out) {
  return scratch.run(ctx, 6, nesting, out);
}

}  // namespace sudoforge::grader::detail
