// Which sources of a static chain pass can close, and which cycles can eliminate
// (chain_reachability.h).
//
// Invariants: the tables are valid for the call whose stamp they carry
// (closer_stamp_call_, xy_component_call, comp_start_call_, elim_call_[k]); reached_by_
// holds, per XY component, the candidate sources reaching it. Why per component: Tarjan's
// numbering orders the components topologically, so one backward sweep over the links
// pushes every set to all it reaches.
#include "chain_reachability.h"

#include <algorithm>

namespace sudoforge::grader::detail {

// Pushes each component's set to the components its links lead to, in topological
// order (comp_order_ lists the nodes by rising component: walked backwards); kW words
// per set (0: `words`).
template <int kW>
void ChainReachability::push_reach(int nodes, int words) {
  const int gw = kW > 0 ? kW : words;
  const int* ord = comp_order_.data();
  const int* comp = xy_component.data();
  const int* a = graph_.links.data();
  std::uint64_t* r = reached_by_.data();
  for (int i = nodes; i-- > 0;) {
    const int u = ord[i];
    const int cu = comp[u];
    const std::uint64_t* ru = r + static_cast<size_t>(cu) * gw;
    std::uint64_t any = 0;
    for (int w = 0; w < gw; ++w) any |= ru[w];
    if (!any) continue;
    if constexpr (kW > 0) {
      // The set's words in registers (the stores could alias them otherwise). A link
      // inside u's component ORs the set into itself: harmless.
      std::uint64_t su[kW];
      for (int w = 0; w < kW; ++w) su[w] = ru[w];
      for (int k = graph_.links_begin[u], ke = graph_.links_end[u]; k < ke; ++k) {
        std::uint64_t* rt = r + static_cast<size_t>(comp[a[k]]) * kW;
        for (int w = 0; w < kW; ++w) rt[w] |= su[w];
      }
      continue;
    }
    // A link inside u's component ORs the set into itself: no test needed.
    for (int k = graph_.links_begin[u], ke = graph_.links_end[u]; k < ke; ++k) {
      std::uint64_t* rt = r + static_cast<size_t>(comp[a[k]]) * gw;
      for (int w = 0; w < gw; ++w) rt[w] |= ru[w];
    }
  }
}

void ChainReachability::closing_sources(const std::vector<int>& sources,
                                        std::vector<int>& closing) {
  const size_t nn = static_cast<size_t>(board_.nc) * board_.n * 2;
  if (closer_stamp_.size() < nn) closer_stamp_.assign(nn, 0);
  closer_stamp_call_ = call_stamp_;
  if (xy_component.size() < nn) xy_component.resize(nn);
  if (comp_order_.size() < nn) comp_order_.resize(nn);
  const int nodes = 2 * board_.live_count;
  // Tarjan's numbering of an earlier call on this grid, kept while every link of this
  // call's graph leads to the same or a lower number. Then every cycle of the graph
  // stays within one part, so each of this graph's components lies inside one part of
  // the old numbering, and the parts, taken in that order, are still in reverse
  // topological order. Every use below reads parts as a bound only: the closers and
  // on_some_chain become supersets (the chain search over more sources and nodes finds
  // the same shortest chains: no extra source closes, and the distances between the
  // nodes of the exact set are unchanged), cycles_may_eliminate and eliminable_digits
  // say "may" more often, and the cycle steps keep the pairs inside a part, which holds
  // the source's component (the cycle searches meet its nodes as before). So the
  // results are the same; what it saves is the numbering, at the cost of looser bounds.
  if (numbered_serial_ != board_.g->serial() || !numbering_holds()) {
    tarjan_.number<true>(board_, graph_, graph_.links_begin.data(), graph_.links_begin.data(),
                         graph_.links_end.data(), xy_component.data(), xy_component_size,
                         comp_order_.data());
    numbered_serial_ = board_.g->serial();
    numbered_count_ = tarjan_.component_count;
  } else {
    list_parts();
  }
  const int* comp = xy_component.data();
  xy_component_call = call_stamp_;
  const int ncomp = numbered_count_;
  candidate_sources_.clear();
  for (int v : sources) {
    if (comp[v] >= comp[v ^ 1]) candidate_sources_.push_back(v);
  }
  const int nsrc = static_cast<int>(candidate_sources_.size());
  if (nsrc == 0) {  // no chain: no cycle eliminates
    reach_words_ = 0;
    return;
  }
  const int words = (nsrc + 63) / 64;
  const size_t rsize = static_cast<size_t>(ncomp) * words;
  if (reached_by_.size() < rsize) reached_by_.resize(rsize);
  std::fill(reached_by_.begin(), reached_by_.begin() + rsize, 0);
  std::uint64_t* r = reached_by_.data();
  for (int j = 0; j < nsrc; ++j) {
    r[static_cast<size_t>(comp[candidate_sources_[j]]) * words + j / 64] |= std::uint64_t{1}
                                                                            << (j % 64);
  }
  // clang-format off
  switch (words) {
    case 1: push_reach<1>(nodes, words); break;
    case 2: push_reach<2>(nodes, words); break;
    case 3: push_reach<3>(nodes, words); break;
    case 4: push_reach<4>(nodes, words); break;
    default: push_reach<0>(nodes, words); break;
  }
  // clang-format on
  close_on_.assign(words, 0);
  close_all_.assign(words, 0);
  reach_words_ = words;
  for (int j = 0; j < nsrc; ++j) {
    const int v = candidate_sources_[j];
    if ((r[static_cast<size_t>(comp[v ^ 1]) * words + j / 64] >> (j % 64)) & 1) {
      closing.push_back(v);
      closer_stamp_[v] = call_stamp_;
      close_all_[j / 64] |= std::uint64_t{1} << (j % 64);
      if (v & 1) close_on_[j / 64] |= std::uint64_t{1} << (j % 64);
    }
  }
}

// A grid only loses candidates, so this call's nodes all had a number, and its links
// between "on" and "off" nodes (peers, other values of a cell) all existed then: only a
// strong link (out of an "off" node: a new bivalue cell or conjugate pair) can be new.
bool ChainReachability::numbering_holds() const {
  const int* comp = xy_component.data();
  const int* a = graph_.links.data();
  const int* live = board_.live_off.data();
  for (int i = 0; i < board_.live_count; ++i) {
    const int off = live[i];
    const int top = comp[off];
    for (int k = graph_.links_begin[off], ke = graph_.links_end[off]; k < ke; ++k) {
      if (comp[a[k]] > top) return false;
    }
  }
  return true;
}

// The live nodes by rising part (comp_order_) and each part's live node count, as the
// numbering lists them.
void ChainReachability::list_parts() {
  const int* comp = xy_component.data();
  xy_component_size.assign(numbered_count_, 0);
  int* size = xy_component_size.data();
  const int* live = board_.live_off.data();
  for (int i = 0; i < board_.live_count; ++i) {
    const int off = live[i];
    ++size[comp[off]];
    ++size[comp[off + 1]];
  }
  // Each part's first place in comp_order_, then its next free one.
  part_next_.resize(numbered_count_);
  for (int k = 0, at = 0; k < numbered_count_; ++k) {
    part_next_[k] = at;
    at += size[k];
  }
  int* order = comp_order_.data();
  for (int i = 0; i < board_.live_count; ++i) {
    const int off = live[i];
    order[part_next_[comp[off]]++] = off;
    order[part_next_[comp[off + 1]]++] = off + 1;
  }
}

Mask ChainReachability::compute_eliminable_digits(int k) {
  if (comp_start_call_ != call_stamp_) {
    comp_start_call_ = call_stamp_;
    const int ncomp_xy = static_cast<int>(xy_component_size.size());
    if (comp_start_.size() < static_cast<size_t>(ncomp_xy) + 1) comp_start_.resize(ncomp_xy + 1);
    if (elim_.size() < static_cast<size_t>(ncomp_xy)) {
      elim_.resize(ncomp_xy);
      elim_size_ = ncomp_xy;
    }
    int at = 0;
    for (int i = 0; i < ncomp_xy; ++i) {
      comp_start_[i] = at;
      at += xy_component_size[i];
    }
    comp_start_[ncomp_xy] = at;
  }
  ElimDigits& e = elim_[k];
  if (e.call != call_stamp_) {
    e.call = call_stamp_;
    // clang-format off
    switch (set_words_) {
      case 2: e.digits = component_digits<2>(k); break;  // 9x9
      case 4: e.digits = component_digits<4>(k); break;  // 16x16
      default: e.digits = component_digits<0>(k); break;
    }
    // clang-format on
    // The mirror part (the negations of k's nodes) has the same digits: the graph is
    // its own contrapositive, so its components (and the parts of a kept numbering, old
    // components) come in mirror pairs, and a candidate sees an "on" and an "off" node of
    // its digit in one exactly when it does in the other.
    const int first = comp_start_[k];
    if (first < comp_start_[k + 1]) elim_[xy_component[comp_order_[first] ^ 1]] = e;
  }
  return e.digits;
}
// eliminable_digits of component k, kW words per cell set (0: set_words_).
template <int kW>
Mask ChainReachability::component_digits(int k) {
  const int w_n = kW > 0 ? kW : set_words_;
  const size_t words = static_cast<size_t>(board_.n + 1) * w_n;
  if (seen_on_.size() < words) {
    seen_on_.resize(words);
    seen_off_.resize(words);
  }
  std::uint64_t* on = seen_on_.data();
  std::uint64_t* off = seen_off_.data();
  Mask digits = 0;
  for (int i = comp_start_[k]; i < comp_start_[k + 1]; ++i) {
    const int v = comp_order_[i];
    const int cd = v >> 1;
    const int c = cd / board_.n, d = cd - c * board_.n + 1;
    std::uint64_t* t = ((v & 1) ? on : off) + static_cast<size_t>(d) * w_n;
    const std::uint64_t* pc = board_.g->peer_set(c);
    if (!((digits >> d) & 1)) {
      digits |= Mask{1} << d;
      std::uint64_t* u = ((v & 1) ? off : on) + static_cast<size_t>(d) * w_n;
      for (int w = 0; w < w_n; ++w) {
        t[w] = pc[w];
        u[w] = 0;
      }
    } else {
      for (int w = 0; w < w_n; ++w) t[w] |= pc[w];
    }
  }
  Mask result = 0;
  for (Mask dm = digits; dm; dm &= dm - 1) {
    const int d = lowest(dm);
    std::uint64_t any = 0;
    for (int w = 0; w < w_n; ++w)
      any |= on[d * w_n + w] & off[d * w_n + w] & digit_cells_[d * w_n + w];
    if (any) result |= Mask{1} << d;
  }
  return result;
}

}  // namespace sudoforge::grader::detail
