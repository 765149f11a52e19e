#pragma once
// Internal to the nested chain producers (nested_static_chains.cpp,
// nested_dynamic_chains.cpp): what both share, the causes of a node (SE's Potential.Cause),
// the links of a node on a chaining's grid in SE's order, and the rule parents of a node.
//
// Contract: nodes are candidate * 2 + (on ? 1 : 0), candidate = cell * n + digit - 1, on
// the grid given (candidates per cell, unit positions at [unit * (n + 1) + digit], as
// PlusGrid). The link enumerators call f(node, cause) in SE's order. Inline and templates:
// the producers' searches call them per node.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chains_nested.h"

namespace sudoforge::grader::detail::nested {

// Causes of a node: the link that made it (SE's Potential.Cause).
// kAdvanced: the removal of a rule inside a chaining (SE's Cause.Advanced); kExtra + i:
// the extra house 3n + i of a variant board.
enum Cause : std::int8_t {
  kSource = 0,
  kCell = 1,
  kBox = 2,
  kRow = 3,
  kColumn = 4,
  kAdvanced = 5,
  kExtra = 6
};

// The unit of `cell` that a house cause names.
inline int cause_unit(const CandidateGrid& g, int cell, Cause cause) {
  if (cause >= kExtra) return 3 * g.n() + (cause - kExtra);
  return g.unit_of(cell, cause == kBox ? 2 : cause == kRow ? 0 : 1);
}
inline Cause extra_cause(const CandidateGrid& g, int u) {
  return static_cast<Cause>(kExtra + u - 3 * g.n());
}

struct ChainInstance {
  int node, parent;
  Cause cause;
};

// The house (box, row, column, then a variant's extra houses) that links two peers
// first, in SE's order.
inline Cause peer_cause(const CandidateGrid& g, int a, int b) {
  if (g.unit_of(a, 2) == g.unit_of(b, 2)) return kBox;
  if (g.unit_of(a, 0) == g.unit_of(b, 0)) return kRow;
  if (g.unit_of(a, 1) == g.unit_of(b, 1) || !g.has_extra_houses()) return kColumn;
  for (int k = 3; k < g.units_per_cell(); ++k) {
    const int u = g.unit_of(a, k);
    if (u < g.unit_count() && g.index_in(u, b) != 255) return extra_cause(g, u);
  }
  return kColumn;
}

// SE's getOnToOff on the grid (cand, upos): the cell's other values (Y), then the value in
// the houses; f(node, cause) for each, in SE's order. Without extra houses the places of the
// value are read from the unit positions (box, then row and column outside the box: the
// order of g.house(c)), which hold the same candidates as cand.
template <class F>
void on_to_off_links(const CandidateGrid& g, const Mask* cand, const Mask* upos, bool y, int nd,
                     F&& f) {
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto off = [n](int cell, int digit) { return (cell * n + digit - 1) << 1; };
  if (y) {
    for (Mask m = cand[c] & ~(Mask{1} << d); m; m &= m - 1) f(off(c, lowest(m)), kCell);
  }
  if (g.has_extra_houses()) {
    for (int q : g.house(c)) {
      if ((cand[q] >> d) & 1) f(off(q, d), peer_cause(g, c, q));
    }
    return;
  }
  const int box = g.unit_of(c, 2);
  const Cause causes[3] = {kBox, kRow, kColumn};
  const int units[3] = {box, g.unit_of(c, 0), g.unit_of(c, 1)};
  for (int k = 0; k < 3; ++k) {
    const int u = units[k];
    const int* cells = g.unit(u);
    // A row's or column's places in the box were met there (with c's own place).
    const Mask skip = k > 0 ? g.inter(u, box) : Mask{1} << g.index_in(u, c);
    for (Mask m = upos[u * (n + 1) + d] & ~skip; m; m &= m - 1) {
      f(off(cells[lowest(m)], d), causes[k]);
    }
  }
}

// SE's getOffToOn on the grid (cand, upos): the other value of a bivalue cell (Y), then
// the other place of the value in a box, row, column, extra house where it has two (X).
template <class F>
void off_to_on_links(const CandidateGrid& g, const Mask* cand, const Mask* upos, bool y, bool x,
                     int nd, F&& f) {
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto on = [n](int cell, int digit) { return ((cell * n + digit - 1) << 1) | 1; };
  if (y && popcount(cand[c]) == 2) f(on(c, lowest(cand[c] & ~(Mask{1} << d))), kCell);
  if (!x) return;
  static const int kKinds[3] = {2, 0, 1};
  static const Cause kCauses[3] = {kBox, kRow, kColumn};
  int seen[16], ns = 0;
  const int units = 3 + (g.has_extra_houses() ? g.units_per_cell() - 3 : 0);
  for (int k = 0; k < units; ++k) {
    const int u = g.unit_of(c, k < 3 ? kKinds[k] : k);
    if (u == g.unit_count()) break;  // padding
    const Mask p = upos[u * (n + 1) + d];
    if (popcount(p) != 2) continue;
    const int* cells = g.unit(u);
    int q = cells[lowest(p)];
    if (q == c) q = cells[lowest(p & (p - 1))];
    if (std::find(seen, seen + ns, q) != seen + ns) continue;  // SE's set: first cause
    seen[ns++] = q;
    f(on(q, d), k < 3 ? kCauses[k] : extra_cause(g, u));
  }
}

// What a hint with target x removes on the grid v.cand: x itself when "off"; when "on",
// the other values of its cell.
inline void target_removals(const PlusGrid& v, int x, std::vector<int>& out) {
  const int n = v.g->n(), c = (x >> 1) / n, d = (x >> 1) % n + 1;
  if (x & 1) {
    for (Mask m = v.cand[c] & ~(Mask{1} << d); m; m &= m - 1) out.push_back(c * n + lowest(m) - 1);
  } else {
    out.push_back(c * n + d - 1);
  }
}

// SE's rule parents of an "on" node made by `cause`: the candidates the chaining removed
// (v.cand0 minus v.cand) in its cell, or the places of its value it removed in the unit.
inline void add_rule_parents(const PlusGrid& v, int nd, Cause cause, std::vector<int>& out) {
  const CandidateGrid& g = *v.g;
  const int n = g.n(), c = (nd >> 1) / n, d = (nd >> 1) % n + 1;
  auto add = [&](int cd) {
    if (std::find(out.begin(), out.end(), cd) == out.end()) out.push_back(cd);
  };
  if (cause == kCell) {
    for (Mask m = v.cand0[c] & ~v.cand[c]; m; m &= m - 1) add(c * n + lowest(m) - 1);
  } else {
    const int u = cause_unit(g, c, cause);
    const int* cells = g.unit(u);
    for (Mask m = v.upos0[u * (n + 1) + d] & ~v.upos[u * (n + 1) + d]; m; m &= m - 1) {
      add(cells[lowest(m)] * n + d - 1);
    }
  }
}

// A hint's chains name their rule parents by (node, cause) pairs, kept in the hint
// (StaticChainHint::rule_sources) rather than the parents themselves: the chains depend on
// the chaining's grid only, the parents also on the step grid (resolve_parents).
inline int rule_source(int nd, Cause cause) {
  return nd << 8 | static_cast<int>(cause);
}
// The parents named by `sources` against the step grid of v (add_rule_parents, in order),
// into `out`, cleared first.
inline void resolve_parents(const PlusGrid& v, const std::vector<int>& sources,
                            std::vector<int>& out) {
  out.clear();
  for (const int s : sources) add_rule_parents(v, s >> 8, static_cast<Cause>(s & 255), out);
}

// SE's doRegionChainings for the value d of cell c: each box, row, column, extra house
// where d has two or more places and c is the first, with the chaining of each place:
// `own` for c's, `chain(on_node, slot)` for the others; then done(members, region cause).
// `members`: the caller's scratch (this runs per candidate of every producer run), not
// used by done() for another call.
template <class Chain, class ChainFn, class Done>
void region_chainings(const CandidateGrid& g, const Mask* upos, int c, int d, Chain& own,
                      std::vector<Chain>& others, std::vector<const Chain*>& members,
                      ChainFn&& chain, Done&& done) {
  static const int kKinds[3] = {2, 0, 1};
  static const Cause kCauses[3] = {kBox, kRow, kColumn};
  const int n = g.n();
  members.clear();
  const int units = 3 + (g.has_extra_houses() ? g.units_per_cell() - 3 : 0);
  for (int k = 0; k < units; ++k) {
    const int u = g.unit_of(c, k < 3 ? kKinds[k] : k);
    if (u == g.unit_count()) break;  // padding
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
    done(members, k < 3 ? kCauses[k] : extra_cause(g, u));
    members.clear();
  }
}

// The chainings of one multiple producer's run, kept by their source "on" node: a
// chaining on the run's grid depends on its source only, and the producers need the one
// from on(c, d) for c's cell chains and again for each region where c is not d's first
// place. Each keeps its orders (records in order of derivation, with their nodes) and its
// nodes as a bit set: the producers test many nodes for membership and read the record of
// few (those every member reaches, common_records).
// Contract: reset() at each run (with the node count); pointers into it hold until the
// next keep() or reset().
class KeptChainings {
 public:
  void reset(int nodes) {
    words_ = (nodes + 63) / 64;
    index_.assign(static_cast<std::size_t>(nodes), -1);
    row_.resize(static_cast<std::size_t>(nodes));
    kept_.clear();
    bits_.clear();
    orders_.clear();
    nodes_.clear();
  }
  int find(int source) const { return index_[source]; }  // a kept chaining, or -1
  // Keeps the chaining from `source` given by its orders of derivation; node_of(record) is
  // a record's node. Returns its number.
  template <class NodeOf>
  int keep(int source, const std::vector<int>& on_order, const std::vector<int>& off_order,
           NodeOf&& node_of) {
    Kept k;
    k.bits = static_cast<int>(bits_.size());
    bits_.resize(bits_.size() + static_cast<std::size_t>(words_), 0);
    k.on = static_cast<int>(orders_.size());
    orders_.insert(orders_.end(), on_order.begin(), on_order.end());
    k.off = static_cast<int>(orders_.size());
    orders_.insert(orders_.end(), off_order.begin(), off_order.end());
    k.end = static_cast<int>(orders_.size());
    nodes_.resize(orders_.size());
    std::uint64_t* b = bits_.data() + k.bits;
    for (int j = k.on; j < k.end; ++j) {
      const int nd = nodes_[j] = node_of(orders_[j]);
      b[nd >> 6] |= std::uint64_t{1} << (nd & 63);
    }
    kept_.push_back(k);
    index_[source] = static_cast<int>(kept_.size()) - 1;
    return index_[source];
  }
  bool has(int i, int nd) const { return (bits_[kept_[i].bits + (nd >> 6)] >> (nd & 63)) & 1; }
  // The nodes every kept chaining of `members` has, as a bit set into `out`.
  void common(const std::vector<int>& members, std::vector<std::uint64_t>& out) const {
    const std::uint64_t* first = bits_.data() + kept_[members[0]].bits;
    out.assign(first, first + words_);
    for (std::size_t k = 1; k < members.size(); ++k) {
      const std::uint64_t* b = bits_.data() + kept_[members[k]].bits;
      for (int w = 0; w < words_; ++w) out[w] &= b[w];
    }
  }
  // The nodes every kept chaining of `members` has, in members[0]'s order ("on", then
  // "off"): per node, its record in each member, members.size() in a row, into `ends`.
  // Each member's orders are read once (not a scan per node, as at()).
  void common_records(const std::vector<int>& members, std::vector<int>& ends) {
    common(members, common_);
    ends.clear();
    const std::size_t count = members.size();
    const auto shared = [&](int nd) { return (common_[nd >> 6] >> (nd & 63)) & 1; };
    const Kept& first = kept_[members[0]];
    for (int j = first.on; j < first.end; ++j) {
      if (!shared(nodes_[j])) continue;
      row_[nodes_[j]] = static_cast<int>(ends.size());
      ends.push_back(orders_[j]);
      ends.resize(ends.size() + count - 1);
    }
    for (std::size_t k = 1; k < count && !ends.empty(); ++k) {
      const Kept& m = kept_[members[k]];
      for (int j = m.on; j < m.end; ++j) {
        if (shared(nodes_[j])) ends[row_[nodes_[j]] + k] = orders_[j];
      }
    }
  }
  // Kept chaining i's nodes as candidate bit sets: its "on" nodes into on, "off" into off.
  void node_bits(int i, std::uint64_t* on, std::uint64_t* off) const {
    for (int j = kept_[i].on; j < kept_[i].end; ++j) {
      const int nd = nodes_[j], x = nd >> 1;
      ((nd & 1) ? on : off)[x >> 6] |= std::uint64_t{1} << (x & 63);
    }
  }
  // Its records "on", then "off", in order of derivation: [begin, end) pointers.
  const int* on_begin(int i) const { return orders_.data() + kept_[i].on; }
  const int* off_end(int i) const { return orders_.data() + kept_[i].end; }

 private:
  struct Kept {
    int bits, on, off, end;  // offsets: bits_, orders_ (and nodes_)
  };
  int words_ = 0;
  std::vector<int> index_;  // source node -> kept chaining
  std::vector<Kept> kept_;
  std::vector<std::uint64_t> bits_;
  std::vector<int> orders_, nodes_;  // records, and the node of each
  std::vector<int> row_;             // scratch of common_records(): node -> its row in ends
  std::vector<std::uint64_t> common_;
};

// The candidates an "on" node removes on a chaining's grid, as bit sets over candidates
// (bit cell * n + digit - 1), for the multiple producers' chainings known by their nodes
// only: per candidate, its cell's other values and its value in its peers (per layout,
// kept while the layout stays the same), and the grid's candidates.
class CandidateBits {
 public:
  // The tables for grid g's layout and the candidates cand[0, cells).
  void load(const CandidateGrid& g, const Mask* cand) {
    const int n = g.n(), nc = g.cell_count(), nu = g.unit_count();
    words_ = (nc * n + 63) / 64;
    bool same = layout_.size() == static_cast<std::size_t>(nu) * n + 2 && layout_[0] == n &&
                layout_[1] == nc;
    for (int u = 0; same && u < nu; ++u)
      same = std::equal(g.unit(u), g.unit(u) + n, layout_.data() + 2 + u * n);
    if (!same) {
      layout_.assign({n, nc});
      for (int u = 0; u < nu; ++u) layout_.insert(layout_.end(), g.unit(u), g.unit(u) + n);
      removed_.assign(static_cast<std::size_t>(nc) * n * words_, 0);
      for (int c = 0; c < nc; ++c) {
        for (int d = 1; d <= n; ++d) {
          std::uint64_t* b = removed_.data() + static_cast<std::size_t>(c * n + d - 1) * words_;
          for (int e = 1; e <= n; ++e)
            if (e != d) set(b, c * n + e - 1);
          for (const int q : g.house(c)) set(b, q * n + d - 1);
        }
      }
    }
    alive_.assign(static_cast<std::size_t>(words_), 0);
    for (int c = 0; c < nc; ++c) {
      for (Mask m = cand[c]; m; m &= m - 1) set(alive_.data(), c * n + lowest(m) - 1);
    }
  }
  int words() const { return words_; }
  // Candidate x's cell's other values and its value in its peers, on the grid or not.
  const std::uint64_t* removed_by_on(int x) const {
    return removed_.data() + static_cast<std::size_t>(x) * words_;
  }
  const std::uint64_t* alive() const { return alive_.data(); }
  // An "on" node of candidate x in a chaining whose nodes are the bit sets on and off:
  // what it removes from the grid joins off and the queue; false when some of it is "on"
  // (a node both "on" and "off").
  // (Inlined: the closures call it per "on" node.)
  [[gnu::always_inline]] bool spread_on(int x, const std::uint64_t* on, std::uint64_t* off,
                                        std::vector<int>& queue) const {
    const std::uint64_t* e = removed_by_on(x);
    for (int w = 0; w < words_; ++w) {
      std::uint64_t fresh = e[w] & alive_[w] & ~off[w];
      if (!fresh) continue;
      if (fresh & on[w]) return false;
      off[w] |= fresh;
      for (; fresh; fresh &= fresh - 1) queue.push_back(w * 64 + lowest64(fresh));
    }
    return true;
  }
  // Candidate y "on" in that chaining (and queued) unless it is already; false when it is
  // "off".
  [[gnu::always_inline]] static bool make_on(int y, std::uint64_t* on, const std::uint64_t* off,
                                             std::vector<int>& queue) {
    if (has(on, y)) return true;
    if (has(off, y)) return false;
    set(on, y);
    queue.push_back(y);
    return true;
  }
  // A known fixpoint (yon, yoff: the nodes of the closure from an "on" node y, without a
  // contradiction) joins a closure that has reached y: by monotony the closure holds all of
  // it. Its "off" nodes the closure did not have join the queue (`queue` null: none does);
  // false when the two share a node with opposite signs (the closure meets a
  // contradiction).
  bool join(const std::uint64_t* yon, const std::uint64_t* yoff, std::uint64_t* on,
            std::uint64_t* off, std::vector<int>* queue) const {
    for (int w = 0; w < words_; ++w) {
      if ((yon[w] & off[w]) | (yoff[w] & on[w])) return false;
    }
    for (int w = 0; w < words_; ++w) {
      on[w] |= yon[w];
      std::uint64_t fresh = yoff[w] & ~off[w];
      off[w] |= fresh;
      if (queue) {
        for (; fresh; fresh &= fresh - 1) queue->push_back(w * 64 + lowest64(fresh));
      }
    }
    return true;
  }
  static bool has(const std::uint64_t* b, int x) { return (b[x >> 6] >> (x & 63)) & 1; }
  static void set(std::uint64_t* b, int x) { b[x >> 6] |= std::uint64_t{1} << (x & 63); }

 private:
  int words_ = 0;
  std::vector<int> layout_;  // n, cells, then every unit's cells
  std::vector<std::uint64_t> removed_, alive_;
  static int lowest64(std::uint64_t m) { return std::countr_zero(m); }
};

// Whether the bit sets of every member, `words` long at bits + stride * member, share a
// bit.
// (In blocks of 8 words, member by member: the AND of whole blocks vectorises, and most
// groups share nothing, so the test usually reads every word anyway.)
inline bool share_a_bit(const std::vector<int>& members, const std::uint64_t* bits,
                        std::size_t stride, int words) {
  constexpr int kBlock = 8;
  for (int w0 = 0; w0 < words; w0 += kBlock) {
    std::uint64_t all[kBlock];
    const int len = std::min(kBlock, words - w0);
    const std::uint64_t* first = bits + stride * members[0] + w0;
    if (len == kBlock) {
      for (int i = 0; i < kBlock; ++i) all[i] = first[i];
      for (std::size_t k = 1; k < members.size(); ++k) {
        const std::uint64_t* b = bits + stride * members[k] + w0;
        for (int i = 0; i < kBlock; ++i) all[i] &= b[i];
      }
    } else {
      for (int i = 0; i < len; ++i) all[i] = first[i];
      for (int i = len; i < kBlock; ++i) all[i] = 0;
      for (std::size_t k = 1; k < members.size(); ++k) {
        const std::uint64_t* b = bits + stride * members[k] + w0;
        for (int i = 0; i < len; ++i) all[i] &= b[i];
      }
    }
    std::uint64_t any = 0;
    for (int i = 0; i < kBlock; ++i) any |= all[i];
    if (any) return true;
  }
  return false;
}

// A multiple producer's chainings of one run by source ("slots"): a chaining that meets no
// node both "on" and "off" holds the least fixpoint of its links, whatever the order it
// reads them in (a node is derived in SE's order exactly when the fixpoint holds it, and
// when the fixpoint holds a node and its negation every order meets one), so a slot first
// holds its nodes as candidate bit sets ("on", then "off", 2 * words), from a closure, and
// its records (a kept chaining) are made only when a hint needs them. When not lazy, or
// when the closure meets a contradiction, the kept chaining is made at once (its nodes are
// then the ones SE's order stops at).
class ChainingSlots {
 public:
  void reset(int nodes, int words, bool lazy) {
    slot_of_.assign(static_cast<std::size_t>(nodes), -1);
    sources_.clear();
    kept_.clear();
    state_.clear();
    bits_.clear();
    words_ = words;
    lazy_ = lazy;
  }
  bool lazy() const { return lazy_; }
  // The slot of `source`: the one made before, unless `again` (a new one each time).
  // closure(source, bits) fills the bit sets, false at a contradiction; keep(source) makes
  // the kept chaining and returns its number.
  template <class Closure, class Keep>
  int get(int source, bool again, const KeptChainings& kept, Closure&& closure, Keep&& keep) {
    int s = slot_of_[source];
    if (s >= 0 && !again) return s;
    s = static_cast<int>(sources_.size());
    sources_.push_back(source);
    kept_.push_back(-1);
    state_.push_back(kUnknown);
    slot_of_[source] = s;
    if (!lazy_) {
      kept_[s] = keep(source);
      return s;
    }
    bits_.resize(bits_.size() + 2 * static_cast<std::size_t>(words_));
    std::uint64_t* b = bits_.data() + 2 * static_cast<std::size_t>(words_) * s;
    if (closure(source, b)) {
      state_[s] = kFixpoint;
    } else {
      state_[s] = kContradiction;
      std::fill(b, b + 2 * words_, 0);
      kept_[s] = keep(source);
      kept.node_bits(kept_[s], b, b + words_);
    }
    return s;
  }
  // What a closure in progress may take from the slot of `source` (lazy): kFixpoint, its
  // bits are the least fixpoint of the links from source without a node both "on" and
  // "off"; kContradiction, that fixpoint holds one; kUnknown, no slot or not closed yet.
  enum State : char { kUnknown, kFixpoint, kContradiction };
  State state(int source) const {
    const int s = slot_of_[source];
    return s < 0 ? kUnknown : state_[s];
  }
  // The "on" then "off" bit sets of the slot of `source` (state() is kFixpoint).
  const std::uint64_t* bits_of(int source) const {
    return bits_.data() + 2 * static_cast<std::size_t>(words_) * slot_of_[source];
  }
  // A closure (on, off, its queue of "off" nodes) takes its "on" node of candidate y: the
  // fixpoint of y's slot joins it when known (its "off" nodes queued when kQueueJoined),
  // else y's removals spread; false at a contradiction (also when y's slot met one).
  template <bool kQueueJoined>
  [[gnu::always_inline]] bool take_on(const CandidateBits& bits, int y, std::uint64_t* on,
                                      std::uint64_t* off, std::vector<int>& queue) const {
    const int s = slot_of_[y << 1 | 1];
    if (s < 0 || state_[s] == kUnknown) return bits.spread_on(y, on, off, queue);
    if (state_[s] == kContradiction) return false;
    const std::uint64_t* yb = bits_.data() + 2 * static_cast<std::size_t>(words_) * s;
    return bits.join(yb, yb + words_, on, off, kQueueJoined ? &queue : nullptr);
  }
  int kept(int s) const { return kept_[s]; }  // its kept chaining, or -1
  // The slot's kept chaining, made by keep(source) when first needed.
  template <class Keep>
  int materialize(int s, Keep&& keep) {
    if (kept_[s] < 0) kept_[s] = keep(sources_[s]);
    return kept_[s];
  }
  // Whether slot s holds node nd (lazy).
  bool has(int s, int nd) const {
    const int x = nd >> 1;
    const std::uint64_t* b = bits_.data() + 2 * static_cast<std::size_t>(words_) * s;
    return ((b[((nd & 1) ? 0 : words_) + (x >> 6)]) >> (x & 63)) & 1;
  }
  // Whether the slots share a node (lazy).
  bool share_a_node(const std::vector<int>& slots) const {
    return share_a_bit(slots, bits_.data(), 2 * static_cast<std::size_t>(words_), 2 * words_);
  }

 private:
  std::vector<int> slot_of_, sources_, kept_;
  std::vector<State> state_;
  std::vector<std::uint64_t> bits_;
  int words_ = 0;
  bool lazy_ = false;
};

// SE's getHints keeps, of the hints that remove the same candidates, only the first in
// (rating, complexity, sort key) order, the earliest made on a tie (in_se_order). Where a
// producer's hints all have one base rating (the dynamic producer's), the rating grows
// with the complexity, so that first is the least (complexity, sort key), earliest made:
// a hint that does not beat the best one so far of its removals is dropped from the
// output whatever else is found, and need not be made. This holds the best so far per
// removal set: the target's cell and the digits removed there (a hint removes its "off"
// target, or the other values of its "on" target's cell).
// Contract: reset() at each run; entries are made in the order hints are.
class BestByRemovals {
 public:
  void reset(int cells) {
    head_.assign(static_cast<std::size_t>(cells), -1);
    entries_.clear();
  }
  // The removals of a hint on `target` on the grid's candidates `cand` (cell, digits);
  // digits 0 when it removes nothing.
  static std::pair<int, Mask> removals(int n, const Mask* cand, int target) {
    const int c = (target >> 1) / n, d = (target >> 1) % n + 1;
    return {c, (target & 1) ? cand[c] & ~(Mask{1} << d) : Mask{1} << d};
  }
  // The complexity a hint on those removals must stay under or equal to, to be kept (a
  // large number when there is none yet).
  int bound(int c, Mask digits) const {
    const Entry* e = find(c, digits);
    return e ? e->complexity : kNone;
  }
  // Whether a hint of (complexity, sort key) made now beats the best so far (and is the
  // best then).
  bool offer(int c, Mask digits, int complexity, int sort_key) {
    Entry* e = find(c, digits);
    if (!e) {
      entries_.push_back(Entry{digits, complexity, sort_key, head_[c]});
      head_[c] = static_cast<int>(entries_.size()) - 1;
      return true;
    }
    if (complexity > e->complexity || (complexity == e->complexity && sort_key >= e->sort_key))
      return false;
    e->complexity = complexity;
    e->sort_key = sort_key;
    return true;
  }
  static constexpr int kNone = 1 << 30;

 private:
  struct Entry {
    Mask digits;
    int complexity, sort_key, next;
  };
  const Entry* find(int c, Mask digits) const {
    for (int i = head_[c]; i >= 0; i = entries_[i].next) {
      if (entries_[i].digits == digits) return &entries_[i];
    }
    return nullptr;
  }
  Entry* find(int c, Mask digits) {
    return const_cast<Entry*>(static_cast<const BestByRemovals*>(this)->find(c, digits));
  }
  std::vector<int> head_;  // per cell: its last entry, or -1
  std::vector<Entry> entries_;
};

// The producers of chains_nested.h with the parents not resolved (rule_sources only),
// and those hints with their parents resolved against grid.
std::vector<StaticChainHint> static_hints(const PlusGrid& grid);
// For tests: static_chain_hints with every source searched, none skipped by the
// reachability filters (which sources reach their negation, which lie on a cycle).
std::vector<StaticChainHint> static_hints_every_source(const PlusGrid& grid);
std::vector<StaticChainHint> static_multiple_hints(const PlusGrid& grid);
// For tests: static_multiple_chain_hints with each chaining computed wherever it is needed
// (none taken from the run's kept chainings).
std::vector<StaticChainHint> static_multiple_hints_every_chaining(const PlusGrid& grid);
std::vector<StaticChainHint> dynamic_hints(const PlusGrid& grid, int nesting);
// For tests: dynamic_chain_hints the same way.
std::vector<StaticChainHint> dynamic_hints_every_chaining(const PlusGrid& grid, int nesting);
// For tests: the chainings from "off" nodes the dynamic producer of nesting 0 runs on grid
// (every_chaining: as SE, one per candidate of a cell with two or more).
long dynamic_off_chainings(const PlusGrid& grid, bool every_chaining);
// For tests: the chainings from every candidate of grid, "on" and "off", by the dynamic
// producer of nesting 0 with records and as bit sets (its closures): how many were
// compared, how many met a contradiction, and in how many the closure's contradiction or
// (without one) nodes differ.
struct ClosureCheck {
  int compared = 0, contradictions = 0, differ = 0;
};
ClosureCheck dynamic_closures_agree(const PlusGrid& grid);
// For tests: the same for the static multiple producer's chainings from every candidate
// ("on"), with instances and as bit sets.
ClosureCheck static_closures_agree(const PlusGrid& grid);
std::vector<StaticChainHint> resolved(const PlusGrid& grid, std::vector<StaticChainHint>&& hints);

// SE's getHints: sorted by (rating, complexity, sort key), stable; a hint whose removals
// equal an earlier one's left out (chains_nested.cpp).
std::vector<StaticChainHint> in_se_order(std::vector<StaticChainHint>&& hints);

}  // namespace sudoforge::grader::detail::nested
