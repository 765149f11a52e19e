// Canonical (minlex) form: invariance under the group, idempotence, separation of
// non-isomorphic puzzles, and agreement with an exhaustive reference over the whole group.
#include "sudoforge/core/canonical.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/core/validate.h"

namespace sudoforge {
namespace {

Grid from_text(const std::string& text, int box_rows = 3, int box_cols = 3) {
  Geometry g(box_rows, box_cols);
  std::vector<std::uint8_t> cells;
  for (char c : text) {
    if (c >= '1' && c <= '9')
      cells.push_back(static_cast<std::uint8_t>(c - '0'));
    else if (c >= 'A' && c <= 'Z')
      cells.push_back(static_cast<std::uint8_t>(c - 'A' + 10));
    else
      cells.push_back(0);
  }
  return Grid(g, cells);
}

// A random element of the full validity-preserving group (including relabelling) applied
// to `p`; transposition only for square boxes.
Grid random_transform(const Grid& p, std::mt19937& rng, bool allow_transpose = true) {
  const Geometry& geo = p.geometry();
  const int R = geo.box_rows(), C = geo.box_cols(), n = geo.size();
  auto shuffled = [&](int k) {
    std::vector<int> v(static_cast<std::size_t>(k));
    std::iota(v.begin(), v.end(), 0);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
  };
  // Row map: bands of R rows (C bands); column map: stacks of C columns (R stacks).
  std::vector<int> rows, cols;
  for (int b : shuffled(C))
    for (int i : shuffled(R)) rows.push_back(b * R + i);
  for (int s : shuffled(R))
    for (int j : shuffled(C)) cols.push_back(s * C + j);
  std::vector<int> relabel = shuffled(n);
  const bool transpose = allow_transpose && R == C && (rng() & 1);
  Grid out(geo);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = transpose ? p.at(cols[c], rows[r]) : p.at(rows[r], cols[c]);
      out.set(geo.cell(r, c), v ? relabel[static_cast<std::size_t>(v - 1)] + 1 : 0);
    }
  }
  return out;
}

// Exhaustive reference: every element of the geometric group, first-appearance
// relabelling, lexicographic minimum (each candidate abandoned at its first cell above the
// best). Independent of the library's search.
std::string brute_force_key(const Grid& p) {
  const Geometry& geo = p.geometry();
  const int R = geo.box_rows(), C = geo.box_cols(), n = geo.size();
  auto perms = [](int k) {
    std::vector<std::vector<int>> out;
    std::vector<int> v(static_cast<std::size_t>(k));
    std::iota(v.begin(), v.end(), 0);
    do out.push_back(v);
    while (std::next_permutation(v.begin(), v.end()));
    return out;
  };
  // All row orders: band order x row order within each band.
  auto block_perms = [&](int groups, int per) {
    std::vector<std::vector<int>> result;
    const auto outer = perms(groups), inner = perms(per);
    std::vector<int> choice(static_cast<std::size_t>(groups), 0);
    for (const auto& o : outer) {
      std::fill(choice.begin(), choice.end(), 0);
      for (;;) {
        std::vector<int> order;
        for (int g = 0; g < groups; ++g) {
          for (int i : inner[static_cast<std::size_t>(choice[static_cast<std::size_t>(g)])]) {
            order.push_back(o[static_cast<std::size_t>(g)] * per + i);
          }
        }
        result.push_back(order);
        int g = 0;
        while (g < groups &&
               ++choice[static_cast<std::size_t>(g)] == static_cast<int>(inner.size())) {
          choice[static_cast<std::size_t>(g)] = 0;
          ++g;
        }
        if (g == groups) break;
      }
    }
    return result;
  };
  const auto row_orders = block_perms(C, R);
  const auto col_orders = block_perms(R, C);
  std::vector<int> best(static_cast<std::size_t>(n * n), 1000);
  std::vector<int> lab(static_cast<std::size_t>(n) + 1);
  for (int t = 0; t < (R == C ? 2 : 1); ++t) {
    for (const auto& ro : row_orders) {
      for (const auto& co : col_orders) {
        std::fill(lab.begin(), lab.end(), 0);
        int next = 1;
        bool less = false;
        std::vector<int> cur(best.size());
        bool worse = false;
        for (int i = 0; i < n * n && !worse; ++i) {
          const int r = ro[static_cast<std::size_t>(i / n)],
                    c = co[static_cast<std::size_t>(i % n)];
          const int v = t ? p.at(c, r) : p.at(r, c);
          int out = 0;
          if (v) {
            if (!lab[static_cast<std::size_t>(v)]) lab[static_cast<std::size_t>(v)] = next++;
            out = lab[static_cast<std::size_t>(v)];
          }
          cur[static_cast<std::size_t>(i)] = out;
          if (!less) {
            if (out > best[static_cast<std::size_t>(i)])
              worse = true;
            else if (out < best[static_cast<std::size_t>(i)])
              less = true;
          }
        }
        if (less) best = cur;
      }
    }
  }
  std::string key;
  for (int v : best) key += static_cast<char>(v <= 9 ? '0' + v : 'A' + v - 10);
  return key;
}

std::vector<std::string> read_lines(const std::string& path, std::size_t max) {
  std::vector<std::string> out;
  std::ifstream in(path);
  std::string line;
  while (out.size() < max && std::getline(in, line)) {
    if (line.size() >= 81) out.push_back(line.substr(0, 81));
  }
  return out;
}

const std::vector<std::string> kPuzzles = {
    // 17-clue, top1465 and ordinary puzzles.
    ".......1.4.........2...........5.6.4..8...3....1.9....3..4..2...5.1........8.7...",
    ".......12....35......6...7.7.....3.....4..8..1...........12.....8.....4..5....6..",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
};

TEST(Canonical, KeyShapeAndKnownForm) {
  const Grid p = from_text(kPuzzles[0]);
  const std::string key = canonical_key(p);
  ASSERT_EQ(key.size(), 81u);
  EXPECT_EQ(std::count_if(key.begin(), key.end(), [](char c) { return c != '0'; }), 17);
  // The minimal first row of a puzzle with a row holding one clue is 000000001.
  EXPECT_EQ(key.substr(0, 9), "000000001");
  // First-appearance labelling: the first non-zero symbols are 1, then 2, ...
  char max_seen = '0';
  for (char c : key) {
    if (c == '0') continue;
    EXPECT_LE(c, max_seen + 1);
    max_seen = std::max(max_seen, c);
  }
  EXPECT_EQ(key_text(canonical_form(p)), key);
}

TEST(Canonical, EmptyAndSingleClue) {
  EXPECT_EQ(canonical_key(Grid()), std::string(81, '0'));
  Grid one;
  one.set(40, 7);
  EXPECT_EQ(canonical_key(one), std::string(80, '0') + "1");
}

TEST(Canonical, InvariantUnderRandomGroupElements) {
  std::mt19937 rng(12345);
  auto puzzles = kPuzzles;
  for (const auto& line : read_lines(std::string(SUDOFORGE_SHARED_DATA) + "/17clue.txt", 60)) {
    puzzles.push_back(line);
  }
  for (const auto& line : read_lines(std::string(SUDOFORGE_SHARED_DATA) + "/top1465.txt", 60)) {
    puzzles.push_back(line);
  }
  for (const std::string& text : puzzles) {
    const Grid p = from_text(text);
    const std::string key = canonical_key(p);
    for (int i = 0; i < 10; ++i) {
      const Grid q = random_transform(p, rng);
      ASSERT_EQ(canonical_key(q), key) << text;
    }
  }
}

TEST(Canonical, Idempotent) {
  for (const std::string& text : kPuzzles) {
    const Grid c = canonical_form(from_text(text));
    EXPECT_EQ(canonical_form(c), c) << text;
  }
}

TEST(Canonical, DistinctPuzzlesGetDistinctKeys) {
  // Puzzles differing by one clue (top1465 lines 3 and 4) are not isomorphic.
  EXPECT_NE(canonical_key(from_text(kPuzzles[3])), canonical_key(from_text(kPuzzles[4])));
  std::set<std::string> own;
  for (const auto& t : kPuzzles) own.insert(canonical_key(from_text(t)));
  EXPECT_EQ(own.size(), kPuzzles.size());
  // top1465: 1465 different strings, of which exactly one pair is isomorphic: line 307 is
  // line 300 with its bands rotated (the exhaustive reference agrees).
  const auto lines = read_lines(std::string(SUDOFORGE_SHARED_DATA) + "/top1465.txt", 2000);
  if (lines.size() < 1465) GTEST_SKIP() << "shared/data/top1465.txt not available";
  std::map<std::string, std::vector<int>> by_key;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    by_key[canonical_key(from_text(lines[i]))].push_back(static_cast<int>(i) + 1);
  }
  std::vector<std::vector<int>> collisions;
  for (const auto& [key, ids] : by_key)
    if (ids.size() > 1) collisions.push_back(ids);
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_EQ(collisions[0], (std::vector<int>{300, 307}));
  EXPECT_EQ(brute_force_key(from_text(lines[299])), brute_force_key(from_text(lines[306])));
}

TEST(Canonical, MatchesExhaustiveSearch9x9) {
  // Full group: 2 * 1296 * 1296 geometric transforms per puzzle.
  std::mt19937 rng(7);
  std::vector<std::string> texts(kPuzzles.begin(), kPuzzles.begin() + 4);
  for (const std::string& text : texts) {
    const Grid p = from_text(text);
    EXPECT_EQ(canonical_key(p), brute_force_key(p)) << text;
  }
  // A few sparse random consistent grids (many ties: empty rows, stacks, bands).
  for (int trial = 0; trial < 3; ++trial) {
    Grid p;
    for (int i = 0; i < 12; ++i) {
      const int cell = static_cast<int>(rng() % 81), v = static_cast<int>(rng() % 9) + 1;
      p.set(cell, v);
      if (find_conflict(p)) p.clear(cell);
    }
    EXPECT_EQ(canonical_key(p), brute_force_key(p)) << key_text(p);
  }
}

// Random consistent partial grids of a small shape: the fast search equals the
// exhaustive reference over the full group.
void check_small_shape(int R, int C, int trials, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const Geometry geo(R, C);
  const int n = geo.size();
  for (int trial = 0; trial < trials; ++trial) {
    Grid p(geo);
    const int fill = static_cast<int>(rng() % static_cast<unsigned>(n * n));
    for (int i = 0; i < fill; ++i) {
      const int cell = static_cast<int>(rng() % static_cast<unsigned>(n * n));
      p.set(cell, static_cast<int>(rng() % static_cast<unsigned>(n)) + 1);
      if (find_conflict(p)) p.clear(cell);
    }
    const std::string key = canonical_key(p);
    ASSERT_EQ(key, brute_force_key(p)) << geo.name() << " " << key_text(p);
    ASSERT_EQ(canonical_key(random_transform(p, rng)), key) << geo.name() << " " << key_text(p);
  }
}

TEST(Canonical, MatchesExhaustiveSearch4x4) {
  check_small_shape(2, 2, 400, 1);
}
TEST(Canonical, MatchesExhaustiveSearch6x6) {
  check_small_shape(2, 3, 150, 2);
}

TEST(Canonical, LargerSizesUseReducedGroup) {
  const Geometry geo(4, 4);
  EXPECT_FALSE(canonical_uses_full_group(geo));
  std::mt19937 rng(3);
  Grid p(geo);
  for (int i = 0; i < 60; ++i) {
    const int cell = static_cast<int>(rng() % 256);
    p.set(cell, static_cast<int>(rng() % 16) + 1);
    if (find_conflict(p)) p.clear(cell);
  }
  const std::string key = canonical_key(p);
  ASSERT_EQ(key.size(), 256u);
  // Invariant under the half turn and relabelling...
  Grid q(geo);
  for (int c = 0; c < 256; ++c) q.set(255 - c, p[c] ? (p[c] % 16) + 1 : 0);
  EXPECT_EQ(canonical_key(q), key);
  // ...and under a transposition (square boxes).
  Grid t(geo);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) t.set(geo.cell(c, r), p.at(r, c));
  EXPECT_EQ(canonical_key(t), key);
  // Symbols above 9 are written A.. in the key.
  Grid full(geo);
  for (int c = 0; c < 16; ++c) full.set(c, c + 1);
  EXPECT_NE(canonical_key(full).find('G'), std::string::npos);
}

TEST(Canonical, RejectsConflictingGivens) {
  Grid p;
  p.set(0, 5);
  p.set(1, 5);
  EXPECT_THROW(canonical_key(p), std::invalid_argument);
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

Geometry x_geometry() { return Variant::parse("x").apply(Geometry()); }

Grid moved(const Grid& g, Transform t) {
  Grid out(g.geometry());
  for (int c = 0; c < g.cell_count(); ++c) out.set(transform_cell(g.geometry(), t, c), g[c]);
  return out;
}

TEST(Canonical, ExtraHouseBoardsUseOnlyTheMovesThatKeepTheirHouses) {
  const Geometry x = x_geometry();
  EXPECT_FALSE(canonical_uses_full_group(x));
  Grid p(x);
  p.set(0, 1);
  p.set(5, 2);
  p.set(13, 3);
  p.set(70, 4);
  // Every rigid symmetry of the square keeps the two diagonals: all give the same key.
  for (Transform t : group_of(Symmetry::kDihedral)) {
    EXPECT_EQ(canonical_key(moved(p, t)), canonical_key(p));
  }
  // Swapping rows 1 and 2 keeps a classic board but not X's diagonals: on the classic
  // board the two puzzles share a key, on X they do not.
  Grid swapped(x);
  for (int c = 0; c < 81; ++c) {
    const int r = c / 9;
    const int from = (r == 0 ? 1 : r == 1 ? 0 : r) * 9 + c % 9;
    swapped.set(c, p[from]);
  }
  const Grid classic_p(Geometry(), std::vector<std::uint8_t>(p.cells().begin(), p.cells().end()));
  const Grid classic_s(Geometry(),
                       std::vector<std::uint8_t>(swapped.cells().begin(), swapped.cells().end()));
  EXPECT_EQ(canonical_key(classic_p), canonical_key(classic_s));
  EXPECT_NE(canonical_key(p), canonical_key(swapped));
}

}  // namespace
}  // namespace sudoforge

namespace sudoforge {
namespace {

// The grid whose cell i holds p's cell source[i], on `board`.
Grid rearranged(const Grid& p, const Geometry& board, const std::vector<int>& source) {
  Grid out(board);
  for (int i = 0; i < p.cell_count(); ++i) out.set(i, p[source[static_cast<std::size_t>(i)]]);
  return out;
}

// Source cell of each output cell when rows go through `rows` and columns through `cols`.
std::vector<int> permuted(const std::array<int, 9>& rows, const std::array<int, 9>& cols) {
  std::vector<int> source(81);
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) source[static_cast<std::size_t>(r * 9 + c)] = rows[r] * 9 + cols[c];
  }
  return source;
}

Grid x_puzzle() {
  Grid p(Variant::parse("x").apply(Geometry()));
  for (auto [cell, v] : {std::pair{0, 1}, {5, 2}, {13, 3}, {70, 4}, {31, 5}, {44, 6}, {60, 7}}) {
    p.set(cell, v);
  }
  EXPECT_FALSE(find_conflict(p));
  return p;
}

TEST(Canonical, VariantKeysNameTheirVariantAndClassicKeysStayPlain) {
  const Grid x = x_puzzle();
  const Grid classic(Geometry(), std::vector<std::uint8_t>(x.cells().begin(), x.cells().end()));
  const std::string classic_key = canonical_key(classic);
  EXPECT_EQ(classic_key.size(), 81u);
  EXPECT_EQ(classic_key.find(':'), std::string::npos);
  const std::string x_key = canonical_key(x);
  ASSERT_EQ(x_key.rfind("x:", 0), 0u) << x_key;
  EXPECT_EQ(x_key.size(), 83u);
  EXPECT_NE(x_key.substr(2), classic_key) << "the X group is smaller than the classic one";
  // The form is a fixed point, and its key is the key.
  EXPECT_EQ(canonical_key(canonical_form(x)), x_key);
  EXPECT_EQ(key_text(canonical_form(x)), x_key.substr(2));
}

// Moves beyond the rigid ones that keep the diagonals: the same band-keeping permutation of
// rows and columns commuting with reversal, or that with the columns reversed.
TEST(Canonical, XKeysCoverTheNonRigidMovesThatKeepTheDiagonals) {
  const Grid p = x_puzzle();
  const Geometry& board = p.geometry();
  const std::string key = canonical_key(p);
  const std::array<int, 9> pi = {2, 1, 0, 5, 4, 3, 8, 7, 6};      // commutes with r -> 8-r
  const std::array<int, 9> rho_pi = {6, 7, 8, 3, 4, 5, 0, 1, 2};  // reversal after pi
  const std::array<int, 9> id = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const std::array<int, 9> swap01 = {1, 0, 2, 3, 4, 5, 6, 7, 8};  // does not commute
  EXPECT_EQ(canonical_key(rearranged(p, board, permuted(pi, pi))), key);
  EXPECT_EQ(canonical_key(rearranged(p, board, permuted(pi, rho_pi))), key);
  // pi on the rows alone moves the main diagonal off both diagonals.
  EXPECT_NE(canonical_key(rearranged(p, board, permuted(pi, id))), key);
  EXPECT_NE(canonical_key(rearranged(p, board, permuted(swap01, swap01))), key);
}

TEST(Canonical, WindokuKeysCoverRowSwapsInsideAWindow) {
  Grid p(Variant::parse("windoku").apply(Geometry()));
  for (auto [cell, v] : {std::pair{10, 1}, {12, 2}, {20, 3}, {40, 4}, {50, 5}, {66, 6}, {80, 7}}) {
    p.set(cell, v);
  }
  ASSERT_FALSE(find_conflict(p));
  const std::array<int, 9> swap12 = {0, 2, 1, 3, 4, 5, 6, 7, 8};  // rows 2 and 3: one window
  const std::array<int, 9> swap01 = {1, 0, 2, 3, 4, 5, 6, 7, 8};  // a window row and a gap row
  const std::array<int, 9> id = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(canonical_key(rearranged(p, p.geometry(), permuted(swap12, id))), canonical_key(p));
  EXPECT_NE(canonical_key(rearranged(p, p.geometry(), permuted(swap01, id))), canonical_key(p));
}

// A 6x6 jigsaw with a layout that no rigid move keeps.
constexpr const char* kJigsawMap = "111222113222133344553344556664556664";

Geometry jigsaw_board(const std::string& map) {
  std::vector<int> labels;
  for (char c : map) labels.push_back(c - '1');
  return Geometry::with_regions(6, labels);
}

TEST(Canonical, JigsawKeysCoverTheRegionMapUnderRotationsAndReflections) {
  const Geometry board = jigsaw_board(kJigsawMap);
  Grid p(board);
  for (auto [cell, v] : {std::pair{0, 1}, {7, 2}, {15, 3}, {20, 4}, {33, 5}}) p.set(cell, v);
  ASSERT_FALSE(find_conflict(p));
  const std::string key = canonical_key(p);
  ASSERT_EQ(key.rfind("jigsaw:", 0), 0u) << key;
  EXPECT_EQ(key.size(), 7u + 36 + 1 + 36);
  for (Transform t : group_of(Symmetry::kDihedral)) {
    // Givens and map moved together: the same puzzle.
    std::string map(36, '?');
    std::vector<int> source(36);
    for (int c = 0; c < 36; ++c) {
      const int to = transform_cell(Geometry(2, 3), t, c);  // any 6x6 board: only N matters
      map[static_cast<std::size_t>(to)] = kJigsawMap[c];
      source[static_cast<std::size_t>(to)] = c;
    }
    const Grid moved = rearranged(p, jigsaw_board(map), source);
    EXPECT_EQ(canonical_key(moved), key) << static_cast<int>(t);
    // The givens moved, the map left: another puzzle (this layout has no symmetry).
    if (t != Transform::kIdentity) {
      EXPECT_NE(canonical_key(rearranged(p, board, source)), key) << static_cast<int>(t);
    }
  }
  // The same givens on the boxes of a classic 6x6 board are another puzzle.
  const Grid boxed(Geometry(2, 3), std::vector<std::uint8_t>(p.cells().begin(), p.cells().end()));
  EXPECT_NE(canonical_key(boxed), key);
  // The form carries its canonical regions: its key is the key.
  const Grid form = canonical_form(p);
  EXPECT_FALSE(form.geometry().has_boxes());
  EXPECT_EQ(canonical_key(form), key);
  EXPECT_EQ(key.substr(7, 36), key_text(form));
}

}  // namespace
}  // namespace sudoforge
