// The best hint of the static chains and its text (chain_hints.h).
//
// Invariants: `best` and `best_order` are those of the hint in *out whenever `found`; a
// barren-table slot is live only when its stamp is the current call's. Why a table of
// barren cycles: a cycle is met once from each of its sources, mostly without
// eliminations, and the test of its eliminations costs more than the lookup.
#include "chain_hints.h"

#include <algorithm>
#include <bit>

#include "chain_length.h"

namespace sudoforge::grader::detail {

void ChainHints::start_call(Hint& hint_out, bool explain_hints, int call_stamp,
                            const std::uint64_t* digit_cells, int set_words) {
  found = false;
  out = &hint_out;
  explain = explain_hints;
  call_stamp_ = call_stamp;
  digit_cells_ = digit_cells;
  set_words_ = set_words;
  const size_t nn = static_cast<size_t>(board_.nc) * board_.n * 2;
  if (node_key_.size() < nn) {
    node_key_.resize(nn);
    std::uint64_t z = 0x9E3779B97F4A7C15ull;  // splitmix64: fixed, so runs repeat
    for (auto& key : node_key_) {
      z += 0x9E3779B97F4A7C15ull;
      std::uint64_t t = z;
      t = (t ^ (t >> 30)) * 0xBF58476D1CE4E5B9ull;
      t = (t ^ (t >> 27)) * 0x94D049BB133111EBull;
      key = t ^ (t >> 31);
    }
    barren_key_.assign(size_t{1} << kBarrenBits, 0);
    barren_stamp_.assign(size_t{1} << kBarrenBits, 0);
  }
}

std::string ChainHints::node_name(int node) const {
  const int cd = node >> 1;
  const int c = cd / board_.n, d = cd % board_.n + 1;
  return board_.g->cell_name(c) + ((node & 1) ? "=" : "<>") + digit_name(*board_.g, d);
}
std::string ChainHints::path_text(int inst, int last_node) const {
  std::vector<int> nodes;
  if (last_node >= 0) nodes.push_back(last_node);
  for (int p = inst; p >= 0; p = tree_.instance_parent(p)) nodes.push_back(tree_.instance_node(p));
  std::string s;
  for (size_t i = nodes.size(); i-- > 0;) {
    s += node_name(nodes[i]);
    if (i) s += " -> ";
  }
  return s;
}

void ChainHints::offer_chain(bool y, int source, int parent_inst, int complexity) {
  const int base = y ? 70 : 66;
  ChainKey k{base + length_difficulty(complexity), complexity, y ? 4 : 2};
  const long ord = discovery_order(source, (source & 1) ? 1 : 2);
  if (!wins(k, ord)) return;
  best = k;
  best_order = ord;
  found = true;
  Hint& h = *out;
  h.technique = y ? "Forcing Chain" : (complexity == 6 ? "Turbot Fish" : "Forcing X-Chain");
  if (!y && complexity != 6) h.technique = "Forcing X-Chain";
  h.rating = k.rating;
  h.complexity = complexity;
  h.sort_key = k.sort_key;
  const int cd = source >> 1;
  const int c = cd / board_.n, d = cd % board_.n + 1;
  h.placements.clear();
  h.eliminations.clear();
  const bool target_on = !(source & 1);  // from off(s) we reached on(s)
  if (target_on) {
    for (Mask m = board_.cand[c] & ~(Mask{1} << d); m; m &= m - 1)
      h.eliminations.emplace_back(c, lowest(m));
    h.placements.emplace_back(c, d);
  } else {
    h.eliminations.emplace_back(c, d);
  }
  h.cells.clear();
  for (int p = parent_inst; p >= 0; p = tree_.instance_parent(p)) {
    const int cell = (tree_.instance_node(p) >> 1) / board_.n;
    if (std::find(h.cells.begin(), h.cells.end(), cell) == h.cells.end()) h.cells.push_back(cell);
  }
  if (explain) {
    const int target = source ^ 1;
    h.explanation = (target_on ? board_.g->cell_name(c) + "=" + digit_name(*board_.g, d)
                               : board_.g->cell_name(c) + "<>" + digit_name(*board_.g, d)) +
                    ": " + h.technique + " (" + std::to_string(complexity) +
                    " nodes): " + path_text(parent_inst, target);
  }
}

// The lesser of the sums of the cycle's nodes' words and of their negations' words: a
// cycle and the one of its negated nodes (met from the other value of a bivalue source,
// say) have the same cells and the same eliminations (a candidate sees an "on" and an
// "off" node of its digit in both), so they share one key.
std::uint64_t ChainHints::cycle_key(int last_off) const {
  std::uint64_t h = 0, g = 0;
  for (int p = last_off; p >= 0; p = tree_.instance_parent(p)) {
    const int v = tree_.instance_node(p);
    h += node_key_[v];
    g += node_key_[v ^ 1];
  }
  return std::min(h, g);
}
// Finds key h among this call's barren cycles; else returns false and, when `insert`,
// records it (a full table just forgets: a lost entry only costs a recomputation).
bool ChainHints::barren(std::uint64_t h, bool insert) {
  const size_t mask = (size_t{1} << kBarrenBits) - 1;
  for (size_t i = (h >> 20) & mask, probes = 0; probes < 8; i = (i + 1) & mask, ++probes) {
    if (barren_stamp_[i] != call_stamp_) {
      if (insert) {
        barren_stamp_[i] = call_stamp_;
        barren_key_[i] = h;
      }
      return false;
    }
    if (barren_key_[i] == h) return true;
  }
  return false;
}

// The eliminations of the cycle closing at last_off, into eliminations_scratch_: the
// candidates outside the cycle's cells seen by an "on" and by an "off" node of their
// digit. kW words per cell set (0: set_words_).
template <int kW>
void ChainHints::cycle_eliminations(int last_off) {
  const int w_n = kW > 0 ? kW : set_words_;
  // seen_[(2d + on) * w_n]: the cells seeing an "off" / "on" node of digit d.
  const size_t need = static_cast<size_t>(board_.n + 1) * 2 * w_n;
  if (seen_.size() < need) seen_.assign(need, 0);
  std::uint64_t cells[kW > 0 ? kW : 1] = {};
  if (kW == 0) cycle_cells_.assign(w_n, 0);
  std::uint64_t* cyc = kW > 0 ? cells : cycle_cells_.data();
  std::uint64_t* seen = seen_.data();
  const std::uint64_t* peers = board_.g->peer_set(0);
  const unsigned n = static_cast<unsigned>(board_.n);
  Mask digits = 0;
  for (int p = last_off; p >= 0; p = tree_.instance_parent(p)) {
    const unsigned node = static_cast<unsigned>(tree_.instance_node(p));
    const unsigned cd = node >> 1;
    const unsigned c = cd / n, d = cd - c * n + 1;
    cyc[c / 64] |= std::uint64_t{1} << (c % 64);
    std::uint64_t* t = seen + (2 * d + (node & 1)) * w_n;
    const std::uint64_t* pb = peers + static_cast<size_t>(c) * w_n;
    if (!((digits >> d) & 1)) {
      digits |= Mask{1} << d;
      std::uint64_t* u = seen + (2 * d + (~node & 1)) * w_n;
      for (int w = 0; w < w_n; ++w) {
        t[w] = pb[w];
        u[w] = 0;
      }
    } else {
      for (int w = 0; w < w_n; ++w) t[w] |= pb[w];
    }
  }
  auto& elims = eliminations_scratch_;
  elims.clear();
  for (Mask dm = digits; dm; dm &= dm - 1) {
    const int d = lowest(dm);
    const std::uint64_t* off = seen + static_cast<size_t>(2 * d) * w_n;
    const std::uint64_t* on = off + w_n;
    for (int w = 0; w < w_n; ++w) {
      std::uint64_t e = on[w] & off[w] & digit_cells_[d * w_n + w] & ~cyc[w];
      for (; e; e &= e - 1) elims.emplace_back(w * 64 + std::countr_zero(e), d);
    }
  }
}

void ChainHints::offer_cycle(int last_off, bool y, bool x, int base, int sort_key, int complexity) {
  ChainKey k{base + length_difficulty(complexity), complexity, sort_key};
  const long ord = discovery_order(tree_.instance_node(0), 0);
  if (!wins(k, ord)) return;
  const std::uint64_t ckey = barren_table ? cycle_key(last_off) : 0;
  if (barren_table && barren(ckey, false)) return;
  // clang-format off
  switch (set_words_) {
    case 2: cycle_eliminations<2>(last_off); break;  // 9x9
    default: cycle_eliminations<0>(last_off); break;
  }
  // clang-format on
  auto& elims = eliminations_scratch_;
  if (elims.empty()) {
    if (barren_table) barren(ckey, true);
    return;
  }
  std::sort(elims.begin(), elims.end());
  best = k;
  best_order = ord;
  found = true;
  Hint& h = *out;
  h.technique =
      (y && x) ? "Bidirectional Cycle" : (y ? "Bidirectional Y-Cycle" : "Bidirectional X-Cycle");
  h.rating = k.rating;
  h.complexity = complexity;
  h.sort_key = sort_key;
  h.placements.clear();
  h.eliminations = elims;
  h.cells.clear();
  for (int p = last_off; p >= 0; p = tree_.instance_parent(p)) {
    const int cell = (tree_.instance_node(p) >> 1) / board_.n;
    if (std::find(h.cells.begin(), h.cells.end(), cell) == h.cells.end()) h.cells.push_back(cell);
  }
  if (explain) {
    h.explanation = std::string(h.technique) + " (" + std::to_string(complexity) +
                    " nodes): " + path_text(last_off, tree_.instance_node(0)) + ": " +
                    describe_eliminations(*board_.g, h.eliminations);
  }
}

}  // namespace sudoforge::grader::detail
