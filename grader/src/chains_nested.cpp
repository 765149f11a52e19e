// SE's chain producers as rules inside dynamic chains: the nestings of "Dynamic
// Forcing Chains (+ ...)": 2 (9.5) the static producer ("Forcing Chains & Cycles"), 3
// (10.0) then the static multiple producer (region and cell chains), 4 (10.5) the dynamic
// producer instead of both.
//
// Once the links and the basic rules of a dynamic (+) chaining run dry, SE runs these
// producers on the grid of the chaining (the step's candidates minus those the chaining
// removed) and takes every hint of the first that has one: the removals become "off"
// nodes of the chaining, whose parents are the removed candidates the hint's chains need
// (getRuleParents), and whose nested chain adds its complexity to that of any hint built
// on them.
//
// These are plain transcriptions of SE's searches, written for clarity, not speed: the
// optimised searches of chains.cpp and chains_dynamic.cpp find only the easiest hint,
// while a nested rule needs them all, with their chains (tests check that both put the
// same hint first). The static producer, per source candidate, in reading order and
// increasing value, for the passes X (X-links only), Y (Y-links only, bivalue cells) and
// XY:
//   - cycles: breadth first from on(s), "on" nodes visited once, "off" nodes once per
//     "on" parent that is not their descendant; on(s) reached again from an "off" node at
//     distance >= 4 closes a cycle; it removes the candidates (outside the cycle's cells)
//     that see an "on" and an "off" node of their value;
//   - forcing chains (X and XY): from on(s) to off(s), and from off(s) to on(s), each
//     node visited once; the first chain to each target counts.
// The multiple producers chain from each assumption as SE's doChaining does ("on" nodes
// first), static or dynamic, and keep what every place of a value in a region, or every
// value of a cell, implies (and, dynamic, the contradictions and doubles of each value).
// Hints are sorted by (rating, complexity, sort key), stable; a hint whose removals equal
// an earlier one's is dropped (SE's hint equality).
//
// Rule parents: each "on" node of a chain (and, for a cycle, each "off" node, through the
// reversed cycle SE also walks) carries the cause of its link: its cell (the other value
// of a bivalue cell, or for an "off" node, the same cell) or a unit (box, row or column,
// the first that links it); a region or cell hint's assumptions count as made by their
// region or cell. The parents are the candidates the chaining removed there: the cell's
// lost values, or the unit's lost places of the node's value.
#include "chain_length.h"
#include "chains_nested.h"
#include "stop_poll.h"

#include <algorithm>
#include <cstdint>

namespace sudoforge::grader::detail {
namespace {

// Causes of a node: the link that made it (SE's Potential.Cause).
// kAdvanced: the removal of a rule inside a chaining (SE's Cause.Advanced).
enum Cause : std::int8_t { kSource = 0, kCell = 1, kBox = 2, kRow = 3, kColumn = 4, kAdvanced = 5 };

struct Inst {
  int node, parent;
  Cause cause;
};


// The unit kind (box, row, column) that links two peers first, in SE's order.
Cause peer_cause(const CandidateGrid& g, int a, int b) {
  if (g.unit_of(a, 2) == g.unit_of(b, 2)) return kBox;
  if (g.unit_of(a, 0) == g.unit_of(b, 0)) return kRow;
  return kColumn;
}

// SE's getOnToOff on the grid `cand`: the cell's other values (Y), then the value in the
// houses; f(node, cause) for each, in SE's order.
template <class F>
void on_to_off_links(const CandidateGrid& g, const Mask* cand, bool y, int nd, F&& f) {
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto off = [n](int cell, int digit) { return (cell * n + digit - 1) << 1; };
  if (y) {
    for (Mask m = cand[c] & ~(Mask{1} << d); m; m &= m - 1) f(off(c, lowest(m)), kCell);
  }
  for (int q : g.house(c)) {
    if ((cand[q] >> d) & 1) f(off(q, d), peer_cause(g, c, q));
  }
}

// SE's getOffToOn on the grid (cand, upos): the other value of a bivalue cell (Y), then
// the other place of the value in a box, row, column where it has two (X).
template <class F>
void off_to_on_links(const CandidateGrid& g, const Mask* cand, const Mask* upos, bool y, bool x,
                     int nd, F&& f) {
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto on = [n](int cell, int digit) { return ((cell * n + digit - 1) << 1) | 1; };
  if (y && popcount(cand[c]) == 2) f(on(c, lowest(cand[c] & ~(Mask{1} << d))), kCell);
  if (!x) return;
  static const int kKinds[3] = {2, 0, 1};
  static const Cause kCauses[3] = {kBox, kRow, kColumn};
  int seen[3], ns = 0;
  for (int k = 0; k < 3; ++k) {
    const int u = g.unit_of(c, kKinds[k]);
    const Mask p = upos[u * (n + 1) + d];
    if (popcount(p) != 2) continue;
    const int* cells = g.unit(u);
    int q = cells[lowest(p)];
    if (q == c) q = cells[lowest(p & (p - 1))];
    if (std::find(seen, seen + ns, q) != seen + ns) continue;  // SE's set: first cause
    seen[ns++] = q;
    f(on(q, d), kCauses[k]);
  }
}

// What a hint with target x removes on the grid v.cand: x itself when "off"; when "on",
// the other values of its cell.
void target_removals(const PlusGrid& v, int x, std::vector<int>& out) {
  const int n = v.g->n(), c = (x >> 1) / n, d = (x >> 1) % n + 1;
  if (x & 1) {
    for (Mask m = v.cand[c] & ~(Mask{1} << d); m; m &= m - 1) out.push_back(c * n + lowest(m) - 1);
  } else {
    out.push_back(c * n + d - 1);
  }
}

// SE's rule parents of an "on" node made by `cause`: the candidates the chaining removed
// (v.cand0 minus v.cand) in its cell, or the places of its value it removed in the unit.
void add_rule_parents(const PlusGrid& v, int nd, Cause cause, std::vector<int>& out) {
  const CandidateGrid& g = *v.g;
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto add = [&](int cd) {
    if (std::find(out.begin(), out.end(), cd) == out.end()) out.push_back(cd);
  };
  if (cause == kCell) {
    for (Mask m = v.cand0[c] & ~v.cand[c]; m; m &= m - 1) add(c * n + lowest(m) - 1);
  } else {
    const int u = g.unit_of(c, cause == kBox ? 2 : cause == kRow ? 0 : 1);
    const int* cells = g.unit(u);
    for (Mask m = v.upos0[u * (n + 1) + d] & ~v.upos[u * (n + 1) + d]; m; m &= m - 1) {
      add(cells[lowest(m)] * n + d - 1);
    }
  }
}

// SE's doRegionChainings for the value d of cell c: each box, row, column (SE's order)
// where d has two or more places and c is the first, with the chaining of each place:
// `own` for c's, `chain(on_node, slot)` for the others; then done(members, region cause).
template <class Chain, class ChainFn, class Done>
void region_chainings(const CandidateGrid& g, const Mask* upos, int c, int d, Chain& own,
                      std::vector<Chain>& others, ChainFn&& chain, Done&& done) {
  static const int kKinds[3] = {2, 0, 1};
  static const Cause kCauses[3] = {kBox, kRow, kColumn};
  const int n = g.n();
  std::vector<const Chain*> members;
  for (int k = 0; k < 3; ++k) {
    const int u = g.unit_of(c, kKinds[k]);
    const Mask pm = upos[u * (n + 1) + d];
    const int* cells = g.unit(u);
    if (popcount(pm) < 2 || cells[lowest(pm)] != c) continue;
    int no = 0;
    for (Mask x = pm; x; x &= x - 1) {
      const int q = cells[lowest(x)];
      if (q == c) {
        members.push_back(&own);
      } else {
        chain((((q * n + d - 1) << 1) | 1), others[no]);
        members.push_back(&others[no++]);
      }
    }
    done(members, kCauses[k]);
    members.clear();
  }
}

struct Producer {
  const PlusGrid& v;
  const CandidateGrid& g;
  int n, nc;
  std::vector<Inst> pool;
  std::vector<int> on_mark, off_mark, node_mark;
  int stamp = 0;
  std::vector<StaticChainHint> hints;

  explicit Producer(const PlusGrid& view)
      : v(view), g(*view.g), n(view.g->n()), nc(view.g->cell_count()) {
    const size_t nn = static_cast<size_t>(nc) * n * 2;
    on_mark.assign(nn, 0);
    off_mark.assign(nn, 0);
    node_mark.assign(nn, 0);
  }

  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }
  int cell_of(int nd) const { return (nd >> 1) / n; }
  int digit_of(int nd) const { return (nd >> 1) % n + 1; }
  Mask cand(int c) const { return v.cand[c]; }
  Mask pos(int u, int d) const { return v.upos[u * (n + 1) + d]; }
  int new_inst(int nd, int parent, Cause cause) {
    pool.push_back(Inst{nd, parent, cause});
    return static_cast<int>(pool.size()) - 1;
  }
  template <class F>
  void on_to_off(int nd, bool y, F&& f) const {
    on_to_off_links(g, v.cand, y, nd, f);
  }
  template <class F>
  void off_to_on(int nd, bool y, bool x, F&& f) const {
    off_to_on_links(g, v.cand, v.upos, y, x, nd, f);
  }

  // SE's test that an "off" node is not an ancestor of the "on" instance it comes from
  // (isParent) reads, per queued "on" instance, a bit set of the "off" nodes among its
  // ancestors (by candidate), built from its parent's, instead of walking the parents for
  // every link: this producer runs at every dry point of the chainings of the nested
  // nesting-2 producer (grader/PERF_NOTES.md).
  std::vector<std::uint64_t> path_bits;  // slot * words: the bits of one "on" instance
  std::vector<int> on_slot, off_slot;    // per pend_on entry: its slot; per pend_off: its parent's

  void cycles(int source, bool y, bool x, std::vector<int>& found) {
    ++stamp;
    const size_t words = (static_cast<size_t>(nc) * n + 63) / 64;
    path_bits.assign(words, 0);  // slot 0: the source, which has no ancestors
    pend_on.assign(1, new_inst(source, -1, kSource));
    on_slot.assign(1, 0);
    pend_off.clear();
    off_slot.clear();
    on_mark[source] = stamp;
    int length = 0;
    while (!pend_on.empty() || !pend_off.empty()) {
      ++length;
      for (size_t i = 0; i < pend_on.size(); ++i) {
        const int p = pend_on[i], slot = on_slot[i];
        const std::uint64_t* bits = path_bits.data() + slot * words;
        on_to_off(pool[p].node, y, [&](int w, Cause cause) {
          const int cd = w >> 1;
          if (!((bits[cd >> 6] >> (cd & 63)) & 1) && pool[p].node != w) {
            pend_off.push_back(new_inst(w, p, cause));
            off_slot.push_back(slot);
          }
        });
      }
      pend_on.clear();
      on_slot.clear();
      ++length;
      for (size_t i = 0; i < pend_off.size(); ++i) {
        const int p = pend_off[i];
        off_to_on(pool[p].node, y, x, [&](int m, Cause cause) {
          if (length >= 4 && m == source) found.push_back(new_inst(m, p, cause));
          if (on_mark[m] != stamp) {
            on_mark[m] = stamp;
            pend_on.push_back(new_inst(m, p, cause));
            // Its ancestors' "off" nodes: its parent p's node and those of p's parent.
            const size_t slot = path_bits.size() / words;
            path_bits.resize(path_bits.size() + words);
            std::copy_n(path_bits.begin() + static_cast<std::ptrdiff_t>(off_slot[i] * words), words,
                        path_bits.begin() + static_cast<std::ptrdiff_t>(slot * words));
            const int cd = pool[p].node >> 1;
            path_bits[slot * words + (cd >> 6)] |= std::uint64_t{1} << (cd & 63);
            on_slot.push_back(static_cast<int>(slot));
          }
        });
      }
      pend_off.clear();
      off_slot.clear();
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
        on_to_off(pool[p].node, y, [&](int w, Cause cause) { reach(w, p, cause, off_mark, pend_off); });
      }
      pend_on.clear();
      for (const int p : pend_off) {
        off_to_on(pool[p].node, y, true, [&](int m, Cause cause) { reach(m, p, cause, on_mark, pend_on); });
      }
      pend_off.clear();
    }
  }

  // The rule parents of the chain ending at instance `end`, added to `out`: from its "on"
  // nodes (forward), or from its "off" nodes (!forward: the reversed cycle SE also walks,
  // where they are the "on" ones and keep their links' causes).
  void rule_parents(int end, bool forward, std::vector<int>& out, Cause source_cause = kSource) {
    ++stamp;
    for (int p = end; p >= 0; p = pool[p].parent) {
      const Inst& in = pool[p];
      if (node_mark[in.node] == stamp) continue;  // SE's done set: equal nodes once
      node_mark[in.node] = stamp;
      const bool counts = forward ? (in.node & 1) : !(in.node & 1);
      const Cause cause = in.cause == kSource ? source_cause : in.cause;
      if (!counts || cause == kSource) continue;
      add_rule_parents(v, in.node, cause, out);
    }
  }

  std::uint64_t chain_id(int end) const {
    std::uint64_t h = 1469598103934665603ull;
    for (int p = end; p >= 0; p = pool[p].parent) h = (h ^ static_cast<std::uint64_t>(pool[p].node + 1)) * 1099511628211ull;
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
      for (int q : g.house(c)) {
        if (std::find(cells.begin(), cells.end(), q) != cells.end() || !((cand(q) >> d) & 1)) continue;
        ((nd & 1) ? fwd : back).push_back(q * n + d - 1);
      }
    }
    std::sort(fwd.begin(), fwd.end());
    std::sort(back.begin(), back.end());
    StaticChainHint h;
    std::set_intersection(fwd.begin(), fwd.end(), back.begin(), back.end(), std::back_inserter(h.removable));
    h.removable.erase(std::unique(h.removable.begin(), h.removable.end()), h.removable.end());
    if (h.removable.empty()) return;
    h.complexity = path_length(end) - 1;  // distinct nodes: the closing "on" is the source
    h.rating = ((y && x) ? 70 : 65) + length_difficulty(h.complexity);
    h.sort_key = (y && x) ? 4 : (y ? 3 : 2);
    rule_parents(end, true, h.parents);
    rule_parents(end, false, h.parents);
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
    target_removals(v, pool[end].node, h.removable);
    if (h.removable.empty()) return;
    h.complexity = path_length(end);
    h.rating = (y ? 70 : 66) + length_difficulty(h.complexity);
    h.sort_key = y ? 4 : 2;
    rule_parents(end, true, h.parents);
    h.id = chain_id(end);
    hints.push_back(std::move(h));
  }

  // SE's static doChaining from on(source): "on" nodes are taken first, one at a time,
  // then "off" ones; every node once; it stops at the first node both on and off.
  struct Chaining {
    std::vector<int> at;                  // node -> instance, or -1
    std::vector<int> on_order, off_order;  // instances in order of derivation
    bool has(int nd) const { return at[nd] >= 0; }
  };
  void chaining(int source, Chaining& ch) {
    poll_stop();
    ch.at.assign(static_cast<size_t>(nc) * n * 2, -1);
    ch.on_order.assign(1, new_inst(source, -1, kSource));
    ch.off_order.clear();
    ch.at[source] = ch.on_order[0];
    bool absurd = false;
    size_t hon = 0, hoff = 0;
    auto add = [&](int nd, int p, Cause cause, std::vector<int>& order) {
      if (absurd) return;
      if (ch.at[nd ^ 1] >= 0) {
        absurd = true;
        return;
      }
      if (ch.at[nd] >= 0) return;
      ch.at[nd] = new_inst(nd, p, cause);
      order.push_back(ch.at[nd]);
    };
    while (!absurd && (hon < ch.on_order.size() || hoff < ch.off_order.size())) {
      if (hon < ch.on_order.size()) {
        const int p = ch.on_order[hon++];
        on_to_off(pool[p].node, true, [&](int w, Cause cause) { add(w, p, cause, ch.off_order); });
      } else {
        const int p = ch.off_order[hoff++];
        off_to_on(pool[p].node, true, true, [&](int m, Cause cause) { add(m, p, cause, ch.on_order); });
      }
    }
  }

  // A region or cell hint of the multiple producer: target x reached by every member.
  // `source_cause`: how SE names the members' assumptions for the rule parents (the
  // region's kind, or the cell).
  void multiple_hint(const std::vector<const Chaining*>& members, int x, int sk, Cause source_cause) {
    StaticChainHint h;
    target_removals(v, x, h.removable);
    if (h.removable.empty()) return;
    h.id = 1469598103934665603ull;
    for (const Chaining* ch : members) {
      const int end = ch->at[x];
      h.complexity += path_length(end);
      rule_parents(end, true, h.parents, source_cause);
      h.id = (h.id ^ chain_id(end)) * 1099511628211ull;
    }
    h.rating = 80 + length_difficulty(h.complexity);
    h.sort_key = sk;
    hints.push_back(std::move(h));
  }
  // The nodes of members[0] (on ones, then off ones, in its order) that every member
  // reaches: SE's retainAll of the members' sets.
  void multiple_hints(const std::vector<const Chaining*>& members, int sk, Cause source_cause) {
    for (const auto* order : {&members[0]->on_order, &members[0]->off_order}) {
      for (int i : *order) {
        const int x = pool[i].node;
        bool all = true;
        for (size_t k = 1; k < members.size() && all; ++k) all = members[k]->has(x);
        if (all) multiple_hint(members, x, sk, source_cause);
      }
    }
  }

  // SE's static multiple producer (region and cell forcing chains, 8.0): cells with three
  // or more candidates, in reading order; per value, the regions (box, row, column) where
  // this cell is the value's first place; then the cell.
  void run_multiple() {
    std::vector<Chaining> values(n + 1);
    std::vector<Chaining> others(n);
    std::vector<const Chaining*> members;
    for (int c = 0; c < nc; ++c) {
      const Mask cm = cand(c);
      if (popcount(cm) <= 2) continue;
      pool.clear();
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        chaining(node(c, d, true), values[d]);
        region_chainings(
            g, v.upos, c, d, values[d], others, [&](int nd, Chaining& ch) { chaining(nd, ch); },
            [&](const std::vector<const Chaining*>& region, Cause cause) {
              multiple_hints(region, 6, cause);
            });
      }
      members.clear();
      for (Mask m = cm; m; m &= m - 1) members.push_back(&values[lowest(m)]);
      multiple_hints(members, 5, kCell);
    }
  }

  // Which sources of a pass's forcing chains reach their own negation at all: every
  // source at once, a breadth-first search whose node sets are bit sets over the
  // sources. Only those need SE's search (it finds a chain exactly when the negation is
  // reachable, as it visits every reachable node). closes[node] for the sources on(s)
  // and off(s) of every candidate of a cell with 2+ values.
  std::vector<int> cidx, cnodes, adj_start, adj;
  std::vector<std::uint64_t> reached, front, next_front;
  std::vector<char> closes;
  void chain_closures(bool y) {
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
      auto link = [&](int nd, Cause) { adj.push_back(cidx[nd]); };
      if (cnodes[i] & 1) {
        on_to_off(cnodes[i], y, link);
      } else {
        off_to_on(cnodes[i], y, true, link);
      }
    }
    adj_start[nv] = static_cast<int>(adj.size());
    std::vector<int> src;  // compact nodes of the sources
    for (int c = 0; c < nc; ++c) {
      if (popcount(cand(c)) < 2) continue;
      for (Mask m = cand(c); m; m &= m - 1) {
        src.push_back(cidx[node(c, lowest(m), true)]);
        src.push_back(cidx[node(c, lowest(m), false)]);
      }
    }
    const int ns = static_cast<int>(src.size()), words = (ns + 63) / 64;
    closes.assign(nn, 0);
    if (ns == 0) return;  // no cell with two values: no source
    reached.assign(static_cast<size_t>(nv) * words, 0);
    front.assign(static_cast<size_t>(nv) * words, 0);
    for (int i = 0; i < ns; ++i) {
      reached[static_cast<size_t>(src[i]) * words + i / 64] |= std::uint64_t{1} << (i % 64);
      front[static_cast<size_t>(src[i]) * words + i / 64] |= std::uint64_t{1} << (i % 64);
    }
    for (bool any = true; any;) {
      any = false;
      next_front.assign(static_cast<size_t>(nv) * words, 0);
      for (int i = 0; i < nv; ++i) {
        const std::uint64_t* f = &front[static_cast<size_t>(i) * words];
        bool live = false;
        for (int w = 0; w < words; ++w) live |= f[w] != 0;
        if (!live) continue;
        for (int k = adj_start[i]; k < adj_start[i + 1]; ++k) {
          std::uint64_t* t = &next_front[static_cast<size_t>(adj[k]) * words];
          for (int w = 0; w < words; ++w) t[w] |= f[w];
        }
      }
      for (size_t k = 0; k < next_front.size(); ++k) {
        next_front[k] &= ~reached[k];
        reached[k] |= next_front[k];
        any |= next_front[k] != 0;
      }
      front.swap(next_front);
    }
    for (int i = 0; i < ns; ++i) {
      const int neg = cidx[cnodes[src[i]] ^ 1];
      closes[cnodes[src[i]]] = (reached[static_cast<size_t>(neg) * words + i / 64] >> (i % 64)) & 1;
    }
  }

  void run() {
    static const bool kPasses[3][2] = {{false, true}, {true, false}, {true, true}};  // (y, x)
    std::vector<int> cyc, chains;
    for (const auto& pass : kPasses) {
      const bool y = pass[0], x = pass[1];
      if (x) chain_closures(y);
      for (int c = 0; c < nc; ++c) {
        const Mask cm = cand(c);
        if (popcount(cm) < 2 || (!x && popcount(cm) > 2)) continue;
        for (Mask m = cm; m; m &= m - 1) {
          const int d = lowest(m);
          pool.clear();
          cyc.clear();
          chains.clear();
          cycles(node(c, d, true), y, x, cyc);
          if (x) {
            if (closes[node(c, d, true)]) forcing_chains(node(c, d, true), y, chains);
            if (closes[node(c, d, false)]) forcing_chains(node(c, d, false), y, chains);
          }
          for (int e : cyc) cycle_hint(e, y, x);
          for (int e : chains) chain_hint(e, y);
        }
      }
    }
  }
};

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
struct DynProducer {
  struct Rec {
    int node;
    Cause cause;
    int pb, pe;         // parents: ppool[pb, pe)
    int nested_cx = 0;  // a rule "off" of a nested chain: its complexity and hash
    std::uint64_t nested_id = 0;
  };
  struct Chain {
    std::vector<int> at;                   // node -> record, or -1
    std::vector<int> on_order, off_order;  // records in order of derivation
    bool absurd = false;
    int abs_on = -1, abs_off = -1;
  };

  const PlusGrid& v;
  const CandidateGrid& g;
  int n, nc, nn;
  int nesting;  // SE's Chaining level of this producer: 0, or 2 (rules inside)
  std::vector<Rec> recs;
  std::vector<int> ppool, mark, stack;
  int stamp = 0;
  std::vector<Mask> cand, upos;  // the grid of the chaining in progress
  std::vector<StaticChainHint> hints;
  PlusHintsMemo rule_memo;                                 // nesting 2: the rules' hints
  std::vector<std::pair<std::uint64_t, int>> nested_seen;  // scratch of hint()

  DynProducer(const PlusGrid& view, int producer_nesting)
      : v(view),
        g(*view.g),
        n(view.g->n()),
        nc(view.g->cell_count()),
        nn(nc * n * 2),
        nesting(producer_nesting) {
    mark.assign(nn, 0);
  }
  int node(int c, int d, bool on) const { return ((c * n + d - 1) << 1) | (on ? 1 : 0); }
  int cell_of(int nd) const { return (nd >> 1) / n; }
  int digit_of(int nd) const { return (nd >> 1) % n + 1; }
  int add_rec(int nd, Cause cause, const std::vector<int>& parents) {
    recs.push_back(Rec{nd, cause, static_cast<int>(ppool.size()), 0});
    ppool.insert(ppool.end(), parents.begin(), parents.end());
    recs.back().pe = static_cast<int>(ppool.size());
    return static_cast<int>(recs.size()) - 1;
  }

  // Nesting 2, when the links have run dry: the removals of the first rule with a hint
  // that needs a candidate this chaining removed become "off" nodes (not already "off"),
  // whose parents are the "off" records of those candidates. Returns whether any was
  // added.
  bool add_rule_offs(Chain& ch) {
    const PlusGrid inner{&g, v.cand, cand.data(), v.upos, upos.data(), v.placed, nullptr};
    // This producer's grid is the rules' step grid for its whole run.
    const PlusHints& ph = rule_memo.find(inner, nesting);
    bool any = false;
    std::vector<int> parents;
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
        ch.at[x] = add_rec(x, kAdvanced, parents);
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

  // SE's doChaining, dynamic, from one assumption.
  void chain(int source, Chain& ch) {
    poll_stop();
    cand.assign(v.cand, v.cand + nc);
    upos.assign(v.upos, v.upos + static_cast<size_t>(3 * n) * (n + 1));
    ch.at.assign(nn, -1);
    ch.on_order.clear();
    ch.off_order.clear();
    ch.absurd = false;
    const int r0 = add_rec(source, kSource, {});
    ch.at[source] = r0;
    ((source & 1) ? ch.on_order : ch.off_order).push_back(r0);
    size_t hon = 0, hoff = 0;
    std::vector<int> parents;
    struct On {
      int node;
      Cause cause;
      std::vector<int> parents;
    };
    std::vector<On> make_on;
    while (!ch.absurd && (hon < ch.on_order.size() || hoff < ch.off_order.size() ||
                          (nesting > 0 && add_rule_offs(ch)))) {
      if (hon < ch.on_order.size()) {
        const int p = ch.on_order[hon++];
        on_to_off_links(g, cand.data(), true, recs[p].node, [&](int w, Cause cause) {
          if (ch.absurd || ch.at[w] >= 0) return;
          if (ch.at[w ^ 1] >= 0) {
            ch.absurd = true;
            ch.abs_on = ch.at[w ^ 1];
            ch.abs_off = add_rec(w, cause, {p});
            return;
          }
          ch.at[w] = add_rec(w, cause, {p});
          ch.off_order.push_back(ch.at[w]);
        });
        continue;
      }
      const int p = ch.off_order[hoff++];
      const int nd = recs[p].node, c = cell_of(nd), d = digit_of(nd);
      make_on.clear();
      off_to_on_links(g, cand.data(), upos.data(), true, true, nd, [&](int m, Cause cause) {
        parents.assign(1, p);
        if (cause == kCell) {
          for (Mask x = v.cand[c] & ~cand[c]; x; x &= x - 1) parents.push_back(ch.at[node(c, lowest(x), false)]);
        } else {
          const int u = g.unit_of(cell_of(m), cause == kBox ? 2 : cause == kRow ? 0 : 1);
          const int* cells = g.unit(u);
          const Mask now = upos[u * (n + 1) + d];
          for (Mask x = v.upos[u * (n + 1) + d] & ~now; x; x &= x - 1) {
            parents.push_back(ch.at[node(cells[lowest(x)], d, false)]);
          }
        }
        make_on.push_back(On{m, cause, parents});
      });
      // nd leaves the chaining's grid once its consequences are read (SE: p.off()).
      cand[c] &= ~(Mask{1} << d);
      for (int k = 0; k < 3; ++k) {
        const int u = g.unit_of(c, k);
        upos[u * (n + 1) + d] &= ~(Mask{1} << g.index_in(u, c));
      }
      for (const On& o : make_on) {
        if (ch.at[o.node] >= 0) continue;
        if (ch.at[o.node ^ 1] >= 0) {
          ch.absurd = true;
          ch.abs_on = add_rec(o.node, o.cause, o.parents);
          ch.abs_off = ch.at[o.node ^ 1];
          break;
        }
        ch.at[o.node] = add_rec(o.node, o.cause, o.parents);
        ch.on_order.push_back(ch.at[o.node]);
      }
    }
  }

  // Distinct nodes among the ancestors of record r (r included), and the rule parents,
  // chain hash and nested chains (into nested_seen, each distinct one once) of the walk;
  // `source_cause` as in Producer::rule_parents.
  int walk(int r, Cause source_cause, std::vector<int>& rule_parents, std::uint64_t& id) {
    ++stamp;
    int count = 0;
    stack.assign(1, r);
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      const Rec& rq = recs[q];
      if (mark[rq.node] == stamp) continue;
      mark[rq.node] = stamp;
      ++count;
      id = (id ^ static_cast<std::uint64_t>(rq.node + 1)) * 1099511628211ull;
      const Cause cause = rq.cause == kSource ? source_cause : rq.cause;
      if ((rq.node & 1) && cause != kSource) {
        add_rule_parents(v, rq.node, cause, rule_parents);
      }
      if (rq.nested_id != 0) {
        bool seen = false;
        for (const auto& [nid, cx] : nested_seen) seen |= nid == rq.nested_id;
        if (!seen) nested_seen.emplace_back(rq.nested_id, rq.nested_cx);
      }
      for (int k = rq.pb; k < rq.pe; ++k) stack.push_back(ppool[k]);
    }
    return count;
  }

  // SE's getDifficulty of this producer's chaining nesting.
  int base_rating() const { return nesting >= 2 ? 95 + 5 * (nesting - 2) : 85 + 5 * nesting; }

  void hint(int target, const std::vector<std::pair<const Chain*, int>>& chains, int sk, Cause source_cause) {
    StaticChainHint h;
    target_removals(v, target, h.removable);
    if (h.removable.empty()) return;
    h.id = 1469598103934665603ull;
    nested_seen.clear();
    for (const auto& [ch, r] : chains) h.complexity += walk(r, source_cause, h.parents, h.id);
    // SE's getNestedComplexity: each distinct nested chain among the ancestors once.
    for (const auto& [nid, cx] : nested_seen) h.complexity += cx;
    h.rating = base_rating() + length_difficulty(h.complexity);
    h.sort_key = sk;
    hints.push_back(std::move(h));
  }
  // Nodes of members[0] (on, then off, in its order) that every member reaches.
  void common(const std::vector<const Chain*>& members, int sk, Cause source_cause) {
    std::vector<std::pair<const Chain*, int>> chains;
    for (const auto* order : {&members[0]->on_order, &members[0]->off_order}) {
      for (int r : *order) {
        const int x = recs[r].node;
        chains.clear();
        for (const Chain* m : members) {
          if (m->at[x] < 0) break;
          chains.emplace_back(m, m->at[x]);
        }
        if (chains.size() == members.size()) hint(x, chains, sk, source_cause);
      }
    }
  }

  // SE's getMultipleChainsHintList, dynamic: per cell with 2+ candidates, per value, the
  // contradictions from on and from off, the doubles (cells of 3+), the regions where
  // the cell is the value's first place; then the cell.
  void run() {
    std::vector<Chain> values(n + 1), others(n);
    Chain off;
    std::vector<const Chain*> members;
    for (int c = 0; c < nc; ++c) {
      const Mask cm = v.cand[c];
      const int card = popcount(cm);
      if (card < 2) continue;
      recs.clear();
      ppool.clear();
      for (Mask m = cm; m; m &= m - 1) {
        const int d = lowest(m);
        Chain& on = values[d];
        chain(node(c, d, true), on);
        if (on.absurd) hint(node(c, d, false), {{&on, on.abs_on}, {&on, on.abs_off}}, 7, kSource);
        chain(node(c, d, false), off);
        if (off.absurd) hint(node(c, d, true), {{&off, off.abs_on}, {&off, off.abs_off}}, 7, kSource);
        if (card >= 3) {
          for (const auto* order : {&on.on_order, &on.off_order}) {
            for (int r : *order) {
              const int x = recs[r].node;
              if (off.at[x] >= 0) hint(x, {{&on, r}, {&off, off.at[x]}}, 1, kSource);
            }
          }
        }
        region_chainings(
            g, v.upos, c, d, on, others, [&](int nd, Chain& ch) { chain(nd, ch); },
            [&](const std::vector<const Chain*>& region, Cause cause) { common(region, 6, cause); });
      }
      members.clear();
      for (Mask m = cm; m; m &= m - 1) members.push_back(&values[lowest(m)]);
      common(members, 5, kCell);
    }
  }
};

}  // namespace

namespace {

// SE's getHints: sorted by (rating, complexity, sort key), stable; a hint whose removals
// equal an earlier one's left out.
std::vector<StaticChainHint> in_se_order(std::vector<StaticChainHint>&& hints) {
  std::stable_sort(hints.begin(), hints.end(), [](const StaticChainHint& a, const StaticChainHint& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.sort_key < b.sort_key;
  });
  std::vector<StaticChainHint> out;
  for (StaticChainHint& h : hints) {
    bool again = false;
    for (const StaticChainHint& k : out) again |= k.removable == h.removable;
    if (!again) out.push_back(std::move(h));
  }
  return out;
}

// Appends the hints that need a removed candidate; returns whether there was one.
bool append(const std::vector<StaticChainHint>& hints, int kind, PlusHints& out) {
  bool any = false;
  for (const StaticChainHint& h : hints) {
    if (h.parents.empty()) continue;  // exists without the chaining: SE leaves it out
    PlusHints::H e{kind, static_cast<int>(out.targets.size()), 0,
                   static_cast<int>(out.parents.size()), 0};
    out.targets.insert(out.targets.end(), h.removable.begin(), h.removable.end());
    out.parents.insert(out.parents.end(), h.parents.begin(), h.parents.end());
    e.te = static_cast<int>(out.targets.size());
    e.pe = static_cast<int>(out.parents.size());
    e.nested_cx = h.complexity;
    e.nested_id = h.id;
    out.hints.push_back(e);
    any = true;
  }
  return any;
}

}  // namespace

std::vector<StaticChainHint> static_chain_hints(const PlusGrid& grid) {
  Producer p(grid);
  p.run();
  return in_se_order(std::move(p.hints));
}

std::vector<StaticChainHint> static_multiple_chain_hints(const PlusGrid& grid) {
  Producer p(grid);
  p.run_multiple();
  return in_se_order(std::move(p.hints));
}

std::vector<StaticChainHint> dynamic_chain_hints(const PlusGrid& grid, int nesting) {
  DynProducer p(grid, nesting);
  p.run();
  return in_se_order(std::move(p.hints));
}

void find_nested_chain_hints(const PlusGrid& grid, int nesting, PlusHints& out) {
  // SE: from nesting 4 on, dynamic chains replace the static producers (they cover them).
  // Nesting 5 then (when the plain dynamic producer has no hint that needs a removed
  // candidate) the dynamic producer of nesting 2, with the basic rules and the static
  // producer inside its own chainings.
  if (nesting >= 4) {
    if (append(dynamic_chain_hints(grid, 0), kPlusDynamicChains, out) || nesting < 5) return;
    append(dynamic_chain_hints(grid, 2), kPlusDynamicPlusChains, out);
    return;
  }
  if (append(static_chain_hints(grid), kPlusChains, out) || nesting < 3) return;
  append(static_multiple_chain_hints(grid), kPlusMultipleChains, out);
}

}  // namespace sudoforge::grader::detail
