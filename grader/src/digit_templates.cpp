// A digit's templates (digit_templates.h), by a search row by row.
//
// Invariants during the search: `path` holds the cells chosen in the rows before `row`,
// one per row, in distinct columns and regions (used_col, used_reg). Why a step budget:
// early in a grid a digit has thousands of templates, and a partial answer is sound. Why
// templates are kept between calls: along a graded path a digit only loses places, and
// most templates found for it on one step are templates on the next.
#include "digit_templates.h"

#include <vector>

namespace sudoforge::grader::detail {
namespace {

constexpr int kMaxSteps = 1 << 14;

struct TemplateSearch {
  // The rows without d: [r]: count, cells and their column and region bits (column bit |
  // region bit << 9); searched in `order` (fewest places first).
  int rows = 0;
  int order[9];
  int count[9] = {};
  int cells[9][9];
  unsigned bits[9][9];
  std::uint64_t path[2] = {0, 0}, want[2] = {0, 0};
  std::uint64_t* some = nullptr;
  std::uint64_t* every = nullptr;
  std::vector<DigitTemplate>* kept = nullptr;
  bool found = false;
  int steps = 0;

  // Takes template t (its cells) as found; returns whether it changed the answer.
  bool take(const std::uint64_t* t) {
    if (found) {
      if (((t[0] & ~some[0]) | (t[1] & ~some[1]) | (every[0] & ~t[0]) | (every[1] & ~t[1])) == 0)
        return false;
      some[0] |= t[0];
      some[1] |= t[1];
      every[0] &= t[0];
      every[1] &= t[1];
    } else {
      some[0] = every[0] = t[0];
      some[1] = every[1] = t[1];
      found = true;
    }
    return true;
  }

  bool done() const {
    return found && (want[0] & ~some[0]) == 0 && (want[1] & ~some[1]) == 0 &&
           (want[0] & every[0]) == 0 && (want[1] & every[1]) == 0;
  }
  // Returns true when the search is to stop.
  bool search(int row, unsigned used) {
    if (row == rows) {
      if (take(path) && kept) kept->push_back({path[0], path[1]});
      return done();
    }
    const int r = order[row];
    for (int i = 0; i < count[r]; ++i) {
      if (++steps > kMaxSteps) return true;
      if (used & bits[r][i]) continue;
      const int c = cells[r][i];
      const std::uint64_t bit = std::uint64_t{1} << (c % 64);
      path[c / 64] |= bit;
      const bool stop = search(row + 1, used | bits[r][i]);
      path[c / 64] &= ~bit;
      if (stop) return true;
    }
    return false;
  }
};

}  // namespace

bool find_digit_templates(const CandidateGrid& g, int d, std::uint64_t* some,
                          std::uint64_t* every, std::vector<DigitTemplate>* kept) {
  const int n = g.n();
  if (n > 9 || g.has_extra_houses() || g.set_words() > 2) return false;
  TemplateSearch s;
  s.some = some;
  s.every = every;
  some[0] = some[1] = every[0] = every[1] = 0;
  // The rows holding d fix their cell; the others are searched, fewest places first.
  unsigned used = 0;
  std::uint64_t fixed[2] = {0, 0};
  int nr = 0;
  for (int r = 0; r < n; ++r) {
    const int* row = g.unit(r);
    int k = 0, at = -1;
    for (int i = 0; i < n; ++i) {
      const int c = row[i];
      // The cell's column and region bits, for the cells holding d only (most do not).
      const auto bits_of = [&] {
        return (1u << (g.unit_of(c, 1) - n)) | (1u << (g.unit_of(c, 2) - 2 * n + 9));
      };
      if (g.value(c) == d) {
        at = c;
        used |= bits_of();
      } else if (g.has(c, d)) {
        const unsigned b = bits_of();
        s.cells[nr][k] = c;
        s.bits[nr][k++] = b;
        s.want[c / 64] |= std::uint64_t{1} << (c % 64);
      }
    }
    if (at >= 0) {
      fixed[at / 64] |= std::uint64_t{1} << (at % 64);
      continue;
    }
    s.count[nr++] = k;
  }
  if (kept) {
    // The earlier templates that still hold d in every cell, first: the search runs only
    // when they leave it something to find.
    const std::uint64_t holds[2] = {s.want[0] | fixed[0], s.want[1] | fixed[1]};
    size_t left = 0;
    for (const DigitTemplate k : *kept) {
      if ((k[0] & ~holds[0]) == 0 && (k[1] & ~holds[1]) == 0 && s.take(k.data()))
        (*kept)[left++] = k;
    }
    kept->resize(left);
    s.kept = kept;
    if (s.done()) return true;
  }
  // Fewest places first, rows of as many in their order (the same search every time).
  int* const order = s.order;
  for (int i = 0; i < nr; ++i) {
    int j = i;
    for (; j > 0 && s.count[order[j - 1]] > s.count[i]; --j) order[j] = order[j - 1];
    order[j] = i;
  }
  s.rows = nr;
  s.path[0] = fixed[0];
  s.path[1] = fixed[1];
  s.search(0, used);
  return s.found;
}

}  // namespace sudoforge::grader::detail
