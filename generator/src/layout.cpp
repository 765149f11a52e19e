#include "sudoforge/generator/layout.h"

#include <stdexcept>
#include <string>

#include "random.h"
#include "sudoforge/core/geometry.h"

namespace sudoforge {
namespace {

using generator_detail::draw_below;
using generator_detail::Rng;

// Swaps tried per cell of the board in one round of the walk (see layout.h). Fewer leave
// visible traces of the start layout on the larger boards.
constexpr int kSwapsPerCell = 30;
// Rounds of the walk a layout may take to lose its rectangles before draw_region_map
// gives up (a symmetry that admits no such layout of the size; jigsaw_admits excludes
// those).
constexpr int kMaxRounds = 50;

bool transposes(Symmetry s) {
  return s == Symmetry::kDiagonal || s == Symmetry::kAntidiagonal || s == Symmetry::kRot90 ||
         s == Symmetry::kDihedral;
}

int square_root(int n) {
  int r = 1;
  while ((r + 1) * (r + 1) <= n) ++r;
  return r;
}

// The start of the walk: R x C boxes (R rows) labelled row-major, or the rows when R is 0.
std::vector<int> start_map(int n, Symmetry s) {
  int box_rows = 0;
  if (transposes(s)) {
    box_rows = square_root(n);
  } else {
    for (int d = 2; d * d <= n; ++d) {
      if (n % d == 0) box_rows = d;
    }
  }
  std::vector<int> label(n * n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      label[r * n + c] = box_rows ? (r / box_rows) * box_rows + c / (n / box_rows) : r;
    }
  }
  return label;
}

class Walk {
 public:
  Walk(int n, Symmetry s, std::vector<int> start)
      : n_(n), cells_(n * n), label_(std::move(start)), pending_(cells_, -1), seen_(cells_, 0) {
    const Geometry board = Geometry::with_regions(n, label_row_map(n));
    for (Transform t : group_of(s)) {
      std::vector<int> image(cells_);
      for (int c = 0; c < cells_; ++c) image[c] = transform_cell(board, t, c);
      images_.push_back(std::move(image));
    }
  }

  // One round: kSwapsPerCell swaps tried per cell.
  void round(Rng& rng) {
    for (int i = 0; i < kSwapsPerCell * cells_; ++i) try_random_swap(rng);
  }

  // True when some region is a filled rectangle (a line, a box): the dull shapes.
  bool has_rectangle() const {
    for (int l = 0; l < n_; ++l) {
      int top = n_, bottom = -1, left = n_, right = -1;
      for (int c = 0; c < cells_; ++c) {
        if (label_[c] != l) continue;
        top = std::min(top, c / n_);
        bottom = std::max(bottom, c / n_);
        left = std::min(left, c % n_);
        right = std::max(right, c % n_);
      }
      if ((bottom - top + 1) * (right - left + 1) == n_) return true;
    }
    return false;
  }

  const std::vector<int>& map() const { return label_; }

 private:
  static std::vector<int> label_row_map(int n) {
    std::vector<int> rows(n * n);
    for (int c = 0; c < n * n; ++c) rows[c] = c / n;
    return rows;
  }

  // The neighbour of `cell` in direction 0..3 (up, down, left, right), or -1 off the board.
  int neighbour(int cell, int direction) const {
    const int r = cell / n_, c = cell % n_;
    switch (direction) {
      case 0:
        return r > 0 ? cell - n_ : -1;
      case 1:
        return r + 1 < n_ ? cell + n_ : -1;
      case 2:
        return c > 0 ? cell - 1 : -1;
      default:
        return c + 1 < n_ ? cell + 1 : -1;
    }
  }

  bool touches(int cell, int region) const {
    for (int dir = 0; dir < 4; ++dir) {
      const int other = neighbour(cell, dir);
      if (other >= 0 && label_[other] == region) return true;
    }
    return false;
  }

  void try_random_swap(Rng& rng) {
    const int c = static_cast<int>(draw_below(rng, cells_));
    const int e = neighbour(c, static_cast<int>(draw_below(rng, 4)));
    if (e < 0 || label_[e] == label_[c]) return;
    const int a = label_[c], b = label_[e];
    candidates_.clear();
    for (int d = 0; d < cells_; ++d) {
      if (label_[d] == b && touches(d, a)) candidates_.push_back(d);
    }
    swap(c, candidates_[draw_below(rng, candidates_.size())]);
  }

  // Exchanges the regions of t(c) and t(d) for every transform t; undone unless every
  // touched region keeps n cells in one piece.
  void swap(int c, int d) {
    touched_.clear();
    bool clash = false;
    auto assign = [&](int cell, int region) {
      if (pending_[cell] < 0) {
        pending_[cell] = region;
        touched_.push_back(cell);
      } else if (pending_[cell] != region) {
        clash = true;
      }
    };
    for (const auto& image : images_) {
      const int x = image[c], y = image[d];
      assign(x, label_[y]);
      assign(y, label_[x]);
    }
    if (!clash) {
      old_.clear();
      for (int cell : touched_) old_.push_back(label_[cell]);
      for (int cell : touched_) label_[cell] = pending_[cell];
      if (!regions_intact()) {
        for (std::size_t i = 0; i < touched_.size(); ++i) label_[touched_[i]] = old_[i];
      }
    }
    for (int cell : touched_) pending_[cell] = -1;
  }

  // Every region holding a touched cell has n cells, all connected. A region that lost a
  // cell without gaining one, or the other way round, fails the count.
  bool regions_intact() {
    for (std::size_t i = 0; i < touched_.size(); ++i) {
      if (!region_intact(touched_[i]) || !region_intact_from_label(old_[i])) return false;
    }
    return true;
  }

  bool region_intact_from_label(int region) {
    for (int cell : touched_) {
      if (label_[cell] == region) return region_intact(cell);
    }
    return false;  // the region lost touched cells and gained none
  }

  // Flood fill of `start`'s region: true when it reaches exactly n cells and the region
  // has no others.
  bool region_intact(int start) {
    const int region = label_[start];
    ++stamp_;
    stack_.assign(1, start);
    seen_[start] = stamp_;
    int reached = 0;
    while (!stack_.empty()) {
      const int cell = stack_.back();
      stack_.pop_back();
      if (++reached > n_) return false;
      for (int dir = 0; dir < 4; ++dir) {
        const int other = neighbour(cell, dir);
        if (other >= 0 && label_[other] == region && seen_[other] != stamp_) {
          seen_[other] = stamp_;
          stack_.push_back(other);
        }
      }
    }
    if (reached != n_) return false;
    int total = 0;
    for (int l : label_) total += l == region;
    return total == n_;
  }

  int n_, cells_;
  std::vector<int> label_, pending_, seen_;
  int stamp_ = 0;
  std::vector<std::vector<int>> images_;
  std::vector<int> candidates_, touched_, old_, stack_;
};

}  // namespace

bool jigsaw_admits(int n, Symmetry s) {
  if (n < kMinJigsawSize || n > kMaxJigsawSize) return false;
  if (s == Symmetry::kRandom || s == Symmetry::kNone || s == Symmetry::kRot180) return true;
  if (!transposes(s)) {
    // Mirror and flip start from boxes; from the rows of a prime N (each row its own
    // mirror image) the walk never loses every straight region.
    for (int d = 2; d * d <= n; ++d) {
      if (n % d == 0) return true;
    }
    return false;
  }
  const int r = square_root(n);
  // 4x4 has no layout without a rectangle under these groups, and under all eight
  // transforms 9x9's centre region stays the centre box.
  return r * r == n && n > 4 && (s != Symmetry::kDihedral || n >= 16);
}

std::vector<int> draw_region_map(int n, Symmetry symmetry, std::uint64_t seed) {
  if (symmetry == Symmetry::kRandom || !jigsaw_admits(n, symmetry)) {
    throw std::invalid_argument("no jigsaw layout of size " + std::to_string(n) +
                                " with symmetry " + std::string(symmetry_name(symmetry)));
  }
  Rng rng(seed);
  Walk walk(n, symmetry, start_map(n, symmetry));
  for (int round = 0; round < kMaxRounds; ++round) {
    walk.round(rng);
    if (!walk.has_rectangle()) return walk.map();
  }
  throw std::logic_error("the layout walk kept a rectangular region");
}

}  // namespace sudoforge
