// White-box test of the band engine's word passes (solver/src/band_rules.h, compiled here
// as its portable copy): the count-only pass (examine_changed: the words that changed,
// taken at once, in a loop) must reach the fixpoint of the first rules' unrolled pass
// (update_all: every word tested in turn), report a contradiction when that pass does,
// and changed_words() must name exactly the words that differ from what was last seen.
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

}  // namespace
}  // namespace sudoforge
