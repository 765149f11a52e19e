// Aligned pair and triplet exclusion (aligned_exclusion.cpp) at steps of cb001 puzzles,
// killers and other boards.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "finder_memo.h"
#include "grader_test_util.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/generator/generator.h"

using namespace sudoforge;
using namespace sudoforge::grader;
using namespace sudoforge::grader::test_util;

TEST(GraderTechniques, AlignedPairExclusion) {
  // cb001 puzzles rated 6.2 by SE: at these steps nothing easier applies.
  {
    CandidateGrid g = position_before(
        ".23...78.456.....3...........7..89..83....6..9..5.3.4...26..........2.1....39...8", 23);
    Hint h;
    ASSERT_TRUE(grader::detail::find_aligned_pair_exclusion(Ctx{g, true}, h));
    EXPECT_STREQ(h.technique, "Aligned Pair Exclusion");
    EXPECT_EQ(h.rating, 62);
    EXPECT_EQ(h.eliminations, (std::vector<std::pair<int, int>>{{79, 2}}));  // r9c8<>2
    EXPECT_EQ(h.cells, (std::vector<int>{61, 79}));                          // r7c8, r9c8
  }
  {
    CandidateGrid g = position_before(
        "...4....9.5.7...2.7....16.5..7.1..6.......3.48.45....2.85.........39......1...23.", 38);
    Hint h;
    ASSERT_TRUE(grader::detail::find_aligned_pair_exclusion(Ctx{g, false}, h));
    EXPECT_EQ(h.rating, 62);
    // r1c6<>2, r2c6<>8
    EXPECT_EQ(h.eliminations, (std::vector<std::pair<int, int>>{{5, 2}, {14, 8}}));
  }
}

TEST(GraderTechniques, AlignedTripletExclusion) {
  // A cb001 puzzle rated 7.5 by SE; step 18 is the first that needs more than APE.
  const std::string p =
      "1..4....9.56.....2.89...4....1.4.96....6..8.......2..7...86.....38....7....325...";
  CandidateGrid g = position_before(p, 18);
  Hint h;
  EXPECT_FALSE(grader::detail::find_aligned_pair_exclusion(Ctx{g, false}, h));
  grader::detail::ChainEngine engine;
  EXPECT_FALSE(engine.find_forcing_chains(Ctx{g, false}, h));
  ASSERT_TRUE(grader::detail::find_aligned_triplet_exclusion(Ctx{g, true}, h));
  EXPECT_STREQ(h.technique, "Aligned Triplet Exclusion");
  EXPECT_EQ(h.rating, 75);
  ASSERT_EQ(h.cells.size(), 3u);
  ASSERT_FALSE(h.eliminations.empty());
  Grid solution = grid81(p);
  ASSERT_TRUE(solve(solution));
  // Every eliminated value, checked against the rule from scratch: each way of filling the
  // three cells with it is blocked by two equal values in cells that see each other, or by
  // a cell seeing all three whose candidates would all be taken.
  const Geometry geo;
  auto sees = [&](int a, int b) {
    return a != b &&
           (geo.row(a) == geo.row(b) || geo.col(a) == geo.col(b) || geo.box(a) == geo.box(b));
  };
  const int* cells = h.cells.data();
  for (auto [cell, digit] : h.eliminations) {
    EXPECT_NE(solution[cell], digit) << "removes the true digit at " << cell;
    const auto k = std::find(h.cells.begin(), h.cells.end(), cell) - h.cells.begin();
    ASSERT_LT(k, 3);
    for (int v0 = 1; v0 <= 9; ++v0) {
      for (int v1 = 1; v1 <= 9; ++v1) {
        for (int v2 = 1; v2 <= 9; ++v2) {
          const int v[3] = {v0, v1, v2};
          if (v[k] != digit || !g.has(cells[0], v0) || !g.has(cells[1], v1) || !g.has(cells[2], v2))
            continue;
          bool blocked = false;
          for (int a = 0; a < 3; ++a) {
            for (int b = a + 1; b < 3; ++b) blocked |= v[a] == v[b] && sees(cells[a], cells[b]);
          }
          for (int q = 0; q < 81 && !blocked; ++q) {
            const int count = std::popcount(g.cand(q));
            if (count < 2 || count > 3 || !sees(q, cells[0]) || !sees(q, cells[1]) ||
                !sees(q, cells[2]))
              continue;
            const grader::detail::Mask taken = bits({v0, v1, v2});
            blocked = (g.cand(q) & ~taken) == 0;
          }
          EXPECT_TRUE(blocked) << "r" << cell / 9 + 1 << "c" << cell % 9 + 1 << "<>" << digit
                               << " but " << v0 << v1 << v2 << " fits";
        }
      }
    }
  }
  EXPECT_DOUBLE_EQ(Grader().rate(grid81(p)).er, 7.5);
}

namespace {

// SE's aligned exclusion, plainly: base cells (2+ candidates, no naked single among their
// peers, at least one excluder: a peer with 2..max_card candidates; none at all when
// fewer than `size` or more than 64), their pairs in colexicographic order, for triplets
// each pair's third cells in the twin area (the first cell's base excluders, then the
// second's, in house order), every set with two or more common excluders; a combination
// is impossible when two equal values sit in cells that see each other or a common
// excluder's candidates are all among its values. The first set that removes a value
// gives the hint: its cells and the removals, sorted.
struct PlainHint {
  std::vector<int> cells;
  std::vector<std::pair<int, int>> eliminations;
};
std::optional<PlainHint> plain_aligned_exclusion(const CandidateGrid& g, int size) {
  const int nc = g.cell_count(), n = g.n(), words = (nc + 63) / 64;
  using Set = std::vector<std::uint64_t>;  // cells, as bits
  auto has = [](const Set& s, int c) { return (s[c / 64] >> (c % 64)) & 1; };
  const int max_card = size;  // 2 for pairs, 3 for triplets
  std::vector<int> count(nc);
  std::vector<Set> peers(nc, Set(words)), excluders(nc, Set(words));
  for (int c = 0; c < nc; ++c) count[c] = std::popcount(g.cand(c));
  std::vector<int> base, index(nc, -1);
  for (int c = 0; c < nc; ++c) {
    bool single = false, any = false;
    for (int q = 0; q < nc; ++q) {
      if (!g.sees(q, c)) continue;
      peers[c][q / 64] |= std::uint64_t{1} << (q % 64);
      single |= count[q] == 1;
      if (count[q] >= 2 && count[q] <= max_card) {
        excluders[c][q / 64] |= std::uint64_t{1} << (q % 64);
        any = true;
      }
    }
    if (count[c] < 2 || single || !any) continue;
    index[c] = static_cast<int>(base.size());
    base.push_back(c);
  }
  if (static_cast<int>(base.size()) < size || base.size() > 64) return std::nullopt;
  // The common excluders of `cells`.
  auto common_of = [&](const std::vector<int>& cells) {
    std::vector<int> common;
    for (int w = 0; w < words; ++w) {
      std::uint64_t x = ~std::uint64_t{0};
      for (int c : cells) x &= excluders[c][w];
      for (; x; x &= x - 1) common.push_back(w * 64 + std::countr_zero(x));
    }
    return common;
  };
  // The removals of one set of cells, empty when none.
  auto removals = [&](const std::vector<int>& cells) {
    const std::vector<int> common = common_of(cells);
    std::vector<std::pair<int, int>> out;
    if (common.size() < 2) return out;
    std::vector<grader::detail::Mask> excl;
    for (int q : common) excl.push_back(g.cand(q));
    const int k = static_cast<int>(cells.size());
    grader::detail::Mask allowed[3] = {0, 0, 0};
    // The third cell of a pair is a copy of the second (same values, same peers).
    const int c2 = k == 3 ? cells[2] : cells[1];
    for (int v0 = 1; v0 <= n; ++v0) {
      for (int v1 = 1; v1 <= n; ++v1) {
        for (int v2 = 1; v2 <= n; ++v2) {
          if (!g.has(cells[0], v0) || !g.has(cells[1], v1) || !g.has(c2, v2)) continue;
          if (k == 2 && v2 != v1) continue;
          const int v[3] = {v0, v1, v2};
          bool ok = true;
          grader::detail::Mask taken = 0;
          for (int a = 0; a < k; ++a) {
            taken |= grader::detail::Mask{1} << v[a];
            for (int b = a + 1; b < k; ++b) ok &= !(v[a] == v[b] && has(peers[cells[a]], cells[b]));
          }
          for (grader::detail::Mask e : excl) ok &= (e & ~taken) != 0;
          if (!ok) continue;
          for (int a = 0; a < k; ++a) allowed[a] |= grader::detail::Mask{1} << v[a];
        }
      }
    }
    for (int a = 0; a < k; ++a) {
      for (int d = 1; d <= n; ++d) {
        if (g.has(cells[a], d) && !((allowed[a] >> d) & 1)) out.emplace_back(cells[a], d);
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const int m = static_cast<int>(base.size());
  for (int j = 1; j < m; ++j) {
    for (int i = 0; i < j; ++i) {
      const int c0 = base[i], c1 = base[j];
      if (common_of({c0, c1}).size() < 2) continue;
      if (size == 2) {
        auto r = removals({c0, c1});
        if (!r.empty()) return PlainHint{{c0, c1}, r};
        continue;
      }
      std::vector<char> seen(nc);
      for (int from : {c0, c1}) {
        for (int q : g.house(from)) {
          if (q == c0 || q == c1 || seen[q] || index[q] < 0 || !has(excluders[from], q)) continue;
          seen[q] = 1;
          auto r = removals({c0, c1, q});
          if (!r.empty()) return PlainHint{{c0, c1, q}, r};
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace

namespace {

// Compares the finders, along the steps of `r` from `start` (with one memo, as the
// grader calls them, and without), with the plain rule; counts the states and the hints.
void expect_plain_along(const Grid& start, const Rating& r, int& states, int hints[2]) {
  CandidateGrid g{start};
  grader::detail::FinderMemo memo[2];
  memo[0].reset(g);
  memo[1].reset(g);
  for (const Step& s : r.steps) {
    ++states;
    for (int size : {2, 3}) {
      const auto plain = plain_aligned_exclusion(g, size);
      hints[size - 2] += plain.has_value();
      for (grader::detail::FinderMemo* m :
           {&memo[size - 2], static_cast<grader::detail::FinderMemo*>(nullptr)}) {
        Hint h;
        const Ctx ctx{g, false, m};
        const bool found = size == 2 ? grader::detail::find_aligned_pair_exclusion(ctx, h)
                                     : grader::detail::find_aligned_triplet_exclusion(ctx, h);
        ASSERT_EQ(found, plain.has_value()) << "size " << size << " state " << states;
        if (!found) continue;
        EXPECT_EQ(h.cells, plain->cells) << "size " << size << " state " << states;
        EXPECT_EQ(h.eliminations, plain->eliminations) << "state " << states;
      }
    }
    for (auto [c, d] : s.eliminations) g.eliminate(c, d);
    for (auto [c, d] : s.placements) g.place(c, d);
  }
}

}  // namespace

// The finders' shortcuts (the memo's verdicts and failed searches, the pairs and third
// cells left out, the per-pair bound) against the plain rule, at every step of the graded
// paths of cb001 puzzles rated 7.5 to 8.4: the same first hint (cells and removals), or
// none, called along the path with one memo per puzzle as the grader does, and without.
TEST(GraderTechniques, AlignedExclusionMatchesThePlainRule) {
  const auto shared = shared_lines("cb001-ser.txt");
  if (!shared) GTEST_SKIP() << "no ../shared/data/cb001-ser.txt";
  int puzzles = 0, states = 0, hints[2] = {0, 0};
  for (const auto& line : *shared) {
    const double ser = std::stod(line.substr(82));
    if (ser < 7.5 || ser > 8.4 || puzzles == 12) continue;
    ++puzzles;
    SCOPED_TRACE(line);
    expect_plain_along(grid81(line), Grader().rate(grid81(line), true), states, hints);
  }
  EXPECT_EQ(puzzles, 12);
  // The rule gives hints at some of these states, and at many it gives none.
  EXPECT_GT(hints[0], 10);
  EXPECT_GT(hints[1], 10);
  EXPECT_LT(hints[1] * 2, states);
}

// The same on killer boards, whose cells see their cage mates (peers outside the houses,
// where SE's twin area does not look).
TEST(GraderTechniques, AlignedExclusionMatchesThePlainRuleOnKillers) {
  GeneratorOptions o;
  o.killer = true;
  Generator gen(o);
  Grader grader;
  int states = 0, hints[2] = {0, 0};
  for (int i = 0; i < 4; ++i) {
    const GeneratedPuzzle p = *gen.generate(25, static_cast<std::uint64_t>(i));
    SCOPED_TRACE(i);
    expect_plain_along(p.puzzle, grader.rate(p.puzzle, true), states, hints);
  }
  EXPECT_GT(states, 100);
  EXPECT_GT(hints[1], 0);
}

// The same on other boards (the finders serve every geometry): X with jigsaw regions, 6x6
// (one word of cells) and a 10x10 jigsaw (values past 9 in two words of cells, as on 9x9).
TEST(GraderTechniques, AlignedExclusionMatchesThePlainRuleOnOtherBoards) {
  auto rows = [](int n) {
    std::vector<int> r(n * n);
    for (int c = 0; c < n * n; ++c) r[c] = c / n;
    return r;
  };
  struct Board {
    const char* name;
    Geometry geometry;
    bool jigsaw;
    int count;
  };
  const Board boards[] = {
      {"x+jigsaw", Variant::parse("x").apply(Geometry()), true, 1},
      {"6x6", Geometry(2, 3), false, 3},
      {"jigsaw 10x10", Geometry::with_regions(10, rows(10)), true, 1}};
  Grader grader;
  int states = 0, hints[2] = {0, 0};
  for (const Board& board : boards) {
    GeneratorOptions o;
    o.geometry = board.geometry;
    o.jigsaw = board.jigsaw;
    Generator gen(o);
    for (int i = 0; i < board.count; ++i) {
      const auto p = gen.generate(3, static_cast<std::uint64_t>(i));
      ASSERT_TRUE(p.has_value()) << board.name;
      SCOPED_TRACE(std::string(board.name) + " #" + std::to_string(i));
      expect_plain_along(p->puzzle, grader.rate(p->puzzle, true), states, hints);
    }
  }
  // Counted when written: 653 states, 78 with a triplet hint.
  EXPECT_GT(hints[1], 20);
  EXPECT_LT(hints[1] * 2, states);
}

// The same on 12x12 boards: three words of cells, values past 9 and three units a cell,
// where the base cells' excluder holders and twins come from their units' base cells and
// whether two cells see each other from the peer sets' table read once (the general
// forms, not the 9x9 ones).
TEST(GraderTechniques, AlignedExclusionMatchesThePlainRuleOnThreeWordBoards) {
  GeneratorOptions o;
  o.geometry = Geometry(3, 4);
  Generator gen(o);
  Grader grader;
  int states = 0, hints[2] = {0, 0};
  for (int i = 0; i < 2; ++i) {
    const auto p = gen.generate(5, static_cast<std::uint64_t>(i));
    ASSERT_TRUE(p.has_value());
    SCOPED_TRACE(i);
    expect_plain_along(p->puzzle, grader.rate(p->puzzle, true), states, hints);
  }
  // Counted when written: 240 states, 25 with a pair hint and 39 with a triplet hint.
  EXPECT_GT(states, 100);
  EXPECT_GT(hints[0], 10);
  EXPECT_GT(hints[1], 10);
  EXPECT_LT(hints[1] * 2, states);
}
