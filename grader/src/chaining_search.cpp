// SE's doChaining, static and dynamic (chaining_search.h).
//
// Invariants: between chainings record_of_node_ is all -1 and the board's chaining grid
// equals its step grid; during one, a node has at most one canonical record, every
// record's parents come before it, and a candidate leaves the chaining grid only as an
// "off" record taken from the queue. Why raw pointers into the buffers: this is the hot
// loop of the advanced chains, and they keep its state in registers.
#include "chaining_search.h"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "stop_poll.h"

#if defined(__GNUC__)
#define SUDOFORGE_ALWAYS_INLINE __attribute__((always_inline))
#else
#define SUDOFORGE_ALWAYS_INLINE
#endif

namespace sudoforge::grader::detail {
void ChainingSearch::resize() {
  const size_t nn = board_.nn;
  record_buf_.resize(nn + 1);
  on_queue_buf_.resize(nn / 2);
  off_queue_buf_.resize(nn / 2);
  off_work_buf_.resize(nn / 2);
  on_parents_buf_.resize(static_cast<size_t>(board_.n) + 1);  // the taken record, n - 2 hidden
  taken_buf_.resize(nn + 1);
  pool_buf_.resize(2 * nn);
  nested_cache_.clear();  // its hints are those of the previous layout
}

// Empties R for a new chaining; returns the node table.
int* ChainingSearch::clear_result(Chaining& R) {
  const size_t words = (static_cast<size_t>(board_.nn) + 63) / 64;
  if (R.node_bits.size() != words) R.node_bits.resize(words);
  if (record_of_node_.size() != static_cast<size_t>(board_.nn))
    record_of_node_.assign(board_.nn, -1);
  int* const rec = record_of_node_.data();
  std::fill(R.node_bits.begin(), R.node_bits.end(), 0);
  R.parent_pool.clear();
  R.rule_offs.clear();
  R.nested_chains.clear();
  R.contradiction = false;
  R.contradiction_on = R.contradiction_off = -1;
  return rec;
}

// Copies the nrec records of the chaining in progress (record_buf_) into R and resets the
// node table.
void ChainingSearch::finish_result(Chaining& R, int nrec) {
  R.records.assign(record_buf_.data(), record_buf_.data() + nrec);
  R.indexed = R.asked = false;
  int* const rec = record_of_node_.data();
  for (int r = 0; r < nrec; ++r) rec[record_buf_[r].node] = -1;
}

void ChainingSearch::chain(Chaining& R, int start, bool keep_order) {
  if (board_.has_extras) {
    chain_impl<true>(R, start, keep_order, nullptr);
  } else {
    chain_impl<false>(R, start, keep_order, nullptr);
  }
}

void ChainingSearch::resume(Chaining& R, int start, const ResumePoint& at) {
  if (board_.has_extras) {
    chain_impl<true>(R, start, true, &at);
  } else {
    chain_impl<false>(R, start, true, &at);
  }
}

template <bool kExtras>
void ChainingSearch::chain_impl(Chaining& R, int start, bool keep_order, const ResumePoint* at) {
  poll_stop();
  int* const rec = at == nullptr ? clear_result(R) : record_of_node_.data();
  std::uint64_t* const bits = R.node_bits.data();

  ChainRecord* const rs = record_buf_.data();
  int* const qon = on_queue_buf_.data();
  int* const qoff = off_queue_buf_.data();
  int* const tp = on_parents_buf_.data();
  int* const tk = taken_buf_.data();
  Mask* const cm = board_.chaining_cand.data();
  Mask* const um = board_.chaining_pos.data();
  const int* const lb = links_.node_begin.data();
  const int* const lu = links_.unit_targets_begin.data();
  const int* const lk = links_.targets.data();
  const int* const cdof = board_.packed_cell_digit.data();
  const DynamicBoard::CellUnits* const cus = board_.cell_units.data();
  const int nv = board_.n;
  const bool yl = mode_.ylinks, dyn = mode_.dynamic, plus = mode_.plus;
  const Mask* const step_cand = board_.step_cand.data();
  const Mask* const step_pos = board_.step_pos.data();
  // A variant's extra houses: their "on" consequences come after the three units'.
  constexpr bool extras = kExtras;
  const int* const xb = board_.extra_begin.data();
  const DynamicBoard::CellUnits* const xu = board_.extra_units.data();
  int nrec = 0, non = 0, noff = 0, hon = 0, hoff = 0;
  int lost_done = -1;  // dynamic (+): the "off" records [0, lost_done) are in plus_lost_

  const auto nodeof = [nv](int c, int d, bool on) {
    return ((c * nv + d - 1) << 1) | (on ? 1 : 0);
  };
  // The parents of the records with several, in pool_buf_ (copied into R at the end).
  int* pool = pool_buf_.data();
  int npool = 0;
  // Appends [parents, parents + np) to the pool; returns where they start.
  const auto pool_parents = [&](const int* parents, int np) {
    if (npool + np > static_cast<int>(pool_buf_.size())) {
      pool_buf_.resize(2 * pool_buf_.size() + static_cast<size_t>(np));
      pool = pool_buf_.data();
    }
    const int pb = npool;
    std::copy(parents, parents + np, pool + pb);
    npool += np;
    return pb;
  };
  // Appends a record of node nd with parents [parents, parents + np).
  const auto push = [&](int nd, const int* parents, int np) {
    const int r = nrec++;
    if (np == 1) {
      rs[r] = ChainRecord{nd, parents[0], -1, -1};
    } else {
      const int pb = pool_parents(parents, np);
      rs[r] = ChainRecord{nd, pb, pb + np, -1};
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
  const auto new_off = [&](int x, int p) SUDOFORGE_ALWAYS_INLINE {
    if (rec[x | 1] >= 0) {
      R.contradiction = true;
      R.contradiction_on = rec[x | 1];
      R.contradiction_off = push(x, &p, 1);
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
      plus_lost_.assign(static_cast<size_t>(board_.nu), 0);
      lost_done = 0;
    }
    for (; lost_done < noff; ++lost_done) {
      const int cd = rs[qoff[lost_done]].node >> 1;
      const int c = cdof[cd] >> 5;
      const Mask bit = Mask{1} << (cdof[cd] & 31);
      for (int k = 0; k < 3; ++k) plus_lost_[board_.unit_id[c * 3 + k]] |= bit;
      if constexpr (kExtras) {
        for (int e = board_.extra_begin[c]; e < board_.extra_begin[c + 1]; ++e)
          plus_lost_[board_.extra_id[e]] |= bit;
      }
    }
    const PlusGrid pg{board_.g,
                      board_.step_cand.data(),
                      cm,
                      board_.step_pos.data(),
                      um,
                      board_.placed.data(),
                      plus_lost_.data(),
                      &nested_cache_};
    const PlusHints& ph = plus_rules(pg);
    bool any = false;
    for (const PlusHints::H& h : ph.hints) {
      plus_parents_.clear();
      // A removed candidate left the grid as an "off" record, so each parent has one.
      bool known = true;
      for (int i = h.pb; i < h.pe; ++i) {
        plus_parents_.push_back(rec[ph.parents[i] << 1]);
        known &= plus_parents_.back() >= 0;
      }
      if (!known) continue;  // cannot happen; a record without parents would break counts
      for (int i = h.tb; i < h.te; ++i) {
        const int x = ph.targets[i] << 1;
        if (rec[x] >= 0) continue;
        // push() and enter_off() written out: another call site of those lambdas here,
        // off the hot path, made GCC compile the hot ones slower (grader/PERF_NOTES.md).
        const int r = nrec++;
        const int np = static_cast<int>(plus_parents_.size());
        if (np == 1) {
          rs[r] = ChainRecord{x, plus_parents_[0], -1, -1};
        } else {
          const int pb = pool_parents(plus_parents_.data(), np);
          rs[r] = ChainRecord{x, pb, pb + np, -1};
        }
        rec[x] = r;
        bits[x >> 6] |= std::uint64_t{1} << (x & 63);
        qoff[noff++] = r;
        R.rule_offs.emplace_back(r, h.kind);
        if (h.kind >= kPlusChains) R.nested_chains.push_back({r, h.nested_cx, h.nested_id});
        any = true;
      }
    }
    return any;
  };

  // A new "on" consequence x whose parents are [tp, tp + np) (the "off" record taken,
  // then the hidden parents); true on a contradiction.
  const auto new_on = [&](int x, int np) SUDOFORGE_ALWAYS_INLINE {
    if (rec[x ^ 1] >= 0) {
      R.contradiction = true;
      R.contradiction_on = push(x, tp, np);
      R.contradiction_off = rec[x ^ 1];
      return true;
    }
    enter_on(x, push(x, tp, np));
    return false;
  };

  // The unit_on rule below for the extra houses of c, off the classic boards' path.
  const auto extra_units_on = [&](int c, int d, int p) {
    for (int e = xb[c]; e < xb[c + 1]; ++e) {
      const Mask pm = um[xu[e].base[0] + d];
      if (!DynamicBoard::two_bits(pm)) continue;
      const int* cells = xu[e].cells[0];
      const int q = cells[lowest(pm ^ xu[e].bit[0])];  // pm holds c's bit (see unit_on)
      const int x = nodeof(q, d, true);
      if (rec[x] >= 0) continue;
      int np = 0;
      tp[np++] = p;
      for (Mask m = step_pos[xu[e].base[0] + d] & ~pm; m; m &= m - 1) {
        tp[np++] = rec[nodeof(cells[lowest(m)], d, false)];
      }
      if (new_on(x, np)) return true;
    }
    return false;
  };

  if (at == nullptr) {
    const int r0 = push(start, nullptr, 0);
    if (start & 1) {
      enter_on(start, r0);
    } else {
      enter_off(start, r0);
    }
  } else {
    // The state of that moment: the records made before it (every one canonical: a
    // contradiction's record is the last one made), their queues and parent lists, and
    // the chaining grid less the "off" records taken.
    nrec = at->nrec;
    std::copy(R.off_taken.data(), R.off_taken.data() + at->hoff, tk);
    hon = at->hon;
    hoff = at->hoff;
    non = at->non;
    noff = at->noff;
    const ChainRecord* const old = R.records.data();
    const int nold = static_cast<int>(R.records.size());
    npool = static_cast<int>(R.parent_pool.size());
    for (int r = nrec; r < nold; ++r) {
      if (old[r].parents_end >= 0) {
        npool = old[r].first_parent;  // the parents are pooled in the records' order
        break;
      }
    }
    std::fill(R.node_bits.begin(), R.node_bits.end(), 0);
    for (int r = 0; r < nrec; ++r) {
      const int nd = old[r].node;
      rec[nd] = r;
      bits[nd >> 6] |= std::uint64_t{1} << (nd & 63);
    }
    std::copy(old, old + nrec, rs);
    if (npool > static_cast<int>(pool_buf_.size())) {
      pool_buf_.resize(static_cast<size_t>(npool));
      pool = pool_buf_.data();
    }
    std::copy(R.parent_pool.data(), R.parent_pool.data() + npool, pool);
    std::copy(R.on_order.data(), R.on_order.data() + non, qon);
    std::copy(R.off_order.data(), R.off_order.data() + noff, qoff);
    R.contradiction = false;
    R.contradiction_on = R.contradiction_off = -1;
    for (int i = 0; dyn && i < hoff; ++i) {
      const int cd = rs[qoff[i]].node >> 1;
      const int c = cdof[cd] >> 5, d = cdof[cd] & 31;
      const int* ub = cus[c].base;
      cm[c] &= ~(Mask{1} << d);
      um[ub[0] + d] &= ~cus[c].bit[0];
      um[ub[1] + d] &= ~cus[c].bit[1];
      um[ub[2] + d] &= ~cus[c].bit[2];
      if constexpr (kExtras) {
        for (int e = xb[c]; e < xb[c + 1]; ++e) um[xu[e].base[0] + d] &= ~xu[e].bit[0];
      }
    }
  }
  // The "on" queue is emptied before each "off" record is taken (SE's order); dynamic (+)
  // calls the rules when both queues are empty.
  for (;;) {
    while (hon < non) {
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
    }
    if (hoff == noff && !(plus && add_rule_offs())) break;
    {
      tk[hoff] = nrec;
      const int p = qoff[hoff++];
      const int nd = rs[p].node;
      const int c = cdof[nd >> 1] >> 5, d = cdof[nd >> 1] & 31;
      // The "on" consequences, read before nd leaves the grid, each entered as it is
      // found (entering an "on" node changes neither the grid nor any "off" record, which
      // are all the later ones read). A node already "on" is left out (it cannot also be
      // "off": that would have ended the chaining). On a contradiction the chaining stops
      // with nd still in the grid, which the undo below restores all the same.
      const DynamicBoard::CellUnits& cu = cus[c];
      const int* ub = cu.base;
      if (yl && DynamicBoard::two_bits(cm[c])) {
        const int x = nodeof(c, lowest(cm[c] & ~(Mask{1} << d)), true);
        if (rec[x] < 0) {
          int np = 0;
          tp[np++] = p;
          for (Mask m = step_cand[c] & ~cm[c]; m; m &= m - 1) {
            tp[np++] = rec[nodeof(c, lowest(m), false)];
          }
          if (new_on(x, np)) goto done;
        }
      }
      // A unit of c where d has two positions left: the other one is "on". Forced inline:
      // GCC called it out of line, and a loop over the units was slower
      // (grader/PERF_NOTES.md).
      // pm holds c's own position (nd is still a candidate of the chaining's grid), so
      // the other one is pm less c's bit: no test of which of the two is c's, a branch
      // that went either way.
      const auto unit_on = [&](int k, Mask pm) SUDOFORGE_ALWAYS_INLINE {
        const int* cells = cu.cells[k];
        const int q = cells[lowest(pm ^ cu.bit[k])];
        const int x = nodeof(q, d, true);
        if (rec[x] >= 0) return false;
        int np = 0;
        tp[np++] = p;
        for (Mask m = step_pos[ub[k] + d] & ~pm; m; m &= m - 1) {
          tp[np++] = rec[nodeof(cells[lowest(m)], d, false)];
        }
        return new_on(x, np);
      };
      const Mask pm0 = um[ub[0] + d], pm1 = um[ub[1] + d], pm2 = um[ub[2] + d];
      if (DynamicBoard::two_bits(pm0) && unit_on(0, pm0)) goto done;
      if (DynamicBoard::two_bits(pm1) && unit_on(1, pm1)) goto done;
      if (DynamicBoard::two_bits(pm2) && unit_on(2, pm2)) goto done;
      if constexpr (extras) {
        if (extra_units_on(c, d, p)) goto done;
      }
      if (dyn) {
        // nd leaves the grid of this chaining (it is still a candidate: "off" nodes are
        // only derived from candidates, and each is taken from the queue once).
        cm[c] &= ~(Mask{1} << d);
        um[ub[0] + d] &= ~cu.bit[0];
        um[ub[1] + d] &= ~cu.bit[1];
        um[ub[2] + d] &= ~cu.bit[2];
        if constexpr (extras) {
          for (int e = xb[c]; e < xb[c + 1]; ++e) um[xu[e].base[0] + d] &= ~xu[e].bit[0];
        }
      }
    }
  }
done:
  finish_result(R, nrec);
  R.parent_pool.assign(pool, pool + npool);
  // The scratch chaining (slot 0: "off" assumptions, Nishio) is read by node and record
  // only, never in order of derivation.
  if (keep_order) {
    R.on_order.assign(qon, qon + non);
    R.off_order.assign(qoff, qoff + noff);
    R.off_taken.assign(tk, tk + hoff);
    R.on_taken = hon;
  }
  // Undo (dynamic) the removal of the "off" records taken from the queue: record by
  // record for a short chaining, else by copying whole tables (about one record per 20
  // words of table costs the same).
  if (!dyn || hoff == 0) return;
  if (hoff * 20 > static_cast<int>(board_.chaining_cand.size() + board_.chaining_pos.size())) {
    std::copy(board_.step_cand.begin(), board_.step_cand.end(), board_.chaining_cand.begin());
    std::copy(board_.step_pos.begin(), board_.step_pos.end(), board_.chaining_pos.begin());
    return;
  }
  for (int i = 0; i < hoff; ++i) {
    const int cd = rs[qoff[i]].node >> 1;
    const int c = cdof[cd] >> 5, d = cdof[cd] & 31;
    const int* ub = cus[c].base;
    cm[c] = step_cand[c];
    um[ub[0] + d] = step_pos[ub[0] + d];
    um[ub[1] + d] = step_pos[ub[1] + d];
    um[ub[2] + d] = step_pos[ub[2] + d];
    if constexpr (extras) {
      for (int e = xb[c]; e < xb[c + 1]; ++e) um[xu[e].base[0] + d] = step_pos[xu[e].base[0] + d];
    }
  }
}

void ChainingSearch::chain_static(Chaining& R, int start) {
  int* const rec = clear_result(R);
  std::uint64_t* const bits = R.node_bits.data();
  ChainRecord* const rs = record_buf_.data();
  int* const qon = on_queue_buf_.data();
  int* const qoff = off_queue_buf_.data();
  const int* const lb = links_.node_begin.data();
  const int* const lk = links_.targets.data();
  // The queues as pointers (their heads and ends): two registers fewer than bases and
  // counts, which the loops below keep out of the stack.
  // An "off" record without links gives nothing when taken: the loop takes the others
  // from their own queue (work), in the same order; qoff keeps them all (off_order).
  int* const work = off_work_buf_.data();
  int* on_end = qon;
  int* off_end = qoff;
  int* work_end = work;
  const int* on_head = qon;
  const int* work_head = work;
  int nrec = 1;
  rs[0] = ChainRecord{start, 0, 0, 1};
  rec[start] = 0;
  bits[start >> 6] |= std::uint64_t{1} << (start & 63);
  if (start & 1) {
    *on_end++ = 0;
  } else {
    *off_end++ = 0;
    *work_end++ = 0;
  }
  // Each record's links give new records to the other side's queue; the "on" queue is
  // emptied before each "off" record is taken (SE's order). A target whose opposite is
  // recorded is a contradiction, which ends the chaining. The two sides' loops are written
  // out apart on purpose: one shared body did not fit in registers (grader/PERF_NOTES.md,
  // session 25, the static closures and region chains).
  for (;;) {
    while (on_head != on_end) {
      const int p = *on_head++;
      const int nd = rs[p].node, anc = rs[p].ancestor_count + 1;
      for (const int *q = lk + lb[nd], *const qe = lk + lb[nd + 1]; q != qe; ++q) {
        const int x = *q;
        if (rec[x] >= 0) continue;
        const int r = nrec++;
        rs[r] = ChainRecord{x, p, -1, anc};
        if (rec[x ^ 1] >= 0) {
          R.contradiction = true;
          R.contradiction_on = rec[x ^ 1];
          R.contradiction_off = r;
          goto done;
        }
        rec[x] = r;
        bits[x >> 6] |= std::uint64_t{1} << (x & 63);
        *off_end++ = r;
        *work_end = r;
        work_end += lb[x] != lb[x + 1];
      }
    }
    if (work_head == work_end) break;
    const int p = *work_head++;
    const int nd = rs[p].node, anc = rs[p].ancestor_count + 1;
    for (const int *q = lk + lb[nd], *const qe = lk + lb[nd + 1]; q != qe; ++q) {
      const int x = *q;
      if (rec[x] >= 0) continue;
      const int r = nrec++;
      rs[r] = ChainRecord{x, p, -1, anc};
      if (rec[x ^ 1] >= 0) {
        R.contradiction = true;
        R.contradiction_on = r;
        R.contradiction_off = rec[x ^ 1];
        goto done;
      }
      rec[x] = r;
      bits[x >> 6] |= std::uint64_t{1} << (x & 63);
      *on_end++ = r;
    }
  }
done:
  finish_result(R, nrec);
  R.on_order.assign(qon, on_end);
  R.off_order.assign(qoff, off_end);
}

}  // namespace sudoforge::grader::detail
