// Canonical keys of killer boards: a killer and its copies under the board's rigid
// symmetries and the digit complement share one key; other killers do not.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "sudoforge/core/canonical.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/variant.h"

namespace sudoforge {
namespace {

// A solved grid of the classic pattern (row r shifted by its band and row in the band).
std::vector<int> solved(int br, int bc) {
  const int n = br * bc;
  std::vector<int> v(static_cast<std::size_t>(n * n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) v[r * n + c] = (bc * (r % br) + r / br + c) % n + 1;
  }
  return v;
}

// Cages cut along each row in runs of lengths that change from row to row (so no rigid
// move keeps the layout), sums from `solution`; `given` cells keep their digit.
Grid killer(int br, int bc, Variant extra, const std::vector<int>& given,
            const std::vector<int>& lengths) {
  const int n = br * bc;
  const std::vector<int> s = solved(br, bc);
  std::vector<Cage> cages;
  std::size_t k = 0;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n;) {
      const int len = std::min(lengths[k++ % lengths.size()], n - c);
      Cage cage;
      for (int i = 0; i < len; ++i, ++c) {
        cage.cells.push_back(r * n + c);
        cage.sum += s[r * n + c];
      }
      cages.push_back(cage);
    }
  }
  Grid g(extra.apply(Geometry(br, bc)).with_cages(cages));
  for (int cell : given) g.set(cell, s[cell]);
  return g;
}

// `p` moved by `t` and, when `complement`, its digits and sums complemented.
Grid moved(const Grid& p, Transform t, bool complement) {
  const Geometry& g = p.geometry();
  const int n = g.size();
  std::vector<Cage> cages;
  for (const Cage& cage : g.cages()) {
    Cage m{complement ? static_cast<int>(cage.cells.size()) * (n + 1) - cage.sum : cage.sum, {}};
    for (int c : cage.cells) m.cells.push_back(transform_cell(g, t, c));
    cages.push_back(m);
  }
  Grid out(Variant(Variant::of(g).flags() & ~Variant::kKiller)
               .apply(Geometry(g.box_rows(), g.box_cols()))
               .with_cages(cages));
  for (int c = 0; c < g.cell_count(); ++c) {
    if (p[c]) out.set(transform_cell(g, t, c), complement ? n + 1 - p[c] : p[c]);
  }
  return out;
}

TEST(CanonicalKiller, SymmetricCopiesShareOneKey) {
  const Grid p = killer(3, 3, Variant(), {0, 40}, {2, 3, 1, 3, 4, 2, 1});
  const std::string key = canonical_key(p);
  EXPECT_EQ(key, killer_text(canonical_form(p)));
  std::set<std::string> tokens;
  for (Transform t : group_of(Symmetry::kDihedral)) {
    for (bool complement : {false, true}) {
      const Grid copy = moved(p, t, complement);
      tokens.insert(killer_text(copy));
      EXPECT_EQ(canonical_key(copy), key) << killer_text(copy);
    }
  }
  // The copies are 16 different tokens: the key did not come from the token as written.
  EXPECT_EQ(tokens.size(), 16u);
}

TEST(CanonicalKiller, SixBySixUsesTheFourMovesThatKeepItsBoxes) {
  const Grid p = killer(2, 3, Variant(), {}, {2, 1, 3, 4});
  for (Transform t : group_of(Symmetry::kRot180)) {
    EXPECT_EQ(canonical_key(moved(p, t, true)), canonical_key(p));
  }
  EXPECT_EQ(canonical_key(moved(p, Transform::kMirror, false)), canonical_key(p));
}

TEST(CanonicalKiller, KillerXKeepsItsDiagonalsAndItsName) {
  const Grid p = killer(3, 3, Variant(Variant::kX), {}, {3, 2, 2, 1, 4});
  const std::string key = canonical_key(p);
  EXPECT_EQ(key.rfind("killer+x:", 0), 0u) << key;
  EXPECT_EQ(canonical_key(moved(p, Transform::kRot90, true)), key);
}

TEST(CanonicalKiller, DifferentKillersGetDifferentKeys) {
  const Grid a = killer(3, 3, Variant(), {}, {2, 3, 1, 3, 4, 2, 1});
  const Grid b = killer(3, 3, Variant(), {}, {2, 3, 1, 3, 4, 1, 2});
  const Grid given = killer(3, 3, Variant(), {0}, {2, 3, 1, 3, 4, 2, 1});
  EXPECT_NE(canonical_key(a), canonical_key(b));
  EXPECT_NE(canonical_key(a), canonical_key(given));
}

}  // namespace
}  // namespace sudoforge
