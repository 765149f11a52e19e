#include "sudoforge/grader/techniques.h"

#include <cctype>
#include <string>
#include <utility>

namespace sudoforge::grader {
namespace {

constexpr std::string_view kNames[] = {
    "Full House",
    "Hidden Single",
    "Direct Pointing",
    "Direct Claiming",
    "Direct Hidden Pair",
    "Naked Single",
    "Direct Hidden Triple",
    "Pointing",
    "Claiming",
    "Generalized Intersections",
    "Naked Pair",
    "X-Wing",
    "Hidden Pair",
    "Naked Triple",
    "Swordfish",
    "Hidden Triple",
    "XY-Wing",
    "XYZ-Wing",
    "Unique Rectangle type 1",
    "Unique Rectangle type 2",
    "Unique Rectangle type 3",
    "Unique Rectangle type 4",
    "Unique Loop type 1",
    "Unique Loop type 2",
    "Unique Loop type 3",
    "Unique Loop type 4",
    "Naked Quad",
    "Jellyfish",
    "Hidden Quad",
    "BUG type 1",
    "BUG type 2",
    "BUG type 3",
    "BUG type 4",
    "Aligned Pair Exclusion",
    "Turbot Fish",
    "Forcing X-Chain",
    "Forcing Chain",
    "Bidirectional X-Cycle",
    "Bidirectional Y-Cycle",
    "Bidirectional Cycle",
    "Aligned Triplet Exclusion",
    "Nishio Forcing Chains",
    "Region Forcing Chains",
    "Cell Forcing Chains",
    "Dynamic Contradiction Forcing Chains",
    "Dynamic Double Forcing Chains",
    "Dynamic Region Forcing Chains",
    "Dynamic Cell Forcing Chains",
    "Dynamic Contradiction Forcing Chains (+)",
    "Dynamic Double Forcing Chains (+)",
    "Dynamic Region Forcing Chains (+)",
    "Dynamic Cell Forcing Chains (+)",
    "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    // Killer boards only.
    "Cage Sum",
    "Cage Combinations",
    "Innie/Outie",
    "Multi-House Innie/Outie",
    "Cage/House Overlap",
    "Innie/Outie Pair",
    "Naked Cage Combination",
    "Hidden Cage Combination",
    "Combination Clash",
    "Cage Forcing Chains",
    "Cage Cell Forcing Chains",
    "Cage Region Forcing Chains",
    "Nested Cage Forcing Chains",
    "Nested Cage Cell Forcing Chains",
    "Nested Cage Region Forcing Chains",
};

// Other names in use for some techniques, already in key() form.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"ywing", "XY-Wing"},
    {"xychain", "Forcing Chain"},
    {"xchain", "Forcing X-Chain"},
    {"ur1", "Unique Rectangle type 1"},
    {"ur2", "Unique Rectangle type 2"},
    {"ur3", "Unique Rectangle type 3"},
    {"ur4", "Unique Rectangle type 4"},
    {"ul1", "Unique Loop type 1"},
    {"ul2", "Unique Loop type 2"},
    {"ul3", "Unique Loop type 3"},
    {"ul4", "Unique Loop type 4"},
    {"bug1", "BUG type 1"},
    {"bug2", "BUG type 2"},
    {"bug3", "BUG type 3"},
    {"bug4", "BUG type 4"},
    {"ape", "Aligned Pair Exclusion"},
    {"ate", "Aligned Triplet Exclusion"},
};

// Lower-case letters, digits and '+': what tells two names apart.
std::string key(std::string_view name) {
  std::string k;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u))
      k += static_cast<char>(std::tolower(u));
    else if (c == '+')
      k += c;
  }
  return k;
}

std::optional<std::string_view> lookup(const std::string& k) {
  for (std::string_view n : kNames) {
    if (key(n) == k) return n;
  }
  for (const auto& [alias, n] : kAliases) {
    if (alias == k) return n;
  }
  return std::nullopt;
}

}  // namespace

std::span<const std::string_view> technique_names() {
  return kNames;
}

std::optional<std::string_view> resolve_technique(std::string_view name) {
  const std::string k = key(name);
  if (k.empty()) return std::nullopt;
  if (auto n = lookup(k)) return n;
  // A plural or singular form: "naked pairs", "cell forcing chain". An exact match wins
  // first, so "Forcing Chains" (not a ladder name) still finds "Forcing Chain".
  if (k.back() == 's') {
    if (auto n = lookup(k.substr(0, k.size() - 1))) return n;
  }
  return lookup(k + "s");
}

}  // namespace sudoforge::grader
