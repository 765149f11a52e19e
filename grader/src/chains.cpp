// Forcing chains and bidirectional cycles, as Sudoku Explainer defines them.
//
// A node is a candidate (cell, digit) assumed "on" (true) or "off" (false). Links:
//   on(c,d)  -> off(c,d')  for the other candidates of c                     (Y-link)
//   on(c,d)  -> off(c',d)  for the peers c' of c holding d                   (always)
//   off(c,d) -> on(c,d')   when c holds exactly d and d'                     (Y-link)
//   off(c,d) -> on(c',d)   when a unit of c holds d only in c and c'         (X-link)
// Forcing chains: from on(s) reach off(s) (s is false), or from off(s) reach on(s) (s is
// true). Cycles: from on(s) back to on(s) through at least 4 nodes; the candidates seeing
// an "on" and an "off" node of the same digit outside the cycle's cells are false.
// Ratings: X-cycle / Y-cycle 6.5, forcing X-chain 6.6, XY-cycle / forcing chain 7.0, plus
// SE's length adjustment on the number of nodes; SE keeps the easiest (rating, then
// length, then kind; equal keys: first discovered, in the order pass X/Y/XY, candidate,
// cycle / chain from on / chain from off), and we reproduce that order while cutting
// every breadth-first search as soon as it cannot beat the best hint found so far.
//
// Speed: two rounds, with a rating ceiling of 7.3 and then none; the forcing chains of a
// pass are searched for all sources at once (bit-parallel breadth-first searches, one per
// digit for X-chains, resumed from round to round; a digit's search is kept from call to
// call while its candidates do not change), before the cycles; a source whose cycle
// search ran to the end is not searched again in later rounds; the cycle search only
// builds "off" tree.instances that have a strong link, from a per-pass table of
// on -> off -> on steps that stay inside a strongly connected component of the pass's
// graph (a cycle cannot leave one); a source's cycles are searched only when its
// component could eliminate something (cycles_may_eliminate, eliminable_digits); the last
// two layers a cycle search can still win with are searched for their closes only (the
// closers of cycles()); a pass Y search ends once the few nodes that can close it have
// been visited, offering their cycles without expanding them (count_y_closers,
// y_closer_offers), and a closers-only layer passes over the other nodes
// once every closer is visited; a pass Y / XY source is not searched when its cycles
// that can still win are shorter than the chains the XY search has decided and its
// component cannot eliminate a source that search closed (cycles_may_eliminate_closed);
// an "on" node's steps are built on its first expansion in the call; the first layer of
// a pass X / XY search (source_layer) skips the tests that cannot hold at the source, and
// pass Y's full layers have their own loop (y_layer); cycle eliminations are found on
// bit boards.
//
// The advanced chains (Nishio, multiple, dynamic) live in chains_dynamic.cpp.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <tuple>

#include "chain_components.h"
#include "chain_hints.h"
#include "chain_reachability.h"
#include "chain_search_tree.h"
#include "chains_internal.h"
#include "forcing_chain_search.h"
#include "stop_poll.h"

namespace sudoforge::grader::detail {

struct ChainEngine::Impl {
  ChainLinks graph;
  SearchTree tree;
  DynamicScratchPtr dynamic = make_dynamic_scratch();
  ChainBoard board;
  ChainHints hints{board, tree};  // the best hint so far

  // Forcing chain from `source` to its conjugate. `length`: the chain's node count when
  // known (the parallel search's), else 0.
  //
  // With the length known, the search expands only the nodes that can still lie on a chain
  // of that length, from the chain's middle on. By the contrapositive links, a path from v
  // to not-s of k links is one from s to not-v, so d(v, not-s) = d(s, not-v). A chain of
  // L = length - 1 links has length = 2e nodes; a node v met at distance d >= e can reach
  // not-s in time exactly when d(s, not-v) <= L - d <= e - 1, and every distance below e
  // is known by then (the search expands every node closer than e). The first parent of a
  // node that can is one that can, so the nodes expanded keep their order and first
  // parents, and the chain found is the full search's.
  void forcing_chain(int source, bool y, int length = 0) {
    const int base = y ? 70 : 66;
    const int sort_key = y ? 4 : 2;
    const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
    tree.reserve_search(nn + 1, nn + 1);  // every node is met once
    tree.instance_count = 0;
    int frontier_size = 0, next_size = 0;
    // A node met at distance d is stamped first + d when the length is known (its
    // distance, for the test above), first otherwise; stamps below first are older searches'.
    const int first = tree.search_stamp + 1;
    const int per_layer = length > 0 ? 1 : 0;
    tree.frontier[frontier_size++] = tree.new_instance(source, -1);
    tree.seen_stamp[source] = first;
    const int target = source ^ 1;
    int depth = 1;
    const long order = hints.discovery_order(source, (source & 1) ? 1 : 2);
    // The tree's arrays and count in locals: the stores through int pointers could alias
    // the count, which the compiler then kept in memory.
    int* seen = tree.seen_stamp.data();
    int count = tree.instance_count;
    while (frontier_size != 0) {
      const int c = depth + 1;  // complexity of a chain closing in the next layer
      if (!hints.wins(ChainKey{base + length_difficulty(c), c, sort_key}, order)) break;
      next_size = 0;
      SearchTree::Instance* inst_at = tree.instances.data();
      const int* frontier = tree.frontier.data();
      int* next = tree.next_frontier.data();
      const int stamp = first + per_layer * depth;
      // The nodes met now (at distance depth) are expanded when d(s, not-m) <= limit.
      const unsigned limit = per_layer && 2 * depth >= length
                                 ? static_cast<unsigned>(length - 1 - depth)
                                 : ~0u;
      for (int i = 0; i < frontier_size; ++i) {
        const int inst = frontier[i];
        const int v = inst_at[inst].node;
        for (const int *it = graph.links_from(v, y), *e = graph.links_until(v, true); it != e;
             ++it) {
          const int m = *it;
          if (m == target) [[unlikely]] {
            tree.instance_count = count;
            tree.search_stamp = stamp;
            hints.offer_chain(y, source, inst, c);
            return;
          }
          // Without a branch on whether m was seen (it goes either way): the instance is
          // written in any case and kept by the counts (room for every node, reserved).
          const int was = seen[m];
          const int fresh = was < first;
          seen[m] = fresh ? stamp : was;
          // Unmet: negative, so above any limit as unsigned.
          const int keep = fresh & (static_cast<unsigned>(seen[m ^ 1] - first) <= limit);
          inst_at[count] = SearchTree::Instance{m, inst};
          next[next_size] = count;
          count += keep;
          next_size += keep;
        }
      }
      tree.frontier.swap(tree.next_frontier);
      frontier_size = next_size;
      ++depth;
    }
    tree.instance_count = count;
    tree.search_stamp = first + per_layer * depth;
  }

  // The on -> off -> on steps of a pass (y, x), for the cycle search: for each "on" node,
  // its "off" neighbours w that have a strong link, in adjacency order, each as one pair
  // (w, m) per strong link w -> m, in the order of w's links. Flat pairs, not a list of w
  // with its links: most pairs lead to an "on" node the search has already visited, and
  // that test is then one load and one compare.
  struct OffOnStep {
    int w, m;
  };
  struct CycleSteps {
    std::vector<int> step_begin;  // [2v, 2v+1]: pairs of "on" node v in `pairs`
    std::vector<OffOnStep> pairs;
    // [v] == the call's stamp: v's pairs are built. A node's pairs are built when a
    // search first expands it: most "on" nodes of a pass are never expanded in a call.
    std::vector<int> built;
    int top = 0;  // pairs built so far
    // The components the pairs stay in, and the least size of one that gets pairs.
    const int* comp = nullptr;
    const int* csize = nullptr;
    int min_size = 2;
    bool valid = false;
  };
  CycleSteps cycle_steps[3];  // passes X, Y, XY
  CycleSteps* cur_steps = nullptr;
  const int* step_begin = nullptr;
  const int* steps_built = nullptr;
  const OffOnStep* steps = nullptr;
  // least_floor: no source of the pass searches its cycles in an XY component of fewer
  // nodes in this call (see find_forcing_chains; the floors only rise within a call).
  void use_cycle_steps(bool y, bool x, int least_floor) {
    CycleSteps& D = cycle_steps[(y ? 1 : 0) + (x && y ? 1 : 0)];
    if (!D.valid) {
      start_cycle_steps(D, y, x, least_floor);
      D.valid = true;
    }
    // A cycle search has at most one instance per "on" node (visited once) and one per
    // link to an "off" neighbour w under it (groups), ons + 1 per layer.
    const size_t ons = board.live_count;
    tree.reserve_search(ons + static_cast<size_t>(graph.links_size) + 1, ons + 1);
    cur_steps = &D;
    step_begin = D.step_begin.data();
    steps_built = D.built.data();
    steps = D.pairs.data();
  }
  // The pairs of the current pass's "on" node v, built on its first expansion in the call.
  template <bool y, bool x>
  [[gnu::always_inline]] void need_steps(int v) {
    if (steps_built[v] != call_stamp) [[unlikely]]
      add_cycle_steps<y, x>(*cur_steps, v);
  }
  std::vector<int> tarjan_component, tarjan_size;  // the components of a pass (start_cycle_steps)
  StrongComponents tarjan;
  ChainReachability reach{board, graph, tarjan};  // pass XY: closing sources, eliminable cycles
  void start_cycle_steps(CycleSteps& D, bool y, bool x, int least_floor) {
    const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
    if (D.step_begin.size() < 2 * nn) D.step_begin.resize(2 * nn);
    if (D.built.size() < nn) D.built.assign(nn, 0);
    // A cycle lies inside one strongly connected component of the pass's graph, and so
    // does every path from on(s) to a node of that component: a node on such a path is
    // reachable from on(s) and reaches it back. So the search from on(s) meets the same
    // nodes of its component, with the same first parents and in the same order, whether
    // it follows the links that leave the component or not; those only lead to dead ends
    // (and an "off" instance whose new targets all lie outside is never an ancestor of a
    // node inside). Only the pairs inside a component are kept: the components are small,
    // so the cycle searches get cheaper (grader/PERF_NOTES.md).
    if (tarjan_component.size() < nn) tarjan_component.resize(nn);
    // The components of passes X and Y lie inside pass XY's (their links are some of
    // XY's), so those do too, when this call has them (always, on 9x9): fewer pairs
    // dropped, a Tarjan saved per pass.
    const bool xy_comps = reach.xy_component_call == call_stamp;
    const int* first = y ? graph.links_begin.data() : graph.links_y_end.data();
    const int* slast = x ? graph.links_end.data() : graph.links_y_end.data();
    D.comp = xy_comps ? reach.xy_component.data()
                      : tarjan.number(board, graph, first, first, slast, tarjan_component.data(),
                                      tarjan_size);
    // A component of one node holds no cycle; with the XY components, the search visits
    // none smaller than the least floor (its source would be skipped, and it stays in its
    // source's component).
    D.csize = xy_comps ? reach.xy_component_size.data() : tarjan_size.data();
    D.min_size = xy_comps ? std::max(2, least_floor) : 2;
    // Every (v, w, m) is distinct: at most one pair per link out of each "off" node per
    // link into it, and an "off" node has at most 4 strong links.
    const size_t bound = 4 * static_cast<size_t>(graph.links_size);
    if (D.pairs.size() < bound) D.pairs.resize(bound);
    D.top = 0;
    // Without the XY components, tarjan_component is the next pass's once that starts:
    // every node's pairs now (and for find_forcing_chains_plain, which the tests compare).
    if (!xy_comps || plain_search) {
      for (int i = 0; i < board.live_count; ++i) {
        const int v = board.live_off[i] + 1;
        if (y) {
          if (x)
            add_cycle_steps<true, true>(D, v);
          else
            add_cycle_steps<true, false>(D, v);
        } else {
          add_cycle_steps<false, true>(D, v);
        }
      }
    }
  }
  template <bool y, bool x>
  [[gnu::noinline]] void add_cycle_steps(CycleSteps& D, int v) {
    const int* base_adj = graph.links.data();
    // "on" nodes link to all their neighbours in every pass but X, which drops the
    // Y-links; an "off" node's strong links are its Y-link (passes Y, XY) and its
    // conjugates (X, XY).
    const int* first = y ? graph.links_begin.data() : graph.links_y_end.data();
    const int* sfirst = y ? graph.links_begin.data() : graph.links_y_end.data();
    const int* slast = x ? graph.links_end.data() : graph.links_y_end.data();
    const int* comp = D.comp;
    // Pass Y's searches start from bivalue cells and reach "on" nodes only through
    // Y-links, so they never expand the "on" nodes of other cells: those get no pairs.
    // (A cell is bivalue when its "on" nodes have one Y-link each.)
    const bool unreached = y && !x && graph.links_y_end[v] - graph.links_begin[v] != 1;
    OffOnStep* pair_out = D.pairs.data();
    int top = D.top;
    D.step_begin[2 * v] = top;
    const int cv = comp[v];
    const bool alone = unreached || cv < 0 || D.csize[cv] < D.min_size;
    for (const int *it = base_adj + first[v],
                   *e = base_adj + (alone ? first[v] : graph.links_end[v]);
         it != e; ++it) {
      const int w = *it;
      if (comp[w] != cv) continue;
      for (const int *jt = base_adj + sfirst[w], *je = base_adj + slast[w]; jt != je; ++jt) {
        // A pair back to v itself is never taken (v is visited, or the source at a
        // depth where no cycle closes): left out.
        if (comp[*jt] == cv && *jt != v) pair_out[top++] = OffOnStep{w, *jt};
      }
    }
    D.step_begin[2 * v + 1] = top;
    D.top = top;
    D.built[v] = call_stamp;
  }

  // Cycles through on(source). SE's breadth-first search: "on" nodes are visited once,
  // "off" nodes once per "on" parent (not an ancestor). An "off" instance only matters
  // through its strong links (to a new "on" node, or back to the source), so tree.instances
  // without one are never built; the order of discovery is SE's.
  // Returns true when the rating ceiling cut the search (false: searched to the end).
  //
  // The last two layers that can still win are searched for their closes only. In the
  // last one only the pairs (w, source) matter; in the one before, only the "on" nodes
  // that can close in the last one: "closers", one "off" node away from a strong link
  // into the source (mark_closers; a superset is fine). Leaving the other "on" nodes
  // out of a layer changes no close of the search: a node left out, and every node that
  // another parent then reaches in its place, is too far from the source to close in time,
  // and the nodes that can are met from the same first parents, in the same order.
  // kGeneric: pass Y's layers by the general code (see cycle_layer_inline).
  template <bool y, bool x, bool kGeneric = false>
  bool cycles(int source) {
    const int base = (y && x) ? 70 : 65;
    const int sort_key = (y && x) ? 4 : (y ? 3 : 2);
    ++tree.search_stamp;
    tree.instance_count = 0;  // use_cycle_steps reserved the room
    int frontier_size = 0;
    tree.frontier[frontier_size++] = tree.new_instance(source, -1);
    tree.seen_stamp[source] = tree.search_stamp;  // on nodes visited once
    int depth = 1;                                // depth of the tree.instances in cur (on nodes)
    const long order = hints.discovery_order(source, 0);
    auto can_win = [&](int c) {
      return hints.wins(ChainKey{base + length_difficulty(c), c, sort_key}, order);
    };
    // left_out: an "on" node was left out of a layer (the search may not have ended
    // where it stops). closers_marked: mark_closers ran for this search.
    bool left_out = false, closers_marked = false;
    // Pass Y (fast path): the search ends once every "on" node that can close has been
    // visited and expanded (see count_y_closers); y_closers_left < 0: not counted.
    constexpr bool kYStop = y && !x && !kGeneric;
    if constexpr (kYStop) {
      y_closers_left = count_y_closers(source);
      y_closer_next = false;
    }
    while (frontier_size != 0) {
      if constexpr (kYStop) {
        if (y_closers_left == 0 && !y_closer_next) return left_out;
        y_closer_next = false;
      }
      // Off layer at depth+1; a cycle closes from an off instance of depth >= 4.
      const int cmin = std::max({4, depth + 1, cycle_floor});
      const int offdepth = depth + 1;
      const bool closing = offdepth >= 4;
      // A key only grows with the length, and the best one only falls during the search:
      // when a cycle closing two layers on can win, so can this layer's and the next.
      if (can_win(std::max(cmin, depth + closer_lookahead))) {
        // Pass Y's searches mostly run to the end through this branch: inlined there
        // (measured; the other passes' searches are faster with the call).
        if constexpr (y && !x) {
          if constexpr (kYStop) {
            // The last closers are in the frontier: this layer's offers are theirs alone
            // (only closers hold a pair to the source), and no later layer has any.
            if (y_closers_left == 0) {
              if (closing && offdepth >= cycle_floor) y_closer_offers(source, frontier_size, offdepth);
              return left_out;
            }
          }
          if constexpr (kYStop) {
            frontier_size =
                y_layer(source, frontier_size, closing && offdepth >= cycle_floor, offdepth);
          } else {
            frontier_size = cycle_layer_inline<y, x, false, kGeneric>(source, frontier_size,
                                                                      closing, offdepth, left_out);
          }
        } else {
          frontier_size =
              depth == 1 && !plain_search
                  ? source_layer<y, x>(source)
                  : cycle_layer<y, x, false>(source, frontier_size, closing, offdepth, left_out);
        }
      } else {
        if (!can_win(cmin)) return true;
        if constexpr (kYStop) y_closers_left = -1;  // the closers' layers do not count
        if (!closers_marked) {
          mark_closers<y, x>(source);
          closers_marked = true;
        }
        if (!can_win(std::max(cmin, depth + 3)))
          return last_cycle_layer<y, x>(source, frontier_size, closing && offdepth >= cycle_floor,
                                        offdepth) ||
                 left_out;
        frontier_size =
            cycle_layer<y, x, true, kGeneric>(source, frontier_size, closing, offdepth, left_out);
      }
      tree.frontier.swap(tree.next_frontier);
      depth += 2;
    }
    return left_out;
  }

  // Pass Y's full layer (cycles() without kGeneric): cycle_layer_inline's pass Y case
  // without the closers-only part, with the tree's arrays, stamp and instance count in
  // locals (the stamps' stores are ints that could alias the tree's members, which the
  // loop would otherwise reload after each; the arrays do not move during a search).
  [[gnu::always_inline]] int y_layer(int source, int frontier_size, bool offering, int offdepth) {
    SearchTree::Instance* const ins = tree.instances.data();
    int* const seen = tree.seen_stamp.data();
    const int stamp = tree.search_stamp;
    const int* const frontier = tree.frontier.data();
    int* const next = tree.next_frontier.data();
    const int* const ycs = y_closer_stamp.data();
    int ic = tree.instance_count, next_size = 0, closers_in = 0;
    for (int i = 0; i < frontier_size; ++i) {
      const int inst = frontier[i];
      const int v = ins[inst].node;
      need_steps<true, false>(v);
      const OffOnStep* const st = steps;
      for (int k = step_begin[2 * v], ke = step_begin[2 * v + 1]; k < ke; ++k) {
        const int m = st[k].m;
        if (seen[m] == stamp) {
          if (m == source && offering) {
            ins[ic] = SearchTree::Instance{st[k].w, inst};
            tree.instance_count = ic + 1;
            hints.offer_cycle(ic, true, false, 65, 3, offdepth);
            ic = tree.instance_count;
          }
          continue;
        }
        seen[m] = stamp;
        closers_in += ycs[m] == stamp;  // no branch: closers come in no pattern
        ins[ic] = SearchTree::Instance{st[k].w, inst};
        ins[ic + 1] = SearchTree::Instance{m, ic};
        next[next_size++] = ic + 1;
        ic += 2;
      }
    }
    tree.instance_count = ic;
    y_closers_left -= closers_in;
    y_closer_next = closers_in != 0;
    return next_size;
  }

  // The first layer of a pass X / XY search, the source's own pairs, as cycle_layer
  // builds it: there no "off" node is an ancestor (the path is the source alone) and no
  // pair leads back to the source (add_cycle_steps leaves those out), so its blocked and
  // closing tests always say no, and the pairs only build the next frontier. The tree in
  // locals as in y_layer. find_forcing_chains_plain takes cycle_layer (the tests compare).
  template <bool y, bool x>
  [[gnu::noinline]] int source_layer(int source) {
    need_steps<y, x>(source);
    SearchTree::Instance* const ins = tree.instances.data();
    int* const seen = tree.seen_stamp.data();
    const int stamp = tree.search_stamp;
    int* const next = tree.next_frontier.data();
    const OffOnStep* const st = steps;
    int ic = tree.instance_count, next_size = 0, cw = -1, wi = -1;
    for (int k = step_begin[2 * source], ke = step_begin[2 * source + 1]; k < ke; ++k) {
      const int m = st[k].m;
      if (seen[m] == stamp) continue;
      const int w = st[k].w;
      if (w != cw) {
        cw = w;
        wi = -1;
        seen[w] = stamp;
      }
      if (wi < 0) {
        ins[ic] = SearchTree::Instance{w, 0};
        wi = ic++;
      }
      seen[m] = stamp;
      ins[ic] = SearchTree::Instance{m, wi};
      next[next_size++] = ic++;
    }
    tree.instance_count = ic;
    return next_size;
  }

  // One layer of cycles(): expands the frontier's "on" nodes into the next frontier and
  // returns its size. kClosersOnly: only closers enter the next frontier (left_out is set
  // when a pair to another "on" node is passed over, visited or not: one test less a
  // pair, and a safe bound).
  // kGeneric: pass Y's pairs as groups too (find_forcing_chains_plain).
  template <bool y, bool x, bool kClosersOnly, bool kGeneric = false>
  int cycle_layer(int source, int frontier_size, bool closing, int offdepth, bool& left_out) {
    return cycle_layer_inline<y, x, kClosersOnly, kGeneric>(source, frontier_size, closing,
                                                            offdepth, left_out);
  }
  template <bool y, bool x, bool kClosersOnly, bool kGeneric = false>
  [[gnu::always_inline]] int cycle_layer_inline(int source, int frontier_size, bool closing,
                                                int offdepth, bool& left_out) {
    const int base = (y && x) ? 70 : 65;
    const int sort_key = (y && x) ? 4 : (y ? 3 : 2);
    int next_size = 0;
    for (int i = 0; i < frontier_size; ++i) {
      const int inst = tree.frontier[i];
      const int v = tree.instance_node(inst);
      if (kClosersOnly && closers_unvisited == 0 && closer_stamp[v] != tree.search_stamp) {
        // Its pairs lead to visited closers or to nodes left out (not to the source).
        left_out =
            left_out || steps_built[v] != call_stamp || step_begin[2 * v] != step_begin[2 * v + 1];
        continue;
      }
      need_steps<y, x>(v);
      // w: the "off" node of the current group of pairs; wi its instance (-1: none
      // yet); blocked: off(w) is an ancestor of inst. An instance of w is built only
      // when one of its strong links leads to an unvisited "on" node or closes the
      // cycle (the others would be dead ends).
      int cw = -1, wi = -1;
      bool blocked = false;
      for (int k = step_begin[2 * v], ke = step_begin[2 * v + 1]; k < ke; ++k) {
        const int m = steps[k].m;
        if (kClosersOnly && m != source && closer_stamp[m] != tree.search_stamp) {
          left_out = true;
          continue;
        }
        if constexpr (y && !x && !kGeneric) {
          // Pass Y: an "off" node's one strong link is its cell's Y-link, so each pair
          // is a group of its own, and off(w) is never blocked here: as an ancestor of
          // inst it would have m below it on the path, and m would be visited (or the
          // root). Nor is off(w) ever tested for that, so its seen[] is left alone.
          if (tree.seen_stamp[m] == tree.search_stamp) {
            if (m == source && closing && offdepth >= cycle_floor)
              hints.offer_cycle(tree.new_instance(steps[k].w, inst), y, x, base, sort_key,
                                offdepth);
            continue;
          }
          tree.seen_stamp[m] = tree.search_stamp;
          if (kClosersOnly) --closers_unvisited;
          tree.next_frontier[next_size++] =
              tree.new_instance(m, tree.new_instance(steps[k].w, inst));
          continue;
        }
        if (tree.seen_stamp[m] == tree.search_stamp && (m != source || !closing)) continue;
        const int w = steps[k].w;
        if (w != cw) {
          cw = w;
          wi = -1;
          // off(w) can be an ancestor only if it has an instance: seen[] of an "off"
          // node marks that (seen[] of "on" nodes marks their visit).
          blocked = tree.seen_stamp[w] == tree.search_stamp && tree.is_ancestor(inst, w);
          if (!blocked) tree.seen_stamp[w] = tree.search_stamp;
        }
        if (blocked) continue;
        if (wi < 0) wi = tree.new_instance(w, inst);
        if (m == source) {
          // Below the floor a cycle eliminates nothing (see cycle_floor).
          if (offdepth >= cycle_floor) hints.offer_cycle(wi, y, x, base, sort_key, offdepth);
          continue;
        }
        tree.seen_stamp[m] = tree.search_stamp;
        if (kClosersOnly) --closers_unvisited;
        tree.next_frontier[next_size++] = tree.new_instance(m, wi);
      }
    }
    return next_size;
  }

  // The last layer of a cycle search (the next one cannot win): the same offers as the
  // full layer, in the same order, from the pairs (w, source) of the closers alone. The
  // other pairs only build the next layer's instances; an off instance is built only to
  // be offered (the offer reads the cycle back from it, whatever its index). Returns
  // whether the full layer might have left a next layer (true: the search was cut): a
  // pair to an unvisited "on" node says so, blocked or not (a blocked one only makes a
  // later round search the source again, with the same offers).
  template <bool y, bool x>
  bool last_cycle_layer(int source, int frontier_size, bool offering, int offdepth) {
    const int base = (y && x) ? 70 : 65;
    const int sort_key = (y && x) ? 4 : (y ? 3 : 2);
    bool next_layer = false;
    for (int i = 0; i < frontier_size; ++i) {
      const int inst = tree.frontier[i];
      const int v = tree.instance_node(inst);
      const bool closer = closer_stamp[v] == tree.search_stamp;
      if (!closer && next_layer) continue;
      need_steps<y, x>(v);
      for (int k = step_begin[2 * v], ke = step_begin[2 * v + 1]; k < ke; ++k) {
        const int m = steps[k].m;
        if (m != source) {
          next_layer = next_layer || tree.seen_stamp[m] != tree.search_stamp;
          continue;
        }
        if (!offering) continue;
        const int w = steps[k].w;
        if (tree.seen_stamp[w] == tree.search_stamp && tree.is_ancestor(inst, w)) continue;
        hints.offer_cycle(tree.new_instance(w, inst), y, x, base, sort_key, offdepth);
      }
    }
    return next_layer;
  }

  // Pass Y's last full layer once every closer is visited: the offers of the frontier's
  // closers, in the full layer's order (its other pairs only build a next layer). A
  // closer v = on(t, s') has one pair to the source, (off(s'), source) with off(s') the
  // source's Y-link (off(s') has no other strong link in pass Y), and add_cycle_steps
  // keeps it exactly when v is not alone and off(s') and the source lie in v's
  // component: told from those, without building v's pairs.
  void y_closer_offers(int source, int frontier_size, int offdepth) {
    const int w = graph.links[graph.links_begin[source]];
    const CycleSteps& D = *cur_steps;
    for (int i = 0; i < frontier_size; ++i) {
      const int inst = tree.frontier[i];
      const int v = tree.instance_node(inst);
      if (y_closer_stamp[v] != tree.search_stamp) continue;
      const int cv = D.comp[v];
      if (cv < 0 || D.csize[cv] < D.min_size || D.comp[w] != cv || D.comp[source] != cv) continue;
      hints.offer_cycle(tree.new_instance(w, inst), true, false, 65, 3, offdepth);
    }
  }

  // Marks (closer_stamp == the search's stamp) every "on" node v with a link of pass
  // (y, x) to an "off" node w that has a strong link of the pass into on(source): the
  // w are off(t) for the strong links off(source) -> on(t) (contrapositive), and
  // on(u) -> off(t) exactly when on(t) -> off(u).
  template <bool y, bool x>
  void mark_closers(int source) {
    const int* a = graph.links.data();
    const int* first = y ? graph.links_begin.data() : graph.links_y_end.data();
    const int* last = graph.links_end.data();
    const int off = source ^ 1;
    const int strong_end = x ? last[off] : graph.links_y_end[off];
    const int stamp = tree.search_stamp;
    if constexpr (y && !x) {
      // Pass Y's closers-only layers are rare (its searches mostly end by
      // count_y_closers): not counted, never 0.
      for (int k = first[off]; k < strong_end; ++k) {
        const int on_t = a[k];
        for (int j = first[on_t], je = last[on_t]; j < je; ++j) closer_stamp[a[j] + 1] = stamp;
      }
      closers_unvisited = -1;
      return;
    }
    int unvisited = 0;
    for (int k = first[off]; k < strong_end; ++k) {
      const int on_t = a[k];
      for (int j = first[on_t], je = last[on_t]; j < je; ++j) {
        // No branch on whether u is marked already (in no pattern): counted once.
        const int u = a[j] + 1;
        const int fresh = closer_stamp[u] != stamp;
        closer_stamp[u] = stamp;
        unvisited += fresh & (tree.seen_stamp[u] != stamp);
      }
    }
    closers_unvisited = unvisited;
  }
  // The closers that the search has not visited yet (mark_closers, then counted down as
  // the closers-only layers visit them). At 0 an "on" node that is not a closer neither
  // closes nor leads to a node that can: a closers-only layer passes it over.
  int closers_unvisited = 0;
  std::vector<int> closer_stamp;  // [node]: mark_closers, per search stamp

  // Pass Y: the only strong link into on(s) is the Y-link from off(s'), s' the other
  // value of s's cell, so a pair (w, source) belongs only to the "on" nodes linking to
  // off(s'): on(t, s') for the peers t holding s' (symmetric links), and of those the
  // search visits only bivalue cells of source's XY component. Stamps them
  // (y_closer_stamp) and returns how many. Once all are visited and expanded, no later
  // layer can offer a cycle, whatever the ceiling: the search has nothing left to find.
  int count_y_closers(int source) {
    const int* a = graph.links.data();
    const int* lb = graph.links_begin.data();
    const int* ly = graph.links_y_end.data();
    const int off = source ^ 1;
    if (ly[off] == lb[off]) return 0;
    const int on_t = a[lb[off]];
    const bool comps = reach.xy_component_call == call_stamp;
    const int* comp = reach.xy_component.data();
    int n = 0;
    for (int j = ly[on_t], je = graph.links_end[on_t]; j < je; ++j) {
      const int v = a[j] + 1;
      if (ly[v] - lb[v] != 1 || (comps && comp[v] != comp[source])) continue;
      y_closer_stamp[v] = tree.search_stamp;
      ++n;
    }
    return n;
  }
  std::vector<int> y_closer_stamp;  // [node]: count_y_closers, per search stamp
  int y_closers_left = -1;
  bool y_closer_next = false;  // a closer entered the next frontier
  // 5: the closers as above; 1: every layer in full (find_forcing_chains_plain).
  int closer_lookahead = 5;
  // find_forcing_chains_plain: every "on" node's cycle steps built before the pass's
  // searches (start_cycle_steps), no source left out by cycles_may_eliminate_closed, and
  // the parallel search's chain rebuilt by the full search (forcing_chain without length).
  bool plain_search = false;
  // find_forcing_chains_plain: pass Y's layers by the general code (cycle_layer_inline,
  // whose pass Y shortcut the tests compare with it).
  bool generic_y_layers = false;
  // find_forcing_chains_plain: every cycle floor 4 (the least cycle), whatever the
  // parallel searches have computed.
  bool no_floors = false;

  // No cycle with eliminations has fewer nodes than this (see find_forcing_chains): for
  // the current source, and per group of the pass's parallel search.
  int cycle_floor = 4;
  std::vector<int> floors;

  // Sources whose cycle search of a pass ran to the end in an earlier round of this call
  // (nothing more to find there): [pass][node] == call stamp.
  std::vector<int> cycles_done[3];
  int call_stamp = 0;
  void cycles_once(int pass, int source, bool y, bool x) {
    auto& done = cycles_done[pass];
    if (done[source] == call_stamp) return;
    const bool cut = y ? (x                  ? cycles<true, true>(source)
                          : generic_y_layers ? cycles<true, false, true>(source)
                                             : cycles<true, false>(source))
                       : cycles<false, true>(source);
    if (!cut) done[source] = call_stamp;
  }

  // The sources of passes X and XY: every "on" node of a cell with two values or more, and
  // its "off" node when that has a strong link of the pass. Listed once per call
  // (list_nodes); `sources` is the current pass's. The vectors are buffers that only grow
  // (a shrink to the count and a zero-filled regrowth at every call cost more than the
  // listing's stores); the lists are the spans.
  std::vector<int> sources_x, sources_xy;
  std::vector<int> sources_y;       // pass Y's cycle sources, by their "off" node: bivalue cells
  std::span<const int> list_x, list_xy, list_y;  // the lists in the buffers above
  // The cycle sources of pass X or XY, by their "off" node: the "off" entries of its
  // source list, in their order (find_forcing_chains).
  std::vector<int> cycle_sources;
  bool single_value_cells = false;  // list_nodes: some unsolved cell has one value left
  std::span<const int> sources;
  // Also fills the board's live nodes and digit cells (loaded by load_masks): one pass
  // over the candidates for both, after the links are built.
  void list_nodes() {
    // The candidate count and the unsolved cells, from the grid's cells by count (a few
    // words): the walk passes over the solved cells (about half of them) by whole words.
    // Called for boards of at most 9 values only (find_forcing_chains): 81 cells, two words.
    size_t count = 0;
    std::uint64_t unsolved[2] = {};
    const int sw = board.set_words;
    for (int k = 1; k <= board.n; ++k) {
      const std::uint64_t* set = board.g->cells_with(k);
      for (int w = 0; w < sw; ++w) {
        count += k * std::popcount(set[w]);
        unsolved[w] |= set[w];
      }
    }
    for (auto* v : {&sources_x, &sources_xy, &sources_y}) {
      if (v->size() < 2 * count) v->resize(2 * count);
    }
    int* sx = sources_x.data();
    int* sxy = sources_xy.data();
    int* sy = sources_y.data();
    int* live = board.live_off.data();
    std::uint64_t* cells = board.digit_cells.data();
    size_t nx = 0, nxy = 0, ny = 0;
    int nlive = 0;
    const int* lb = graph.links_begin.data();
    const int* ly = graph.links_y_end.data();
    const int* le = graph.links_end.data();
    single_value_cells = false;
    for (int w = 0; w < sw; ++w) {
      std::uint64_t* word = cells + w;
      for (std::uint64_t u = unsolved[w]; u; u &= u - 1) {
        const int c = w * 64 + std::countr_zero(u);
        const std::uint64_t bit = u & (~u + 1);
        const Mask cm = board.cand[c];
        if (popcount(cm) < 2) {
          single_value_cells = true;
          live[nlive++] = ChainBoard::node(board.cd(c, lowest_nonzero(cm)), false);
          word[static_cast<size_t>(lowest_nonzero(cm)) * sw] |= bit;
          continue;
        }
        const bool bivalue = popcount(cm) == 2;
        for (Mask m = cm; m; m &= m - 1) {
          const int d = lowest_nonzero(m);
          const int off = ChainBoard::node(board.cd(c, d), false), on = off + 1;
          live[nlive++] = off;
          word[static_cast<size_t>(d) * sw] |= bit;
          sx[nx++] = on;
          sxy[nxy++] = on;
          if (ly[off] != le[off]) sx[nx++] = off;  // pass X: a conjugate
          if (lb[off] != le[off]) sxy[nxy++] = off;
          if (bivalue) sy[ny++] = off;
        }
      }
    }
    board.live_count = nlive;
    list_x = {sx, nx};
    list_xy = {sxy, nxy};
    list_y = {sy, ny};
  }
  // Whether a cycle of pass Y or XY through on(source) that can still win could
  // eliminate anything, from the forcing chains of pass XY's search (false: none can).
  // A cycle of L nodes eliminating z gives a chain from on(z) of at most L + 2 nodes
  // over XY links (see the floors in find_forcing_chains). When no cycle of known()
  // nodes (the chains the search has decided, all of them when exhausted) can win for
  // this source, every cycle that can has at most known() - 2 nodes (cycles have an
  // even count), so it eliminates only "on" sources the search has closed: it needs such
  // a z seeing an "on" and an "off" node of z's digit in on(source)'s XY component.
  template <bool y, bool x>
  bool cycles_may_eliminate_closed(int source) {
    // Pass XY's search is built on first use: before that nothing is decided (pass Y
    // runs before it), so nothing is left out.
    if (!parallel_search[1].valid) return true;
    const ParallelGroup& G = parallel_search[1].groups[0];
    if (!G.exhausted) {
      const int known = G.known();
      constexpr int base = (y && x) ? 70 : 65;
      constexpr int sort_key = (y && x) ? 4 : 3;
      if (hints.wins(ChainKey{base + length_difficulty(known), known, sort_key},
                     hints.discovery_order(source, 0)))
        return true;
    }
    if (closed_marks_call != call_stamp || closed_marks_computed != G.computed) {
      closed_marks_call = call_stamp;
      closed_marks_computed = G.computed;
      mark_closed_eliminators(G);
    }
    return comp_elim_stamp[reach.xy_component[source]] == closed_marks_stamp;
  }
  // Marks (comp_elim_stamp == closed_marks_stamp) the XY components holding an "on" and
  // an "off" node of z's digit seen by z, for every "on" source z that G has closed.
  void mark_closed_eliminators(const ParallelGroup& G) {
    const size_t ncomp = reach.xy_component_size.size();
    if (comp_elim_stamp.size() < ncomp) {
      comp_elim_stamp.resize(ncomp, 0);
      comp_on_tag.resize(ncomp, 0);
    }
    const int mark = ++closed_marks_stamp;
    const int* comp = reach.xy_component.data();
    const int sw = board.set_words;
    for (size_t i = 0; i < G.src_nodes.size(); ++i) {
      const int z = G.src_nodes[i];
      if (!(z & 1) || !((G.closed[i / 64] >> (i % 64)) & 1)) continue;
      const int cd = z >> 1, c = cd / board.n, d = cd - c * board.n + 1;
      const std::uint64_t* pc = board.g->peer_set(c);
      const std::uint64_t* dc = board.digit_cells.data() + static_cast<size_t>(d) * sw;
      const int tag = ++comp_tag_clock;
      for (int w = 0; w < sw; ++w) {
        for (std::uint64_t m = pc[w] & dc[w]; m; m &= m - 1)
          comp_on_tag[comp[ChainBoard::node(board.cd(w * 64 + std::countr_zero(m), d), true)]] =
              tag;
      }
      for (int w = 0; w < sw; ++w) {
        for (std::uint64_t m = pc[w] & dc[w]; m; m &= m - 1) {
          const int k = comp[ChainBoard::node(board.cd(w * 64 + std::countr_zero(m), d), false)];
          if (comp_on_tag[k] == tag) comp_elim_stamp[k] = mark;
        }
      }
    }
  }
  std::vector<int> comp_elim_stamp, comp_on_tag;  // per XY component
  int closed_marks_call = 0, closed_marks_computed = 0, closed_marks_stamp = 0, comp_tag_clock = 0;

  // Passes X and XY (forcing chains and cycle floors).
  ParallelSearch parallel_search[2];
  std::vector<std::uint8_t> node_digit;  // [node]: its digit - 1 (the X pass's group), for n:
  int node_digit_n = 0;
  void list_node_digits() {
    const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
    if (node_digit_n == board.n && node_digit.size() == nn) return;
    node_digit.resize(nn);
    for (size_t v = 0; v < nn; ++v) node_digit[v] = static_cast<std::uint8_t>((v >> 1) % board.n);
    node_digit_n = board.n;
  }

  // Pass XY's sources that close (ChainReachability::closing_sources), at each call's start.
  std::vector<int> xy_closing;
  // Builds P over the links of pass (y, x): pass X from the sources in `sources`, pass XY
  // from xy_closing (closing_sources must have run in this call). The X pass (one
  // group per digit) keeps a digit's group from the previous call while the digit's
  // positions did not change (kept_group): X-links never leave a digit, so the group's
  // links, layers, closes and floors are the same (a step changes a few digits).
  void build_parallel_search(ParallelSearch& P, bool y, bool x) {
    const size_t nn = static_cast<size_t>(board.nc) * board.n * 2;
    const bool by_digit = !y;
    P.ngroups = by_digit ? board.n : 1;
    if (static_cast<int>(P.groups.size()) < P.ngroups) P.groups.resize(P.ngroups);
    // Only live nodes are ever looked up, so the table needs no reset (pass XY marks the
    // nodes it leaves out with -1).
    if (P.compact_index.size() < nn) P.compact_index.resize(nn);
    for (int gi = 0; gi < P.ngroups; ++gi) {
      P.groups[gi].new_nodes.clear();
      P.groups[gi].new_src.clear();
    }
    // The groups list off(x), on(x) in turn, so the compact index of not-v is that of v ^ 1.
    if (by_digit) {
      // Only the sources that close in pass XY can close here. Those are a superset of the
      // X closers, which a digit's positions alone decide (X-links never leave the digit,
      // and an X chain is an XY chain): a group kept from an earlier call on this grid, its
      // digit unchanged, was built from sources holding the same X closers, so its closes
      // and floors are this call's, unless some cell lost its second value since (its "on"
      // nodes are sources no more): then only the same sources keep it.
      const bool known = reach.closers_known();
      P.any_sources_keep = known && !single_value_cells;
      for (int v : sources) {
        if (!known || reach.closes(v)) P.groups[node_digit[v]].new_src.push_back(v);
      }
      // The nodes, for the groups that build_groups does not keep (bit d: digit d's).
      Mask rebuilt = 0;
      for (int gi = 0; gi < P.ngroups; ++gi) {
        if (!kept_group(P, *board.g, gi)) rebuilt |= Mask{2} << gi;
      }
      // By digit, from its cells (list_nodes filled them): in cell order, as a walk over
      // the cells gives them, without a mask loop per cell (whose end the branch
      // predictor misses).
      const int sw = board.set_words;
      for (Mask m = rebuilt; m; m &= m - 1) {
        const int d = lowest(m);
        const std::uint64_t* dc = board.digit_cells.data() + static_cast<size_t>(d) * sw;
        int cells = 0;
        for (int w = 0; w < sw; ++w) cells += std::popcount(dc[w]);
        auto& nodes = P.groups[d - 1].new_nodes;
        nodes.resize(2 * static_cast<size_t>(cells));
        int* out = nodes.data();
        for (int w = 0; w < sw; ++w) {
          for (std::uint64_t bits = dc[w]; bits; bits &= bits - 1) {
            const int off = ChainBoard::node(board.cd(w * 64 + std::countr_zero(bits), d), false);
            *out++ = off;
            *out++ = off + 1;
          }
        }
      }
    } else {
      // Only the sources that close (fewer words per node, and often no search at all),
      // over the nodes that can lie on their chains. The closers of this call's
      // closing_sources (find_forcing_chains, at the call's start).
      auto& G0 = P.groups[0];
      G0.new_src.assign(xy_closing.begin(), xy_closing.end());
      if (!G0.new_src.empty()) {
        G0.new_nodes.resize(2 * static_cast<size_t>(board.live_count));
        int* out = G0.new_nodes.data();
        size_t kept = 0;
        for (int i = 0; i < board.live_count; ++i) {
          const int off = board.live_off[i], on = off + 1;
          if (reach.on_some_chain(on)) {
            out[kept++] = off;
            out[kept++] = on;
          } else {
            P.compact_index[off] = P.compact_index[on] = -1;
          }
        }
        G0.new_nodes.resize(kept);
      }
    }
    build_groups(P, board, graph, by_digit, y, x);
  }

  void forcing_chains_parallel(bool y) {
    const int base = y ? 70 : 66;
    const int sort_key = y ? 4 : 2;
    if (sources.empty()) return;
    ParallelSearch& P = parallel_search[y ? 1 : 0];
    if (!P.valid) {
      // Built only when its shortest chain could still win (see find_forcing_chains).
      if (!(ChainKey{base + length_difficulty(2), 2, sort_key} < hints.best)) return;
      build_parallel_search(P, y, true);
    }
    while (true) {
      const int c = P.next_c;
      if (!(ChainKey{base + length_difficulty(c), c, sort_key} < hints.best)) return;
      // No chain has an odd node count; asking the search would compute the next layer
      // before the key of its chains is checked.
      if (c & 1) {
        ++P.next_c;
        continue;
      }
      if (exhausted_after(P, c - 1)) return;
      const int first = first_close(P, c);
      ++P.next_c;
      if (first < kNoChain) {
        // Rebuilds and offers the chain; find_forcing_chains_plain with the full search.
        forcing_chain(first ^ 1, y, plain_search ? 0 : c);
        return;
      }
    }
  }
};

ChainEngine::ChainEngine() : impl_(std::make_unique<Impl>()) {}
ChainEngine::~ChainEngine() = default;

bool ChainEngine::find_forcing_chains(const Ctx& ctx, Hint& out) {
  Impl& s = *impl_;
  const bool parallel = ctx.g.n() <= 9;
  if (parallel) {
    s.board.load_masks(ctx.g);  // the rest in list_nodes
  } else {
    s.board.load(ctx.g);
  }
  s.tree.reset_nodes(static_cast<size_t>(s.board.nc) * s.board.n * 2);
  s.graph.build(s.board);
  if (parallel) {
    s.list_node_digits();
    s.list_nodes();
  }
  for (auto& D : s.cycle_steps) D.valid = false;
  for (auto& P : s.parallel_search) P.valid = false;
  ++s.call_stamp;
  {
    const size_t nn = static_cast<size_t>(s.board.nc) * s.board.n * 2;
    for (auto& d : s.cycles_done) {
      if (d.size() < nn) d.assign(nn, 0);
    }
    if (s.closer_stamp.size() < nn) s.closer_stamp.assign(nn, 0);
    if (s.y_closer_stamp.size() < nn) s.y_closer_stamp.assign(nn, 0);
  }
  s.hints.start_call(out, ctx.explain, s.call_stamp, s.board.digit_cells.data(), s.board.set_words);
  s.reach.start_call(s.call_stamp, s.board.digit_cells.data(), s.board.set_words);
  const ChainBoard& board = s.board;
  // SE: X loops (cycles, then forcing chains from on and from off), Y loops (cycles from
  // bivalue cells), XY loops (cycles, forcing chains), each over cells in reading order.
  // Searched with a rating ceiling first, so that the breadth-first searches stay shallow
  // when an easy chain exists; the last round has no ceiling. One round below it only:
  // the cycle searches start again in every round (grader/PERF_NOTES.md).
  static const int kCeilings[] = {73, 1 << 29};
  // The sources of pass X (y false) or XY.
  auto pass_sources = [&](bool y) { s.sources = y ? s.list_xy : s.list_x; };
  s.cycle_floor = 4;
  if (parallel) {
    // Pass XY's closing sources first: they bound pass X's (an X-chain is an XY chain),
    // and the cycle filters read its components. Its search is built on first use (pass
    // XY's forcing chains or cycle floors): a call that ends in pass X or Y with a hint
    // pass XY cannot beat never builds it.
    s.xy_closing.clear();
    s.reach.closing_sources(s.list_xy, s.xy_closing);
  }
  // Floors for the cycles. If a cycle of L nodes eliminates z, z sees an "on" node u and
  // an "off" node v of its digit, and
  //   on(z) -> off(u) -> (back along the cycle, by the contrapositive links) -> on(v) -> off(z)
  // is a forcing chain of at most L + 2 nodes whose links all belong to the cycle's pass
  // (the contrapositive of a Y-link is a Y-link, of an X-link an X-link). So the shortest
  // chain from an "on" source, K, over links that include the pass's, bounds every useful
  // cycle of the pass from below by K - 2. Pass X uses its own search, per digit (its
  // links never change the digit), computed as deep as the cycles of the round could go
  // (up to `lmax` nodes); passes Y and XY read the XY search's layers as far as they are
  // computed (pass XY's forcing chains compute them), without computing more: a lower
  // floor costs their cycle searches less than the layers cost (grader/PERF_NOTES.md).
  // A search over the Y links alone gave a higher floor but cost more than it saved.
  // Fills `floors` per group of the search (1 << 30: no cycle of at most lmax nodes can
  // eliminate) and returns the least.
  auto floors_for = [&](int pass, int lmax) {
    if (s.no_floors) {  // find_forcing_chains_plain: no cycle below 4 nodes eliminates
      s.floors.assign(board.n, 4);
      return 4;
    }
    const bool y = pass >= 1;
    auto& P = s.parallel_search[pass == 0 ? 0 : 1];
    if (!P.valid) {
      // Pass Y before pass XY's search is built: as the built search would say before
      // its first layer (no closing source: exhausted, no chain, no floor).
      if (pass == 1) {
        s.floors.assign(1, s.xy_closing.empty() ? kNoChain : 4);
        return s.floors[0];
      }
      pass_sources(y);
      s.build_parallel_search(P, y, true);
    }
    s.floors.resize(P.ngroups);
    int least = kNoChain;
    for (int gi = 0; gi < P.ngroups; ++gi) {
      auto& G = P.groups[gi];
      while (pass == 0 && G.on_close == kNoChain && G.known() < lmax + 2) advance_group(G);
      // Without a close yet, every chain has more than known() nodes.
      const int f = G.on_close < kNoChain ? std::max(4, G.on_close - 2)
                    : G.exhausted         ? kNoChain
                                          : std::max(4, G.known());
      s.floors[gi] = f;
      least = std::min(least, f);
    }
    return least;
  };
  for (int ceiling : kCeilings) {
    s.hints.best = ChainKey{ceiling + 1, 0, 0};
    s.hints.best_order = -1;
    for (int pass = 0; pass < 3; ++pass) {
      poll_stop();
      const bool y = pass >= 1, x = pass != 1;
      if (ceiling < (pass == 2 ? 70 : 65)) continue;
      if (parallel) {
        // All forcing chains of the pass at once, then the cycles per source (SE's exact
        // search), cut by the best chain; ties of equal keys go to SE's order of discovery
        // (per source: cycles, chain from "on", chain from "off").
        s.hints.current_pass = pass;
        if (x) {
          pass_sources(y);
          s.forcing_chains_parallel(y);
        }
        // The longest cycle of the pass that could still beat the best hint so far (the
        // round's ceiling, or a forcing chain of this pass or an earlier one): none at
        // all, often, once pass X found a short X-chain, and then pass XY needs no search.
        const int lmax =
            longest_fitting_cycle(s.hints.best, pass == 2 ? 70 : 65, pass == 2 ? 4 : pass + 2);
        if (lmax < 4) continue;
        const int least_floor = floors_for(pass, lmax);
        if (least_floor > lmax) continue;
        bool cycle_steps = false;
        // The cycle sources of the pass, in SE's order: the candidates of the cells with two
        // values or more (pass Y: exactly two) whose "off" node has a strong link of the
        // pass, as the pass's source list holds them (its "off" entries).
        const std::span<const int> cycle_sources =
            pass == 1 ? s.list_y : off_entries(pass == 0 ? s.list_x : s.list_xy, s.cycle_sources);
        for (const int off : cycle_sources) {
          const int on = off + 1;
          const int d = s.node_digit[off] + 1;
          s.cycle_floor = s.floors[pass == 0 ? d - 1 : 0];
          if (s.cycle_floor > lmax) continue;
          if (s.reach.xy_component_call == s.call_stamp) {
            // A cycle's nodes are distinct and lie in one XY component, and below the
            // floor it eliminates nothing: a smaller component holds no useful cycle.
            if (s.reach.xy_component_size[s.reach.xy_component[on]] < s.cycle_floor) continue;
            if (!s.reach.cycles_may_eliminate(on)) continue;
            const Mask ed = s.reach.eliminable_digits(s.reach.xy_component[on]);
            if (pass == 0 ? !((ed >> d) & 1) : ed == 0) continue;
            if (!s.plain_search &&
                (pass == 1 ? !s.cycles_may_eliminate_closed<true, false>(on)
                           : pass == 2 && !s.cycles_may_eliminate_closed<true, true>(on)))
              continue;
          }
          if (!cycle_steps) {
            s.use_cycle_steps(y, x, least_floor);
            cycle_steps = true;
          }
          s.cycles_once(pass, on, y, x);
        }
        continue;
      }
      s.hints.current_pass = pass;
      bool cycle_steps = false;
      for (int c = 0; c < board.nc; ++c) {
        const Mask cm = board.cand[c];
        if (popcount(cm) < 2) continue;
        if (!x && popcount(cm) > 2) continue;
        for (Mask m = cm; m; m &= m - 1) {
          const int cd = board.cd(c, lowest(m));
          const int on = ChainBoard::node(cd, true), off = ChainBoard::node(cd, false);
          // Strong links into on(s) mirror those out of off(s); without one, neither a
          // cycle nor a chain from off(s) can close.
          const bool strong = s.graph.links_from(off, y) != s.graph.links_until(off, x);
          if (strong) {
            if (!cycle_steps) {
              s.use_cycle_steps(y, x, 4);
              cycle_steps = true;
            }
            s.cycles_once(pass, on, y, x);
          }
          if (x) {
            s.forcing_chain(on, y);
            if (strong) s.forcing_chain(off, y);
          }
        }
      }
    }
    if (s.hints.found) return true;
  }
  return s.hints.found;
}

bool ChainEngine::find_forcing_chains_plain(const Ctx& ctx, Hint& out) {
  impl_->closer_lookahead = 1;
  impl_->generic_y_layers = true;
  impl_->no_floors = true;
  impl_->plain_search = true;
  impl_->hints.barren_table = false;
  const bool found = find_forcing_chains(ctx, out);
  impl_->hints.barren_table = true;
  impl_->closer_lookahead = 5;
  impl_->generic_y_layers = false;
  impl_->no_floors = false;
  impl_->plain_search = false;
  return found;
}

bool ChainEngine::find_advanced_chains(const Ctx& ctx, int max_chain_depth, Hint& out) {
  return find_dynamic_chains(ctx, max_chain_depth, *impl_->dynamic, out);
}

}  // namespace sudoforge::grader::detail
