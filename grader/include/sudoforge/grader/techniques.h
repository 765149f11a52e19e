#pragma once
// The names of the techniques the grader reports (Step::technique, Rating::techniques,
// Rating::hardest), and the resolution of a name as a user types it to one of them.
#include <optional>
#include <span>
#include <string_view>

namespace sudoforge::grader {

// Every technique name the grader can report, in the order of the rating ladder. A test
// grades sample puzzles and checks that each name they use is here.
std::span<const std::string_view> technique_names();

// The technique_names() entry a user's spelling means, nullopt when none. Case, spaces,
// hyphens, underscores and brackets do not matter ("x wing", "xwing", "X-WING" are
// "X-Wing"); '+' does ("Dynamic Cell Forcing Chains (+)" is not "... Forcing Chains"). A
// plural or singular of a name is that name ("naked pairs", "Cell Forcing Chain"), and a
// few common other names are known: y-wing and xy-chain (SE's "XY-Wing" and "Forcing
// Chain"), x-chain ("Forcing X-Chain"), ur1..ur4 and ul1..ul4 (unique rectangle or loop
// types), bug1..bug4, ape and ate (aligned pair and triplet exclusion).
std::optional<std::string_view> resolve_technique(std::string_view name);

}  // namespace sudoforge::grader
