#pragma once
// Internal: the builds of the classic 9x9 count (band_rules.h's fast_count), one per
// instruction set, behind count_isa.h's band_count(). Each has band_count()'s contract.
//
// The x86-64-v3 build (band_count_v3.cpp) is the same source compiled with AVX2, BMI1/2,
// POPCNT, LZCNT and FMA. None of its code may reach the portable path: every function it
// compiles for those instructions lies in its own namespace (band::x86_64_v3, set through
// SUDOFORGE_BAND_TARGET) with internal linkage, and inline functions it uses from other
// headers (the standard library, LimitCheck) keep the portable target, so that an
// out-of-line copy the linker may pick for every file is portable code.
// tests/solver/check_isa.sh checks the built binaries (solver/PERF_NOTES.md, session 16).
#include <cstdint>
#include <span>

#include "sudoforge/solver/internal/count_isa.h"

namespace sudoforge::detail {

namespace band_portable {
std::uint64_t count(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                    const SearchLimits& limits, bool* conflict,
                    std::span<const Candidate> forbidden);
bool make_base(BandBase& base, const std::uint8_t* givens, const BandBase* from);
std::uint64_t count_from(const BandBase& base, const std::uint8_t* givens, Candidate forbidden,
                         SearchStats* stats, const SearchLimits& limits);
std::uint64_t enumerate(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                        std::uint64_t limit, SearchStats* stats, BandSink sink,
                        const SearchLimits& limits, bool* conflict);
}  // namespace band_portable

#if defined(__x86_64__)
#define SUDOFORGE_BAND_V3 1
namespace band_v3 {
std::uint64_t count(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                    const SearchLimits& limits, bool* conflict,
                    std::span<const Candidate> forbidden);
bool make_base(BandBase& base, const std::uint8_t* givens, const BandBase* from);
std::uint64_t count_from(const BandBase& base, const std::uint8_t* givens, Candidate forbidden,
                         SearchStats* stats, const SearchLimits& limits);
std::uint64_t enumerate(const std::uint8_t* givens, std::span<const Candidate> forbidden,
                        std::uint64_t limit, SearchStats* stats, BandSink sink,
                        const SearchLimits& limits, bool* conflict);
}  // namespace band_v3
#endif

}  // namespace sudoforge::detail
