// Sudoku-specialised dancing links.
//
// Every matrix row (a (cell, value) candidate) has exactly four nodes, so the nodes of row k
// are 4k..4k+3 and the left/right links are arithmetic: the next node in the row of j is
// (j & ~3) | ((j + 1) & 3). Only up/down/column arrays are stored per node. Givens are
// applied before the matrix is built: their columns are never linked into the header list
// and rows clashing with them are never created, so the search starts from the reduced
// matrix. Column choice is Dlx's (the first open column, in header-list order, of size 0 or
// 1, else the first of the fewest rows), but found by scanning the sizes as a plain array
// instead of chasing the header list: a covered column carries kCovered on its size (no
// row of an open column is ever in a covered one, so that size never changes while it is
// covered), and the header list is in column order, so the first index is the first in the
// list. The array scan is branch-free and vectorisable; the list chase was one dependent
// load per open column, most of the engine's time.
#include <algorithm>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engines.h"

namespace sudoforge::detail {
namespace {
constexpr std::int16_t kCovered = 0x4000;
}  // namespace

// The first column of size 0 or 1, else the first of the smallest size. size_ is padded
// with kCovered to a multiple of 8 entries past columns_.
inline int LinkedEngine::choose_column() const {
  const std::int16_t* size = size_.data();
  const int n = columns_;
#if defined(__SSE2__)
  const __m128i two = _mm_set1_epi16(2);
  __m128i low = _mm_set1_epi16(kCovered);
  for (int c = 0; c < n; c += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(size + c));
    const int forced = _mm_movemask_epi8(_mm_cmplt_epi16(v, two));
    if (forced) return c + __builtin_ctz(static_cast<unsigned>(forced)) / 2;
    low = _mm_min_epi16(low, v);
  }
  low = _mm_min_epi16(low, _mm_shuffle_epi32(low, 0x4E));
  low = _mm_min_epi16(low, _mm_shuffle_epi32(low, 0xB1));
  low = _mm_min_epi16(low, _mm_shufflelo_epi16(_mm_shuffle_epi32(low, 0), 0xB1));
  const __m128i want = _mm_set1_epi16(static_cast<std::int16_t>(_mm_cvtsi128_si32(low)));
  for (int c = 0;; c += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(size + c));
    const int hit = _mm_movemask_epi8(_mm_cmpeq_epi16(v, want));
    if (hit) return c + __builtin_ctz(static_cast<unsigned>(hit)) / 2;
  }
#else
  std::int16_t low = kCovered;
  for (int c = 0; c < n; ++c) low = std::min(low, size[c]);
  const std::int16_t want = low <= 1 ? 1 : low;
  int c = 0;
  while (size[c] > want) ++c;
  return c;
#endif
}

void LinkedEngine::prepare(const Geometry& g) {
  geometry_ = g;
  n_ = g.size();
  nn_ = g.cell_count();
  columns_ = 4 * nn_;
  const int max_rows = nn_ * n_;
  head_ = 4 * max_rows;
  root_ = columns_;  // index into left_/right_ (headers are 0..columns_-1)
  node_.assign(static_cast<std::size_t>(head_ + columns_), Node{0, 0, 0, 0});
  for (int c = 0; c < columns_; ++c) node_[head_ + c].col = static_cast<std::uint16_t>(c);
  left_.assign(columns_ + 1, 0);
  right_.assign(columns_ + 1, 0);
  size_.assign(columns_ + 8, kCovered);  // the padding reads as covered
  row_cell_.assign(max_rows, 0);
  row_value_.assign(max_rows, 0);
  cand_cols_.assign(static_cast<std::size_t>(max_rows) * 4, 0);
  cell_row_.assign(nn_, 0);
  cell_col_.assign(nn_, 0);
  cell_box_.assign(nn_, 0);
  for (int cell = 0; cell < nn_; ++cell) {
    const int r = g.row(cell), c = g.col(cell), b = g.box(cell);
    cell_row_[cell] = static_cast<std::uint8_t>(r);
    cell_col_[cell] = static_cast<std::uint8_t>(c);
    cell_box_[cell] = static_cast<std::uint8_t>(b);
    for (int v = 0; v < n_; ++v) {
      std::uint16_t* cols = &cand_cols_[(cell * n_ + v) * 4];
      cols[0] = static_cast<std::uint16_t>(cell);
      cols[1] = static_cast<std::uint16_t>(nn_ + r * n_ + v);
      cols[2] = static_cast<std::uint16_t>(2 * nn_ + c * n_ + v);
      cols[3] = static_cast<std::uint16_t>(3 * nn_ + b * n_ + v);
    }
  }
  unit_used_.assign(3 * n_, 0);
  forbidden_mask_.assign(nn_, 0);
  stack_.assign(nn_ + 1, 0);
  cells_.assign(nn_, 0);
  prepared_ = true;
}

inline void LinkedEngine::cover(int c) {
  right_[left_[c]] = right_[c];
  left_[right_[c]] = left_[c];
  size_[c] += kCovered;
  Node* node = node_.data();
  const int h = head_ + c;
  for (int i = node[h].down; i != h; i = node[i].down) {
    const int base = i & ~3;
    for (int k = 1; k < 4; ++k) {
      const Node& j = node[base | ((i + k) & 3)];
      node[j.down].up = j.up;
      node[j.up].down = j.down;
      --size_[j.col];
    }
  }
}

inline void LinkedEngine::uncover(int c) {
  Node* node = node_.data();
  const int h = head_ + c;
  for (int i = node[h].up; i != h; i = node[i].up) {
    const int base = i & ~3;
    for (int k = 3; k > 0; --k) {
      const int jj = base | ((i + k) & 3);
      const Node& j = node[jj];
      ++size_[j.col];
      node[j.down].up = static_cast<std::uint16_t>(jj);
      node[j.up].down = static_cast<std::uint16_t>(jj);
    }
  }
  right_[left_[c]] = static_cast<std::uint16_t>(c);
  left_[right_[c]] = static_cast<std::uint16_t>(c);
  size_[c] -= kCovered;
}

std::uint64_t LinkedEngine::run(const Geometry& g, const std::uint8_t* givens,
                                std::span<const Candidate> forbidden, std::uint64_t limit,
                                SearchStats* stats, SolutionSink sink,
                                const SearchLimits& limits) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  if (limit == 0) return 0;
  LimitCheck check(limits);
  const int n = n_, nn = nn_;
  std::uint32_t* row_used = unit_used_.data();
  std::uint32_t* col_used = row_used + n;
  std::uint32_t* box_used = col_used + n;
  std::fill(unit_used_.begin(), unit_used_.end(), 0u);
  for (int cell = 0; cell < nn; ++cell) {
    if (const int v = givens[cell]) {
      const std::uint32_t bit = 1u << (v - 1);
      row_used[cell_row_[cell]] |= bit;
      col_used[cell_col_[cell]] |= bit;
      box_used[cell_box_[cell]] |= bit;
    }
  }
  // Forbidden candidates as per-cell masks (set here, cleared below).
  std::uint32_t* banned = forbidden_mask_.data();
  for (const Candidate& f : forbidden) banned[f.cell] |= 1u << (f.value - 1);

  Node* node = node_.data();
  // Headers: empty vertical lists, every column counted as covered until linked below.
  for (int c = 0; c < columns_; ++c) {
    const std::uint16_t h = static_cast<std::uint16_t>(head_ + c);
    node[h].up = node[h].down = h;
    size_[c] = kCovered;
  }
  // Rows for the candidates the givens leave.
  const std::uint32_t all = (1u << n) - 1;
  int rows = 0;
  for (int cell = 0; cell < nn; ++cell) {
    if (givens[cell]) continue;
    const std::uint32_t used =
        row_used[cell_row_[cell]] | col_used[cell_col_[cell]] | box_used[cell_box_[cell]];
    for (std::uint32_t m = all & ~used & ~banned[cell]; m; m &= m - 1) {
      const int v = __builtin_ctz(m);
      const int k = rows++;
      row_cell_[k] = static_cast<std::uint16_t>(cell);
      row_value_[k] = static_cast<std::uint8_t>(v + 1);
      const std::uint16_t* cols = &cand_cols_[(cell * n + v) * 4];
      for (int t = 0; t < 4; ++t) {
        const std::uint16_t id = static_cast<std::uint16_t>(4 * k + t);
        const int h = head_ + cols[t];
        Node& x = node[id];
        const std::uint16_t tail = node[h].up;
        x.col = cols[t];
        x.up = tail;
        x.down = static_cast<std::uint16_t>(h);
        node[tail].down = id;
        node[h].up = id;
        ++size_[cols[t]];
      }
    }
  }
  for (const Candidate& f : forbidden) banned[f.cell] = 0;

  // Header list: only the columns the givens leave open.
  int last = root_;
  auto link = [&](int c) {
    right_[last] = static_cast<std::uint16_t>(c);
    left_[c] = static_cast<std::uint16_t>(last);
    last = c;
    size_[c] -= kCovered;
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
  right_[last] = static_cast<std::uint16_t>(root_);
  left_[root_] = static_cast<std::uint16_t>(last);

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
  if (check.due(nodes)) {
    stop = true;
    goto backtrack;
  }
  {
    const int best = choose_column();
    cover(best);
    r = node[head_ + best].down;
  }
next:
  if (r >= head_) {  // back at the header: every row of this column tried
    uncover(r - head_);
    goto backtrack;
  }
  ++nodes;
  if (size_[node[r].col] >= kCovered + 2) ++guesses;  // its column is covered
  stack_[depth] = r;
  {
    const int base = r & ~3;
    for (int k = 1; k < 4; ++k) cover(node[base | ((r + k) & 3)].col);
  }
  ++depth;
  goto enter;

backtrack:
  if (depth == 0) goto done;
  --depth;
  r = stack_[depth];
  {
    const int base = r & ~3;
    for (int k = 3; k > 0; --k) uncover(node[base | ((r + k) & 3)].col);
  }
  if (stop) {
    uncover(node[r].col);
    goto backtrack;
  }
  r = node[r].down;
  goto next;

done:
  if (stats) {
    stats->nodes += nodes;
    stats->guesses += guesses;
  }
  check.raise_if_aborted(nodes);
  return found;
}

}  // namespace sudoforge::detail
