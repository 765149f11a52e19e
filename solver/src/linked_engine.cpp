// Sudoku-specialised dancing links.
//
// Every matrix row (a (cell, value) candidate) has one node in its cell's column and one
// in each (house, value) column of the cell's houses. On a board without extra houses that
// is exactly four nodes, so the nodes of row k are 4k..4k+3 and the left/right links are
// arithmetic: the next node in the row of j is (j & ~3) | ((j + 1) & 3). With extra houses
// a cell lies in three or more houses; rows are then padded to W nodes (W a power of two)
// and the padding nodes hang in a spare column outside the header list, which the search
// never covers. Only up/down/column arrays are stored per node. Givens are
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

// kWidth: nodes per row, or 0 for a width chosen per board (padded rows, see the file
// comment). Index: the node index type; 16 bits hold every board of 4-node rows (25x25:
// 4*15625 row nodes plus 2500 headers < 65536), a node is then 8 bytes and one load gives
// its links and column.
template <class Index, int kWidth>
class LinkedEngine::Matrix {
 public:
  std::uint64_t run(const Geometry& g, const std::uint8_t* givens,
                    std::span<const Candidate> forbidden, std::uint64_t limit, SearchStats* stats,
                    SolutionSink sink, const SearchLimits& limits);

 private:
  static constexpr bool kPadded = kWidth == 0;
  void prepare(const Geometry& g);
  inline int choose_column() const;
  inline void cover(int c);
  inline void uncover(int c);
  int width() const { return kPadded ? width_ : kWidth; }

  struct Node {
    Index up, down, col, pad;
  };
  int n_ = 0, nn_ = 0, columns_ = 0, head_ = 0, root_ = 0, width_ = kWidth;
  // The padding nodes' column (kPadded): past the sizes choose_column scans.
  int spare_ = 0;
  // Row nodes 0..W*rows-1 in blocks of W, then one header node per column.
  std::vector<Node> node_;
  // Per header (index = column; root_ = columns_): the list of open columns, and sizes.
  // A covered column's size is raised by kCovered so that choose_column can scan the
  // sizes as a plain array (padded with covered entries to a multiple of 8).
  std::vector<Index> left_, right_;
  std::vector<std::int16_t> size_;
  // Per matrix row: the (cell, value) it stands for.
  std::vector<std::uint16_t> row_cell_;
  std::vector<std::uint8_t> row_value_;
  // Per candidate (cell*N + value-1): its W column ids; per cell: its W-1 houses (padding:
  // the spare house, house_count(), which never holds a symbol).
  std::vector<Index> cand_cols_;
  std::vector<std::uint16_t> cell_houses_;
  std::vector<std::uint32_t> house_used_;
  std::vector<std::uint32_t> forbidden_mask_;  // per cell, during a run
  std::vector<int> stack_;
  std::vector<std::uint8_t> cells_;
  Geometry geometry_;
  bool prepared_ = false;
};

// The first column of size 0 or 1, else the first of the smallest size. size_ is padded
// with kCovered to a multiple of 8 entries past columns_.
template <class Index, int kWidth>
inline int LinkedEngine::Matrix<Index, kWidth>::choose_column() const {
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

template <class Index, int kWidth>
void LinkedEngine::Matrix<Index, kWidth>::prepare(const Geometry& g) {
  geometry_ = g;
  n_ = g.size();
  nn_ = g.cell_count();
  const int houses = g.house_count();
  columns_ = nn_ + houses * n_;
  if constexpr (kPadded) {
    std::size_t most = 0;
    for (int cell = 0; cell < nn_; ++cell) most = std::max(most, g.houses_of(cell).size());
    width_ = 4;
    while (width_ < static_cast<int>(most) + 1) width_ *= 2;
  }
  const int w = width();
  const int max_rows = nn_ * n_;
  head_ = w * max_rows;
  root_ = columns_;  // index into left_/right_ (headers are 0..columns_-1)
  // The spare column lies past the 8-entry padding that choose_column reads.
  spare_ = columns_ + 8;
  const int headers = kPadded ? spare_ + 1 : columns_;
  node_.assign(static_cast<std::size_t>(head_ + headers), Node{0, 0, 0, 0});
  for (int c = 0; c < headers; ++c) node_[head_ + c].col = static_cast<Index>(c);
  left_.assign(columns_ + 1, 0);
  right_.assign(columns_ + 1, 0);
  size_.assign(kPadded ? spare_ + 1 : columns_ + 8, kCovered);  // the padding reads as covered
  row_cell_.assign(max_rows, 0);
  row_value_.assign(max_rows, 0);
  cand_cols_.assign(static_cast<std::size_t>(max_rows) * w, 0);
  cell_houses_.assign(static_cast<std::size_t>(nn_) * (w - 1), static_cast<std::uint16_t>(houses));
  for (int cell = 0; cell < nn_; ++cell) {
    const auto of = g.houses_of(cell);
    for (std::size_t t = 0; t < of.size(); ++t) {
      cell_houses_[cell * (w - 1) + t] = static_cast<std::uint16_t>(of[t]);
    }
    for (int v = 0; v < n_; ++v) {
      Index* cols = &cand_cols_[static_cast<std::size_t>(cell * n_ + v) * w];
      cols[0] = static_cast<Index>(cell);
      for (int t = 1; t < w; ++t) {
        cols[t] = static_cast<Index>(t <= static_cast<int>(of.size()) ? nn_ + of[t - 1] * n_ + v
                                                                      : spare_);
      }
    }
  }
  house_used_.assign(houses + 1, 0);
  forbidden_mask_.assign(nn_, 0);
  stack_.assign(nn_ + 1, 0);
  cells_.assign(nn_, 0);
  prepared_ = true;
}

template <class Index, int kWidth>
inline void LinkedEngine::Matrix<Index, kWidth>::cover(int c) {
  right_[left_[c]] = right_[c];
  left_[right_[c]] = left_[c];
  size_[c] += kCovered;
  Node* node = node_.data();
  const int h = head_ + c;
  const int w = width(), mask = w - 1;
  for (int i = node[h].down; i != h; i = node[i].down) {
    const int base = i & ~mask;
    for (int k = 1; k < w; ++k) {
      const Node& j = node[base | ((i + k) & mask)];
      node[j.down].up = j.up;
      node[j.up].down = j.down;
      --size_[j.col];
    }
  }
}

template <class Index, int kWidth>
inline void LinkedEngine::Matrix<Index, kWidth>::uncover(int c) {
  Node* node = node_.data();
  const int h = head_ + c;
  const int w = width(), mask = w - 1;
  for (int i = node[h].up; i != h; i = node[i].up) {
    const int base = i & ~mask;
    for (int k = w - 1; k > 0; --k) {
      const int jj = base | ((i + k) & mask);
      const Node& j = node[jj];
      ++size_[j.col];
      node[j.down].up = static_cast<Index>(jj);
      node[j.up].down = static_cast<Index>(jj);
    }
  }
  right_[left_[c]] = static_cast<Index>(c);
  left_[right_[c]] = static_cast<Index>(c);
  size_[c] -= kCovered;
}

template <class Index, int kWidth>
std::uint64_t LinkedEngine::Matrix<Index, kWidth>::run(
    const Geometry& g, const std::uint8_t* givens, std::span<const Candidate> forbidden,
    std::uint64_t limit, SearchStats* stats, SolutionSink sink, const SearchLimits& limits) {
  if (!prepared_ || !(geometry_ == g)) prepare(g);
  if (limit == 0) return 0;
  LimitCheck check(limits);
  const int n = n_, nn = nn_, w = width(), mask = w - 1, houses = w - 1;
  const int house_total = static_cast<int>(house_used_.size()) - 1;
  std::uint32_t* used = house_used_.data();
  std::fill(house_used_.begin(), house_used_.end(), 0u);
  for (int cell = 0; cell < nn; ++cell) {
    if (const int v = givens[cell]) {
      const std::uint32_t bit = 1u << (v - 1);
      const std::uint16_t* of = &cell_houses_[cell * houses];
      for (int t = 0; t < houses; ++t) used[of[t]] |= bit;
    }
  }
  if constexpr (kPadded) used[house_total] = 0;  // the spare house holds no symbol
  // Forbidden candidates as per-cell masks (set here, cleared below).
  std::uint32_t* banned = forbidden_mask_.data();
  for (const Candidate& f : forbidden) banned[f.cell] |= 1u << (f.value - 1);

  Node* node = node_.data();
  // Headers: empty vertical lists, every column counted as covered until linked below.
  for (int c = 0; c < (kPadded ? spare_ + 1 : columns_); ++c) {
    const Index h = static_cast<Index>(head_ + c);
    node[h].up = node[h].down = h;
    size_[c] = kCovered;
  }
  // Rows for the candidates the givens leave.
  const std::uint32_t all = (1u << n) - 1;
  int rows = 0;
  for (int cell = 0; cell < nn; ++cell) {
    if (givens[cell]) continue;
    const std::uint16_t* of = &cell_houses_[cell * houses];
    std::uint32_t taken = 0;
    for (int t = 0; t < houses; ++t) taken |= used[of[t]];
    for (std::uint32_t m = all & ~taken & ~banned[cell]; m; m &= m - 1) {
      const int v = __builtin_ctz(m);
      const int k = rows++;
      row_cell_[k] = static_cast<std::uint16_t>(cell);
      row_value_[k] = static_cast<std::uint8_t>(v + 1);
      const Index* cols = &cand_cols_[static_cast<std::size_t>(cell * n + v) * w];
      for (int t = 0; t < w; ++t) {
        const Index id = static_cast<Index>(w * k + t);
        const int h = head_ + cols[t];
        Node& x = node[id];
        const Index tail = node[h].up;
        x.col = cols[t];
        x.up = tail;
        x.down = static_cast<Index>(h);
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
    right_[last] = static_cast<Index>(c);
    left_[c] = static_cast<Index>(last);
    last = c;
    size_[c] -= kCovered;
  };
  for (int cell = 0; cell < nn; ++cell) {
    if (!givens[cell]) link(cell);
  }
  for (int u = 0; u < house_total; ++u) {
    for (int v = 0; v < n; ++v) {
      if (!((used[u] >> v) & 1u)) link(nn + u * n + v);
    }
  }
  right_[last] = static_cast<Index>(root_);
  left_[root_] = static_cast<Index>(last);

  std::copy(givens, givens + nn, cells_.begin());
  std::uint64_t found = 0, nodes = 0, guesses = 0;
  int depth = 0;
  int r = 0;
  bool stop = false;

enter:
  if (static_cast<int>(right_[root_]) == root_) {
    ++found;
    if (sink) {
      for (int d = 0; d < depth; ++d) {
        const int k = static_cast<int>(static_cast<unsigned>(stack_[d]) / w);
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
    const int base = r & ~mask;
    for (int k = 1; k < w; ++k) {
      const int c = node[base | ((r + k) & mask)].col;
      if (!kPadded || c != spare_) cover(c);
    }
  }
  ++depth;
  goto enter;

backtrack:
  if (depth == 0) goto done;
  --depth;
  r = stack_[depth];
  {
    const int base = r & ~mask;
    for (int k = w - 1; k > 0; --k) {
      const int c = node[base | ((r + k) & mask)].col;
      if (!kPadded || c != spare_) uncover(c);
    }
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

LinkedEngine::LinkedEngine() = default;
LinkedEngine::~LinkedEngine() = default;
LinkedEngine::LinkedEngine(LinkedEngine&&) noexcept = default;
LinkedEngine& LinkedEngine::operator=(LinkedEngine&&) noexcept = default;

std::uint64_t LinkedEngine::run(const Geometry& g, const std::uint8_t* givens,
                                std::span<const Candidate> forbidden, std::uint64_t limit,
                                SearchStats* stats, SolutionSink sink, const SearchLimits& limits) {
  if (g.extra_house_count() == 0) {
    if (!three_) three_ = std::make_unique<Matrix<std::uint16_t, 4>>();
    return three_->run(g, givens, forbidden, limit, stats, sink, limits);
  }
  if (!wide_) wide_ = std::make_unique<Matrix<std::uint32_t, 0>>();
  return wide_->run(g, givens, forbidden, limit, stats, sink, limits);
}

}  // namespace sudoforge::detail
