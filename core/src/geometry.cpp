#include "sudoforge/core/geometry.h"

#include <algorithm>
#include <array>
#include <charconv>
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

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

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

  auto t = std::make_shared<Tables>();
  const int n = box_rows * box_cols;
  t->box_rows = box_rows;
  t->box_cols = box_cols;
  t->n = n;
  t->row.resize(n * n);
  t->col.resize(n * n);
  t->box.resize(n * n);
  t->units.assign(3 * n, {});
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    // Boxes are numbered row-major: n / box_cols boxes across (box_rows of them down).
    const int b = (r / box_rows) * (n / box_cols) + c / box_cols;
    t->row[cell] = r;
    t->col[cell] = c;
    t->box[cell] = b;
    t->units[r].push_back(cell);
    t->units[n + c].push_back(cell);
    t->units[2 * n + b].push_back(cell);
  }
  t->peers.assign(n * n, {});
  for (int cell = 0; cell < n * n; ++cell) {
    auto& p = t->peers[cell];
    for (int u : {t->row[cell], n + t->col[cell], 2 * n + t->box[cell]}) {
      for (int other : t->units[u]) {
        if (other != cell) p.push_back(other);
      }
    }
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  cache[index] = t;
  return t;
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

std::string Geometry::unit_name(int unit) const {
  const int n = size();
  if (unit < n) return "row " + std::to_string(unit + 1);
  if (unit < 2 * n) return "column " + std::to_string(unit - n + 1);
  return "box " + std::to_string(unit - 2 * n + 1);
}

std::string Geometry::name() const {
  return std::to_string(box_rows()) + "x" + std::to_string(box_cols());
}

}  // namespace sudoforge
