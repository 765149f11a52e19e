// CDCL search for Sudoku (see clause_solver.h for the encoding and why it is exact).
//
// Literals: 2 * var (the candidate is placed) and 2 * var + 1 (it is not). Clauses of two
// literals live in implication lists (bins[l]: literals that become true when l does);
// longer ones in one arena, the two watched literals at positions 0 and 1, and the literal
// a clause propagated at position 0. A variable's reason is -1 (decision or level-0 unit),
// a clause index >= 0, or -2 - l for a binary clause whose other (false) literal is l.
#include "sudoforge/solver/clause_solver.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

inline int negate(int lit) {
  return lit ^ 1;
}
inline int var_of(int lit) {
  return lit >> 1;
}

constexpr int kNoReason = -1;
constexpr int kNoConflict = -1;
constexpr int kBinaryConflict = -2;  // the conflict clause is conflict_bin[0..1]
constexpr double kVarDecay = 0.95;
constexpr int kRestartUnit = 500;   // conflicts per Luby unit
constexpr int kFirstReduce = 2000;  // conflicts before the first clause deletion
constexpr int kReduceStep = 300;    // the interval grows by this much each time

// The Luby sequence 1 1 2 1 1 2 4 ... (x-th term, 0-based), as in MiniSat.
double luby(int x) {
  int size = 1, seq = 0;
  while (size < x + 1) {
    ++seq;
    size = 2 * size + 1;
  }
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    --seq;
    x = x % size;
  }
  double r = 1;
  for (int i = 0; i < seq; ++i) r *= 2;
  return r;
}

}  // namespace

struct ClauseSolver::Impl {
  SearchLimits limits;
  bool save_phases = true;
  detail::LimitCheck check;

  struct Clause {
    int start = 0, size = 0, lbd = 0;
    bool learnt = false, deleted = false;
  };
  struct Watch {
    int clause, blocker;
  };

  // The instance.
  int n = 0, cells = 0;
  std::vector<std::uint32_t> cand;  // per cell: open candidates (0 for a given)
  std::vector<int> var_cell, var_value, cand_var;
  std::vector<int> arena;
  std::vector<Clause> clauses;
  std::vector<std::vector<int>> bins;
  std::vector<std::vector<Watch>> watches;
  // The assignment.
  std::vector<signed char> value;  // per var: 1 true, -1 false, 0 open
  std::vector<int> level, reason, trail, trail_lim;
  std::size_t qhead = 0;
  int conflict_bin[2] = {0, 0};
  // Branching.
  std::vector<double> activity;
  double var_inc = 1;
  std::vector<signed char> phase;  // 1: try true first
  std::vector<int> heap, heap_pos;
  // Scratch.
  std::vector<char> seen;
  std::vector<int> learnt, to_clear, level_stamp, scratch;
  int stamp = 0;
  std::uint64_t nodes = 0, guesses = 0;

  int vars() const { return static_cast<int>(var_cell.size()); }
  int lit_value(int lit) const {
    const int v = value[var_of(lit)];
    return (lit & 1) ? -v : v;
  }
  int decision_level() const { return static_cast<int>(trail_lim.size()); }

  // ---- heap of open variables by activity (max first)
  bool heap_less(int a, int b) const { return activity[a] > activity[b]; }
  void heap_up(int i) {
    const int v = heap[i];
    while (i > 0) {
      const int parent = (i - 1) >> 1;
      if (!heap_less(v, heap[parent])) break;
      heap[i] = heap[parent];
      heap_pos[heap[i]] = i;
      i = parent;
    }
    heap[i] = v;
    heap_pos[v] = i;
  }
  void heap_down(int i) {
    const int v = heap[i], size = static_cast<int>(heap.size());
    for (;;) {
      int child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heap_less(heap[child + 1], heap[child])) ++child;
      if (!heap_less(heap[child], v)) break;
      heap[i] = heap[child];
      heap_pos[heap[i]] = i;
      i = child;
    }
    heap[i] = v;
    heap_pos[v] = i;
  }
  void heap_insert(int v) {
    if (heap_pos[v] >= 0) return;
    heap.push_back(v);
    heap_up(static_cast<int>(heap.size()) - 1);
  }
  int heap_pop() {
    const int top = heap[0];
    heap_pos[top] = -1;
    const int last = heap.back();
    heap.pop_back();
    if (!heap.empty()) {
      heap[0] = last;
      heap_pos[last] = 0;
      heap_down(0);
    }
    return top;
  }
  void bump(int v) {
    activity[v] += var_inc;
    if (activity[v] > 1e100) {
      for (double& a : activity) a *= 1e-100;
      var_inc *= 1e-100;
    }
    if (heap_pos[v] >= 0) heap_up(heap_pos[v]);
  }

  // ---- clauses
  void add_binary(int a, int b) {
    bins[negate(a)].push_back(b);
    bins[negate(b)].push_back(a);
  }
  int add_long(const int* lits, int size, bool is_learnt, int lbd) {
    Clause c;
    c.start = static_cast<int>(arena.size());
    c.size = size;
    c.learnt = is_learnt;
    c.lbd = lbd;
    arena.insert(arena.end(), lits, lits + size);
    clauses.push_back(c);
    const int index = static_cast<int>(clauses.size()) - 1;
    watches[lits[0]].push_back({index, lits[1]});
    watches[lits[1]].push_back({index, lits[0]});
    return index;
  }
  // Adds "at least one of lits" at level 0. False when it is empty or its unit conflicts.
  bool add_at_least_one(const std::vector<int>& lits) {
    if (lits.empty()) return false;
    if (lits.size() == 1) {
      const int lv = lit_value(lits[0]);
      if (lv < 0) return false;
      if (lv == 0) assign(lits[0], kNoReason);
      return true;
    }
    if (lits.size() == 2) {
      add_binary(lits[0], lits[1]);
    } else {
      add_long(lits.data(), static_cast<int>(lits.size()), false, 0);
    }
    return true;
  }

  void assign(int lit, int why) {
    const int v = var_of(lit);
    value[v] = (lit & 1) ? -1 : 1;
    level[v] = decision_level();
    reason[v] = why;
    trail.push_back(lit);
    ++nodes;
  }

  // Unit propagation. Returns kNoConflict, kBinaryConflict, or the conflicting clause.
  int propagate() {
    while (qhead < trail.size()) {
      const int p = trail[qhead++];
      for (int q : bins[p]) {
        const int lv = lit_value(q);
        if (lv > 0) continue;
        if (lv < 0) {
          conflict_bin[0] = q;
          conflict_bin[1] = negate(p);
          qhead = trail.size();
          return kBinaryConflict;
        }
        assign(q, -2 - negate(p));
      }
      const int false_lit = negate(p);
      std::vector<Watch>& ws = watches[false_lit];
      std::size_t i = 0, j = 0;
      const std::size_t end = ws.size();
      while (i < end) {
        const Watch w = ws[i++];
        if (lit_value(w.blocker) > 0) {
          ws[j++] = w;
          continue;
        }
        const Clause& c = clauses[w.clause];
        int* lits = &arena[c.start];
        if (lits[0] == false_lit) std::swap(lits[0], lits[1]);
        const int first = lits[0];
        if (first != w.blocker && lit_value(first) > 0) {
          ws[j++] = {w.clause, first};
          continue;
        }
        bool moved = false;
        for (int k = 2; k < c.size; ++k) {
          if (lit_value(lits[k]) >= 0) {
            std::swap(lits[1], lits[k]);
            watches[lits[1]].push_back({w.clause, first});
            moved = true;
            break;
          }
        }
        if (moved) continue;
        ws[j++] = {w.clause, first};
        if (lit_value(first) < 0) {
          while (i < end) ws[j++] = ws[i++];
          ws.resize(j);
          qhead = trail.size();
          return w.clause;
        }
        assign(first, w.clause);
      }
      ws.resize(j);
    }
    return kNoConflict;
  }

  // The false literals of the reason of var v other than v's own literal, into scratch.
  void reason_lits(int v) {
    scratch.clear();
    const int r = reason[v];
    if (r >= 0) {
      const Clause& c = clauses[r];
      for (int k = 1; k < c.size; ++k) scratch.push_back(arena[clauses[r].start + k]);
    } else if (r <= -2) {
      scratch.push_back(-2 - r);
    }
  }

  // First-UIP learning from `conflict`; fills `learnt` (asserting literal first, a literal
  // of the backjump level second) and returns the backjump level.
  int analyze(int conflict) {
    learnt.assign(1, 0);
    to_clear.clear();
    int path = 0, p = -1;
    int index = static_cast<int>(trail.size()) - 1;
    scratch.clear();
    if (conflict == kBinaryConflict) {
      scratch.push_back(conflict_bin[0]);
      scratch.push_back(conflict_bin[1]);
    } else {
      const Clause& c = clauses[conflict];
      for (int k = 0; k < c.size; ++k) scratch.push_back(arena[c.start + k]);
    }
    const int current = decision_level();
    for (;;) {
      for (int q : scratch) {
        const int v = var_of(q);
        if (seen[v] || level[v] == 0) continue;
        seen[v] = 1;
        to_clear.push_back(v);
        bump(v);
        if (level[v] >= current) {
          ++path;
        } else {
          learnt.push_back(q);
        }
      }
      while (!seen[var_of(trail[index])]) --index;
      p = trail[index--];
      seen[var_of(p)] = 0;
      if (--path == 0) break;
      reason_lits(var_of(p));
    }
    learnt[0] = negate(p);
    // Local minimisation: a literal whose reason's other literals are all in the clause
    // (or fixed at level 0) is implied by them.
    std::size_t keep = 1;
    for (std::size_t i = 1; i < learnt.size(); ++i) {
      const int v = var_of(learnt[i]);
      bool redundant = reason[v] != kNoReason;
      if (redundant) {
        reason_lits(v);
        for (int q : scratch) {
          const int u = var_of(q);
          if (!seen[u] && level[u] > 0) {
            redundant = false;
            break;
          }
        }
      }
      if (!redundant) learnt[keep++] = learnt[i];
    }
    learnt.resize(keep);
    for (int v : to_clear) seen[v] = 0;
    int back = 0;
    for (std::size_t i = 1; i < learnt.size(); ++i) {
      if (level[var_of(learnt[i])] > back) {
        back = level[var_of(learnt[i])];
        std::swap(learnt[1], learnt[i]);
      }
    }
    return back;
  }

  int lbd_of(const std::vector<int>& lits) {
    ++stamp;
    int count = 0;
    for (int q : lits) {
      const int l = level[var_of(q)];
      if (level_stamp[l] != stamp) {
        level_stamp[l] = stamp;
        ++count;
      }
    }
    return count;
  }

  void backtrack(int to) {
    if (decision_level() <= to) return;
    for (int i = static_cast<int>(trail.size()) - 1; i >= trail_lim[to]; --i) {
      const int v = var_of(trail[i]);
      if (save_phases) phase[v] = value[v];
      value[v] = 0;
      reason[v] = kNoReason;
      heap_insert(v);
    }
    trail.resize(trail_lim[to]);
    trail_lim.resize(to);
    qhead = trail.size();
  }

  // Deletes the worse half of the learnt long clauses (most levels, then longest). Only
  // at level 0, where no reason refers to them.
  void reduce() {
    std::vector<int>& list = scratch;
    list.clear();
    for (int i = 0; i < static_cast<int>(clauses.size()); ++i) {
      if (clauses[i].learnt && !clauses[i].deleted && clauses[i].lbd > 2) list.push_back(i);
    }
    std::sort(list.begin(), list.end(), [&](int a, int b) {
      if (clauses[a].lbd != clauses[b].lbd) return clauses[a].lbd > clauses[b].lbd;
      if (clauses[a].size != clauses[b].size) return clauses[a].size > clauses[b].size;
      return a < b;
    });
    for (std::size_t i = 0; i < list.size() / 2; ++i) clauses[list[i]].deleted = true;
    for (auto& w : watches) w.clear();
    for (int i = 0; i < static_cast<int>(clauses.size()); ++i) {
      const Clause& c = clauses[i];
      if (c.deleted) continue;
      watches[arena[c.start]].push_back({i, arena[c.start + 1]});
      watches[arena[c.start + 1]].push_back({i, arena[c.start]});
    }
  }

  // Builds the instance; false when the givens already leave no solution.
  bool build(const Grid& grid, std::span<const Candidate> forbidden, const Grid* prefer) {
    const Geometry& g = grid.geometry();
    n = g.size();
    cells = g.cell_count();
    const std::uint32_t full = n == 32 ? ~0u : (1u << n) - 1;
    cand.assign(cells, full);
    std::vector<std::uint32_t> placed(g.unit_count(), 0);
    for (int c = 0; c < cells; ++c) {
      const int v = grid[c];
      if (!v) continue;
      const std::uint32_t bit = 1u << (v - 1);
      cand[c] = 0;
      for (int u : g.houses_of(c)) {
        if (placed[u] & bit) throw std::invalid_argument("ClauseSolver: conflicting givens");
        placed[u] |= bit;
      }
    }
    for (int c = 0; c < cells; ++c) {
      if (grid[c]) continue;
      for (int u : g.houses_of(c)) cand[c] &= ~placed[u];
    }
    for (const Candidate& f : forbidden) {
      if (f.cell < 0 || f.cell >= cells || f.value < 1 || f.value > n) {
        throw std::invalid_argument("ClauseSolver: forbidden candidate out of range");
      }
      if (grid[f.cell] == f.value) {
        throw std::invalid_argument("ClauseSolver: a forbidden candidate is a given");
      }
      cand[f.cell] &= ~(1u << (f.value - 1));
    }
    var_cell.clear();
    var_value.clear();
    cand_var.assign(static_cast<std::size_t>(cells) * n, -1);
    for (int c = 0; c < cells; ++c) {
      if (grid[c]) continue;
      if (cand[c] == 0) return false;
      for (std::uint32_t m = cand[c]; m; m &= m - 1) {
        const int v = __builtin_ctz(m) + 1;
        cand_var[std::size_t(c) * n + v - 1] = static_cast<int>(var_cell.size());
        var_cell.push_back(c);
        var_value.push_back(v);
      }
    }
    const int nv = vars();
    bins.resize(2 * static_cast<std::size_t>(nv));
    for (int l = 0; l < 2 * nv; ++l) bins[l].clear();
    watches.resize(2 * static_cast<std::size_t>(nv));
    for (int l = 0; l < 2 * nv; ++l) watches[l].clear();
    arena.clear();
    clauses.clear();
    value.assign(nv, 0);
    level.assign(nv, 0);
    reason.assign(nv, kNoReason);
    trail.clear();
    trail_lim.clear();
    qhead = 0;
    phase.assign(nv, 1);
    activity.assign(nv, 0.0);
    var_inc = 1;
    seen.assign(nv, 0);
    level_stamp.assign(nv + 2, 0);
    stamp = 0;
    // First branching order: cells with few candidates first (a tiny initial activity).
    for (int v = 0; v < nv; ++v) {
      activity[v] = 1e-6 / __builtin_popcount(cand[var_cell[v]]);
      if (prefer) phase[v] = (*prefer)[var_cell[v]] == var_value[v] ? 1 : -1;
    }
    std::vector<int> lits;
    // Cells: at least one symbol, at most one.
    for (int c = 0; c < cells; ++c) {
      if (grid[c]) continue;
      lits.clear();
      for (std::uint32_t m = cand[c]; m; m &= m - 1) {
        lits.push_back(2 * cand_var[std::size_t(c) * n + __builtin_ctz(m)]);
      }
      for (std::size_t i = 0; i < lits.size(); ++i) {
        for (std::size_t j = i + 1; j < lits.size(); ++j) add_binary(lits[i] | 1, lits[j] | 1);
      }
      if (!add_at_least_one(lits)) return false;
    }
    // Units: each symbol not given in the unit has at least one place.
    for (int u = 0; u < g.unit_count(); ++u) {
      for (int v = 1; v <= n; ++v) {
        if (placed[u] & (1u << (v - 1))) continue;
        lits.clear();
        for (int c : g.unit(u)) {
          const int x = grid[c] ? -1 : cand_var[std::size_t(c) * n + v - 1];
          if (x >= 0) lits.push_back(2 * x);
        }
        if (!add_at_least_one(lits)) return false;
      }
    }
    // Peers: not the same symbol twice.
    for (int x = 0; x < nv; ++x) {
      const int c = var_cell[x], v = var_value[x];
      for (int p : g.peers(c)) {
        if (p <= c || grid[p]) continue;
        const int y = cand_var[std::size_t(p) * n + v - 1];
        if (y >= 0) add_binary(2 * x + 1, 2 * y + 1);
      }
    }
    const int all = vars();
    heap.clear();
    heap_pos.assign(all, -1);
    for (int v = 0; v < all; ++v) heap_insert(v);
    return true;
  }

  // The model on top of `givens`, checked: one symbol per open cell, every unit complete.
  Grid model(const Grid& givens) const {
    Grid out = givens;
    for (int x = 0; x < vars(); ++x) {
      if (value[x] > 0 && var_cell[x] >= 0) {
        if (out[var_cell[x]]) throw std::logic_error("ClauseSolver: two symbols in a cell");
        out.set(var_cell[x], var_value[x]);
      }
    }
    if (!is_solution_of(givens, out)) throw std::logic_error("ClauseSolver: bad model");
    return out;
  }

  // True when satisfiable (the model is in `value`).
  bool search() {
    backtrack(0);
    if (propagate() != kNoConflict) return false;
    std::uint64_t conflicts = 0, restart_at = 0;
    int restarts = 0;
    std::uint64_t next_reduce = kFirstReduce, reduce_step = kFirstReduce;
    restart_at = static_cast<std::uint64_t>(luby(restarts) * kRestartUnit);
    std::uint64_t since_restart = 0;
    for (;;) {
      const int conflict = propagate();
      if (conflict != kNoConflict) {
        ++conflicts;
        ++since_restart;
        if (decision_level() == 0) return false;
        const int back = analyze(conflict);
        backtrack(back);
        if (learnt.size() == 1) {
          assign(learnt[0], kNoReason);
        } else if (learnt.size() == 2) {
          add_binary(learnt[0], learnt[1]);
          assign(learnt[0], -2 - learnt[1]);
        } else {
          const int lbd = lbd_of(learnt);
          const int index = add_long(learnt.data(), static_cast<int>(learnt.size()), true, lbd);
          assign(learnt[0], index);
        }
        var_inc /= kVarDecay;
        if (check.due(nodes)) return false;
        continue;
      }
      if (since_restart >= restart_at) {
        backtrack(0);
        since_restart = 0;
        ++restarts;
        restart_at = static_cast<std::uint64_t>(luby(restarts) * kRestartUnit);
        if (conflicts >= next_reduce) {
          reduce_step += kReduceStep;
          next_reduce = conflicts + reduce_step;
          reduce();
        }
        continue;  // level-0 units of the backjumps are propagated already
      }
      if (check.due(nodes)) return false;
      int next = -1;
      while (!heap.empty()) {
        const int v = heap_pop();
        if (value[v] == 0) {
          next = v;
          break;
        }
      }
      if (next < 0) return true;
      ++guesses;
      trail_lim.push_back(static_cast<int>(trail.size()));
      assign(2 * next + (phase[next] > 0 ? 0 : 1), kNoReason);
    }
  }
};

ClauseSolver::ClauseSolver() : impl_(std::make_unique<Impl>()) {}
ClauseSolver::~ClauseSolver() = default;
ClauseSolver::ClauseSolver(ClauseSolver&&) noexcept = default;
ClauseSolver& ClauseSolver::operator=(ClauseSolver&&) noexcept = default;

void ClauseSolver::set_limits(const SearchLimits& limits) {
  impl_->limits = limits;
}

void ClauseSolver::set_phase_saving(bool on) {
  impl_->save_phases = on;
}

bool ClauseSolver::solvable(const Grid& grid, std::span<const Candidate> forbidden,
                            const Grid* prefer, Grid* solution, SearchStats* stats) {
  Impl& im = *impl_;
  if (prefer && (!(prefer->geometry() == grid.geometry()) || !prefer->is_complete())) {
    throw std::invalid_argument("ClauseSolver: the hint must be a full grid of the same geometry");
  }
  im.check.reset(im.limits);
  im.nodes = im.guesses = 0;
  const bool built = im.build(grid, forbidden, prefer);
  im.nodes = 0;  // building assigns only level-0 units of the givens: not search work
  const bool found = built && im.search();
  if (stats) {
    stats->nodes += im.nodes;
    stats->guesses += im.guesses;
  }
  im.check.raise_if_aborted(im.nodes);
  if (!found) return false;
  Grid out = im.model(grid);
  for (const Candidate& f : forbidden) {
    if (out[f.cell] == f.value)
      throw std::logic_error("ClauseSolver: model uses a forbidden candidate");
  }
  if (solution) *solution = std::move(out);
  return true;
}

}  // namespace sudoforge
