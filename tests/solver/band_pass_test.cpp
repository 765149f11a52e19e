// White-box test of the band engine's word passes (solver/src/band_rules.h, compiled here
// as its portable copy): the count-only pass (examine_changed: the words that changed,
// taken at once, in a loop) must reach the fixpoint of the first rules' unrolled pass
// (update_all: every word tested in turn), report a contradiction when that pass does,
// and changed_words() must name exactly the words that differ from what was last seen;
// enumerate() must visit the solutions of the first rules' search in the same order.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "band_rules.h"
#include "random_puzzles.h"
#include "test_util.h"

namespace sudoforge {
namespace {

using detail::band::CountRules;
using detail::band::PatternState;

PatternState start_state(const Grid& p, bool* ok) {
  PatternState s;
  std::memset(&s, 0, sizeof s);
  std::fill(std::begin(s.columns), std::end(s.columns), std::uint16_t{0x1FF});
  *ok = detail::band::setup(s, p.cells().data(), {});
  return s;
}

// The unrolled pass repeated until no word differs from seen; false on a contradiction.
bool unrolled_fixpoint(CountRules& rules, PatternState& s) {
  while (detail::band::changed_words(s)) {
    if (!rules.update_all<true>(s, std::make_integer_sequence<int, 27>())) return false;
  }
  return true;
}

void expect_same(const PatternState& a, const PatternState& b, const Grid& p) {
  for (int i = 0; i < 27; ++i) {
    ASSERT_EQ(a.f[i], b.f[i]) << "word " << i << ' ' << test::to_string(p);
    ASSERT_EQ(a.seen[i], b.seen[i]) << "word " << i << ' ' << test::to_string(p);
    ASSERT_EQ(a.columns[i], b.columns[i]) << "word " << i << ' ' << test::to_string(p);
  }
  for (int band = 0; band < 3; ++band) {
    ASSERT_EQ(a.unsolved[band], b.unsolved[band]) << test::to_string(p);
  }
  for (int i = 0; i < 36; ++i) ASSERT_EQ(a.pattern[i], b.pattern[i]) << test::to_string(p);
}

// Each puzzle's state after its givens, then after up to three placements of a candidate
// (one at a time, each followed by both passes), so that states deep in a search, some
// contradictory, are compared too.
TEST(BandPass, ChangedWordsPassReachesTheUnrolledPassFixpoint) {
  std::vector<Grid> puzzles =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  SudokuSolver solver;
  std::mt19937_64 rng(18);
  for (int k = 0; k < 300; ++k) puzzles.push_back(test::cut_puzzle(solver, rng, k).puzzle);
  int compared = 0, contradictions = 0;
  for (const Grid& p : puzzles) {
    bool ok = false;
    PatternState a = start_state(p, &ok);
    if (!ok) continue;
    PatternState b = a;
    for (int step = 0; step < 4; ++step) {
      CountRules ra(2, {}, SearchLimits{}), rb(2, {}, SearchLimits{});
      const bool fa = ra.examine_changed<true>(a), fb = unrolled_fixpoint(rb, b);
      ASSERT_EQ(fa, fb) << test::to_string(p);
      if (!fa) {
        ++contradictions;
        break;
      }
      expect_same(a, b, p);
      ++compared;
      // Place a random candidate of a random unsolved cell in both states.
      const int band = static_cast<int>(rng() % 3);
      const std::uint32_t u = a.unsolved[band];
      if (!u) break;
      const int pos = __builtin_ctz(u);
      std::vector<int> digits;
      for (int d = 0; d < 9; ++d) {
        if (a.f[3 * d + band] >> pos & 1) digits.push_back(d);
      }
      if (digits.empty()) break;
      const int d = digits[rng() % digits.size()];
      ASSERT_TRUE(ra.place(a, d, band, pos));
      ASSERT_TRUE(rb.place(b, d, band, pos));
    }
  }
  EXPECT_GT(compared, 1000);      // the sample reaches states deep in a search ...
  EXPECT_GT(contradictions, 20);  // ... and contradictions
}

TEST(BandPass, ChangedWordsNamesTheWordsThatDiffer) {
  std::mt19937_64 rng(26);
  for (int round = 0; round < 2000; ++round) {
    PatternState s;
    std::memset(&s, 0, sizeof s);
    std::uint32_t want = 0;
    for (int i = 0; i < 27; ++i) {
      s.seen[i] = static_cast<std::uint32_t>(rng()) & detail::band::kBand;
      s.f[i] = s.seen[i];
      if (rng() % 4 == 0) {
        s.f[i] &= static_cast<std::uint32_t>(rng());
        if (s.f[i] != s.seen[i]) want |= 1u << i;
      }
    }
    ASSERT_EQ(detail::band::changed_words(s), want) << "round " << round;
  }
}

// The first rules' search with the unrolled pass (what enumerate() ran up to session 26):
// the order every enumeration must keep (the neighbourhood search's draws depend on it).
struct Collect {
  std::vector<std::uint8_t>* out;
  static bool fn(void* ctx, const std::uint8_t* cells) {
    auto* v = static_cast<Collect*>(ctx)->out;
    v->insert(v->end(), cells, cells + 81);
    return true;
  }
};

std::uint64_t reference_enumeration(const Grid& p, std::uint64_t limit,
                                    std::vector<std::uint8_t>* out, SearchStats* stats) {
  detail::band::State s;
  if (!detail::band::setup(s, p.cells().data(), {})) return 0;
  Collect c{out};
  detail::band::BandSearch<CountRules> search(limit, {&Collect::fn, &c}, SearchLimits{});
  if (search.propagate(s)) search.search(s);
  return search.finish(stats);
}

// Hard puzzles with one to three givens removed (up to the neighbourhood search's cap of
// 512 solutions, most capped), and random cut puzzles: enumerate() gives the reference's
// solutions in its order; its word pass (EnumRules) takes as many guesses (the same search
// tree); asked for stats, enumerate() counts the reference's nodes (grade's dlx_nodes).
TEST(BandPass, EnumerationVisitsTheFirstRulesSolutionsInOrder) {
  const std::vector<Grid> hard =
      test::read_puzzles(std::string(SUDOFORGE_TEST_DATA) + "/grader/top1465_300.txt");
  std::vector<Grid> puzzles;
  std::mt19937_64 rng(27);
  for (int k = 0; k < 120; ++k) {
    Grid p = hard[static_cast<std::size_t>(k)];
    for (int r = 0; r < 1 + k % 3; ++r) {
      int cell = static_cast<int>(rng() % 81);
      while (p[cell] == 0) cell = (cell + 1) % 81;
      p.clear(cell);
    }
    puzzles.push_back(p);
  }
  SudokuSolver solver;
  for (int k = 0; k < 100; ++k) puzzles.push_back(test::cut_puzzle(solver, rng, k).puzzle);
  int capped = 0;
  for (const Grid& p : puzzles) {
    std::vector<std::uint8_t> want, got, counted;
    SearchStats ws, es, cs;
    const std::uint64_t n = reference_enumeration(p, 512, &want, &ws);
    Collect c{&got};
    bool conflict = false;
    const std::uint64_t m = detail::band::enumerate(p.cells().data(), {}, 512, nullptr,
                                                    {&Collect::fn, &c}, SearchLimits{}, &conflict);
    ASSERT_EQ(m, n) << test::to_string(p);
    ASSERT_TRUE(got == want) << test::to_string(p);
    detail::band::ColumnState s;
    std::fill(std::begin(s.columns), std::end(s.columns), std::uint16_t{0x1FF});
    detail::band::enumerate_with<detail::band::EnumRules>(s, p.cells().data(), {}, 512, &es, {},
                                                          SearchLimits{}, &conflict);
    ASSERT_EQ(es.guesses, ws.guesses) << test::to_string(p);
    Collect d{&counted};
    detail::band::enumerate(p.cells().data(), {}, 512, &cs, {&Collect::fn, &d}, SearchLimits{},
                            &conflict);
    ASSERT_TRUE(counted == want) << test::to_string(p);
    ASSERT_EQ(cs.nodes, ws.nodes) << test::to_string(p);
    capped += n == 512;
  }
  EXPECT_GT(capped, 30);  // many enumerations stop at the cap, deep in their search
}

}  // namespace
}  // namespace sudoforge
