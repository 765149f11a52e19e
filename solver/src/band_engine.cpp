// The band engine's entries for count, solve and enumerate (BandEngine::run): the rules
// and the setup are band_rules.h's; this file adds the extra houses of 9x9 variants and
// sends the classic count to the copy of its instruction set (band_isa.h).
#include "band_isa.h"
#include "band_rules.h"

namespace sudoforge::detail {
namespace {

using band::BandSearch;
using band::CountRules;
using band::State;

// CountRules on a 9x9 board with extra houses (X's diagonals, Windoku's windows ...; see
// BandHouses). After the rows, columns and boxes reach their fixpoint, every (extra house,
// digit) is checked: a placed digit leaves the rest of the house (two placed is a
// contradiction), a digit with no place left is a contradiction, a digit with one place is
// placed there (hidden single). The
// two passes alternate until neither changes a word, so a state that propagate() accepts
// with no unsolved cell is a solution of the variant. The words this pass changes differ
// from `seen`, so CountRules looks at them again.
class ExtraHouseRules : public CountRules {
 public:
  ExtraHouseRules(std::uint64_t limit, SolutionSink sink, const SearchLimits& limits,
                  const BandHouses& houses)
      : CountRules(limit, sink, limits), houses_(houses.houses) {}

  bool propagate(State& s) {
    for (;;) {
      if (!CountRules::propagate(s)) return false;
      bool changed = false;
      std::uint32_t* f = s.f;
      for (std::size_t h = 0; h < houses_.size(); h += 3) {
        const std::uint32_t m0 = houses_[h], m1 = houses_[h + 1], m2 = houses_[h + 2];
        for (int d = 0; d < 9; ++d) {
          std::uint32_t* w = f + 3 * d;
          const std::uint32_t p0 = w[0] & m0, p1 = w[1] & m1, p2 = w[2] & m2;
          const std::uint32_t s0 = p0 & ~s.unsolved[0], s1 = p1 & ~s.unsolved[1],
                              s2 = p2 & ~s.unsolved[2];
          if (s0 | s1 | s2) {
            if (__builtin_popcount(s0) + __builtin_popcount(s1) + __builtin_popcount(s2) > 1) {
              return false;
            }
            if ((p0 ^ s0) | (p1 ^ s1) | (p2 ^ s2)) {
              w[0] &= ~(p0 ^ s0);
              w[1] &= ~(p1 ^ s1);
              w[2] &= ~(p2 ^ s2);
              changed = true;
            }
            continue;
          }
          const int places =
              __builtin_popcount(p0) + __builtin_popcount(p1) + __builtin_popcount(p2);
          if (places == 0) return false;
          if (places == 1) {
            const int b = p0 ? 0 : p1 ? 1 : 2;
            if (!place(s, d, b, __builtin_ctz(p0 | p1 | p2))) return false;
            changed = true;
          }
        }
      }
      if (!changed) return true;
    }
  }

 private:
  std::span<const std::uint32_t> houses_;
};

}  // namespace

std::uint64_t BandEngine::run(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                              std::uint64_t limit, SearchStats* stats, SolutionSink sink,
                              const SearchLimits& limits, bool* conflict,
                              const BandHouses* extra_houses) {
  const bool extra = extra_houses && !extra_houses->empty();
  if (!sink && !extra) {
    return band_count(count_isa_in_use(), givens, limit, stats, limits, conflict, forbidden);
  }
  if (!extra) {
    return band_enumerate(count_isa_in_use(), givens, limit, sink, stats, limits, conflict,
                          forbidden);
  }
  *conflict = false;
  State s;
  if (!band::setup(s, givens, forbidden)) {
    *conflict = true;
    return 0;
  }
  if (limit == 0) return 0;
  BandSearch<ExtraHouseRules> search(limit, sink, limits, *extra_houses);
  if (search.propagate(s)) search.search(s);
  return search.finish(stats);
}

namespace band_portable {
std::uint64_t count(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                    const SearchLimits& limits, bool* conflict,
                    std::span<const Candidate> forbidden) {
  return band::fast_count(givens, limit, stats, limits, conflict, forbidden);
}
bool make_base(BandBase& base, const std::uint8_t* givens, const BandBase* from) {
  return band::make_base(base, givens, from);
}
std::uint64_t count_from(const BandBase& base, const std::uint8_t* givens, Candidate forbidden,
                         SearchStats* stats, const SearchLimits& limits) {
  return band::count_from(base, givens, forbidden, stats, limits);
}
std::uint64_t enumerate(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                        std::uint64_t limit, SearchStats* stats, BandSink sink,
                        const SearchLimits& limits, bool* conflict) {
  return band::enumerate(givens, forbidden, limit, stats, sink, limits, conflict);
}
}  // namespace band_portable

}  // namespace sudoforge::detail
