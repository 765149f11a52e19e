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
// table of the step grid's links, built once per step (step_links.h), rather than the
// grid. The dynamic chainings read the same table for the "off" consequences of an "on"
// node, skipping those already recorded, so they need no per-chaining "off" filters; their
// "on" consequences depend on the chaining's grid and are read there.
// Region and cell hints first intersect the node bits of their chainings: most sets share
// no node, and their scans are skipped. The multiple producer first intersects the
// members' static closures (static_closure.h), which hold their chainings' nodes: a set
// whose closures share no node is skipped before its chainings are computed, and a
// chaining no other set needs is never computed. Once it has a hint, it also skips a set
// that cannot beat it, priced from the kept chainings and the closures (may_beat).
// Region and cell scans stop after the last node all members hold.
// The chainings of the multiple and dynamic producers (not (+)) are kept from one call
// to the next (chaining_store.h): one whose recorded nodes all have the links (and, for a dynamic
// "off" node, the candidates and unit positions) they had is the one a new search would
// give; the test is one AND of its node bits with the changed nodes. A dynamic one that no
// longer holds resumes its search after the records it took before the first that reads a
// change.
// A chaining that meets no contradiction closes a set that the chaining of any of its
// nodes never leaves: Nishio skips the assumptions recorded in such a set, and so does the
// dynamic producer for off(c, d) in a cell of two values, the first record of the other
// value's chaining. Nishio also skips on(c, d) when c is in a template of d (a placement
// of d once per row, column and region) and off(c, d) when a template avoids c: neither
// meets a contradiction (digit_templates.h), and only the others are searched; each
// digit's templates are kept for its next search, which runs only where those that still
// hold leave something to find.
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
//
// The parts, one file each: the step grid and its unit tables (dynamic_board.h), the step
// links (step_links.h), one chaining's records (chaining.h), the search that fills them
// (chaining_search.h), the chainings of a producer (chaining_store.h) and the ancestor
// walks that price a hint (chaining_ancestry.h). This file holds the producers: the hints
// they look for, SE's order among them, and the ladder of producers.
//
// Invariants of DynamicScratch between calls: the board holds the last step grid, the
// store only chainings that still hold on it. Why one scratch per grader: the tables and
// kept chainings are reused from step to step of a puzzle.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <tuple>

#include "chaining.h"
#include "chaining_ancestry.h"
#include "chaining_search.h"
#include "chaining_store.h"
#include "chains_internal.h"
#include "chains_plus.h"
#include "digit_templates.h"
#include "dynamic_board.h"
#include "static_closure.h"
#include "step_links.h"

namespace sudoforge::grader::detail {

struct DynamicScratch {
  DynamicBoard board;
  StepLinks step_links;
  ChainingMode mode;
  ChainingSearch search{board, step_links, mode};
  ChainingStore store{board, step_links, mode, search};
  ChainAncestry ancestry;
  // The multiple producer's closures of the step grid (static_closure.h), when built.
  StaticClosure closure;
  bool use_closure = false;
  std::vector<int> set_nodes;          // the "on" nodes of the current region or cell
  const char* const* names = nullptr;  // contradiction, double, region, cell hints

  // Best hint so far.
  int best_complexity = 0, best_sort_key = 0;
  bool found = false;
  Hint* out = nullptr;
  bool explain = false;
  int base_rating = 0;

  void load(const CandidateGrid& grid) {
    if (board.load(grid)) return;
    store.resize();
    nishio_memo.clear();  // its keys are unit positions: another shape gives them other cells
    ancestry.resize(board.nn);
    search.resize();
  }
  // The nested chains' complexity of a hint on `targets` whose chains have `cx` nodes:
  // exact while the hint can still beat the best one (better()), else more than that
  // allows.
  int nested_complexity(std::initializer_list<std::pair<Chaining*, int>> targets, int cx) {
    return nested_complexity(targets.begin(), targets.end(), cx);
  }
  int nested_complexity(const std::pair<Chaining*, int>* begin,
                        const std::pair<Chaining*, int>* end, int cx) {
    const int limit = found ? best_complexity - cx : std::numeric_limits<int>::max();
    return ancestry.nested_complexity(begin, end, mode.nesting, limit);
  }
  std::string rules_used(const std::vector<std::pair<Chaining*, int>>& targets) {
    return ancestry.rules_used(targets, mode.plus);
  }

  bool better(int cx, int sk) const {
    return !found || cx < best_complexity || (cx == best_complexity && sk < best_sort_key);
  }
  // Offer a hint whose target is node `target` (on: the value is placed; off: removed).
  void offer(int target, int cx, int sk, const char* kind, const std::string& what) {
    const int c = board.cell_of(target), d = board.digit_of(target);
    if ((target & 1) && !(board.step_cand[c] & ~(Mask{1} << d))) return;  // nothing to remove
    if (!better(cx, sk)) return;
    found = true;
    best_complexity = cx;
    best_sort_key = sk;
    Hint& h = *out;
    h.technique = kind;
    h.rating = base_rating + length_difficulty(cx);
    h.complexity = cx;
    h.sort_key = sk;
    h.placements.clear();
    h.eliminations.clear();
    h.cells.clear();
    h.cells.push_back(c);
    if (target & 1) {
      for (Mask m = board.step_cand[c] & ~(Mask{1} << d); m; m &= m - 1)
        h.eliminations.emplace_back(c, lowest(m));
      h.placements.emplace_back(c, d);
    } else {
      h.eliminations.emplace_back(c, d);
    }
    if (explain) {
      h.explanation =
          board.node_text(target) + ": " + kind + " (" + std::to_string(cx) + " nodes): " + what;
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
    // The templates of the digit that made its last answer (digit_templates.h): those
    // that still hold are found again without a search.
    std::vector<DigitTemplate> templates;
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
    nb.found = false;
    Chaining& R = store.scratch();
    consistent.assign((static_cast<size_t>(board.nn) + 63) / 64, 0);
    // A chaining from on(c, d) with c in a template of d, or from off(c, d) with c outside
    // one, meets no contradiction (digit_templates.h): it is not searched.
    std::uint64_t in_some[2], in_every[2];
    const bool templates = find_digit_templates(*board.g, d, in_some, in_every, &nb.templates);
    for (int c = 0; c < board.nc; ++c) {
      // The digit first: a placed cell has no candidate, and most empty ones lack d, so
      // this test goes one way more often than a test of the value does.
      if (!((board.step_cand[c] >> d) & 1) || board.g->value(c) != 0 ||
          popcount(board.step_cand[c]) < 2)
        continue;
      for (int order = 0; order < 2; ++order) {
        const int from = board.node(c, d, order == 0), to = from ^ 1;
        if ((consistent[from >> 6] >> (from & 63)) & 1) continue;
        if (templates && ((((order == 0 ? in_some[c / 64] : ~in_every[c / 64]) >> (c % 64)) & 1)))
          continue;
        step_links.ensure(board);  // on first use: with the templates, most digits need none
        search.chain(R, from, false);
        if (!R.contradiction) {
          for (size_t w = 0; w < consistent.size(); ++w) consistent[w] |= R.node_bits[w];
          continue;
        }
        // Only fewer nodes than the digit's best can win: the walks stop there.
        const int cap = nb.found ? nb.cx : std::numeric_limits<int>::max();
        const int on_cx = ancestry.ancestors(R, R.contradiction_on, cap);
        if (on_cx >= cap - 1) continue;
        const int cx = on_cx + ancestry.ancestors(R, R.contradiction_off, cap - on_cx);
        if (nb.found && cx >= nb.cx) continue;
        nb.found = true;
        nb.cx = cx;
        nb.cell = c;
        nb.order = order;
        nb.target = to;
        if (explain) {
          nb.text = "if " + board.node_text(from) + " then " +
                    board.node_text(R.node_of(R.contradiction_on)) + " and " +
                    board.node_text(R.node_of(R.contradiction_off));
        }
      }
    }
  }

  void produce_nishio() {
    if (static_cast<int>(nishio_memo.size()) != board.n + 1)
      nishio_memo.assign(board.n + 1, NishioBest{});
    const int nu = board.nu;
    const NishioBest* best = nullptr;
    int best_d = 0;
    for (int d = 1; d <= board.n; ++d) {
      NishioBest& nb = nishio_memo[d];
      bool same = static_cast<int>(nb.key.size()) == nu && (nb.explain || !explain);
      for (int u = 0; same && u < nu; ++u)
        same = nb.key[u] == board.step_pos[u * (board.n + 1) + d];
      if (!same) {
        nishio_digit(d, nb);
        nb.explain = explain;
        nb.key.resize(nu);
        for (int u = 0; u < nu; ++u) nb.key[u] = board.step_pos[u * (board.n + 1) + d];
      }
      if (!nb.found) continue;
      if (!best || nb.cx < best->cx ||
          (nb.cx == best->cx &&
           std::tie(nb.cell, d, nb.order) < std::tie(best->cell, best_d, best->order))) {
        best = &nb;
        best_d = d;
      }
    }
    if (best) offer(best->target, best->cx, 7, names[0], explain ? best->text : std::string());
  }

  // One producer: SE's getMultipleChainsHintList for this mode.
  void produce() {
    step_links.ensure(board);
    if (store.keeps()) store.check_kept();
    const bool binary_hints = mode.dynamic || mode.nishio;
    use_closure = !mode.dynamic && closure.build(board, step_links);
    if (++ball_stamp_ == std::numeric_limits<int>::max()) {  // a long-lived grader
      std::fill(ball_made_.begin(), ball_made_.end(), 0);
      ball_stamp_ = 1;
    }
    const char* absurd_name = names[0];
    for (int c = 0; c < board.nc; ++c) {
      if (board.g->value(c) != 0) continue;
      const Mask cm = board.step_cand[c];
      const int card = popcount(cm);
      if (!(card > 2 || (card > 1 && mode.dynamic))) continue;
      store.make_room();  // full: start again (no reference survives a cell)
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        const int on = board.node(c, d, true), off = board.node(c, d, false);
        if (binary_hints) {
          Chaining& A = store.get(on);
          // Assuming `from` led to a contradiction: its opposite `to` holds.
          auto offer_absurd = [&](Chaining& R, int from, int to) {
            if (!R.contradiction) return;
            // (The nested chains only add: a hint that loses without them is not walked.)
            // Sort key 7 wins no tie, so the hint needs fewer nodes than the best: the
            // walks stop there (each counts one node or more).
            const int cap = found ? best_complexity : std::numeric_limits<int>::max();
            const int on_cx = ancestry.ancestors(R, R.contradiction_on, cap);
            if (on_cx >= cap - 1) return;
            int cx = on_cx + ancestry.ancestors(R, R.contradiction_off, cap - on_cx);
            if (!better(cx, 7)) return;
            cx += nested_complexity({{&R, R.contradiction_on}, {&R, R.contradiction_off}}, cx);
            if (!better(cx, 7)) return;
            offer(to, cx, 7, absurd_name,
                  explain ? "if " + board.node_text(from) + " then " +
                                board.node_text(R.node_of(R.contradiction_on)) + " and " +
                                board.node_text(R.node_of(R.contradiction_off)) +
                                rules_used({{&R, R.contradiction_on}, {&R, R.contradiction_off}})
                          : std::string());
          };
          offer_absurd(A, on, off);
          // In a cell with two values, off(c, d) is the first record of the chaining from
          // the other value "on": when that one meets no contradiction, neither does the
          // chaining from off(c, d) (see `consistent`), and no other hint needs it here.
          // Not with the (+) rules, whose records need not stay in such a set.
          const bool off_consistent =
              card == 2 && !mode.plus &&
              !store.get(board.node(c, lowest(cm & ~(Mask{1} << d)), true)).contradiction;
          if (!off_consistent) {
            Chaining& B = store.keeps() ? store.get(off) : store.scratch();
            if (store.is_scratch(B)) search.chain(B, off, false);
            offer_absurd(B, off, on);
            if (card >= 3 && !mode.nishio && mode.dynamic && shares_node(A, B)) {
              for (int pass = 0; pass < 2; ++pass) {
                for (int r : pass == 0 ? A.on_order : A.off_order) {
                  const int x = A.node_of(r);
                  if (!B.has(x)) continue;
                  // B's part counts one node or more: B's record is looked up only when
                  // the hint can still win.
                  const int a = ancestry.ancestors(A, r);
                  if (!better(a + 1, 1)) continue;
                  const int rb = B.record_of(x);
                  int cx = a + ancestry.ancestors(B, rb);
                  if (!better(cx, 1)) continue;
                  cx += nested_complexity({{&A, r}, {&B, rb}}, cx);
                  if (better(cx, 1)) {
                    offer(x, cx, 1, names[1],
                          explain ? board.node_text(on) + " and " + board.node_text(off) +
                                        " both give " + board.node_text(x) +
                                        rules_used({{&A, r}, {&B, rb}})
                                  : std::string());
                  }
                }
              }
            }
          }
        }
        if (!mode.nishio) region_chains(c, d);
      }
      if (!mode.nishio && (card == 2 || (mode.multiple && card > 2))) cell_chains(c);
    }
  }

  // Whether A and B have a node in common (a double hint needs one).
  static bool shares_node(const Chaining& A, const Chaining& B) {
    std::uint64_t any = 0;
    for (size_t w = 0; w < A.node_bits.size(); ++w) any |= A.node_bits[w] & B.node_bits[w];
    return any != 0;
  }

  std::vector<Chaining*> members;  // chainings of the current region / cell
  // The nodes every member holds (bit nd), as members_share() left them.
  std::vector<std::uint64_t> shared_;
  // How many "on" nodes (first) and "off" nodes (second) the members share, in shared_:
  // most regions and cells share none, and the scans of collect() are then skipped.
  std::pair<int, int> members_share() {
    const size_t k = members.size(), nw = members[0]->node_bits.size();
    shared_.resize(nw);
    std::uint64_t* const shared = shared_.data();
    std::uint64_t any = 0;
    const std::uint64_t* const b0 = members[0]->node_bits.data();
    const std::uint64_t* const b1 = members[1]->node_bits.data();
    if (k == 2) {
      for (size_t w = 0; w < nw; ++w) any |= shared[w] = b0[w] & b1[w];
    } else {
      // Word by word: a word the first two do not share costs two loads.
      Chaining* const* const rest = members.data() + 2;
      for (size_t w = 0; w < nw; ++w) {
        std::uint64_t x = b0[w] & b1[w];
        for (size_t i = 0; x && i < k - 2; ++i) x &= rest[i]->node_bits[w];
        any |= shared[w] = x;
      }
    }
    int on = 0, off = 0;
    if (any == 0) return {on, off};
    // "on" nodes are odd, "off" nodes even. Few are shared: a loop over them costs less
    // than two popcounts per word.
    for (size_t w = 0; w < nw; ++w) {
      for (std::uint64_t x = shared[w]; x; x &= x - 1) ++(std::countr_zero(x) & 1 ? on : off);
    }
    return {on, off};
  }

  std::vector<std::pair<Chaining*, int>> targets_;  // scratch of collect()
  // The nodes of F (= members[0]) on one side that every member reaches, in F's order.
  // A complexity is summed only while it can still win (each term is at least 1).
  // `left`: the nodes of shared_ on this side. Each is in F's order once (its canonical
  // record), so the scan stops after the last: the rest of the order gives no hint.
  void collect(Chaining& F, bool on_side, int left, int sk, const char* kind,
               const std::string& what) {
    const auto& order = on_side ? F.on_order : F.off_order;
    const size_t k = members.size();
    const std::uint64_t* const shared = shared_.data();
    for (const int r : order) {
      if (left == 0) break;
      const int x = F.node_of(r);
      if (!((shared[x >> 6] >> (x & 63)) & 1)) continue;
      --left;
      size_t i;
      int cx = ancestry.ancestors(F, r);
      for (i = 1; i < k && better(cx + static_cast<int>(k - i), sk); ++i) {
        cx += ancestry.ancestors(*members[i], members[i]->record_of(x));
      }
      if (i < k) continue;
      std::vector<std::pair<Chaining*, int>>& targets = targets_;
      targets.clear();
      if (mode.nesting >= 2 || explain) {
        for (Chaining* m : members) targets.emplace_back(m, m->record_of(x));
        cx += nested_complexity(targets.data(), targets.data() + targets.size(), cx);
      }
      if (better(cx, sk)) {
        std::string text;
        if (explain) text = what + " give " + board.node_text(x) + rules_used(targets);
        offer(x, cx, sk, kind, text);
      }
    }
  }

  // The chainings of set_nodes as members; false (none computed) when their closures
  // share no node, so that neither do the chainings, and the set has no hint.
  bool get_members(int sk) {
    if (use_closure) {
      const int* const b = set_nodes.data();
      const int* const e = b + set_nodes.size();
      if (!closure.share(b, e)) return false;
      if (found && !std::all_of(b, e, [&](int nd) { return store.holds(nd); }) && !may_beat(sk))
        return false;
    }
    members.clear();
    for (const int nd : set_nodes) members.push_back(&store.get(nd));
    return true;
  }

  // Whether the region or cell set of set_nodes (static chainings, closures built) may
  // give a hint that beats the best one with sort key `sk`, without computing the
  // chainings not kept. A hint's node x is held by every member's chaining and is no
  // member's start (member j takes the other starts' opposites at once, so a start
  // reached later would be a contradiction, not a node). Its cost is the sum over the
  // members of x's ancestors: exact for a kept chaining; for another, x's depth + 1, where
  // the depth is at least the length of a path of links from the start, which alternate
  // "off" and "on": 3 or more for an "on" x, 2 for an "off" x that the start links to, 4 or
  // more for another. Nodes outside the members' closures are in no chaining.
  // When that price could win, it is refined from the nodes within 3 links of the start
  // (ball()): an "on" x not 2 links away is 4 or more (5 or more ancestors), an "off" x
  // neither 1 nor 3 links away is 5 or more (6 or more).
  std::vector<int> bound_nodes_;
  std::vector<Chaining*> bound_held_;  // the kept chainings of the set
  bool may_beat(int sk) {
    closure.shared(set_nodes.data(), set_nodes.data() + set_nodes.size(), bound_nodes_);
    const int* const lb = step_links.node_begin.data();
    const int* const lk = step_links.targets.data();
    bound_held_.clear();
    for (const int m : set_nodes) {
      if (store.holds(m)) bound_held_.push_back(&store.get(m));
    }
    for (const int x : bound_nodes_) {
      if (std::find(set_nodes.begin(), set_nodes.end(), x) != set_nodes.end()) continue;
      if (!std::all_of(bound_held_.begin(), bound_held_.end(),
                       [&](const Chaining* R) { return R->has(x); }))
        continue;
      int cx = 0;
      for (const int m : set_nodes) {
        if (store.holds(m)) continue;
        cx += (x & 1) ? 3 : std::find(lk + lb[m], lk + lb[m + 1], x) != lk + lb[m + 1] ? 2 : 4;
      }
      if (!better(cx, sk)) continue;
      for (const int m : set_nodes) {
        if (store.holds(m)) continue;
        const bool near = (ball(m)[x >> 6] >> (x & 63)) & 1;
        if (!near) cx += 2;  // "on": 5, not 3; "off": 6, not 4 (a direct target is near)
      }
      for (size_t i = 0; better(cx, sk) && i < bound_held_.size(); ++i)
        cx += ancestry.ancestors(*bound_held_[i], bound_held_[i]->record_of(x));
      if (better(cx, sk)) return true;
    }
    return false;
  }
  // The nodes within 3 links of the "on" node m over the step links (m's own bit aside),
  // made once per producer call.
  std::vector<std::uint64_t> balls_;
  std::vector<int> ball_made_;  // [m / 2]: the ball_stamp_ of balls_' row, when made
  int ball_stamp_ = 0;
  const std::uint64_t* ball(int m) {
    const size_t W = (static_cast<size_t>(board.nn) + 63) / 64, row = static_cast<size_t>(m >> 1);
    if (ball_made_.size() != static_cast<size_t>(board.nn / 2)) {
      ball_made_.assign(board.nn / 2, 0);
      balls_.assign(W * (board.nn / 2), 0);
    }
    std::uint64_t* const b = balls_.data() + row * W;
    if (ball_made_[row] == ball_stamp_) return b;
    ball_made_[row] = ball_stamp_;
    std::fill(b, b + W, 0);
    const int* const lb = step_links.node_begin.data();
    const int* const lk = step_links.targets.data();
    for (int i = lb[m]; i < lb[m + 1]; ++i) {
      const int u = lk[i];
      b[u >> 6] |= std::uint64_t{1} << (u & 63);
      for (int j = lb[u]; j < lb[u + 1]; ++j) {
        const int y = lk[j];
        b[y >> 6] |= std::uint64_t{1} << (y & 63);
        for (int q = lb[y]; q < lb[y + 1]; ++q) b[lk[q] >> 6] |= std::uint64_t{1} << (lk[q] & 63);
      }
    }
    return b;
  }

  // Units of c: block, row, column, then its extra houses (a variant's). A unit's set is
  // met from its first position, with 2 positions (or more, multiple chains); the test is
  // made here, before the call, which most units fail.
  void region_chains(int c, int d) {
    const auto take = [&](int base, const int* cells) {
      const Mask pm = board.step_pos[base + d];
      return (pm & (pm - 1)) && (mode.multiple || DynamicBoard::two_bits(pm)) &&
             cells[lowest(pm)] == c;
    };
    for (int k = 0; k < 3; ++k) {
      if (take(board.unit_pos_base[c * 3 + k], board.unit_cells_of[c * 3 + k]))
        region_chain(board.unit_pos_base[c * 3 + k], board.unit_cells_of[c * 3 + k],
                     board.unit_id[c * 3 + k], d);
    }
    if (!board.has_extras) return;
    for (int e = board.extra_begin[c]; e < board.extra_begin[c + 1]; ++e) {
      if (take(board.extra_units[e].base[0], board.extra_units[e].cells[0]))
        region_chain(board.extra_units[e].base[0], board.extra_units[e].cells[0],
                     board.extra_id[e], d);
    }
  }

  void region_chain(int base, const int* cells, int unit, int d) {
    const Mask pm = board.step_pos[base + d];
    set_nodes.clear();
    for (Mask m = pm; m; m &= m - 1) set_nodes.push_back(board.node(cells[lowest(m)], d, true));
    if (!get_members(6)) return;
    const std::string what =
        explain ? digit_name(*board.g, d) + " in " + board.g->unit_name(unit) : std::string();
    const char* kind = names[2];
    Chaining& first = *members.front();
    const auto [on, off] = members_share();
    if (on) collect(first, true, on, 6, kind, what);
    if (off) collect(first, false, off, 6, kind, what);
  }

  void cell_chains(int c) {
    set_nodes.clear();
    for (Mask m = board.step_cand[c]; m; m &= m - 1)
      set_nodes.push_back(board.node(c, lowest(m), true));
    if (!get_members(5)) return;
    const std::string what = explain ? "the values of " + board.g->cell_name(c) : std::string();
    const char* kind = names[3];
    Chaining& first = *members.front();
    const auto [on, off] = members_share();
    if (on) collect(first, true, on, 5, kind, what);
    if (off) collect(first, false, off, 5, kind, what);
  }

  // `max_depth`: GradeOptions::max_chain_depth; `min_nesting`: the producers of lower SE
  // nesting are skipped (a test hook; 0 runs all).
  bool run(const Ctx& ctx, int max_depth, int min_nesting, Hint& h) {
    load(ctx.g);
    step_links.built = false;
    out = &h;
    explain = ctx.explain;
    // Nishio, multiple, dynamic, then dynamic (+) chains: the first producer with a hint
    // wins (SE tries each only when the easier ones found nothing).
    struct Kind {
      bool multiple, dynamic, nishio, plus;
      int base_rating, depth, nesting;  // depth: the least max_chain_depth that tries it
      const char* const* names;         // contradiction, double, region, cell
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
      if (kd.nesting < min_nesting) continue;
      // The nested producers are plain transcriptions of SE's: on boards above 9x9 a
      // single step could take hours, so there the ladder stops after dynamic (+) chains.
      if (kd.nesting >= 2 && board.n > 9) break;
      mode.multiple = kd.multiple;
      mode.dynamic = kd.dynamic;
      mode.nishio = kd.nishio;
      mode.plus = kd.plus;
      mode.nesting = kd.nesting;
      names = kd.names;
      mode.ylinks = !mode.nishio;
      base_rating = kd.base_rating;
      store.start_producer();
      search.clear_rule_memo();
      found = false;
      if (mode.nishio) {
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
