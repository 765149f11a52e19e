// Which sources of a static chain pass can close, and which cycles can eliminate
// (chain_reachability.h).
//
// Invariants: the tables are valid for the call whose stamp they carry
// (closer_stamp_call_, xy_component_call, comp_start_call_, elim_call_[k]); part_reach_
// holds, per live XY component, the live components it reaches (by_parts_), else
// reached_by_ the candidate sources reaching it. Why per component: Tarjan's numbering
// orders the components topologically, so one sweep over the links, forward (pull) or
// backward (push), completes every set.
#include "chain_reachability.h"

#include <algorithm>
#include <bit>

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
  const int sinks = dead_parts_;
  // A dead end's "on" node: nothing links into it, so its set is its own bit (when it is
  // a candidate source), one word. Of the dead ends' sets only their own "on" node's bit
  // is ever read (its closing, and on_some_chain, which for it is the same), so its bit
  // is not pushed into the others.
  for (int i = nodes; i-- > late_from_;) {
    const int u = ord[i];
    const std::uint64_t* ru = r + static_cast<size_t>(comp[u]) * gw;
    int w = 0;
    while (w < gw && !ru[w]) ++w;
    if (w == gw) continue;
    const std::uint64_t bit = ru[w];
    for (int k = graph_.links_begin[u], ke = graph_.links_end[u]; k < ke; ++k) {
      const int ct = comp[a[k]];
      if (ct >= sinks) r[static_cast<size_t>(ct) * gw + w] |= bit;
    }
  }
  // The dead ends' "off" nodes (the first sink_nodes_) have no links.
  for (int i = late_from_; i-- > sink_nodes_;) {
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

void ChainReachability::closing_sources(std::span<const int> sources,
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
    tarjan_.number_xy(board_, graph_, xy_component.data(), xy_component_size, comp_order_.data(),
                      part_reach_);
    reach_pulled_ = tarjan_.reach_fits;
    numbered_serial_ = board_.g->serial();
    numbered_count_ = tarjan_.component_count;
    dead_parts_ = tarjan_.dead_ends;
    sink_nodes_ = dead_parts_;
    late_from_ = nodes - dead_parts_;
  } else {
    list_parts();
    reach_pulled_ = false;
  }
  const int* comp = xy_component.data();
  xy_component_call = call_stamp_;
  const int ncomp = numbered_count_;
  by_parts_ =
      !push_only && numbered_count_ - 2 * dead_parts_ <= 64 && close_by_parts(sources, closing);
  if (by_parts_) return;
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

// Reachability between the live parts [dead_parts_, hi) (one bit each, part_reach_),
// pulled in rising order (Tarjan's order is reverse topological). Which source reaches
// its negation follows: a source v of a live part closes when its negation's part is in
// its reach (both parts are live: a dead end's "off" node never closes, as a source it is
// passed over, and its "on" node is no live part's negation); a dead end's "on" node on(a), whose links lead to off(b)
// for the peers b of a (and, symmetrically, on(b) -> off(a)), closes when some off(b)
// reaches some on(b'), b and b' such peers. Returns false, having listed nothing, when
// more than 64 such "on" nodes close (then closing_sources pushes sets as before).
bool ChainReachability::close_by_parts(std::span<const int> sources, std::vector<int>& closing) {
  const int lo = dead_parts_, hi = numbered_count_ - dead_parts_;
  const int* comp = xy_component.data();
  const int* ord = comp_order_.data();
  const int* a = graph_.links.data();
  const int* lb = graph_.links_begin.data();
  const int* le = graph_.links_end.data();
  if (part_reach_.size() < static_cast<size_t>(numbered_count_))
    part_reach_.resize(numbered_count_);
  if (late_reach_.size() < static_cast<size_t>(numbered_count_)) {
    late_reach_.resize(numbered_count_);
    part_bit_.resize(numbered_count_);
  }
  std::uint64_t* t = part_reach_.data();
  if (!reach_pulled_) {       // a kept numbering (number_xy pulls in its walk)
    std::fill(t, t + lo, 0);  // the dead ends' "off" nodes reach no live part
    int cur = -1;
    for (int i = sink_nodes_; i < late_from_; ++i) {
      const int u = ord[i];
      const int cu = comp[u];
      if (cu != cur) {
        t[cu] = std::uint64_t{1} << (cu - lo);
        cur = cu;
      }
      std::uint64_t acc = t[cu];
      for (int k = lb[u], ke = le[u]; k < ke; ++k) acc |= t[comp[a[k]]];
      t[cu] = acc;
    }
  }
  std::fill(late_reach_.begin(), late_reach_.begin() + numbered_count_, 0);
  // Each part's own bit, none for the dead ends' "on" nodes (only the live parts matter).
  std::uint64_t* pb = part_bit_.data();
  for (int k = lo; k < hi; ++k) pb[k] = std::uint64_t{1} << (k - lo);
  std::fill(pb + hi, pb + numbered_count_, 0);
  // A node's part's reach: per node from the numbering's walk, per part for a kept one.
  const std::uint64_t* nr = tarjan_.node_reach.data();
  std::uint64_t* lr = late_reach_.data();
  close_sc_all_ = close_sc_on_ = 0;
  int late = 0;
  const size_t first = closing.size();
  for (int v : sources) {
    const int cv = comp[v];
    if (cv < hi) {
      if (cv < lo) continue;  // a dead end's "off" node: it reaches nothing
      const int cn = comp[v ^ 1];
      if (!((t[cv] >> (cn - lo)) & 1)) continue;
      const std::uint64_t bit = std::uint64_t{1} << (cn - lo);
      close_sc_all_ |= bit;
      if (v & 1) close_sc_on_ |= bit;
    } else {
      // The parts on(a) reaches, and those of on(b) for its links' off(b).
      std::uint64_t reach = 0, back = 0;
      if (reach_pulled_) {
        for (int k = lb[v], ke = le[v]; k < ke; ++k) {
          const int m = a[k];
          reach |= nr[m];
          back |= pb[comp[m ^ 1]];
        }
      } else {
        for (int k = lb[v], ke = le[v]; k < ke; ++k) {
          const int m = a[k];
          reach |= t[comp[m]];
          back |= pb[comp[m ^ 1]];
        }
      }
      if (!(reach & back)) continue;
      if (late == 64) {
        for (size_t i = first; i < closing.size(); ++i) closer_stamp_[closing[i]] = 0;
        closing.resize(first);
        return false;
      }
      for (std::uint64_t m = reach; m; m &= m - 1)
        lr[lo + std::countr_zero(m)] |= std::uint64_t{1} << late;
      lr[cv] = lr[comp[v ^ 1]] = std::uint64_t{1} << late;
      ++late;
    }
    closing.push_back(v);
    closer_stamp_[v] = call_stamp_;
  }
  return true;
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
  // A held numbering's dead ends still have no link (one would lead up), and some died.
  sink_nodes_ = dead_parts_ > 0 ? part_next_[dead_parts_ - 1] + size[dead_parts_ - 1] : 0;
  late_from_ = dead_parts_ > 0 ? part_next_[numbered_count_ - dead_parts_] : 2 * board_.live_count;
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
