#include "sudoforge/core/geometry.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <mutex>
#include <optional>

#include "sudoforge/core/errors.h"

namespace sudoforge {
namespace {

struct Shape {
  int rows, cols;
};
constexpr std::array<Shape, 6> kShapes{{{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}}};

bool supported(int r, int c) {
  return std::any_of(kShapes.begin(), kShapes.end(),
                     [&](const Shape& s) { return s.rows == r && s.cols == c; });
}

// Each cell's box, boxes numbered row-major: n / box_cols boxes across.
std::vector<int> box_regions(int box_rows, int box_cols) {
  const int n = box_rows * box_cols;
  std::vector<int> region(n * n);
  for (int cell = 0; cell < n * n; ++cell) {
    region[cell] = (cell / n / box_rows) * (n / box_cols) + cell % n / box_cols;
  }
  return region;
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

void Geometry::derive_tables(Tables& t) {
  const int nc = t.n * t.n;
  t.cell_houses.assign(nc, {});
  for (int h = 0; h < static_cast<int>(t.houses.size()); ++h) {
    for (int cell : t.houses[h]) t.cell_houses[cell].push_back(h);
  }
  t.peers.assign(nc, {});
  for (int cell = 0; cell < nc; ++cell) {
    auto& p = t.peers[cell];
    for (int h : t.cell_houses[cell]) {
      for (int other : t.houses[h]) {
        if (other != cell) p.push_back(other);
      }
    }
    if (!t.cages.empty()) {
      for (int other : t.cages[t.cage_of[cell]].cells) {
        if (other != cell) p.push_back(other);
      }
    }
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  t.classic = t.box_rows > 0 && static_cast<int>(t.houses.size()) == 3 * t.n && t.cages.empty();
}

Geometry::Tables Geometry::region_tables(int n, int box_rows, int box_cols,
                                         std::span<const int> region) {
  Tables t;
  t.box_rows = box_rows;
  t.box_cols = box_cols;
  t.n = n;
  t.row.resize(n * n);
  t.col.resize(n * n);
  t.box.assign(region.begin(), region.end());
  t.houses.assign(3 * n, {});
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    t.row[cell] = r;
    t.col[cell] = c;
    t.houses[r].push_back(cell);
    t.houses[n + c].push_back(cell);
    t.houses[2 * n + region[cell]].push_back(cell);
  }
  derive_tables(t);
  return t;
}

std::shared_ptr<const Geometry::Tables> Geometry::tables_for(int box_rows, int box_cols) {
  // One table per shape, built on first use; Geometry values share it.
  static std::mutex mutex;
  static std::array<std::shared_ptr<const Tables>, kShapes.size()> cache;
  std::size_t index = 0;
  while (index < kShapes.size() &&
         !(kShapes[index].rows == box_rows && kShapes[index].cols == box_cols)) {
    ++index;
  }
  std::lock_guard lock(mutex);
  if (cache[index]) return cache[index];
  cache[index] = std::make_shared<const Tables>(
      region_tables(box_rows * box_cols, box_rows, box_cols, box_regions(box_rows, box_cols)));
  return cache[index];
}

std::shared_ptr<const Geometry::Tables> Geometry::intern(Tables t) {
  // Boards other than the six classic ones (jigsaw regions, extra houses) are built per
  // record read, and the generator draws a new jigsaw board per puzzle; the registry makes
  // equal boards share one table, so that equality stays a pointer comparison. It holds
  // them weakly: a board nobody holds any more is freed (equality only compares live
  // boards), and the dead entries are swept whenever the registry has doubled.
  std::string key = std::to_string(t.n) + ':' + std::to_string(t.box_rows) + 'x' +
                    std::to_string(t.box_cols) + ':';
  for (int b : t.box) key += std::to_string(b) + ',';
  for (std::size_t h = 3 * t.n; h < t.houses.size(); ++h) {
    key += '|' + t.extra_names[h - 3 * t.n] + ':';
    for (int cell : t.houses[h]) key += std::to_string(cell) + ',';
  }
  for (const Cage& cage : t.cages) {
    key += '/' + std::to_string(cage.sum) + ':';
    for (int cell : cage.cells) key += std::to_string(cell) + ',';
  }
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<const Tables>> registry;
  static std::size_t sweep_at = 64;
  std::lock_guard lock(mutex);
  auto& slot = registry[key];
  std::shared_ptr<const Tables> live = slot.lock();
  if (live) return live;
  live = std::make_shared<const Tables>(std::move(t));
  slot = live;
  if (registry.size() >= sweep_at) {
    std::erase_if(registry, [](const auto& entry) { return entry.second.expired(); });
    sweep_at = std::max<std::size_t>(64, 2 * registry.size());
  }
  return live;
}

Geometry Geometry::with_regions(int n, std::span<const int> region_of_cell) {
  if (n < 4 || n > 25) {
    throw GeometryError("unsupported jigsaw size " + std::to_string(n) + " (4..25)");
  }
  if (static_cast<int>(region_of_cell.size()) != n * n) {
    throw GeometryError("a region map needs " + std::to_string(n * n) + " cells, not " +
                        std::to_string(region_of_cell.size()));
  }
  // Renumber the labels by first appearance in reading order.
  std::vector<int> label_to_region(n, -1);
  std::vector<int> region(n * n);
  int regions = 0;
  for (int cell = 0; cell < n * n; ++cell) {
    const int label = region_of_cell[cell];
    if (label < 0 || label >= n) {
      throw GeometryError("region label " + std::to_string(label) + " at cell " +
                          std::to_string(cell) + " is outside 0.." + std::to_string(n - 1));
    }
    if (label_to_region[label] < 0) label_to_region[label] = regions++;
    region[cell] = label_to_region[label];
  }
  std::vector<int> cells_in(n, 0);
  for (int r : region) ++cells_in[r];
  for (int r = 0; r < n; ++r) {
    if (cells_in[r] != n) {
      throw GeometryError("region " + std::to_string(r + 1) + " has " +
                          std::to_string(cells_in[r]) + " cells, not " + std::to_string(n));
    }
  }
  // Each region is one orthogonally connected piece.
  std::vector<char> seen(n * n, 0);
  for (int r = 0; r < n; ++r) {
    const int first = static_cast<int>(std::find(region.begin(), region.end(), r) - region.begin());
    std::vector<int> stack{first};
    seen[first] = 1;
    int reached = 0;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++reached;
      const int row = cell / n, col = cell % n;
      const int next[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
      for (const auto& rc : next) {
        if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
        const int other = rc[0] * n + rc[1];
        if (region[other] == r && !seen[other]) {
          seen[other] = 1;
          stack.push_back(other);
        }
      }
    }
    if (reached != n) {
      throw GeometryError("region " + std::to_string(r + 1) + " is not connected");
    }
  }
  // Regions that are exactly the boxes of a supported shape make the classic board.
  for (const Shape& s : kShapes) {
    if (s.rows * s.cols == n && box_regions(s.rows, s.cols) == region)
      return Geometry(s.rows, s.cols);
  }
  return Geometry(intern(region_tables(n, 0, 0, region)));
}

Geometry Geometry::with_extra_houses(const std::vector<std::vector<int>>& houses,
                                     const std::vector<std::string>& names) const {
  if (houses.size() != names.size()) {
    throw GeometryError("extra houses and their names differ in number");
  }
  if (houses.empty()) return *this;
  Tables t = *t_;
  t.uncaged = nullptr;  // its houses are not those of the board it had before its cages
  const int n = t.n;
  for (std::size_t i = 0; i < houses.size(); ++i) {
    std::vector<int> cells = houses[i];
    std::sort(cells.begin(), cells.end());
    const bool in_range = !cells.empty() && cells.front() >= 0 && cells.back() < n * n;
    if (static_cast<int>(cells.size()) != n || !in_range ||
        std::adjacent_find(cells.begin(), cells.end()) != cells.end()) {
      throw GeometryError("extra house '" + names[i] + "' is not " + std::to_string(n) +
                          " distinct cells of the board");
    }
    if (std::find(t.houses.begin(), t.houses.end(), cells) != t.houses.end()) {
      throw GeometryError("extra house '" + names[i] + "' repeats a house of the board");
    }
    t.houses.push_back(std::move(cells));
    t.extra_names.push_back(names[i]);
  }
  derive_tables(t);
  return Geometry(intern(std::move(t)));
}

Geometry Geometry::with_cages(std::vector<Cage> cages) const {
  const int n = size(), area = n * n;
  if (has_cages()) throw CageError(-1, "the board already has cages");
  if (n > kMaxKillerSize) {
    throw CageError(-1, "cages need a board of at most 9x9, not " + std::to_string(n) + "x" +
                            std::to_string(n));
  }
  std::vector<int> cage_of(area, -1);
  for (Cage& cage : cages) std::sort(cage.cells.begin(), cage.cells.end());
  // By first cell; an empty cage (refused below) first.
  const auto first_cell = [](const Cage& c) { return c.cells.empty() ? -1 : c.cells.front(); };
  std::sort(cages.begin(), cages.end(),
            [&](const Cage& a, const Cage& b) { return first_cell(a) < first_cell(b); });
  for (std::size_t i = 0; i < cages.size(); ++i) {
    const auto& cells = cages[i].cells;
    if (cells.empty()) throw CageError(-1, "a cage has no cell");
    const int first = cells.front();
    if (first < 0 || cells.back() >= area) {
      throw CageError(-1, "a cage has a cell off the " + std::to_string(n) + "x" +
                              std::to_string(n) + " board");
    }
    for (int cell : cells) {
      if (cage_of[cell] >= 0) {
        throw CageError(cell, cell_name(cell) + " is in two cages");
      }
      cage_of[cell] = static_cast<int>(i);
    }
    const int k = static_cast<int>(cells.size());
    if (k > n) {
      throw CageError(first, "the cage at " + cell_name(first) + " has " + std::to_string(k) +
                                 " cells; a cage holds at most " + std::to_string(n));
    }
    if (cage_digit_sets(n, k, cages[i].sum).empty()) {
      throw CageError(first, "the cage at " + cell_name(first) + " has sum " +
                                 std::to_string(cages[i].sum) + ", impossible for " +
                                 std::to_string(k) + " distinct symbols of 1.." +
                                 std::to_string(n) + " (" + std::to_string(min_cage_sum(k)) + ".." +
                                 std::to_string(max_cage_sum(n, k)) + ")");
    }
    // Orthogonally connected: a walk from the first cell reaches them all.
    std::vector<int> stack{first}, reached{first};
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = cell / n, c = cell % n;
      const int next[4] = {r > 0 ? cell - n : -1, r + 1 < n ? cell + n : -1, c > 0 ? cell - 1 : -1,
                           c + 1 < n ? cell + 1 : -1};
      for (int other : next) {
        if (other < 0 || cage_of[other] != static_cast<int>(i)) continue;
        if (std::find(reached.begin(), reached.end(), other) != reached.end()) continue;
        reached.push_back(other);
        stack.push_back(other);
      }
    }
    if (static_cast<int>(reached.size()) != k) {
      const auto apart = std::find_if(cells.begin(), cells.end(), [&](int cell) {
        return std::find(reached.begin(), reached.end(), cell) == reached.end();
      });
      throw CageError(*apart, "the cage at " + cell_name(first) +
                                  " is not connected: " + cell_name(*apart) + " is apart from it");
    }
  }
  const auto loose = std::find(cage_of.begin(), cage_of.end(), -1);
  if (loose != cage_of.end()) {
    const int cell = static_cast<int>(loose - cage_of.begin());
    throw CageError(cell, cell_name(cell) + " is in no cage (a killer board cages every cell)");
  }
  // The houses, and so each cell's houses and house peers, are this board's: only the
  // peers gain the cage mates (derive_tables' result, without rebuilding the rest).
  Tables t = *t_;
  for (int cell = 0; cell < area; ++cell) {
    const std::vector<int>& mates = cages[cage_of[cell]].cells;  // sorted above
    std::vector<int>& p = t.peers[cell];
    for (int other : mates) {
      const auto at = std::lower_bound(p.begin(), p.end(), other);
      if (other != cell && (at == p.end() || *at != other)) p.insert(at, other);
    }
  }
  t.classic = false;
  t.cages = std::move(cages);
  t.cage_of = std::move(cage_of);
  t.uncaged = t_;
  return Geometry(intern(std::move(t)));
}

std::optional<Geometry> Geometry::without_cages() const {
  if (!has_cages()) return *this;
  if (!t_->uncaged) return std::nullopt;
  return Geometry(t_->uncaged);
}

Geometry::Geometry(int box_rows, int box_cols) {
  if (!supported(box_rows, box_cols)) {
    throw GeometryError("unsupported box shape " + std::to_string(box_rows) + "x" +
                        std::to_string(box_cols) + " (supported: 2x2 2x3 3x3 3x4 4x4 5x5)");
  }
  t_ = tables_for(box_rows, box_cols);
}

bool Geometry::is_supported_size(int n) {
  return std::any_of(kShapes.begin(), kShapes.end(),
                     [&](const Shape& s) { return s.rows * s.cols == n; });
}

Geometry Geometry::for_size(int n) {
  for (const Shape& s : kShapes) {
    if (s.rows * s.cols == n) return Geometry(s.rows, s.cols);
  }
  throw GeometryError("unsupported size " + std::to_string(n) +
                      " (supported: 4, 6, 9, 12, 16, 25)");
}

Geometry Geometry::parse(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) {
    if (auto n = to_int(text)) return for_size(*n);
  } else {
    auto r = to_int(text.substr(0, x));
    auto c = to_int(text.substr(x + 1));
    if (r && c) return Geometry(*r, *c);
  }
  throw GeometryError("bad size '" + std::string(text) +
                      "': give N (4, 6, 9, 12, 16, 25) or RxC (2x2 2x3 3x3 3x4 4x4 5x5)");
}

std::vector<Geometry> Geometry::all() {
  std::vector<Geometry> out;
  for (const Shape& s : kShapes) out.emplace_back(s.rows, s.cols);
  return out;
}

std::string Geometry::cell_name(int cell) const {
  // Appended piece by piece: "r" + std::string trips GCC 12's -Wrestrict false positive.
  std::string name = "r";
  name += std::to_string(row(cell) + 1);
  name += 'c';
  name += std::to_string(col(cell) + 1);
  return name;
}

std::string Geometry::house_name(int house) const {
  const int n = size();
  if (house < n) return "row " + std::to_string(house + 1);
  if (house < 2 * n) return "column " + std::to_string(house - n + 1);
  if (house < 3 * n) return (has_boxes() ? "box " : "region ") + std::to_string(house - 2 * n + 1);
  return t_->extra_names[house - 3 * n];
}

std::string Geometry::name() const {
  if (!has_boxes()) return "jigsaw " + std::to_string(size());
  return std::to_string(box_rows()) + "x" + std::to_string(box_cols());
}

}  // namespace sudoforge
