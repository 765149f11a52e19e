#include "finder_memo.h"

#include <algorithm>
#include <bit>

namespace sudoforge::grader::detail {

void FinderMemo::reset(const CandidateGrid& g) {
  g_ = &g;
  const int keys = (g.n() + 1) * (g.n() + 1);
  unit_.assign(static_cast<size_t>(kUnitSlots) * g.unit_count(), 0);
  digit_.assign(static_cast<size_t>(kDigitSlots) * (g.n() + 1), 0);
  unit_words_ = (g.unit_count() + 63) / 64;
  roomy_.assign(static_cast<size_t>(kUnitSlots) * unit_words_, ~std::uint64_t{0});
  cage_count_ = static_cast<int>(g.geo().cages().size());
  cage_.assign(static_cast<size_t>(kCageSlots) * cage_count_, 0);
  set_time_.assign(keys, 0);
  set_cells_.assign(static_cast<size_t>(keys) * g.set_words(), 0);
  payload_.resize(keys);
  for (auto& p : payload_) p.clear();
  if (++epoch_ == 0) {  // wrapped: entries of epoch 1 onwards could match again
    std::fill(verdicts_.begin(), verdicts_.end(), Verdict{});
    epoch_ = 1;
  }
  std::fill(std::begin(grid_), std::end(grid_), 0);
  changed_serial_ = 0;
  verdict_call_ = 0;
}

bool FinderMemo::cells_clean(int key) const {
  const std::uint64_t t = set_time_[key];
  if (t == 0) return false;
  const int words = g_->set_words();
  const std::uint64_t* cells = &set_cells_[static_cast<size_t>(key) * words];
  for (int w = 0; w < words; ++w) {
    for (std::uint64_t x = cells[w]; x; x &= x - 1) {
      if (g_->cell_changed(w * 64 + std::countr_zero(x)) >= t) return false;
    }
  }
  return true;
}

void FinderMemo::set_cells_clean(int key, const std::uint64_t* cells) {
  set_time_[key] = g_->clock() + 1;
  const int words = g_->set_words();
  std::copy(cells, cells + words, &set_cells_[static_cast<size_t>(key) * words]);
}

}  // namespace sudoforge::grader::detail
