// SE's chain producers as rules inside dynamic chains: the nestings of "Dynamic
// Forcing Chains (+ ...)": 2 (9.5) the static producer ("Forcing Chains & Cycles"), 3
// (10.0) then the static multiple producer (region and cell chains), 4 (10.5) the dynamic
// producer instead of both.
//
// Once the links and the basic rules of a dynamic (+) chaining run dry, SE runs these
// producers on the grid of the chaining (the step's candidates minus those the chaining
// removed) and takes every hint of the first that has one: the removals become "off"
// nodes of the chaining, whose parents are the removed candidates the hint's chains need
// (getRuleParents), and whose nested chain adds its complexity to that of any hint built
// on them.
//
// These are plain transcriptions of SE's searches, written for clarity, not speed: the
// optimised searches of chains.cpp and chains_dynamic.cpp find only the easiest hint,
// while a nested rule needs them all, with their chains (tests check that both put the
// same hint first). The static producer, per source candidate, in reading order and
// increasing value, for the passes X (X-links only), Y (Y-links only, bivalue cells) and
// XY:
//   - cycles: breadth first from on(s), "on" nodes visited once, "off" nodes once per
//     "on" parent that is not their descendant; on(s) reached again from an "off" node at
//     distance >= 4 closes a cycle; it removes the candidates (outside the cycle's cells)
//     that see an "on" and an "off" node of their value;
//   - forcing chains (X and XY): from on(s) to off(s), and from off(s) to on(s), each
//     node visited once; the first chain to each target counts.
// The multiple producers chain from each assumption as SE's doChaining does ("on" nodes
// first), static or dynamic, and keep what every place of a value in a region, or every
// value of a cell, implies (and, dynamic, the contradictions and doubles of each value).
// Hints are sorted by (rating, complexity, sort key), stable; a hint whose removals equal
// an earlier one's is dropped (SE's hint equality).
//
// Rule parents: each "on" node of a chain (and, for a cycle, each "off" node, through the
// reversed cycle SE also walks) carries the cause of its link: its cell (the other value
// of a bivalue cell, or for an "off" node, the same cell) or a unit (box, row or column,
// the first that links it); a region or cell hint's assumptions count as made by their
// region or cell. The parents are the candidates the chaining removed there: the cell's
//
// The files: the shared links and causes (nested_chain_links.h), the static producers
// (nested_static_chains.cpp), the dynamic one (nested_dynamic_chains.cpp); this one holds
// SE's order of their hints and the choice of producer per nesting.
#include "chains_nested.h"

#include <algorithm>
#include <cstdint>

#include "nested_chain_links.h"

namespace sudoforge::grader::detail {

std::vector<StaticChainHint> nested::in_se_order(std::vector<StaticChainHint>&& hints) {
  std::stable_sort(hints.begin(), hints.end(),
                   [](const StaticChainHint& a, const StaticChainHint& b) {
                     if (a.rating != b.rating) return a.rating < b.rating;
                     if (a.complexity != b.complexity) return a.complexity < b.complexity;
                     return a.sort_key < b.sort_key;
                   });
  // The removals kept so far, found by a hash of their candidates (open addressing over
  // `out`'s indices): a run can have hundreds of hints.
  std::size_t size = 16;
  while (size < 2 * hints.size()) size *= 2;
  thread_local std::vector<int> table;
  thread_local std::vector<std::uint64_t> hashes;
  table.assign(size, -1);
  hashes.clear();
  std::vector<StaticChainHint> out;
  for (StaticChainHint& h : hints) {
    std::uint64_t hash = 1469598103934665603ull;
    for (const int x : h.removable)
      hash = (hash ^ static_cast<std::uint64_t>(x + 1)) * 1099511628211ull;
    std::size_t i = (hash ^ (hash >> 29)) & (size - 1);
    bool again = false;
    for (; table[i] >= 0; i = (i + 1) & (size - 1)) {
      const int k = table[i];
      if (hashes[k] == hash && out[k].removable == h.removable) {
        again = true;
        break;
      }
    }
    if (again) continue;
    table[i] = static_cast<int>(out.size());
    hashes.push_back(hash);
    out.push_back(std::move(h));
  }
  return out;
}

std::vector<StaticChainHint> nested::resolved(const PlusGrid& grid,
                                              std::vector<StaticChainHint>&& hints) {
  for (StaticChainHint& h : hints) resolve_parents(grid, h.rule_sources, h.parents);
  return std::move(hints);
}

namespace {

std::vector<StaticChainHint> run_producer(NestedHintCache::Producer producer,
                                          const PlusGrid& grid) {
  switch (producer) {
    case NestedHintCache::kStatic:
      return nested::static_hints(grid);
    case NestedHintCache::kStaticMultiple:
      return nested::static_multiple_hints(grid);
    default:
      return nested::dynamic_hints(grid, 0);
  }
}

}  // namespace

const std::vector<StaticChainHint>& NestedHintCache::find(Producer producer, const PlusGrid& grid) {
  const CandidateGrid& g = *grid.g;
  const std::size_t cand_bytes = sizeof(Mask) * static_cast<std::size_t>(g.cell_count());
  const std::size_t pos_bytes = sizeof(Mask) * static_cast<std::size_t>(g.unit_count()) *
                                (static_cast<std::size_t>(g.n()) + 1);
  // The key is built in a kept buffer, without a growing string's reallocations; a miss
  // copies it first (the producer's run may come back here).
  key_.assign(1, static_cast<char>(producer));
  key_.append(reinterpret_cast<const char*>(grid.cand), cand_bytes);
  key_.append(reinterpret_cast<const char*>(grid.upos), pos_bytes);
  auto it = memo_.find(key_);
  if (it != memo_.end()) return it->second;
  std::string key = key_;
  ++searches_;
  std::vector<StaticChainHint> hints = run_producer(producer, grid);
  std::size_t bytes = key.size() + 64;
  for (const StaticChainHint& h : hints) {
    bytes += sizeof h + sizeof(int) * (h.removable.size() + h.rule_sources.size());
  }
  // A bound on the memory of a grader that runs for long (a hint list is a few KB).
  constexpr std::size_t kMaxBytes = std::size_t{64} << 20;
  if (bytes_ + bytes > kMaxBytes) clear();
  bytes_ += bytes;
  return memo_.emplace(std::move(key), std::move(hints)).first->second;
}

namespace {

// Appends the hints that need a removed candidate (their parents against grid's step
// grid); returns whether there was one.
bool append(const PlusGrid& grid, const std::vector<StaticChainHint>& hints, int kind,
            PlusHints& out) {
  bool any = false;
  std::vector<int> parents;
  for (const StaticChainHint& h : hints) {
    nested::resolve_parents(grid, h.rule_sources, parents);
    if (parents.empty()) continue;  // exists without the chaining: SE leaves it out
    PlusHints::H e{kind, static_cast<int>(out.targets.size()), 0,
                   static_cast<int>(out.parents.size()), 0};
    out.targets.insert(out.targets.end(), h.removable.begin(), h.removable.end());
    out.parents.insert(out.parents.end(), parents.begin(), parents.end());
    e.te = static_cast<int>(out.targets.size());
    e.pe = static_cast<int>(out.parents.size());
    e.nested_cx = h.complexity;
    e.nested_id = h.id;
    out.hints.push_back(e);
    any = true;
  }
  return any;
}

// The producer's hints on grid, from grid.cache when there is one; `own` holds them
// otherwise.
const std::vector<StaticChainHint>& hints_of(NestedHintCache::Producer producer,
                                             const PlusGrid& grid,
                                             std::vector<StaticChainHint>& own) {
  if (grid.cache) return grid.cache->find(producer, grid);
  own = run_producer(producer, grid);
  return own;
}

}  // namespace

void find_nested_chain_hints(const PlusGrid& grid, int nesting, PlusHints& out) {
  // SE: from nesting 4 on, dynamic chains replace the static producers (they cover them).
  // Nesting 5 then (when the plain dynamic producer has no hint that needs a removed
  // candidate) the dynamic producer of nesting 2, with the basic rules and the static
  // producer inside its own chainings; its hints also depend on the step's grid (the
  // basic rules read its placed values), so they are not kept.
  std::vector<StaticChainHint> own;
  if (nesting >= 4) {
    if (append(grid, hints_of(NestedHintCache::kDynamic, grid, own), kPlusDynamicChains, out) ||
        nesting < 5)
      return;
    append(grid, nested::dynamic_hints(grid, 2), kPlusDynamicPlusChains, out);
    return;
  }
  if (append(grid, hints_of(NestedHintCache::kStatic, grid, own), kPlusChains, out) || nesting < 3)
    return;
  append(grid, hints_of(NestedHintCache::kStaticMultiple, grid, own), kPlusMultipleChains, out);
}

}  // namespace sudoforge::grader::detail
