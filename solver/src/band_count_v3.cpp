// The classic 9x9 count (band_rules.h's fast_count) compiled for x86-64-v3: AVX2, BMI1/2,
// POPCNT, LZCNT, FMA; its hot path uses AVX2 compares and PEXT by name (band_rules.h,
// SUDOFORGE_BAND_X86_64_V3). Chosen at run time only on CPUs that have them, with a fast
// PEXT (count_isa.cpp).
//
// Why a target region rather than -march on this file: with -march every inline function
// this file emits out of line (std::min, LimitCheck's slow path, any of them at -O0) would
// be compiled for AVX2 under a name the portable files share, and the linker may keep that
// copy for them. Here only what is declared inside the region gets the target: the
// headers it depends on are included first (their include guards keep them out of the
// region), and band_core.h and band_rules.h, included inside, put their code in
// band::x86_64_v3 with internal linkage (band_isa.h).
#include "band_isa.h"

#if SUDOFORGE_BAND_V3
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <utility>

#include "engines.h"

#define SUDOFORGE_BAND_TARGET x86_64_v3
#define SUDOFORGE_BAND_X86_64_V3 1
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt,fma"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt,fma")
#endif

#include "band_rules.h"

namespace sudoforge::detail::band_v3 {

std::uint64_t count(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                    const SearchLimits& limits, bool* conflict,
                    std::span<const Candidate> forbidden) {
  return band::x86_64_v3::fast_count(givens, limit, stats, limits, conflict, forbidden);
}
bool make_base(BandBase& base, const std::uint8_t* givens, const BandBase* from) {
  return band::x86_64_v3::make_base(base, givens, from);
}
std::uint64_t count_from(const BandBase& base, const std::uint8_t* givens, Candidate forbidden,
                         SearchStats* stats, const SearchLimits& limits) {
  return band::x86_64_v3::count_from(base, givens, forbidden, stats, limits);
}
std::uint64_t enumerate(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                        std::uint64_t limit, SearchStats* stats, BandSink sink,
                        const SearchLimits& limits, bool* conflict) {
  return band::x86_64_v3::enumerate(givens, forbidden, limit, stats, sink, limits, conflict);
}

}  // namespace sudoforge::detail::band_v3

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
