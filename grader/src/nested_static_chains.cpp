// SE's static producer ("Forcing Chains & Cycles") and static multiple producer (region
// and cell forcing chains) on the grid of a chaining, every hint with its chains and rule
// parents (chains_nested.h; the searches are described in chains_nested.cpp).
//
// Invariants of StaticProducer: an instance's parent comes before it in `pool`; a node is
// marked in the current search when its mark equals `stamp`. Why plain: these transcribe
// SE's searches for every hint, where the optimised searches find only the easiest.
#include <algorithm>
#include <cstdint>

#include "chain_length.h"
#include "chains_nested.h"
#include "nested_chain_links.h"
#include "stop_poll.h"
#include "strong_component_walk.h"

namespace sudoforge::grader::detail {
namespace {

using namespace nested;

// One per thread, bound to each grid in turn (bind): its buffers keep their capacity from
// one search to the next, as the producer runs at every dry point of the chainings of the
// nested producers (an allocation and release of its tables each time cost more than the
// smaller searches).
struct StaticProducer {
  const PlusGrid* v = nullptr;
  const CandidateGrid* g = nullptr;
  int n = 0, nc = 0;
  bool busy = false;  // between bind() and release()
  std::vector<ChainInstance> pool;
  std::vector<int> on_mark, off_mark, node_mark;
  int stamp = 0;  // marks equal to it are the current search's
  std::vector<StaticChainHint> hints;

  void bind(const PlusGrid& view) {
    v = &view;
    g = view.g;
    n = g->n();
    nc = g->cell_count();
    busy = true;
    hints.clear();
    const size_t nn = static_cast<size_t>(nc) * n * 2;
    if (on_mark.size() != nn || stamp > (1 << 30)) {
      stamp = 0;
      for (auto* marks : {&on_mark, &off_mark, &node_mark, &off_done, &off_closer})
        marks->assign(nn, 0);
    }
  }

  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }
  int cell_of(int nd) const { return (nd >> 1) / n; }
  int digit_of(int nd) const { return (nd >> 1) % n + 1; }
  Mask cand(int c) const { return v->cand[c]; }
  Mask pos(int u, int d) const { return v->upos[u * (n + 1) + d]; }
  int new_inst(int nd, int parent, Cause cause) {
    pool.push_back(ChainInstance{nd, parent, cause});
    return static_cast<int>(pool.size()) - 1;
  }
  template <class F>
  void on_to_off(int nd, bool y, F&& f) const {
    on_to_off_links(*g, v->cand, v->upos, y, nd, f);
  }
  template <class F>
  void off_to_on(int nd, bool y, bool x, F&& f) const {
    off_to_on_links(*g, v->cand, v->upos, y, x, nd, f);
  }

  // SE's test that an "off" node is not an ancestor of the "on" instance it comes from
  // (isParent) reads, per queued "on" instance, a bit set of the "off" nodes among its
  // ancestors (by candidate), built from its parent's, instead of walking the parents for
  // every link: this producer runs at every dry point of the chainings of the nested
  // nesting-2 producer (grader/PERF_NOTES.md).
  //
  // An "off" node's links to "on" nodes do not depend on the instance: once one instance
  // of it was taken from the queue, every "on" node it links to is marked, so a later
  // instance can only close a cycle on the source. Such later instances are not queued
  // unless the node links to the source (off_closer), and instances enter the pool only
  // when they become a parent: SE's search has the same "on" instances and cycles, in the
  // same order.
  std::vector<std::uint64_t> path_bits;  // slot * words: the bits of one "on" instance
  std::vector<int> on_slot;              // per pend_on entry: its slot
  struct OffEntry {
    int node, parent, slot;  // slot: its parent's
    Cause cause;
  };
  std::vector<OffEntry> off_queue;
  // [node] == stamp: an instance was taken (off_done), the node links to the source
  // (off_closer).
  std::vector<int> off_done, off_closer;

  // A node outside the source's strongly connected component of pass XY's graph (which
  // holds the pass's graph) cannot lead back to the source, and every node of a path that
  // does lies inside it: the search leaves the others out (not every_source), which
  // changes neither the order in which it meets the nodes inside nor its cycles.
  void cycles(int source, bool y, bool x, std::vector<int>& found) {
    ++stamp;
    const int sc = every_source ? -1 : walk.component(cidx[source]);
    const auto outside = [&](int nd) { return sc >= 0 && walk.component(cidx[nd]) != sc; };
    const size_t words = (static_cast<size_t>(nc) * n + 63) / 64;
    path_bits.assign(words, 0);  // slot 0: the source, which has no ancestors
    pend_on.assign(1, new_inst(source, -1, kSource));
    on_slot.assign(1, 0);
    off_queue.clear();
    on_mark[source] = stamp;
    int length = 0;
    while (!pend_on.empty() || !off_queue.empty()) {
      ++length;
      for (size_t i = 0; i < pend_on.size(); ++i) {
        const int p = pend_on[i], slot = on_slot[i];
        const std::uint64_t* bits = path_bits.data() + slot * words;
        on_to_off(pool[p].node, y, [&](int w, Cause cause) {
          const int cd = w >> 1;
          if ((bits[cd >> 6] >> (cd & 63)) & 1) return;  // an ancestor
          if (outside(w)) return;
          if (off_done[w] == stamp && off_closer[w] != stamp) return;  // adds nothing
          off_queue.push_back(OffEntry{w, p, slot, cause});
        });
      }
      pend_on.clear();
      on_slot.clear();
      ++length;
      for (const OffEntry& e : off_queue) {
        if (off_done[e.node] == stamp && off_closer[e.node] != stamp) continue;
        off_done[e.node] = stamp;
        int p = -1;  // the entry's instance, made when first needed
        off_to_on(e.node, y, x, [&](int m, Cause cause) {
          if (outside(m)) return;
          if (m == source) off_closer[e.node] = stamp;
          const bool closing = length >= 4 && m == source;
          if (!closing && on_mark[m] == stamp) return;
          if (p < 0) p = new_inst(e.node, e.parent, e.cause);
          if (closing) found.push_back(new_inst(m, p, cause));
          if (on_mark[m] != stamp) {
            on_mark[m] = stamp;
            pend_on.push_back(new_inst(m, p, cause));
            // Its ancestors' "off" nodes: its parent p's node and those of p's parent.
            const size_t slot = path_bits.size() / words;
            path_bits.resize(path_bits.size() + words);
            std::copy_n(path_bits.begin() + static_cast<std::ptrdiff_t>(e.slot * words), words,
                        path_bits.begin() + static_cast<std::ptrdiff_t>(slot * words));
            const int cd = e.node >> 1;
            path_bits[slot * words + (cd >> 6)] |= std::uint64_t{1} << (cd & 63);
            on_slot.push_back(static_cast<int>(slot));
          }
        });
      }
      off_queue.clear();
    }
  }

  std::vector<int> pend_on, pend_off;  // queues of the searches (kept for their capacity)

  void forcing_chains(int source, bool y, std::vector<int>& found) {
    ++stamp;
    pend_on.clear();
    pend_off.clear();
    const int start = new_inst(source, -1, kSource);
    ((source & 1) ? on_mark : off_mark)[source] = stamp;
    ((source & 1) ? pend_on : pend_off).push_back(start);
    const int target = source ^ 1;
    bool closed = false;
    // Node nd reached from instance p: the first instance of the target closes a chain;
    // a node is queued once.
    auto reach = [&](int nd, int p, Cause cause, std::vector<int>& mark, std::vector<int>& pend) {
      if (nd == target && !closed) {
        closed = true;
        found.push_back(new_inst(nd, p, cause));
      }
      // (SE also skips the ancestors of p; they are all marked already.)
      if (mark[nd] != stamp) {
        mark[nd] = stamp;
        pend.push_back(new_inst(nd, p, cause));
      }
    };
    while (!pend_on.empty() || !pend_off.empty()) {
      for (const int p : pend_on) {
        on_to_off(pool[p].node, y,
                  [&](int w, Cause cause) { reach(w, p, cause, off_mark, pend_off); });
      }
      pend_on.clear();
      for (const int p : pend_off) {
        off_to_on(pool[p].node, y, true,
                  [&](int m, Cause cause) { reach(m, p, cause, on_mark, pend_on); });
      }
      pend_off.clear();
    }
  }

  // The sources of the rule parents of the chain ending at instance `end`, added to `out`
  // (rule_source): from its "on" nodes (forward), or from its "off" nodes (!forward: the
  // reversed cycle SE also walks, where they are the "on" ones and keep their links' causes).
  void rule_parents(int end, bool forward, std::vector<int>& out, Cause source_cause = kSource) {
    ++stamp;
    for (int p = end; p >= 0; p = pool[p].parent) {
      const ChainInstance& in = pool[p];
      if (node_mark[in.node] == stamp) continue;  // SE's done set: equal nodes once
      node_mark[in.node] = stamp;
      const bool counts = forward ? (in.node & 1) : !(in.node & 1);
      const Cause cause = in.cause == kSource ? source_cause : in.cause;
      if (!counts || cause == kSource) continue;
      out.push_back(rule_source(in.node, cause));
    }
  }

  std::uint64_t chain_id(int end) const {
    std::uint64_t h = 1469598103934665603ull;
    for (int p = end; p >= 0; p = pool[p].parent)
      h = (h ^ static_cast<std::uint64_t>(pool[p].node + 1)) * 1099511628211ull;
    return h;
  }

  std::vector<int> cells, fwd, back;  // scratch of cycle_hint

  void cycle_hint(int end, bool y, bool x) {
    // Cells of the cycle, and the candidates seen by its "on" and by its "off" nodes.
    cells.clear();
    fwd.clear();
    back.clear();
    for (int p = end; pool[p].parent >= 0; p = pool[p].parent) {
      const int c = cell_of(pool[p].node);
      if (std::find(cells.begin(), cells.end(), c) == cells.end()) cells.push_back(c);
    }
    for (int p = end; pool[p].parent >= 0; p = pool[p].parent) {
      const int nd = pool[p].node, c = cell_of(nd), d = digit_of(nd);
      for (int q : g->house(c)) {
        if (std::find(cells.begin(), cells.end(), q) != cells.end() || !((cand(q) >> d) & 1))
          continue;
        ((nd & 1) ? fwd : back).push_back(q * n + d - 1);
      }
    }
    std::sort(fwd.begin(), fwd.end());
    std::sort(back.begin(), back.end());
    StaticChainHint h;
    std::set_intersection(fwd.begin(), fwd.end(), back.begin(), back.end(),
                          std::back_inserter(h.removable));
    h.removable.erase(std::unique(h.removable.begin(), h.removable.end()), h.removable.end());
    if (h.removable.empty()) return;
    h.complexity = path_length(end) - 1;  // distinct nodes: the closing "on" is the source
    h.rating = ((y && x) ? 70 : 65) + length_difficulty(h.complexity);
    h.sort_key = (y && x) ? 4 : (y ? 3 : 2);
    rule_parents(end, true, h.rule_sources);
    rule_parents(end, false, h.rule_sources);
    h.id = chain_id(end);
    hints.push_back(std::move(h));
  }

  int path_length(int end) const {
    int len = 0;
    for (int p = end; p >= 0; p = pool[p].parent) ++len;
    return len;
  }

  void chain_hint(int end, bool y) {
    StaticChainHint h;
    target_removals(*v, pool[end].node, h.removable);
    if (h.removable.empty()) return;
    h.complexity = path_length(end);
    h.rating = (y ? 70 : 66) + length_difficulty(h.complexity);
    h.sort_key = y ? 4 : 2;
    rule_parents(end, true, h.rule_sources);
    h.id = chain_id(end);
    hints.push_back(std::move(h));
  }

  // SE's static doChaining from on(source): "on" nodes are taken first, one at a time,
  // then "off" ones; every node once; it stops at the first node both on and off.
  struct Chaining {
    std::vector<int> at;                   // node -> instance, or -1
    std::vector<int> on_order, off_order;  // instances in order of derivation
    std::vector<int> set_nodes;            // the nodes whose `at` is set (to reset them)
    bool absurd = false;                   // it stopped at a node both "on" and "off"
    bool has(int nd) const { return at[nd] >= 0; }
    void set(int nd, int i) {
      at[nd] = i;
      set_nodes.push_back(nd);
    }
  };
  void chaining(int source, Chaining& ch) {
    poll_stop();
    // The table is reset from the nodes set: a chaining sets few of them.
    if (ch.at.size() != static_cast<size_t>(nc) * n * 2)
      ch.at.assign(static_cast<size_t>(nc) * n * 2, -1);
    for (const int x : ch.set_nodes) ch.at[x] = -1;
    ch.set_nodes.clear();
    ch.on_order.assign(1, new_inst(source, -1, kSource));
    ch.off_order.clear();
    ch.set(source, ch.on_order[0]);
    bool absurd = false;
    size_t hon = 0, hoff = 0;
    auto add = [&](int nd, int p, Cause cause, std::vector<int>& order) {
      if (absurd) return;
      if (ch.at[nd ^ 1] >= 0) {
        absurd = true;
        return;
      }
      if (ch.at[nd] >= 0) return;
      ch.set(nd, new_inst(nd, p, cause));
      order.push_back(ch.at[nd]);
    };
    while (!absurd && (hon < ch.on_order.size() || hoff < ch.off_order.size())) {
      if (hon < ch.on_order.size()) {
        const int p = ch.on_order[hon++];
        on_to_off(pool[p].node, true, [&](int w, Cause cause) { add(w, p, cause, ch.off_order); });
      } else {
        const int p = ch.off_order[hoff++];
        off_to_on(pool[p].node, true, true,
                  [&](int m, Cause cause) { add(m, p, cause, ch.on_order); });
      }
    }
    ch.absurd = absurd;
  }

  // The run's chainings by source (run_multiple), computed in `work`; every_chaining (for
  // tests) computes each again where it is needed, as SE does.
  KeptChainings kept;
  Chaining work;
  std::vector<int> ends_;  // scratch of multiple_hints()
  bool every_chaining = false;
  int kept_chaining(int source) {
    const int k = kept.find(source);
    if (k >= 0 && !every_chaining) return k;
    chaining(source, work);
    return kept.keep(source, work.on_order, work.off_order, [this](int i) { return pool[i].node; });
  }

  // The multiple producer's chainings by source (ChainingSlots): a slot first holds its
  // nodes (slot_closure) and its instances are made only for a region or cell whose members
  // share a node. every_chaining (for tests) makes the instances of every chaining, as SE.
  ChainingSlots slots_;
  int cw = 0;                               // words of a candidate bit set
  CandidateBits bits_;                      // the grid's candidates and what an "on" node removes
  std::vector<int> off_on_begin_, off_on_;  // per candidate: the "on" ones its "off" links to
  std::vector<int> qon_, qoff_;             // scratch of slot_closure()
  void prepare_slots() {
    // (The per-layout tables grow with the square of the candidates: boards up to 16x16.)
    slots_.reset(nc * n * 2, 0, false);
    if (every_chaining || nc * n > 4096) return;
    bits_.load(*g, v->cand);
    cw = bits_.words();
    off_on_begin_.assign(static_cast<size_t>(nc) * n + 1, 0);
    off_on_.clear();
    for (int x = 0; x < nc * n; ++x) {
      off_on_begin_[x] = static_cast<int>(off_on_.size());
      if (!CandidateBits::has(bits_.alive(), x)) continue;
      off_to_on(x << 1, true, true, [&](int m, Cause) { off_on_.push_back(m >> 1); });
    }
    off_on_begin_[nc * n] = static_cast<int>(off_on_.size());
    slots_.reset(nc * n * 2, cw, true);
  }
  // The nodes of the chaining from on(source) as bit sets at b; false when it meets a node
  // both "on" and "off" (b is then partial). An "on" node whose slot holds its fixpoint
  // joins as a whole, not queued (here a node's consequences do not depend on the others',
  // so that fixpoint is closed); one whose slot met a contradiction ends this one.
  bool slot_closure(int source, std::uint64_t* b) {
    std::uint64_t *on = b, *off = b + cw;
    std::fill(b, b + 2 * cw, 0);
    CandidateBits::set(on, source >> 1);
    qon_.assign(1, source >> 1);
    qoff_.clear();
    size_t hon = 0, hoff = 0;
    for (;;) {
      while (hon < qon_.size()) {
        if (!slots_.template take_on<false>(bits_, qon_[hon++], on, off, qoff_)) return false;
      }
      if (hoff == qoff_.size()) return true;
      const int x = qoff_[hoff++];
      for (int i = off_on_begin_[x]; i < off_on_begin_[x + 1]; ++i) {
        if (!CandidateBits::make_on(off_on_[i], on, off, qon_)) return false;
      }
    }
  }
  int slot(int source) {
    return slots_.get(
        source, every_chaining, kept,
        [this](int s, std::uint64_t* b) { return slot_closure(s, b); },
        [this](int s) { return kept_chaining(s); });
  }

  // A region or cell hint of the multiple producer: target x reached by every member, at
  // records ends[0, count) of their kept chainings. `source_cause`: how SE names the members'
  // assumptions for the rule parents (the region's kind, or the cell).
  void multiple_hint(const int* ends, int count, int x, int sk, Cause source_cause) {
    StaticChainHint h;
    target_removals(*v, x, h.removable);
    if (h.removable.empty()) return;
    h.id = 1469598103934665603ull;
    for (int k = 0; k < count; ++k) {
      const int end = ends[k];
      h.complexity += path_length(end);
      rule_parents(end, true, h.rule_sources, source_cause);
      h.id = (h.id ^ chain_id(end)) * 1099511628211ull;
    }
    h.rating = 80 + length_difficulty(h.complexity);
    h.sort_key = sk;
    hints.push_back(std::move(h));
  }
  // The nodes of members[0] (on ones, then off ones, in its order) that every member
  // (slots) reaches: SE's retainAll of the members' sets.
  std::vector<int> kept_members_;
  void multiple_hints(const std::vector<int>& slots, int sk, Cause source_cause) {
    if (slots_.lazy() && !slots_.share_a_node(slots)) return;
    kept_members_.clear();
    for (const int s : slots) {
      kept_members_.push_back(slots_.materialize(s, [this](int nd) { return kept_chaining(nd); }));
    }
    kept.common_records(kept_members_, ends_);
    const int count = static_cast<int>(kept_members_.size());
    for (size_t i = 0; i < ends_.size(); i += count) {
      multiple_hint(ends_.data() + i, count, pool[ends_[i]].node, sk, source_cause);
    }
  }

  // SE's static multiple producer (region and cell forcing chains, 8.0): cells with three
  // or more candidates, in reading order; per value, the regions (box, row, column) where
  // this cell is the value's first place; then the cell.
  std::vector<int> values_, others_, members_;  // scratch of run_multiple()
  std::vector<const int*> region_;
  void run_multiple() {
    pool.clear();
    kept.reset(nc * n * 2);
    prepare_slots();
    std::vector<int>&values = values_, &others = others_, &members = members_;
    values.assign(n + 1, 0);
    others.assign(n, 0);
    for (int c = 0; c < nc; ++c) {
      const Mask cm = cand(c);
      if (popcount(cm) <= 2) continue;
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        values[d] = slot(node(c, d, true));
        region_chainings(
            *g, v->upos, c, d, values[d], others, region_, [&](int nd, int& s) { s = slot(nd); },
            [&](const std::vector<const int*>& region, Cause cause) {
              members.clear();
              for (const int* k : region) members.push_back(*k);
              multiple_hints(members, 6, cause);
            });
      }
      members.clear();
      for (Mask m = cm; m; m &= m - 1) members.push_back(values[lowest(m)]);
      multiple_hints(members, 5, kCell);
    }
  }

  // Which sources of a pass's forcing chains reach their own negation at all: only those
  // need SE's search (it finds a chain exactly when the negation is reachable, as it
  // visits every reachable node). closes[node] for the sources on(s) and off(s) of every
  // candidate of a cell with 2+ values. By the strongly connected components of the
  // pass's graph (Tarjan, which closes a component after every component it reaches):
  // what a component reaches, as a bit set over the sources' nodes, is its own sources
  // and what its successors reach, each link read once. cyclic[node] tells whether the
  // node lies on a cycle of the graph (a component of two or more nodes): a cycle search
  // from an "on" node that does not finds none.
  std::vector<int> cidx, cnodes, adj_start, adj, src_bit;
  StrongComponentWalk<int> walk;
  std::vector<int> comp_size, lone_bit;
  std::vector<std::uint64_t> comp_reach;
  std::vector<char> closes, cyclic;
  // The XY graph of the grid in compact nodes: adj holds target * 2 + (a cell's link), so
  // the X pass reads it without the cell links (pass X's links are pass XY's house links).
  void build_graph() {
    const size_t nn = static_cast<size_t>(nc) * n * 2;
    cidx.assign(nn, -1);
    cnodes.clear();
    for (int c = 0; c < nc; ++c) {
      for (Mask m = cand(c); m; m &= m - 1) {
        for (int on = 0; on < 2; ++on) {
          cidx[node(c, lowest(m), on)] = static_cast<int>(cnodes.size());
          cnodes.push_back(node(c, lowest(m), on));
        }
      }
    }
    const int nv = static_cast<int>(cnodes.size());
    adj_start.assign(nv + 1, 0);
    adj.clear();
    for (int i = 0; i < nv; ++i) {
      adj_start[i] = static_cast<int>(adj.size());
      auto link = [&](int nd, Cause cause) { adj.push_back(cidx[nd] * 2 + (cause == kCell)); };
      if (cnodes[i] & 1) {
        on_to_off(cnodes[i], true, link);
      } else {
        off_to_on(cnodes[i], true, true, link);
      }
    }
    adj_start[nv] = static_cast<int>(adj.size());
    // src_bit[compact node]: its bit among the sources, or -1. The sources come in pairs
    // (on, off) of one candidate: bit i's negation is bit i ^ 1.
    src_bit.assign(nv, -1);
    n_src = 0;
    for (int c = 0; c < nc; ++c) {
      if (popcount(cand(c)) < 2) continue;
      for (Mask m = cand(c); m; m &= m - 1) {
        src_bit[cidx[node(c, lowest(m), true)]] = n_src++;
        src_bit[cidx[node(c, lowest(m), false)]] = n_src++;
      }
    }
  }
  int n_src = 0;
  // After build_graph: the pass's closes and cyclic (without the cell links unless y).
  void chain_closures(bool y) {
    const size_t nn = static_cast<size_t>(nc) * n * 2;
    const int nv = static_cast<int>(cnodes.size()), ns = n_src;
    const int skip = y ? 0 : 1;  // adj entries with (entry & skip) != 0 are left out
    closes.assign(nn, 0);
    cyclic.assign(nn, 0);
    const int words = std::max(1, (ns + 63) / 64);
    walk.reset(nv);
    if (comp_reach.size() < static_cast<size_t>(nv) * words) {
      comp_reach.resize(static_cast<size_t>(nv) * words);
    }
    comp_size.clear();
    lone_bit.resize(nv);
    const int* const cp = walk.components();
    const int* const as = adj_start.data();
    const int* const ad = adj.data();
    std::uint64_t* const reach = comp_reach.data();
    const auto first_link = [&](int u) { return as[u]; };
    const auto next_link = [&](int u, int& at, int& w) {
      for (const int end = as[u + 1]; at < end;) {
        const int entry = ad[at++];
        if (entry & skip) continue;
        w = entry >> 1;
        return true;
      }
      return false;
    };
    const auto done = [&](const int* begin, const int* end, int id) {
      comp_size.push_back(static_cast<int>(end - begin));
      std::uint64_t* r = reach + static_cast<size_t>(id) * words;
      std::fill_n(r, words, 0);
      // Most components are single nodes, many of them "off" nodes without a strong
      // link: what such a one reaches is its own bit at most (lone_bit: that bit, or -1
      // for none; -2: a full row), ORed as one bit.
      bool lone = end - begin == 1;
      int last = id;  // the component ORed last (links often repeat one)
      for (const int* p = begin; p != end; ++p) {
        const int u = *p;
        if (src_bit[u] >= 0) r[src_bit[u] >> 6] |= std::uint64_t{1} << (src_bit[u] & 63);
        for (int e = as[u]; e < as[u + 1]; ++e) {
          if (ad[e] & skip) continue;
          const int cu = cp[ad[e] >> 1];
          if (cu == id || cu == last) continue;
          last = cu;
          const int b = lone_bit[cu];
          if (b == -1) continue;
          lone = false;
          if (b >= 0) {
            r[b >> 6] |= std::uint64_t{1} << (b & 63);
            continue;
          }
          const std::uint64_t* o = reach + static_cast<size_t>(cu) * words;
          for (int w = 0; w < words; ++w) r[w] |= o[w];
        }
      }
      lone_bit[id] = lone ? src_bit[*begin] : -2;
    };
    for (int root = 0; root < nv; ++root) {
      if (!walk.seen(root)) walk.walk(root, first_link, next_link, done);
    }
    for (int i = 0; i < nv; ++i) {
      cyclic[cnodes[i]] = comp_size[cp[i]] > 1;
      const int b = src_bit[i];
      if (b < 0) continue;
      const int neg = b ^ 1;
      closes[cnodes[i]] =
          (comp_reach[static_cast<size_t>(cp[i]) * words + (neg >> 6)] >> (neg & 63)) & 1;
    }
  }

  // For tests: the searches from every source, without the filters of chain_closures.
  bool every_source = false;
  void run() {
    static const bool kPasses[3][2] = {{false, true}, {true, false}, {true, true}};  // (y, x)
    std::vector<int> cyc, chains;
    // The filters of pass XY serve pass X too: pass X's graph is a part of pass XY's (its
    // links without the cell ones), so a source that closes or lies on a cycle there does
    // in pass XY, and the searches decide the rest (one closure pass instead of two).
    build_graph();
    chain_closures(true);
    for (const auto& pass : kPasses) {
      const bool y = pass[0], x = pass[1];
      for (int c = 0; c < nc; ++c) {
        const Mask cm = cand(c);
        if (popcount(cm) < 2 || (!x && popcount(cm) > 2)) continue;
        for (Mask m = cm; m; m &= m - 1) {
          const int d = lowest(m), on = node(c, d, true), off = node(c, d, false);
          pool.clear();
          cyc.clear();
          chains.clear();
          if (!x || every_source || cyclic[on]) cycles(on, y, x, cyc);
          if (x) {
            if (every_source || closes[on]) forcing_chains(on, y, chains);
            if (every_source || closes[off]) forcing_chains(off, y, chains);
          }
          for (int e : cyc) cycle_hint(e, y, x);
          for (int e : chains) chain_hint(e, y);
        }
      }
    }
  }
};

// The producer of this thread, bound to grid, or a new one if it is in use (no search calls
// another today).
template <class Run>
std::vector<StaticChainHint> run_static(const PlusGrid& grid, Run&& run) {
  thread_local StaticProducer kept;
  StaticProducer fresh;
  StaticProducer& p = kept.busy ? fresh : kept;
  p.bind(grid);
  struct Release {
    StaticProducer& p;
    ~Release() { p.busy = false; }
  } release{p};
  run(p);
  return in_se_order(std::move(p.hints));
}

}  // namespace

std::vector<StaticChainHint> nested::static_hints(const PlusGrid& grid) {
  return run_static(grid, [](StaticProducer& p) { p.run(); });
}

std::vector<StaticChainHint> nested::static_hints_every_source(const PlusGrid& grid) {
  return resolved(grid, run_static(grid, [](StaticProducer& p) {
                    p.every_source = true;
                    p.run();
                    p.every_source = false;
                  }));
}

std::vector<StaticChainHint> nested::static_multiple_hints(const PlusGrid& grid) {
  return run_static(grid, [](StaticProducer& p) { p.run_multiple(); });
}

std::vector<StaticChainHint> nested::static_multiple_hints_every_chaining(const PlusGrid& grid) {
  return resolved(grid, run_static(grid, [](StaticProducer& p) {
                    p.every_chaining = true;
                    p.run_multiple();
                    p.every_chaining = false;
                  }));
}

nested::ClosureCheck nested::static_closures_agree(const PlusGrid& grid) {
  ClosureCheck check;
  run_static(grid, [&check](StaticProducer& p) {
    p.pool.clear();
    p.kept.reset(p.nc * p.n * 2);
    // The closures go through the slots, as in a run, so that later ones join the
    // fixpoints of earlier ones.
    p.prepare_slots();
    std::vector<std::uint64_t> from_chaining(2 * static_cast<size_t>(p.cw));
    StaticProducer::Chaining chaining;
    for (int x = 0; x < p.nc * p.n; ++x) {
      if (!CandidateBits::has(p.bits_.alive(), x)) continue;
      p.chaining(x << 1 | 1, chaining);
      p.slot(x << 1 | 1);
      const bool closed = p.slots_.state(x << 1 | 1) == ChainingSlots::kFixpoint;
      const std::uint64_t* bits = p.slots_.bits_of(x << 1 | 1);
      std::fill(from_chaining.begin(), from_chaining.end(), 0);
      for (const int nd : chaining.set_nodes) {
        CandidateBits::set(from_chaining.data() + ((nd & 1) ? 0 : p.cw), nd >> 1);
      }
      ++check.compared;
      check.contradictions += chaining.absurd;
      check.differ += closed == chaining.absurd ||
                      (closed && !std::equal(from_chaining.begin(), from_chaining.end(), bits));
    }
  });
  return check;
}

std::vector<StaticChainHint> static_chain_hints(const PlusGrid& grid) {
  return resolved(grid, static_hints(grid));
}

std::vector<StaticChainHint> static_multiple_chain_hints(const PlusGrid& grid) {
  return resolved(grid, static_multiple_hints(grid));
}

}  // namespace sudoforge::grader::detail
