// Sudoku-specialised dancing links.
//
// Every matrix row (a (cell, value) candidate) has exactly four nodes, so the nodes of row k
// are 4k..4k+3 and the left/right links are arithmetic: the next node in the row of j is
// (j & ~3) | ((j + 1) & 3). Only up/down/column arrays are stored per node. Givens are
// applied before the matrix is built: their columns are never linked into the header list
// and rows clashing with them are never created, so the search starts from the reduced
// matrix. Column choice scans the header list for the fewest rows and stops at size 0 or 1,
// so forced columns are taken first without scanning further.
#include <algorithm>

#include "engines.h"

namespace sudoforge::detail {

void LinkedEngine::prepare(const Geometry& g) {
  geometry_ = g;
  n_ = g.size();
  nn_ = g.cell_count();
  columns_ = 4 * nn_;
  const int max_rows = nn_ * n_;
  head_ = 4 * max_rows;
  root_ = columns_;  // index into left_/right_ (headers are 0..columns_-1)
  const int nodes = head_ + columns_;
  up_.assign(nodes, 0);
  down_.assign(nodes, 0);
  col_.assign(nodes, 0);
  left_.assign(columns_ + 1, 0);
  right_.assign(columns_ + 1, 0);
  size_.assign(columns_, 0);
  row_cell_.assign(max_rows, 0);
  row_value_.assign(max_rows, 0);
  cand_cols_.assign(static_cast<std::size_t>(max_rows) * 4, 0);
  for (int cell = 0; cell < nn_; ++cell) {
    const int r = g.row(cell), c = g.col(cell), b = g.box(cell);
    for (int v = 0; v < n_; ++v) {
      int* cols = &cand_cols_[(cell * n_ + v) * 4];
      cols[0] = cell;
      cols[1] = nn_ + r * n_ + v;
      cols[2] = 2 * nn_ + c * n_ + v;
      cols[3] = 3 * nn_ + b * n_ + v;
    }
  }
  unit_used_.assign(3 * n_, 0);
  forbidden_mark_.assign(max_rows, 0);
  stack_.assign(nn_ + 1, 0);
  cells_.assign(nn_, 0);
  prepared_ = true;
}

inline void LinkedEngine::cover(int c) {
  right_[left_[c]] = right_[c];
  left_[right_[c]] = left_[c];
  const int h = head_ + c;
  for (int i = down_[h]; i != h; i = down_[i]) {
    const int base = i & ~3;
    for (int k = 1; k < 4; ++k) {
      const int j = base | ((i + k) & 3);
      up_[down_[j]] = up_[j];
      down_[up_[j]] = down_[j];
      --size_[col_[j]];
    }
  }
}

inline void LinkedEngine::uncover(int c) {
  const int h = head_ + c;
  for (int i = up_[h]; i != h; i = up_[i]) {
    const int base = i & ~3;
    for (int k = 3; k > 0; --k) {
      const int j = base | ((i + k) & 3);
      ++size_[col_[j]];
      up_[down_[j]] = j;
      down_[up_[j]] = j;
    }
  }
  right_[left_[c]] = c;
  left_[right_[c]] = c;
}

std::uint64_t LinkedEngine::run(const Geometry& g, const std::uint8_t* givens,
                                std::span<const Candidate> forbidden, std::uint64_t limit,
                                SearchStats* stats, SolutionSink sink) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  if (limit == 0) return 0;
  const int n = n_, nn = nn_;
  std::uint32_t* row_used = unit_used_.data();
  std::uint32_t* col_used = row_used + n;
  std::uint32_t* box_used = col_used + n;
  std::fill(unit_used_.begin(), unit_used_.end(), 0u);
  for (int cell = 0; cell < nn; ++cell) {
    if (const int v = givens[cell]) {
      const std::uint32_t bit = 1u << (v - 1);
      row_used[g.row(cell)] |= bit;
      col_used[g.col(cell)] |= bit;
      box_used[g.box(cell)] |= bit;
    }
  }
  for (const Candidate& f : forbidden) forbidden_mark_[f.cell * n + f.value - 1] = 1;

  // Headers: empty vertical lists.
  for (int c = 0; c < columns_; ++c) {
    const int h = head_ + c;
    up_[h] = down_[h] = h;
    col_[h] = c;
    size_[c] = 0;
  }
  // Rows for the candidates the givens leave.
  int rows = 0;
  for (int cell = 0; cell < nn; ++cell) {
    if (givens[cell]) continue;
    const std::uint32_t used =
        row_used[g.row(cell)] | col_used[g.col(cell)] | box_used[g.box(cell)];
    for (int v = 0; v < n; ++v) {
      const int cand = cell * n + v;
      if ((used >> v) & 1u || forbidden_mark_[cand]) continue;
      const int k = rows++;
      row_cell_[k] = cell;
      row_value_[k] = static_cast<std::uint8_t>(v + 1);
      const int* cols = &cand_cols_[cand * 4];
      for (int t = 0; t < 4; ++t) {
        const int node = 4 * k + t;
        const int h = head_ + cols[t];
        col_[node] = cols[t];
        up_[node] = up_[h];
        down_[node] = h;
        down_[up_[h]] = node;
        up_[h] = node;
        ++size_[cols[t]];
      }
    }
  }
  for (const Candidate& f : forbidden) forbidden_mark_[f.cell * n + f.value - 1] = 0;

  // Header list: only the columns the givens leave open.
  int last = root_;
  auto link = [&](int c) {
    right_[last] = c;
    left_[c] = last;
    last = c;
  };
  for (int cell = 0; cell < nn; ++cell) {
    if (!givens[cell]) link(cell);
  }
  for (int kind = 0; kind < 3; ++kind) {
    const std::uint32_t* used = row_used + kind * n;
    for (int u = 0; u < n; ++u) {
      for (int v = 0; v < n; ++v) {
        if (!((used[u] >> v) & 1u)) link((kind + 1) * nn + u * n + v);
      }
    }
  }
  right_[last] = root_;
  left_[root_] = last;

  std::copy(givens, givens + nn, cells_.begin());
  std::uint64_t found = 0, nodes = 0, guesses = 0;
  int depth = 0;
  int r = 0;
  bool stop = false;

enter:
  if (right_[root_] == root_) {
    ++found;
    if (sink) {
      for (int d = 0; d < depth; ++d) {
        const int k = stack_[d] >> 2;
        cells_[row_cell_[k]] = row_value_[k];
      }
      if (!sink(cells_.data())) stop = true;
    }
    if (found >= limit) stop = true;
    goto backtrack;
  }
  {
    int best = right_[root_];
    int best_size = size_[best];
    for (int c = right_[best]; c != root_ && best_size > 1; c = right_[c]) {
      if (size_[c] < best_size) {
        best = c;
        best_size = size_[c];
      }
    }
    cover(best);
    r = down_[head_ + best];
  }
next:
  if (r >= head_) {  // back at the header: every row of this column tried
    uncover(r - head_);
    goto backtrack;
  }
  ++nodes;
  if (size_[col_[r]] >= 2) ++guesses;
  stack_[depth] = r;
  {
    const int base = r & ~3;
    for (int k = 1; k < 4; ++k) cover(col_[base | ((r + k) & 3)]);
  }
  ++depth;
  goto enter;

backtrack:
  if (depth == 0) goto done;
  --depth;
  r = stack_[depth];
  {
    const int base = r & ~3;
    for (int k = 3; k > 0; --k) uncover(col_[base | ((r + k) & 3)]);
  }
  if (stop) {
    uncover(col_[r]);
    goto backtrack;
  }
  r = down_[r];
  goto next;

done:
  if (stats) {
    stats->nodes += nodes;
    stats->guesses += guesses;
  }
  return found;
}

}  // namespace sudoforge::detail
