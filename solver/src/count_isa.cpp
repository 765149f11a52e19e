// The choice of the classic count's build (count_isa.h, band_isa.h).
#include <cstdlib>
#include <cstring>

#include "band_isa.h"

#if SUDOFORGE_BAND_V3
#include <cpuid.h>
#endif

namespace sudoforge::detail {

bool pext_is_microcoded(bool amd_or_hygon, unsigned family) {
  return amd_or_hygon && family < 0x19;
}

bool count_isa_available(CountIsa isa) {
  if (isa == CountIsa::kPortable) return true;
#if SUDOFORGE_BAND_V3
  // __builtin_cpu_supports also checks that the OS saves the AVX registers. LZCNT has no
  // name there in clang 14, hence CPUID's extended leaf.
  __builtin_cpu_init();
  unsigned a = 0, b = 0, c = 0, d = 0;
  const bool lzcnt = __get_cpuid(0x80000001u, &a, &b, &c, &d) && (c & bit_LZCNT);
  // The vendor (leaf 0: "AuthenticAMD", "HygonGenuine" in ebx, edx, ecx) and the family.
  unsigned vendor[3] = {0, 0, 0};
  __get_cpuid(0, &a, &vendor[0], &vendor[2], &vendor[1]);
  char name[13] = {};
  std::memcpy(name, vendor, 12);
  const bool amd = std::strcmp(name, "AuthenticAMD") == 0 || std::strcmp(name, "HygonGenuine") == 0;
  unsigned family = 0;
  if (__get_cpuid(1, &a, &b, &c, &d)) {
    family = (a >> 8) & 0xF;
    if (family == 0xF) family += (a >> 20) & 0xFF;
  }
  return lzcnt && !pext_is_microcoded(amd, family) && __builtin_cpu_supports("avx2") &&
         __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
         __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("fma");
#else
  return false;
#endif
}

CountIsa choose_count_isa(const char* env_value) {
  if (env_value && std::strcmp(env_value, "portable") == 0) return CountIsa::kPortable;
  return count_isa_available(CountIsa::kX86_64_V3) ? CountIsa::kX86_64_V3 : CountIsa::kPortable;
}

CountIsa count_isa_in_use() {
  static const CountIsa isa = choose_count_isa(std::getenv("SUDOFORGE_ISA"));
  return isa;
}

std::uint64_t band_count(CountIsa isa, const std::uint8_t* givens, std::uint64_t limit,
                         SearchStats* stats, const SearchLimits& limits, bool* conflict,
                         std::span<const Candidate> forbidden) {
#if SUDOFORGE_BAND_V3
  if (isa == CountIsa::kX86_64_V3) {
    return band_v3::count(givens, limit, stats, limits, conflict, forbidden);
  }
#endif
  return band_portable::count(givens, limit, stats, limits, conflict, forbidden);
}

bool band_base(CountIsa isa, BandBase& base, const std::uint8_t* givens, const BandBase* from) {
#if SUDOFORGE_BAND_V3
  if (isa == CountIsa::kX86_64_V3) return band_v3::make_base(base, givens, from);
#endif
  (void)isa;
  return band_portable::make_base(base, givens, from);
}

std::uint64_t band_count_from(CountIsa isa, const BandBase& base, const std::uint8_t* givens,
                              Candidate forbidden, SearchStats* stats,
                              const SearchLimits& limits) {
#if SUDOFORGE_BAND_V3
  if (isa == CountIsa::kX86_64_V3) {
    return band_v3::count_from(base, givens, forbidden, stats, limits);
  }
#endif
  (void)isa;
  return band_portable::count_from(base, givens, forbidden, stats, limits);
}

std::uint64_t band_enumerate(CountIsa isa, const std::uint8_t* givens, std::uint64_t limit,
                             BandSink sink, SearchStats* stats, const SearchLimits& limits,
                             bool* conflict, std::span<const Candidate> forbidden) {
#if SUDOFORGE_BAND_V3
  if (isa == CountIsa::kX86_64_V3) {
    return band_v3::enumerate(givens, forbidden, limit, stats, sink, limits, conflict);
  }
#endif
  (void)isa;
  return band_portable::enumerate(givens, forbidden, limit, stats, sink, limits, conflict);
}

}  // namespace sudoforge::detail
