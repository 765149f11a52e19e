#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "engine.h"
#include "sudoforge/core/alphabet.h"

namespace sudoforge::grader::detail {

std::uint64_t CandidateGrid::Serial::next() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

const CandidateGrid::Layout& CandidateGrid::layout_for(const Geometry& geo) {
  // One slot per supported shape, filled on first use; entries are never freed or
  // changed, so readers need no lock once they hold the pointer.
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::unique_ptr<const Layout>> cache;
  const std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[{geo.box_rows(), geo.box_cols()}];
  if (slot) return *slot;
  const int n = geo.size(), nc = geo.cell_count();
  auto lay = std::make_unique<Layout>();
  lay->unit_cells.resize(3 * n * n);
  lay->cell_units.resize(3 * nc);
  lay->unit_index.assign(static_cast<size_t>(3 * n) * nc, 255);
  for (int u = 0; u < 3 * n; ++u) {
    auto cells = geo.unit(u);
    for (int i = 0; i < n; ++i) {
      lay->unit_cells[u * n + i] = cells[i];
      lay->unit_index[static_cast<size_t>(u) * nc + cells[i]] = static_cast<std::uint8_t>(i);
    }
  }
  lay->peers.resize(nc);
  for (int c = 0; c < nc; ++c) {
    lay->cell_units[c * 3 + 0] = geo.row_unit(c);
    lay->cell_units[c * 3 + 1] = geo.col_unit(c);
    lay->cell_units[c * 3 + 2] = geo.box_unit(c);
    auto p = geo.peers(c);
    lay->peers[c].assign(p.begin(), p.end());
  }
  const int words = (nc + 63) / 64;  // CandidateGrid::set_words()
  lay->peer_set.assign(static_cast<size_t>(nc) * words, 0);
  for (int c = 0; c < nc; ++c) {
    for (int q : lay->peers[c]) lay->peer_set[c * words + q / 64] |= std::uint64_t{1} << (q % 64);
  }
  lay->house.resize(nc);
  for (int c = 0; c < nc; ++c) {
    auto& out = lay->house[c];
    for (int k : {2, 0, 1}) {
      const int* cells = &lay->unit_cells[lay->cell_units[c * 3 + k] * n];
      for (int i = 0; i < n; ++i) {
        const int q = cells[i];
        if (q != c && std::find(out.begin(), out.end(), q) == out.end()) out.push_back(q);
      }
    }
  }
  lay->cell_index.resize(3 * nc);
  for (int c = 0; c < nc; ++c) {
    for (int k = 0; k < 3; ++k) {
      const int u = lay->cell_units[c * 3 + k];
      lay->cell_index[c * 3 + k] = lay->unit_index[static_cast<size_t>(u) * nc + c];
    }
  }
  lay->inter.assign(static_cast<size_t>(9) * n * n, 0);
  for (int u1 = 0; u1 < 3 * n; ++u1) {
    for (int i = 0; i < n; ++i) {
      const int c = lay->unit_cells[u1 * n + i];
      for (int k = 0; k < 3; ++k) lay->inter[u1 * 3 * n + lay->cell_units[c * 3 + k]] |= Mask{1} << i;
    }
  }
  slot = std::move(lay);
  return *slot;
}

CandidateGrid::CandidateGrid(const Grid& grid)
    : geo_(grid.geometry()),
      n_(grid.size()),
      nc_(grid.cell_count()),
      lay_(&layout_for(grid.geometry())) {
  // The state that placing the givens one by one would leave, built directly (the values
  // seen by each unit give the candidates, the candidates the positions), with every
  // change time 0: the memos only compare times taken after the grid was built.
  all_ = ((Mask{1} << (n_ + 1)) - 1) & ~Mask{1};
  const int units = 3 * n_, n1 = n_ + 1;
  Mask seen[96] = {};  // values given in each unit (units <= 3 * 31: a Mask holds n + 1 bits)
  val_.assign(nc_, 0);
  uempty_.assign(units, n_);
  empty_ = nc_;
  for (int c = 0; c < nc_; ++c) {
    const int v = grid[c];
    if (v == 0) continue;
    if (v < 1 || v > n_) throw std::invalid_argument("grader: value out of range");
    const int* cu = &lay_->cell_units[c * 3];
    const Mask bit = Mask{1} << v;
    if ((seen[cu[0]] | seen[cu[1]] | seen[cu[2]]) & bit) {
      throw std::invalid_argument("grader: conflicting givens at " + geo_.cell_name(c));
    }
    for (int k = 0; k < 3; ++k) {
      seen[cu[k]] |= bit;
      --uempty_[cu[k]];
    }
    val_[c] = static_cast<std::uint8_t>(v);
    --empty_;
  }
  cand_.assign(nc_, 0);
  upos_.assign(static_cast<size_t>(units) * n1, 0);
  for (int c = 0; c < nc_; ++c) {
    if (val_[c] != 0) continue;
    const int* cu = &lay_->cell_units[c * 3];
    const int* ci = &lay_->cell_index[c * 3];
    const Mask m = all_ & ~(seen[cu[0]] | seen[cu[1]] | seen[cu[2]]);
    if (m == 0) throw std::invalid_argument("grader: no candidate left for " + geo_.cell_name(c));
    cand_[c] = m;
    for (int k = 0; k < 3; ++k) {
      Mask* pos = &upos_[cu[k] * n1];
      const Mask at = Mask{1} << ci[k];
      for (Mask x = m; x; x &= x - 1) pos[lowest(x)] |= at;
    }
  }
  cell_time_.assign(nc_, 0);
  unit_time_.assign(units, 0);
  digit_time_.assign(n1, 0);
}

void CandidateGrid::place(int c, int d) {
  // The same changes as eliminating each candidate of c and then d from each peer, on one
  // tick of the clock: its readers only compare times with stamps taken between steps
  // (clock() + 1), so the changes of one placement may share a time.
  const std::uint64_t now = ++clock_;
  const int n1 = n_ + 1;
  const int* units = &lay_->cell_units[c * 3];
  const int* index = &lay_->cell_index[c * 3];
  cell_time_[c] = now;
  for (int k = 0; k < 3; ++k) unit_time_[units[k]] = now;
  if (val_[c] == 0) {
    --empty_;
    for (int k = 0; k < 3; ++k) --uempty_[units[k]];
  }
  val_[c] = static_cast<std::uint8_t>(d);
  for (Mask m = cand_[c]; m; m &= m - 1) {
    const int e = lowest(m);
    digit_time_[e] = now;
    for (int k = 0; k < 3; ++k) upos_[units[k] * n1 + e] &= ~(Mask{1} << index[k]);
  }
  cand_[c] = 0;
  // The peers holding d are d's places in c's units (c's own places are gone); a peer in
  // two of them is gone from the second by the time it is read.
  const Mask bit = Mask{1} << d;
  for (int k = 0; k < 3; ++k) {
    const int* cells = &lay_->unit_cells[units[k] * n_];
    for (Mask x = upos_[units[k] * n1 + d]; x; x &= x - 1) {
      const int p = cells[lowest(x)];
      if (!(cand_[p] & bit)) continue;
      cand_[p] &= ~bit;
      if (cand_[p] == 0 && val_[p] == 0) dead_ = p;
      cell_time_[p] = digit_time_[d] = now;
      const int* pu = &lay_->cell_units[p * 3];
      const int* pi = &lay_->cell_index[p * 3];
      for (int j = 0; j < 3; ++j) {
        upos_[pu[j] * n1 + d] &= ~(Mask{1} << pi[j]);
        unit_time_[pu[j]] = now;
      }
    }
  }
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

}  // namespace sudoforge::grader::detail
