// A digit's templates (digit_templates.h), by a search row by row.
//
// Invariants during the search: `path` holds the cells chosen in the rows before `row`,
// one per row, in distinct columns and regions (used_col, used_reg). Why a step budget:
// early in a grid a digit has thousands of templates, and a partial answer is sound.
#include "digit_templates.h"

#include <algorithm>

namespace sudoforge::grader::detail {
namespace {

constexpr int kMaxSteps = 1 << 14;

struct TemplateSearch {
  // The rows without d, fewest places first: [r]: count, cells and their column and
  // region bits (column bit | region bit << 9).
  int rows = 0;
  int count[9] = {};
  int cells[9][9];
  unsigned bits[9][9];
  std::uint64_t path[2] = {0, 0}, want[2] = {0, 0};
  std::uint64_t* some = nullptr;
  std::uint64_t* every = nullptr;
  bool found = false;
  int steps = 0;

  bool done() const {
    return found && (want[0] & ~some[0]) == 0 && (want[1] & ~some[1]) == 0 &&
           (want[0] & every[0]) == 0 && (want[1] & every[1]) == 0;
  }
  // Returns true when the search is to stop.
  bool search(int row, unsigned used) {
    if (row == rows) {
      some[0] |= path[0];
      some[1] |= path[1];
      if (found) {
        every[0] &= path[0];
        every[1] &= path[1];
      } else {
        every[0] = path[0];
        every[1] = path[1];
        found = true;
      }
      return done();
    }
    for (int i = 0; i < count[row]; ++i) {
      if (++steps > kMaxSteps) return true;
      if (used & bits[row][i]) continue;
      const int c = cells[row][i];
      const std::uint64_t bit = std::uint64_t{1} << (c % 64);
      path[c / 64] |= bit;
      const bool stop = search(row + 1, used | bits[row][i]);
      path[c / 64] &= ~bit;
      if (stop) return true;
    }
    return false;
  }
};

}  // namespace

bool find_digit_templates(const CandidateGrid& g, int d, std::uint64_t* some,
                          std::uint64_t* every) {
  const int n = g.n();
  if (n > 9 || g.has_extra_houses() || g.set_words() > 2) return false;
  TemplateSearch s;
  s.some = some;
  s.every = every;
  some[0] = some[1] = every[0] = every[1] = 0;
  // The rows holding d fix their cell; the others are searched, fewest places first.
  unsigned used = 0;
  std::uint64_t fixed[2] = {0, 0};
  int order[9], places[9], nr = 0;
  for (int r = 0; r < n; ++r) {
    const int* row = g.unit(r);
    int k = 0, at = -1;
    for (int i = 0; i < n; ++i) {
      const int c = row[i];
      const unsigned b = (1u << (g.unit_of(c, 1) - n)) | (1u << (g.unit_of(c, 2) - 2 * n + 9));
      if (g.value(c) == d) {
        at = c;
        used |= b;
      } else if (g.has(c, d)) {
        s.cells[nr][k] = c;
        s.bits[nr][k++] = b;
        s.want[c / 64] |= std::uint64_t{1} << (c % 64);
      }
    }
    if (at >= 0) {
      fixed[at / 64] |= std::uint64_t{1} << (at % 64);
      continue;
    }
    s.count[nr] = k;
    order[nr] = nr;
    places[nr++] = k;
  }
  // Fewest places first (a stable order: the same search every time).
  std::stable_sort(order, order + nr, [&](int a, int b) { return places[a] < places[b]; });
  TemplateSearch t = s;
  for (int i = 0; i < nr; ++i) {
    const int r = order[i];
    t.count[i] = s.count[r];
    std::copy(s.cells[r], s.cells[r] + s.count[r], t.cells[i]);
    std::copy(s.bits[r], s.bits[r] + s.count[r], t.bits[i]);
  }
  t.rows = nr;
  t.path[0] = fixed[0];
  t.path[1] = fixed[1];
  t.search(0, used);
  return t.found;
}

}  // namespace sudoforge::grader::detail
