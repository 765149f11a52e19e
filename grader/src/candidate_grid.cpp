#include "candidate_grid.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::grader::detail {

std::uint64_t CandidateGrid::Serial::next() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

namespace {

// Guards the shared layouts (CandidateGrid::shared_layouts).
std::mutex& shared_layouts_mutex() {
  static std::mutex mu;
  return mu;
}

}  // namespace

const CandidateGrid::Layout& CandidateGrid::layout_for(const Geometry& geo,
                                                       std::shared_ptr<const Layout>& own) {
  if (geo.has_cages()) {
    // A killer board is a puzzle's own: its peers are kept here only while it is the last
    // board asked for on this thread (a puzzle is graded, then maybe explained, on one
    // board), and otherwise by the grids built on it.
    thread_local std::optional<Geometry> last_board;
    thread_local std::shared_ptr<const Layout> last;
    const std::optional<Geometry> uncaged = geo.without_cages();
    if (!last || !(*last_board == geo)) {
      last = uncaged ? build_peers(geo) : build_layout(geo);
      last_board = geo;
    }
    own = last;
    return uncaged ? shared_layout(*uncaged) : *own;
  }
  return shared_layout(geo);
}

const CandidateGrid::Layout& CandidateGrid::shared_layout(const Geometry& geo) {
  // One entry per board, filled on first use; entries are never freed or changed, so
  // readers need no lock once they hold the pointer. Boards are few (the six classic
  // shapes and the variants a run reads), so a list searched in order serves.
  const std::lock_guard<std::mutex> lock(shared_layouts_mutex());
  auto& cache = shared_layouts();
  for (const auto& [board, layout] : cache) {
    if (board == geo) return *layout;
  }
  cache.emplace_back(geo, build_layout(geo));
  return *cache.back().second;
}

std::vector<std::pair<Geometry, std::unique_ptr<const CandidateGrid::Layout>>>&
CandidateGrid::shared_layouts() {
  static std::vector<std::pair<Geometry, std::unique_ptr<const Layout>>> cache;
  return cache;
}

std::size_t CandidateGrid::shared_layout_count() {
  const std::lock_guard<std::mutex> lock(shared_layouts_mutex());
  return shared_layouts().size();
}

void CandidateGrid::fill_peers(const Geometry& geo, Layout& lay) {
  const int nc = geo.cell_count();
  lay.peers.resize(nc);
  for (int c = 0; c < nc; ++c) {
    auto p = geo.peers(c);
    lay.peers[c].assign(p.begin(), p.end());
  }
  const int words = (nc + 63) / 64;  // CandidateGrid::set_words()
  lay.peer_set.assign(static_cast<size_t>(nc) * words, 0);
  for (int c = 0; c < nc; ++c) {
    for (int q : lay.peers[c]) lay.peer_set[c * words + q / 64] |= std::uint64_t{1} << (q % 64);
  }
}

std::unique_ptr<CandidateGrid::Layout> CandidateGrid::build_peers(const Geometry& geo) {
  auto lay = std::make_unique<Layout>();
  fill_peers(geo, *lay);
  return lay;
}

std::unique_ptr<CandidateGrid::Layout> CandidateGrid::build_layout(const Geometry& geo) {
  const int n = geo.size(), nc = geo.cell_count(), units = geo.house_count();
  int stride = 0;
  for (int c = 0; c < nc; ++c) stride = std::max(stride, static_cast<int>(geo.houses_of(c).size()));
  auto lay = std::make_unique<Layout>();
  lay->unit_cells.resize(static_cast<size_t>(units) * n);
  lay->cell_units.assign(static_cast<size_t>(stride) * nc, units);  // padded: unit `units`
  lay->unit_index.assign(static_cast<size_t>(units) * nc, 255);
  for (int u = 0; u < units; ++u) {
    auto cells = geo.house(u);
    for (int i = 0; i < n; ++i) {
      lay->unit_cells[u * n + i] = cells[i];
      lay->unit_index[static_cast<size_t>(u) * nc + cells[i]] = static_cast<std::uint8_t>(i);
    }
  }
  for (int c = 0; c < nc; ++c) {
    const auto houses = geo.houses_of(c);
    for (std::size_t k = 0; k < houses.size(); ++k) lay->cell_units[c * stride + k] = houses[k];
  }
  fill_peers(geo, *lay);
  // Sudoku Explainer's house order: box, row, column, then (boards with extra houses)
  // each extra house in order.
  lay->house.resize(nc);
  for (int c = 0; c < nc; ++c) {
    auto& out = lay->house[c];
    const int count = static_cast<int>(geo.houses_of(c).size());
    for (int k = 0; k < count; ++k) {
      const int which = k < 3 ? (k + 2) % 3 : k;  // 2, 0, 1, 3, 4 ...
      const int* cells = &lay->unit_cells[lay->cell_units[c * stride + which] * n];
      for (int i = 0; i < n; ++i) {
        const int q = cells[i];
        if (q != c && std::find(out.begin(), out.end(), q) == out.end()) out.push_back(q);
      }
    }
  }
  lay->cell_index.assign(static_cast<size_t>(stride) * nc, 0);
  for (int c = 0; c < nc; ++c) {
    for (int k = 0; k < stride; ++k) {
      const int u = lay->cell_units[c * stride + k];
      if (u < units)
        lay->cell_index[c * stride + k] = lay->unit_index[static_cast<size_t>(u) * nc + c];
    }
  }
  lay->inter.assign(static_cast<size_t>(units) * units, 0);
  for (int u1 = 0; u1 < units; ++u1) {
    for (int i = 0; i < n; ++i) {
      const int c = lay->unit_cells[u1 * n + i];
      for (int k = 0; k < stride; ++k) {
        const int u2 = lay->cell_units[c * stride + k];
        if (u2 < units) lay->inter[u1 * units + u2] |= Mask{1} << i;
      }
    }
  }
  lay->segments.resize(static_cast<size_t>(std::min(units, 3 * n)) * 3 * n);
  for (int u = 0; u < std::min(units, 3 * n); ++u) {
    for (int t = 0; t < 3; ++t) {
      for (int i = 0; i < n; ++i) {
        const int u2 = lay->cell_units[lay->unit_cells[u * n + i] * stride + t];
        lay->segments[(u * 3 + t) * n + i] = {lay->inter[u * units + u2], u2 - t * n};
      }
    }
  }
  lay->stride = stride;
  lay->classic_boxes = n == 9 && units >= 27;
  for (int c = 0; c < nc && lay->classic_boxes; ++c) {
    const int r = c / 9, col = c % 9;
    lay->classic_boxes = lay->cell_units[c * stride] == r && lay->cell_units[c * stride + 1] == 9 + col &&
                         lay->cell_units[c * stride + 2] == 18 + r / 3 * 3 + col / 3 &&
                         lay->cell_index[c * stride] == col && lay->cell_index[c * stride + 1] == r;
  }
  lay->se_order.resize(units);
  for (int k = 0; k < units; ++k) {
    lay->se_order[k] = k < n ? 2 * n + k : k < 2 * n ? k : k < 3 * n ? k - 2 * n : k;
  }
  lay->se_types = {{2 * n, 3 * n}, {0, n}, {n, 2 * n}};
  int grouped = 0;  // extra houses that come in groups of n (disjoint groups, windows)
  try {
    const Variant v = Variant::of(geo);
    if (v.has(Variant::kDisjointGroups)) lay->se_dg = 3 + grouped++;
    if (v.has(Variant::kWindoku)) lay->se_windows = 3 + grouped++;
    grouped *= n;
    lay->naked_units = 3 * n + grouped;
  } catch (const VariantError&) {
    lay->naked_units = units;
  }
  for (int u = 3 * n; u < units;) {
    const int end = u < 3 * n + grouped ? u + n : u + 1;
    lay->se_types.emplace_back(u, end);
    u = end;
  }
  return lay;
}

CandidateGrid::CandidateGrid(const Grid& grid)
    : geo_(grid.geometry()),
      n_(grid.size()),
      nc_(grid.cell_count()),
      lay_(&layout_for(grid.geometry(), own_)),
      peer_lay_(own_ ? own_.get() : lay_) {
  load(grid);
}

void CandidateGrid::reload(const Grid& grid) {
  geo_ = grid.geometry();
  n_ = grid.size();
  nc_ = grid.cell_count();
  own_.reset();
  lay_ = &layout_for(grid.geometry(), own_);
  peer_lay_ = own_ ? own_.get() : lay_;
  dead_ = -1;
  ones_ = 0;
  clock_ = 0;
  serial_ = Serial();
  load(grid);
}

void CandidateGrid::load(const Grid& grid) {
  units_ = geo_.house_count();
  stride_ = lay_->stride;
  // The state that placing the givens one by one would leave, built directly (the values
  // seen by each unit give the candidates, the candidates the positions), with every
  // change time 0: the memos only compare times taken after the grid was built.
  all_ = ((Mask{1} << (n_ + 1)) - 1) & ~Mask{1};
  const int units = units_, n1 = n_ + 1;
  std::vector<Mask>& seen = seen_;  // values given in each unit (and the padding one)
  seen.assign(units + 1, 0);
  val_.assign(nc_, 0);
  uempty_.assign(units + 1, n_);
  empty_ = nc_;
  // The given cells as a cell set, made without a branch per cell: the two passes below
  // walk the givens and the empty cells by its words (which cells are given goes either
  // way from one cell to the next), in ascending order as a loop over the cells would.
  const int words = set_words();  // <= 10 (625 cells)
  std::uint64_t given[16] = {};
  for (int c = 0; c < nc_; ++c) given[c / 64] |= std::uint64_t{grid[c] != 0} << (c % 64);
  // kStride 3: every cell in three units (no padding unit), the loops unrolled; 0: the
  // board's stride_ (the padding unit collects the givens of cells in fewer extra houses,
  // and is read as holding none).
  const auto fill = [&](auto stride_constant) {
    constexpr int kStride = decltype(stride_constant)::value;
    const int stride = kStride ? kStride : stride_;
    for (int w = 0; w < words; ++w)
      for (std::uint64_t bits = given[w]; bits; bits &= bits - 1) {
        const int c = w * 64 + std::countr_zero(bits);
        const int v = grid[c];
        if (v < 1 || v > n_) throw std::invalid_argument("grader: value out of range");
        const int* cu = &lay_->cell_units[c * stride];
        const Mask bit = Mask{1} << v;
        Mask taken = 0;
        for (int k = 0; k < stride; ++k) taken |= kStride == 3 || cu[k] < units ? seen[cu[k]] : 0;
        if (taken & bit) {
          throw std::invalid_argument("grader: conflicting givens at " + geo_.cell_name(c));
        }
        for (int k = 0; k < stride; ++k) {
          seen[cu[k]] |= bit;
          --uempty_[cu[k]];
        }
        val_[c] = static_cast<std::uint8_t>(v);
        --empty_;
      }
    ones_ = static_cast<int>(std::count(uempty_.begin(), uempty_.begin() + units, 1));
    cand_.assign(nc_, 0);
    upos_.assign(static_cast<size_t>(units + 1) * n1, 0);
    seen[units] = 0;  // the padding unit holds no value
    for (int w = 0; w < words; ++w)
      for (std::uint64_t bits =
               ~given[w] &
               (nc_ - w * 64 < 64 ? (std::uint64_t{1} << (nc_ - w * 64)) - 1 : ~std::uint64_t{0});
           bits; bits &= bits - 1) {
        const int c = w * 64 + std::countr_zero(bits);
        const int* cu = &lay_->cell_units[c * stride];
        const int* ci = &lay_->cell_index[c * stride];
        Mask taken = 0;
        for (int k = 0; k < stride; ++k) taken |= seen[cu[k]];
        const Mask m = all_ & ~taken;
        if (m == 0)
          throw std::invalid_argument("grader: no candidate left for " + geo_.cell_name(c));
        cand_[c] = m;
        if constexpr (kStride == 3) {
          // The three units in one pass over the candidates (one loop exit, not three).
          Mask* p0 = &upos_[cu[0] * n1];
          Mask* p1 = &upos_[cu[1] * n1];
          Mask* p2 = &upos_[cu[2] * n1];
          const Mask a0 = Mask{1} << ci[0], a1 = Mask{1} << ci[1], a2 = Mask{1} << ci[2];
          for (Mask x = m; x; x &= x - 1) {
            const int e = lowest(x);
            p0[e] |= a0;
            p1[e] |= a1;
            p2[e] |= a2;
          }
          continue;
        }
        for (int k = 0; k < stride; ++k) {
          if (kStride != 3 && cu[k] == units) break;  // padding
          Mask* pos = &upos_[cu[k] * n1];
          const Mask at = Mask{1} << ci[k];
          for (Mask x = m; x; x &= x - 1) pos[lowest(x)] |= at;
        }
      }
  };
  if (stride_ == 3) {
    fill(std::integral_constant<int, 3>{});
  } else {
    fill(std::integral_constant<int, 0>{});
  }
  words_ = set_words();
  by_count_.assign(static_cast<size_t>(n1) * words_, 0);
  for (int c = 0; c < nc_; ++c) {
    by_count_[static_cast<size_t>(popcount(cand_[c])) * words_ + c / 64] |= std::uint64_t{1}
                                                                            << (c % 64);
  }
  cell_time_.assign(nc_, 0);
  unit_time_.assign(units + 1, 0);
  single_time_.assign(units + 1, 0);
  digit_time_.assign(n1, 0);
}

void CandidateGrid::place(int c, int d) {
  // kStride 3: a board whose every cell has three units (no extra house, so no padding
  // unit), its loops unrolled; 0: the grid's stride_.
  const auto body = [&](auto stride_constant) {
    constexpr int kStride = decltype(stride_constant)::value;
    // The same changes as eliminating each candidate of c and then d from each peer, on one
    // tick of the clock: its readers only compare times with stamps taken between steps
    // (clock() + 1), so the changes of one placement may share a time.
    const std::uint64_t now = ++clock_;
    const int n1 = n_ + 1;
    const int stride = kStride ? kStride : stride_;
    const int* units = &lay_->cell_units[c * stride];
    const int* index = &lay_->cell_index[c * stride];
    cell_time_[c] = now;
    for (int k = 0; k < stride; ++k) unit_time_[units[k]] = single_time_[units[k]] = now;
    if (val_[c] == 0) {
      --empty_;
      for (int k = 0; k < stride; ++k) {
        const int e = --uempty_[units[k]];
        if (kStride == 3 || units[k] < units_)
          ones_ += (e == 1) - (e == 0);  // not the padding unit
      }
    }
    val_[c] = static_cast<std::uint8_t>(d);
    {
      const std::uint64_t cbit = std::uint64_t{1} << (c % 64);
      by_count_[static_cast<size_t>(popcount(cand_[c])) * words_ + c / 64] &= ~cbit;
      by_count_[c / 64] |= cbit;
    }
    for (Mask m = cand_[c]; m; m &= m - 1) {
      const int e = lowest(m);
      digit_time_[e] = now;
      for (int k = 0; k < stride; ++k) upos_[units[k] * n1 + e] &= ~(Mask{1} << index[k]);
    }
    cand_[c] = 0;
    // The peers holding d are d's places in c's units (c's own places are gone); a peer in
    // two of them is gone from the second by the time it is read.
    const Mask bit = Mask{1} << d;
    for (int k = 0; k < stride; ++k) {
      if (kStride != 3 && units[k] == units_) break;  // padding: no cells
      const int* cells = &lay_->unit_cells[units[k] * n_];
      for (Mask x = upos_[units[k] * n1 + d]; x; x &= x - 1) {
        const int p = cells[lowest(x)];
        if (!(cand_[p] & bit)) continue;
        recount(p);
        cand_[p] &= ~bit;
        if (cand_[p] == 0 && val_[p] == 0) dead_ = p;
        cell_time_[p] = digit_time_[d] = now;
        const int* pu = &lay_->cell_units[p * stride];
        const int* pi = &lay_->cell_index[p * stride];
        for (int j = 0; j < stride; ++j) {
          const Mask left = upos_[pu[j] * n1 + d] &= ~(Mask{1} << pi[j]);
          unit_time_[pu[j]] = now;
          if (left && !(left & (left - 1))) single_time_[pu[j]] = now;
        }
      }
    }
  };
  if (stride_ == 3) {
    body(std::integral_constant<int, 3>{});
  } else {
    body(std::integral_constant<int, 0>{});
  }
}

std::string CandidateGrid::unit_name(int u) const {
  return geo_.unit_name(u);
}

std::string digit_name(const CandidateGrid& g, int d) {
  return std::string(1, Alphabet::standard(g.n()).symbol(d));
}

std::string describe_eliminations(const CandidateGrid& g,
                                  const std::vector<std::pair<int, int>>& elims) {
  std::string s;
  for (size_t i = 0; i < elims.size(); ++i) {
    if (i) s += ", ";
    s += g.cell_name(elims[i].first) + "<>" + digit_name(g, elims[i].second);
  }
  return s;
}

}  // namespace sudoforge::grader::detail
