// SE's dynamic multiple producer on the grid of a chaining, every hint with its chains
// and rule parents (chains_nested.h; the nestings are described in chains_nested.cpp).
//
// Invariants of DynamicProducer: a chaining's `at` names each node's first record; every
// record's parents come before it in `recs`, listed at parent_pool[parents_begin,
// parents_end). Why plain: these transcribe SE's searches for every hint, where the
// optimised searches of chains_dynamic.cpp find only the easiest.
#include <algorithm>
#include <cstdint>
#include <memory>

#include "chain_length.h"
#include "chains_nested.h"
#include "nested_chain_links.h"
#include "stop_poll.h"

namespace sudoforge::grader::detail {
namespace {

using namespace nested;

// SE's dynamic multiple producer on the grid of a chaining, every hint with its chains:
// "Dynamic Forcing Chains" (nesting 0), the nested rule of SE's nesting 4, and at nesting 5,
// when that one has no hint needing a removed candidate, "Dynamic Forcing Chains (+
// Forcing Chains)" (SE's nesting 2: getOtherRules adds Chaining(nesting - 3) after the plain
// dynamic one). Its chainings remove each "off" candidate from their own copy of that grid
// as they go, and a derived "on" node also has as parents the "off" nodes that emptied its
// cell or unit ("hidden parents"), as in chains_dynamic.cpp. At nesting 2, when the links of
// a chaining run dry, the basic rules and then the static producer run on the chaining's
// grid (find_plus_hints, with this producer's grid as their step grid), and their removals
// join the chaining as "off" nodes, as in the outer chains; everything is kept plain here.
struct DynamicProducer {
  struct Record {
    int node;
    Cause cause;
    int parents_begin, parents_end;  // parents: parent_pool[parents_begin, parents_end)
    int nested_cx = 0;               // a rule "off" of a nested chain: its complexity and hash
    std::uint64_t nested_id = 0;
  };
  struct Chain {
    std::vector<int> at;         // node -> record, or -1
    std::vector<int> set_nodes;  // the nodes whose `at` is set (to reset them)
    void set(int nd, int r) {
      at[nd] = r;
      set_nodes.push_back(nd);
    }
    std::vector<int> on_order, off_order;  // records in order of derivation
    bool contradiction = false;
    int contradiction_on = -1, contradiction_off = -1;
  };

  const PlusGrid* v = nullptr;
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0, nn = 0;
  int nesting = 0;    // SE's Chaining level of this producer: 0, or 2 (rules inside)
  bool busy = false;  // between bind() and release()
  std::vector<Record> recs;
  std::vector<int> parent_pool, mark, stack;
  int stamp = 0;
  std::vector<Mask> cand, upos;  // the grid of the chaining in progress
  std::vector<StaticChainHint> hints;
  PlusHintsMemo rule_memo;                                 // nesting 2: the rules' hints
  std::vector<std::pair<std::uint64_t, int>> nested_seen;  // scratch of hint()

  // One per thread, bound to each grid in turn: its tables keep their capacity from one
  // run to the next (the producer runs at every dry point of the nested chainings).
  void bind(const PlusGrid& view, int producer_nesting) {
    v = &view;
    g = view.g;
    n = g->n();
    nc = g->cell_count();
    nn = nc * n * 2;
    nesting = producer_nesting;
    busy = true;
    hints.clear();
    rule_memo.clear();
    if (mark.size() != static_cast<size_t>(nn) || stamp > (1 << 30)) {
      mark.assign(nn, 0);
      stamp = 0;
    }
    cand.resize(static_cast<size_t>(nc));
    upos.resize(static_cast<size_t>(g->unit_count()) * (n + 1));
  }
  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }
  int cell_of(int nd) const { return (nd >> 1) / n; }
  int digit_of(int nd) const { return (nd >> 1) % n + 1; }
  // Records are made for every node of every chaining: the parents are copied by
  // push_back (most records have one or two), not by a range insert.
  int add_rec(int nd, Cause cause, const int* parents_begin, const int* parents_end) {
    const int begin = static_cast<int>(parent_pool.size());
    for (const int* p = parents_begin; p != parents_end; ++p) parent_pool.push_back(*p);
    recs.push_back(Record{nd, cause, begin, static_cast<int>(parent_pool.size())});
    return static_cast<int>(recs.size()) - 1;
  }
  int add_rec(int nd, Cause cause, const std::vector<int>& parents) {
    return add_rec(nd, cause, parents.data(), parents.data() + parents.size());
  }
  [[gnu::always_inline]] int add_rec(int nd, Cause cause, int parent) {
    parent_pool.push_back(parent);
    const int end = static_cast<int>(parent_pool.size());
    recs.push_back(Record{nd, cause, end - 1, end});
    return static_cast<int>(recs.size()) - 1;
  }
  int add_source(int nd) { return add_rec(nd, kSource, nullptr, nullptr); }

  // Nesting 2, when the links have run dry: the removals of the first rule with a hint
  // that needs a candidate this chaining removed become "off" nodes (not already "off"),
  // whose parents are the "off" records of those candidates. Returns whether any was
  // added.
  std::vector<int> rule_parents_;  // scratch of add_rule_offs()
  bool add_rule_offs(Chain& ch) {
    const PlusGrid inner{g,           v->cand,   cand.data(), v->upos,
                         upos.data(), v->placed, nullptr,     v->cache};
    // This producer's grid is the rules' step grid for its whole run.
    const PlusHints& ph = rule_memo.find(inner, nesting);
    bool any = false;
    std::vector<int>& parents = rule_parents_;
    for (const PlusHints::H& h : ph.hints) {
      parents.clear();
      // Each removed candidate left this chaining's grid as an "off" record.
      bool known = true;
      for (int i = h.pb; i < h.pe; ++i) {
        parents.push_back(ch.at[ph.parents[i] << 1]);
        known &= parents.back() >= 0;
      }
      if (!known) continue;  // cannot happen; a record without parents would break walks
      for (int i = h.tb; i < h.te; ++i) {
        const int x = ph.targets[i] << 1;
        if (ch.at[x] >= 0) continue;
        ch.set(x, add_rec(x, kAdvanced, parents));
        if (h.kind >= kPlusChains) {
          recs.back().nested_cx = h.nested_cx;
          recs.back().nested_id = h.nested_id;
        }
        ch.off_order.push_back(ch.at[x]);
        any = true;
      }
    }
    return any;
  }

  // The run's grid into cand and upos (sized by bind), as a chaining or closure starts.
  void load_grid() {
    std::copy_n(v->cand, nc, cand.data());
    std::copy_n(v->upos, upos.size(), upos.data());
  }

  // SE's doChaining, dynamic, from one assumption.
  void chain(int source, Chain& ch) {
    poll_stop();
    load_grid();
    // The table is reset from the nodes set: a chaining sets few of them.
    if (ch.at.size() != static_cast<size_t>(nn)) ch.at.assign(nn, -1);
    for (const int x : ch.set_nodes) ch.at[x] = -1;
    ch.set_nodes.clear();
    ch.on_order.clear();
    ch.off_order.clear();
    ch.contradiction = false;
    const int r0 = add_source(source);
    ch.set(source, r0);
    ((source & 1) ? ch.on_order : ch.off_order).push_back(r0);
    size_t hon = 0, hoff = 0;
    while (!ch.contradiction && (hon < ch.on_order.size() || hoff < ch.off_order.size() ||
                                 (nesting > 0 && add_rule_offs(ch)))) {
      if (hon < ch.on_order.size()) {
        const int p = ch.on_order[hon++];
        on_to_off_links(*g, cand.data(), upos.data(), true, recs[p].node, [&](int w, Cause cause) {
          if (ch.contradiction || ch.at[w] >= 0) return;
          if (ch.at[w ^ 1] >= 0) {
            ch.contradiction = true;
            ch.contradiction_on = ch.at[w ^ 1];
            ch.contradiction_off = add_rec(w, cause, p);
            return;
          }
          ch.set(w, add_rec(w, cause, p));
          ch.off_order.push_back(ch.at[w]);
        });
        continue;
      }
      const int p = ch.off_order[hoff++];
      const int nd = recs[p].node, c = cell_of(nd), d = digit_of(nd);
      // The "on" nodes are recorded as the links are read, before nd leaves the grid: they
      // are distinct "on" nodes, so none of them changes what the others test in `at`, and
      // their hidden parents are read from the grid that still holds nd, as SE does.
      off_to_on_links(*g, cand.data(), upos.data(), true, true, nd, [&](int m, Cause cause) {
        if (ch.contradiction || ch.at[m] >= 0) return;
        const int begin = static_cast<int>(parent_pool.size());
        parent_pool.push_back(p);
        if (cause == kCell) {
          for (Mask x = v->cand[c] & ~cand[c]; x; x &= x - 1)
            parent_pool.push_back(ch.at[node(c, lowest(x), false)]);
        } else {
          const int u = cause_unit(*g, cell_of(m), cause);
          const int* cells = g->unit(u);
          const Mask now = upos[u * (n + 1) + d];
          for (Mask x = v->upos[u * (n + 1) + d] & ~now; x; x &= x - 1) {
            parent_pool.push_back(ch.at[node(cells[lowest(x)], d, false)]);
          }
        }
        recs.push_back(Record{m, cause, begin, static_cast<int>(parent_pool.size())});
        const int r = static_cast<int>(recs.size()) - 1;
        if (ch.at[m ^ 1] >= 0) {
          ch.contradiction = true;
          ch.contradiction_on = r;
          ch.contradiction_off = ch.at[m ^ 1];
          return;
        }
        ch.set(m, r);
        ch.on_order.push_back(r);
      });
      // nd leaves the chaining's grid once its consequences are read (SE: p.off()).
      cand[c] &= ~(Mask{1} << d);
      const CellUnit* units = cell_units_.data() + static_cast<size_t>(c) * upc_;
      for (int k = 0; k < upc_ && units[k].base >= 0; ++k) upos[units[k].base + d] &= ~units[k].own;
    }
  }

  // Distinct nodes among the ancestors of record r (r included), and the sources of the
  // rule parents (rule_source), chain hash and nested chains (into nested_seen, each
  // distinct one once) of the walk; `source_cause` as in StaticProducer::rule_parents
  // (nested_static_chains.cpp).
  // The walk stops (returns limit + 1) once it counts more than `limit` nodes.
  int walk(int r, Cause source_cause, std::vector<int>& rule_sources, std::uint64_t& id,
           int limit) {
    ++stamp;
    int count = 0;
    stack.assign(1, r);
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      const Record& rq = recs[q];
      if (mark[rq.node] == stamp) continue;
      mark[rq.node] = stamp;
      if (++count > limit) return count;
      id = (id ^ static_cast<std::uint64_t>(rq.node + 1)) * 1099511628211ull;
      const Cause cause = rq.cause == kSource ? source_cause : rq.cause;
      if ((rq.node & 1) && cause != kSource) {
        rule_sources.push_back(rule_source(rq.node, cause));
      }
      if (rq.nested_id != 0) {
        bool seen = false;
        for (const auto& [nid, cx] : nested_seen) seen |= nid == rq.nested_id;
        if (!seen) nested_seen.emplace_back(rq.nested_id, rq.nested_cx);
      }
      for (int k = rq.parents_begin; k < rq.parents_end; ++k) stack.push_back(parent_pool[k]);
    }
    return count;
  }

  // SE's getDifficulty of this producer's chaining nesting.
  int base_rating() const { return nesting >= 2 ? 95 + 5 * (nesting - 2) : 85 + 5 * nesting; }

  // A hint on target from the chains ending at records ends[0, count), unless one made
  // before removes the same candidates and comes first in SE's order (best_; every_chaining
  // makes them all).
  BestByRemovals best_;
  void hint(int target, const int* ends, int count, int sk, Cause source_cause) {
    const auto [rc, digits] = BestByRemovals::removals(n, v->cand, target);
    if (!digits) return;
    const int bound = every_chaining ? BestByRemovals::kNone : best_.bound(rc, digits);
    StaticChainHint& h = hint_;
    h.rule_sources.clear();
    h.complexity = 0;
    h.id = 1469598103934665603ull;
    nested_seen.clear();
    for (int i = 0; i < count; ++i) {
      h.complexity += walk(ends[i], source_cause, h.rule_sources, h.id, bound - h.complexity);
      if (h.complexity > bound) return;
    }
    // SE's getNestedComplexity: each distinct nested chain among the ancestors once.
    for (const auto& [nid, cx] : nested_seen) h.complexity += cx;
    if (!best_.offer(rc, digits, h.complexity, sk) && !every_chaining) return;
    h.rating = base_rating() + length_difficulty(h.complexity);
    h.sort_key = sk;
    h.removable.clear();
    target_removals(*v, target, h.removable);
    hints.push_back(h);
  }
  StaticChainHint hint_;  // scratch of hint()
  void hint2(int target, int a, int b, int sk) {
    const int ends[2] = {a, b};
    hint(target, ends, 2, sk, kSource);
  }
  // Nodes of group[0] (on, then off, in its order) that every member reaches (kept
  // chainings).
  std::vector<int> ends_;  // scratch of common_kept()
  void common_kept(const std::vector<int>& group, int sk, Cause source_cause) {
    kept.common_records(group, ends_);
    const size_t count = group.size();
    for (size_t i = 0; i < ends_.size(); i += count) {
      hint(recs[ends_[i]].node, ends_.data() + i, static_cast<int>(count), sk, source_cause);
    }
  }

  // The run's chainings with records, by source, computed in `work`, with their
  // contradictions (records "on" and "off", or -1).
  KeptChainings kept;
  std::vector<std::pair<int, int>> kept_contradiction;
  Chain work;
  bool every_chaining = false;
  int kept_chaining(int source) {
    chain(source, work);
    const int i =
        kept.keep(source, work.on_order, work.off_order, [this](int r) { return recs[r].node; });
    kept_contradiction.resize(static_cast<size_t>(i) + 1);
    kept_contradiction[i] = work.contradiction
                                ? std::pair<int, int>{work.contradiction_on, work.contradiction_off}
                                : std::pair<int, int>{-1, -1};
    return i;
  }

  // The run's chainings from "on" nodes, by source (ChainingSlots): at nesting 0 (no rules
  // inside) a slot first holds its nodes (closure()) and its records are made when a hint
  // needs them: a contradiction, a double, a region or cell whose members share a node
  // (about one chaining in ten on the hardest puzzles). Nesting 2 (rules inside) makes
  // every chaining's records at once; every_chaining (for tests) makes them again wherever
  // SE chains.
  ChainingSlots slots_;
  int cw = 0;  // words of a candidate bit set
  int slot(int source) {
    return slots_.get(
        source, every_chaining, kept, [this](int s, std::uint64_t* b) { return closure(s, b); },
        [this](int s) { return kept_chaining(s); });
  }
  int materialize(int s) {
    return slots_.materialize(s, [this](int source) { return kept_chaining(source); });
  }
  bool contradiction(int s) const {
    return slots_.kept(s) >= 0 && kept_contradiction[slots_.kept(s)].first >= 0;
  }

  static bool single(Mask m) { return m && !(m & (m - 1)); }
  CandidateBits bits_;           // the run grid's candidates and what an "on" node removes
  std::vector<int> qon_, qoff_;  // scratch of closure()
  // Per cell, its units as the closures and chainings read them (position base, its bit,
  // the unit's cells; base -1 past its last), and per candidate its cell and digit: read
  // per "off" node, without the grid's lookups.
  struct CellUnit {
    int base;
    Mask own;
    const int* cells;
  };
  std::vector<CellUnit> cell_units_;
  std::vector<std::pair<int, int>> cell_digit_;
  int upc_ = 0;
  void prepare_closures() {
    bits_.load(*g, v->cand);
    cw = bits_.words();
    prepare_units();
  }
  void prepare_units() {
    upc_ = g->units_per_cell();
    cell_units_.resize(static_cast<size_t>(nc) * upc_);
    cell_digit_.resize(static_cast<size_t>(nc) * n);
    for (int c = 0; c < nc; ++c) {
      for (int d = 1; d <= n; ++d) cell_digit_[c * n + d - 1] = {c, d};
      for (int k = 0; k < upc_; ++k) {
        const int u = g->unit_of(c, k);
        cell_units_[c * upc_ + k] =
            u == g->unit_count()  // padding
                ? CellUnit{-1, 0, nullptr}
                : CellUnit{u * (n + 1), Mask{1} << g->index_in(u, c), g->unit(u)};
      }
    }
  }
  // The nodes of the chaining from `source` as candidate bit sets, "on" at b[0, cw) and
  // "off" at b[cw, 2 cw); false at a contradiction (b is then partial). The links are
  // SE's (on_to_off_links, off_to_on_links): an "on" node removes its cell's other values
  // and its value from its peers; an "off" node, read while its cell or a unit of it holds
  // two places of its value, makes the other one "on"; then it leaves the grid.
  // An "on" node whose slot already holds its fixpoint joins as a whole (its removals are
  // among that fixpoint's "off" nodes, which still take their turn on the grid: a unit's
  // last place depends on all of them), one whose slot met a contradiction ends this one.
  bool closure(int source, std::uint64_t* b) {
    std::uint64_t *on = b, *offb = b + cw;
    load_grid();
    qon_.clear();
    qoff_.clear();
    const int x0 = source >> 1;
    ((source & 1) ? on : offb)[x0 >> 6] |= std::uint64_t{1} << (x0 & 63);
    ((source & 1) ? qon_ : qoff_).push_back(x0);
    size_t hon = 0, hoff = 0;
    for (;;) {
      while (hon < qon_.size()) {
        if (!slots_.template take_on<true>(bits_, qon_[hon++], on, offb, qoff_)) return false;
      }
      if (hoff == qoff_.size()) return true;
      const auto [c, d] = cell_digit_[qoff_[hoff++]];
      auto make_on = [&](int y) { return CandidateBits::make_on(y, on, offb, qon_); };
      // (The "off" node is still on the grid: two places are the rest being one bit.)
      const Mask rest = cand[c] & ~(Mask{1} << d);
      if (single(rest) && !make_on(c * n + lowest(rest) - 1)) return false;
      const CellUnit* units = cell_units_.data() + static_cast<size_t>(c) * upc_;
      for (int k = 0; k < upc_ && units[k].base >= 0; ++k) {
        Mask& p = upos[units[k].base + d];
        p &= ~units[k].own;
        if (single(p) && !make_on(units[k].cells[lowest(p)] * n + d - 1)) return false;
      }
      cand[c] = rest;
    }
  }

  // A region's or cell's chains (slots of its members): only when the members share a
  // node are their records needed.
  std::vector<int> kept_members_;
  void common(const std::vector<int>& group, int sk, Cause source_cause) {
    if (slots_.lazy() && !slots_.share_a_node(group)) return;
    kept_members_.clear();
    for (const int s : group) kept_members_.push_back(materialize(s));
    common_kept(kept_members_, sk, source_cause);
  }

  // SE's getMultipleChainsHintList, dynamic: per cell with 2+ candidates, per value, the
  // contradictions from on and from off, the doubles (cells of 3+), the regions where
  // the cell is the value's first place; then the cell.
  std::vector<int> values, others, members;  // scratch of run()
  std::vector<const int*> region_;
  Chain off;
  long off_chainings = 0;  // the "off" chainings run (for tests)
  // Whether the chaining from off(c, d) (cell c of candidates cm, card of them) can give
  // a hint. In a bivalue cell off(c, d) and on(c, e), e the other value, imply each other
  // in one link, so their chainings (at nesting 0, no rules inside) reach the same nodes
  // and one meets a contradiction when the other does; without one the "off" chaining
  // gives no hint (doubles need a third value). In a larger cell it nearly always shares
  // nodes with the chaining from on(c, d) (doubles), so it is run. every_chaining runs
  // them all, as SE.
  bool off_chaining_needed(int c, Mask cm, int card, int d) {
    if (card == 2 && nesting == 0 && !every_chaining) {
      if (!contradiction(slot(node(c, lowest(cm & ~(Mask{1} << d)), true)))) return false;
    }
    ++off_chainings;
    return true;
  }
  void run() {
    recs.clear();
    parent_pool.clear();
    kept.reset(nn);
    best_.reset(nc);
    // (The per-layout tables grow with the square of the candidates: boards up to 16x16.)
    const bool lazy = nesting == 0 && !every_chaining && nc * n <= 4096;
    if (lazy) {
      prepare_closures();
    } else {
      prepare_units();
    }
    slots_.reset(nn, cw, lazy);
    values.resize(n + 1);
    others.resize(n);
    for (int c = 0; c < nc; ++c) {
      const Mask cm = v->cand[c];
      const int card = popcount(cm);
      if (card < 2) continue;
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        const int on = values[d] = slot(node(c, d, true));
        if (contradiction(on)) {
          const auto [a, b] = kept_contradiction[slots_.kept(on)];
          hint2(node(c, d, false), a, b, 7);
        }
        if (off_chaining_needed(c, cm, card, d)) {
          // The "off" chaining is needed here only: its records are dropped after (unless
          // the "on" chaining's records were made after them).
          const size_t recs_before = recs.size(), parents_before = parent_pool.size();
          chain(node(c, d, false), off);
          if (off.contradiction)
            hint2(node(c, d, true), off.contradiction_on, off.contradiction_off, 7);
          bool keep_recs = false;
          if (card >= 3) {
            bool any = slots_.kept(on) >= 0;
            for (size_t i = 0; !any && i < off.set_nodes.size(); ++i)
              any = slots_.has(on, off.set_nodes[i]);
            if (any && slots_.kept(on) < 0) {
              materialize(on);
              keep_recs = true;
            }
            if (any) {
              const int k = slots_.kept(on);
              for (const int* r = kept.on_begin(k); r != kept.off_end(k); ++r) {
                const int x = recs[*r].node;
                if (off.at[x] >= 0) hint2(x, *r, off.at[x], 1);
              }
            }
          }
          if (!keep_recs) {
            recs.resize(recs_before);
            parent_pool.resize(parents_before);
          }
        }
        region_chainings(
            *g, v->upos, c, d, values[d], others, region_, [&](int nd, int& s) { s = slot(nd); },
            [&](const std::vector<const int*>& region, Cause cause) {
              members.clear();
              for (const int* k : region) members.push_back(*k);
              common(members, 6, cause);
            });
      }
      members.clear();
      for (Mask m = cm; m; m &= m - 1) members.push_back(values[lowest(m)]);
      common(members, 5, kCell);
    }
  }
};

// The producer of this thread bound to grid, or a new one if it is in use (a run of
// nesting 5's second rule holds it while its own rules run); off_chainings, when given,
// counts the "off" chainings of the run.
std::vector<StaticChainHint> run_dynamic(const PlusGrid& grid, int nesting, bool every_chaining,
                                         long* off_chainings = nullptr) {
  thread_local DynamicProducer kept_producer;
  std::unique_ptr<DynamicProducer> fresh;
  if (kept_producer.busy) fresh = std::make_unique<DynamicProducer>();
  DynamicProducer& p = fresh ? *fresh : kept_producer;
  p.bind(grid, nesting);
  struct Release {
    DynamicProducer& p;
    ~Release() {
      p.busy = false;
      p.every_chaining = false;
    }
  } release{p};
  p.every_chaining = every_chaining;
  p.off_chainings = 0;
  p.run();
  if (off_chainings) *off_chainings = p.off_chainings;
  return in_se_order(std::move(p.hints));
}

}  // namespace

std::vector<StaticChainHint> nested::dynamic_hints(const PlusGrid& grid, int nesting) {
  return run_dynamic(grid, nesting, false);
}

std::vector<StaticChainHint> nested::dynamic_hints_every_chaining(const PlusGrid& grid,
                                                                  int nesting) {
  return resolved(grid, run_dynamic(grid, nesting, true));
}

nested::ClosureCheck nested::dynamic_closures_agree(const PlusGrid& grid) {
  DynamicProducer p;
  p.bind(grid, 0);
  p.prepare_closures();
  p.kept.reset(p.nn);
  // The closures from "on" nodes go through the slots, as in a run, so that later ones
  // join the fixpoints of earlier ones.
  p.slots_.reset(p.nn, p.cw, true);
  ClosureCheck check;
  std::vector<std::uint64_t> bits(2 * static_cast<size_t>(p.cw)), from_recs(bits.size());
  DynamicProducer::Chain chaining;
  for (int x = 0; x < p.nc * p.n; ++x) {
    if (!((grid.cand[x / p.n] >> (x % p.n + 1)) & 1)) continue;
    for (const int source : {x << 1 | 1, x << 1}) {
      p.recs.clear();  // (the kept chainings' records are not read here)
      p.parent_pool.clear();
      p.chain(source, chaining);
      bool closed;
      if (source & 1) {
        p.slot(source);
        closed = p.slots_.state(source) == ChainingSlots::kFixpoint;
        const std::uint64_t* b = p.slots_.bits_of(source);
        std::copy(b, b + bits.size(), bits.begin());
      } else {
        std::fill(bits.begin(), bits.end(), 0);
        closed = p.closure(source, bits.data());
      }
      std::fill(from_recs.begin(), from_recs.end(), 0);
      for (const int nd : chaining.set_nodes) {
        const int y = nd >> 1;
        from_recs[((nd & 1) ? 0 : p.cw) + (y >> 6)] |= std::uint64_t{1} << (y & 63);
      }
      ++check.compared;
      check.contradictions += chaining.contradiction;
      check.differ += closed == chaining.contradiction || (closed && bits != from_recs);
    }
  }
  return check;
}

long nested::dynamic_off_chainings(const PlusGrid& grid, bool every_chaining) {
  long count = 0;
  run_dynamic(grid, 0, every_chaining, &count);
  return count;
}

std::vector<StaticChainHint> dynamic_chain_hints(const PlusGrid& grid, int nesting) {
  return resolved(grid, dynamic_hints(grid, nesting));
}

}  // namespace sudoforge::grader::detail
