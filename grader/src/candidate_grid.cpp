#include <stdexcept>

#include "engine.h"
#include "sudoforge/core/alphabet.h"

namespace sudoforge::grader::detail {

CandidateGrid::CandidateGrid(const Grid& grid)
    : geo_(grid.geometry()), n_(grid.size()), nc_(grid.cell_count()) {
  all_ = ((Mask{1} << (n_ + 1)) - 1) & ~Mask{1};
  unit_cells_.resize(3 * n_ * n_);
  cell_units_.resize(3 * nc_);
  unit_index_.assign(static_cast<size_t>(3 * n_) * nc_, 255);
  for (int u = 0; u < 3 * n_; ++u) {
    auto cells = geo_.unit(u);
    for (int i = 0; i < n_; ++i) {
      unit_cells_[u * n_ + i] = cells[i];
      unit_index_[static_cast<size_t>(u) * nc_ + cells[i]] = static_cast<std::uint8_t>(i);
    }
  }
  peers_.resize(nc_);
  for (int c = 0; c < nc_; ++c) {
    cell_units_[c * 3 + 0] = geo_.row_unit(c);
    cell_units_[c * 3 + 1] = geo_.col_unit(c);
    cell_units_[c * 3 + 2] = geo_.box_unit(c);
    auto p = geo_.peers(c);
    peers_[c].assign(p.begin(), p.end());
  }
  cell_index_.resize(3 * nc_);
  for (int c = 0; c < nc_; ++c) {
    for (int k = 0; k < 3; ++k) cell_index_[c * 3 + k] = index_in(cell_units_[c * 3 + k], c);
  }
  inter_.assign(static_cast<size_t>(9) * n_ * n_, 0);
  for (int u1 = 0; u1 < 3 * n_; ++u1) {
    for (int i = 0; i < n_; ++i) {
      const int c = unit_cells_[u1 * n_ + i];
      for (int k = 0; k < 3; ++k) inter_[u1 * 3 * n_ + cell_units_[c * 3 + k]] |= Mask{1} << i;
    }
  }
  upos_.assign(static_cast<size_t>(3 * n_) * (n_ + 1), 0);
  for (int u = 0; u < 3 * n_; ++u) {
    for (int d = 1; d <= n_; ++d) upos_[u * (n_ + 1) + d] = (Mask{1} << n_) - 1;
  }
  uempty_.assign(3 * n_, n_);
  cand_.assign(nc_, all_);
  val_.assign(nc_, 0);
  empty_ = nc_;
  for (int c = 0; c < nc_; ++c) {
    const int v = grid[c];
    if (v == 0) continue;
    if (v < 1 || v > n_) throw std::invalid_argument("grader: value out of range");
    if (!has(c, v)) {
      throw std::invalid_argument("grader: conflicting givens at " + geo_.cell_name(c));
    }
    place(c, v);
  }
  for (int c = 0; c < nc_; ++c) {
    if (val_[c] == 0 && cand_[c] == 0) {
      throw std::invalid_argument("grader: no candidate left for " + geo_.cell_name(c));
    }
  }
}

int CandidateGrid::index_in(int u, int c) const {
  return unit_index_[static_cast<size_t>(u) * nc_ + c];
}

bool CandidateGrid::sees(int a, int b) const {
  if (a == b) return false;
  return geo_.row(a) == geo_.row(b) || geo_.col(a) == geo_.col(b) ||
         geo_.box(a) == geo_.box(b);
}

void CandidateGrid::place(int c, int d) {
  if (val_[c] == 0) {
    --empty_;
    for (int k = 0; k < 3; ++k) --uempty_[cell_units_[c * 3 + k]];
  }
  val_[c] = static_cast<std::uint8_t>(d);
  for (Mask m = cand_[c]; m; m &= m - 1) eliminate(c, lowest(m));
  for (int p : peers_[c]) eliminate(p, d);
}

int CandidateGrid::dead_cell() const {
  for (int c = 0; c < nc_; ++c) {
    if (val_[c] == 0 && cand_[c] == 0) return c;
  }
  return -1;
}

std::string CandidateGrid::unit_name(int u) const { return geo_.unit_name(u); }

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

int length_difficulty(int complexity) {
  int added = 0, ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    ++added;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

}  // namespace sudoforge::grader::detail
