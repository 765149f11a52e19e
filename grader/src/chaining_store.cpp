// The chainings of a producer, kept between steps where they still hold (chaining_store.h).
//
// Invariants: ok[nd] implies nd is in live and chainings[nd] is the chaining a new search
// from nd would give on the step grid last checked (node_begin / targets, cand / pos);
// slot_of_node_ names only slots below slots_used_. Why kept: between two steps of a
// puzzle a few cells change, and most chainings never read them.
#include "chaining_store.h"

#include <algorithm>
#include <bit>

namespace sudoforge::grader::detail {

void ChainingStore::resize() {
  for (KeptChainings& K : kept_) K = KeptChainings{};
  // Memory: one dense node table per cached chaining. Large grids keep at most ~64 MB
  // of them; the cache is emptied between cells when full (one cell needs at most
  // n + 3n chainings).
  const int n = board_.n, nc = board_.nc, nn = board_.nn;
  const long per = static_cast<long>(nn) * static_cast<long>(sizeof(int));
  slot_capacity_ = static_cast<int>(
      std::min<long>(static_cast<long>(nc) * n + 1, std::max<long>(4L * n + 4, (64L << 20) / per)));
  slots_.clear();
  slots_.resize(static_cast<size_t>(slot_capacity_) + 1);
}

// A dynamic "off" node (c, d) of R, still a candidate, whose cell's candidates or units'
// positions of d changed: it takes the cell's last other value "on" when the chaining's
// grid leaves c two values (its candidates less the "off" nodes taken before), and the
// other position of d in a unit when it leaves d two there (d's own counted: it leaves
// after), with the removed ones as hidden parents; else it derives nothing from the cell
// or unit. The "off" nodes taken before are among R's, and (by induction over R's
// records) the same on both grids: so a cell or unit with two or more values or
// positions besides R's "off" nodes, on the last grid and on this one, derives nothing
// on either. Returns whether some changed cell or unit of c lacks them (then R may
// differ).
bool ChainingStore::reads_change(const Chaining& R, int nd, const KeptChainings& K) const {
  const int c = board_.cell_of(nd), d = board_.digit_of(nd);
  const Mask now = board_.step_cand[c], then = K.cand[c];
  if (now != then) {
    Mask taken = 0;  // the values of c recorded "off" in R
    for (Mask m = now | then; m; m &= m - 1) {
      const int e = lowest(m);
      if (R.has(board_.node(c, e, false))) taken |= Mask{1} << e;
    }
    if (popcount(now & ~taken) < 2 || popcount(then & ~taken) < 2) return true;
  }
  for (int k = 0; k < 3; ++k) {
    if (!((unit_changed_digits_[board_.unit_id[c * 3 + k]] >> d) & 1)) continue;
    const int at = board_.unit_pos_base[c * 3 + k] + d;
    const Mask pn = board_.step_pos[at], pt = K.pos[at];
    const int* cells = board_.unit_cells_of[c * 3 + k];
    Mask taken = 0;  // the positions of d in the unit recorded "off" in R
    for (Mask m = pn | pt; m; m &= m - 1) {
      const int q = lowest(m);
      if (R.has(board_.node(cells[q], d, false))) taken |= Mask{1} << q;
    }
    if (popcount(pn & ~taken) < 2 || popcount(pt & ~taken) < 2) return true;
  }
  return false;
}

// The records of R in the order made, and the moment its search took its first record that
// reads a change. The search takes each side's records in the order made, and an "on"
// record right after the "off" one that made it (its first parent), before the next "off"
// one. So with r the first record made that reads a change and was taken (before `bound`,
// when given): an "on" r was taken after its maker, itself taken at the moment of an "off"
// record whose records before read nothing; an "off" r at its own, unless an "on" record
// made after r and taken before it reads one (then that one's maker's). Found at the first
// record: none (a search from the start).
bool ChainingStore::first_change(const Chaining& R, const ResumePoint* bound,
                                 const KeptChainings& K, ResumePoint& at) const {
  const ChainRecord* const rs = R.records.data();
  const int* const pool = R.parent_pool.data();
  const int* const on = R.on_order.data();
  const int* const off = R.off_order.data();
  const int non_all = static_cast<int>(R.on_order.size());
  const int noff_taken = bound ? bound->hoff : static_cast<int>(R.off_taken.size());
  const int made =
      R.contradiction ? static_cast<int>(R.records.size()) - 1 : static_cast<int>(R.records.size());
  // The records of each side taken (before the bound): those made before these limits.
  const int on_lim = bound ? bound->nrec : R.on_taken < non_all ? on[R.on_taken] : made;
  const int off_lim = noff_taken < static_cast<int>(R.off_order.size()) ? off[noff_taken] : made;
  const std::uint64_t* const marked = marks_.data();
  const std::uint64_t* const hard = hard_marks_.data();
  const auto reads = [&](int x) {
    const std::uint64_t bit = std::uint64_t{1} << (x & 63);
    return (marked[x >> 6] & bit) && ((hard[x >> 6] & bit) || reads_change(R, x, K));
  };
  int r = 0;
  for (; r < made; ++r) {
    const int x = rs[r].node;
    if (!((marked[x >> 6] >> (x & 63)) & 1)) continue;  // most records: one test
    if (r < ((x & 1) ? on_lim : off_lim) && reads(x)) break;
  }
  if (r == made) return false;
  at = ResumePoint{};
  if (r == 0) return true;
  const auto maker = [&](int q) {
    return rs[q].parents_end < 0 ? rs[q].first_parent : pool[rs[q].first_parent];
  };
  int q = (rs[r].node & 1) ? maker(r) : r;  // the "off" record at whose taking to resume
  if (!(rs[r].node & 1)) {
    const int j = static_cast<int>(std::lower_bound(off, off + noff_taken, r) - off);
    for (int s = r + 1, e = R.off_taken[j]; s < e; ++s) {
      if ((rs[s].node & 1) && reads(rs[s].node)) {
        q = maker(s);
        break;
      }
    }
  }
  const int j = static_cast<int>(std::lower_bound(off, off + noff_taken, q) - off);
  const int nrec = R.off_taken[j];
  const int non = static_cast<int>(std::lower_bound(on, on + non_all, nrec) - on);
  if (non + j > 0) at = ResumePoint{nrec, non, j, non, nrec - non};
  return true;
}

void ChainingStore::check_kept() {
  const int n = board_.n, nc = board_.nc, nn = board_.nn;
  KeptChainings& K = kept_[mode_.dynamic];
  if (static_cast<int>(K.chainings.size()) != nn) {
    K.chainings.clear();
    K.chainings.resize(nn);
    K.ok.assign(nn, 0);
    K.resume.assign(nn, ResumePoint{});
    K.live.clear();
    K.node_begin.clear();
  }
  if (K.node_begin.size() == static_cast<size_t>(nn) + 1) {
    // A node's links are a function of its cell's candidates and of the positions of
    // its digit in the cell's units: only the cells where one of those changed can
    // hold a node whose links changed, or (dynamic) an "off" node that reads a change.
    changed_words_.clear();
    soft_words_.clear();
    const int nu = board_.nu, stride = n + 1;
    unit_changed_digits_.resize(nu);
    for (int u = 0; u < nu; ++u) {
      Mask m = 0;
      for (int d = 1; d <= n; ++d) {
        m |= static_cast<Mask>(board_.step_pos[u * stride + d] != K.pos[u * stride + d]) << d;
      }
      unit_changed_digits_[u] = m;
    }
    const int* const ob = K.node_begin.data();
    const int* const ol = K.targets.data();
    const int* const lb = links_.node_begin.data();
    const int* const lk = links_.targets.data();
    for (int c = 0; c < nc; ++c) {
      const Mask cm = board_.step_cand[c] | K.cand[c];
      const bool cell_changed = board_.step_cand[c] != K.cand[c];
      Mask units_changed = unit_changed_digits_[board_.unit_id[c * 3]] |
                           unit_changed_digits_[board_.unit_id[c * 3 + 1]] |
                           unit_changed_digits_[board_.unit_id[c * 3 + 2]];
      for (int e = board_.extra_begin[c]; e < board_.extra_begin[c + 1]; ++e)
        units_changed |= unit_changed_digits_[board_.extra_id[e]];
      const Mask dm = cell_changed ? cm : units_changed & cm;
      for (Mask m = dm; m; m &= m - 1) {
        const int d = lowest(m);
        for (int nd = board_.node(c, d, false), e = nd + 2; nd < e; ++nd) {
          // A dynamic "off" node that is still a candidate reads a change only where its
          // cell or one of its units may be left with two values or positions
          // (reads_change()); the others read one (an "off" node of a candidate gone
          // has a parent whose links changed, but is marked all the same).
          const bool soft =
              mode_.dynamic && !(nd & 1) && !board_.has_extras && ((board_.step_cand[c] >> d) & 1);
          if (soft || (mode_.dynamic && !(nd & 1)) || lb[nd + 1] - lb[nd] != ob[nd + 1] - ob[nd] ||
              !std::equal(lk + lb[nd], lk + lb[nd + 1], ol + ob[nd])) {
            auto& words = soft ? soft_words_ : changed_words_;
            const std::uint64_t bit = std::uint64_t{1} << (nd & 63);
            if (!words.empty() && words.back().first == nd >> 6) {
              words.back().second |= bit;
            } else {
              words.emplace_back(nd >> 6, bit);
            }
          }
        }
      }
    }
    const size_t nw = (static_cast<size_t>(nn) + 63) / 64;
    if (mode_.dynamic) {
      marks_.assign(nw, 0);
      hard_marks_.assign(nw, 0);
      for (const auto& [w, bits] : changed_words_) hard_marks_[w] |= bits;
      for (const auto& [w, bits] : soft_words_) marks_[w] |= bits;
      for (size_t w = 0; w < nw; ++w) marks_[w] |= hard_marks_[w];
    }
    size_t nlive = 0;
    for (const int nd : K.live) {
      const Chaining& R = K.chainings[nd];
      const std::uint64_t* const b = R.node_bits.data();
      std::uint64_t any = 0;
      for (const auto& [w, bits] : changed_words_) any |= b[w] & bits;
      for (size_t i = 0; any == 0 && i < soft_words_.size(); ++i) {
        const auto& [w, bits] = soft_words_[i];
        for (std::uint64_t x = b[w] & bits; x; x &= x - 1) {
          if (reads_change(R, w * 64 + std::countr_zero(x), K)) {
            any = 1;
            break;
          }
        }
      }
      if (mode_.dynamic) {
        // The records taken before a resume point held on the last grid. A start that
        // reads a change (the most common case) needs no walk.
        ResumePoint& at = K.resume[nd];
        if (any != 0) {
          const std::uint64_t bit = std::uint64_t{1} << (nd & 63);
          ResumePoint first;
          if ((marks_[nd >> 6] & bit) && ((hard_marks_[nd >> 6] & bit) || reads_change(R, nd, K))) {
            K.ok[nd] = 0;
            at = ResumePoint{};
            continue;
          }
          if (first_change(R, K.ok[nd] ? nullptr : &at, K, first)) {
            K.ok[nd] = 0;
            at = first;
            if (at.nrec == 0) continue;
          }
        }
        K.live[nlive++] = nd;
        continue;
      }
      K.ok[nd] = any == 0;
      if (any == 0) K.live[nlive++] = nd;
    }
    K.live.resize(nlive);
  } else {
    for (const int nd : K.live) {
      K.ok[nd] = 0;
      K.resume[nd] = ResumePoint{};
    }
    K.live.clear();
  }
  K.node_begin.assign(links_.node_begin.begin(), links_.node_begin.end());
  K.targets.assign(links_.targets.begin(), links_.targets.begin() + links_.node_begin[nn]);
  K.cand = board_.step_cand;
  K.pos = board_.step_pos;
}

}  // namespace sudoforge::grader::detail
