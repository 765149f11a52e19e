#pragma once
// Internal to the dynamic chains (chains_dynamic.cpp): the result of one chaining, every
// node derived from one assumption with the records it was derived from.
//
// Representation: nodes are candidate * 2 + (on ? 1 : 0) (candidate = cell * n + digit - 1).
// Each derived node has a record; the first record of a node is its canonical one, and the
// only one but for a contradiction's last record, whose node already had the opposite
// value. A record's parents are records of the same chaining. Inline: the hint scans of
// the producers ask has() and record_of() for every node they read.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sudoforge::grader::detail {

struct ChainRecord {
  // Parents: parent_pool[first_parent .. parents_end), or the single record first_parent
  // when parents_end < 0 (most nodes); the assumption has an empty range.
  int node, first_parent, parents_end;
  int ancestor_count;  // memo of the count of distinct ancestor nodes (-1: unknown)
};

// One chaining. The canonical record of a node is found from the bit set: by_rank lists
// the records of the set bits in node order, rank_base[w] counts the set bits before
// word w, both built on the second record_of() (most chainings are never asked). A dense
// node -> record table per chaining (5.8 KB on 9x9, for 38 records on average on SER
// 7.5+) cost more to clear and to keep in cache.
struct Chaining {
  std::vector<ChainRecord> records;
  std::vector<int> parent_pool;          // parent records of the records with several
  std::vector<int> on_order, off_order;  // canonical records in order of derivation
  // Bit nd set when node nd has a canonical record: the hints that need a node in every
  // chaining of a set intersect these first (most sets share none).
  std::vector<std::uint64_t> node_bits;
  mutable std::vector<int> rank_base, by_rank;
  mutable bool indexed = false;
  // Whether record_of() was called since the records were set.
  mutable bool asked = false;
  std::vector<std::pair<int, int>> rule_offs;  // dynamic (+): (record, PlusRule) of rule "off"s
  // The rule "off"s of nested chains: the record, and the nested chain's complexity and id.
  struct NestedChain {
    int record, complexity;
    std::uint64_t id;
  };
  std::vector<NestedChain> nested_chains;
  // Kept dynamic chainings (ChainingSearch::chain with keep_order): off_taken[j], the count
  // of records made when the search took its j-th "off" record, off_order[j] (the "on"
  // queue then empty: every "on" record made by then was taken); on_taken, the "on"
  // records it took. chaining_store.h finds there where a search may resume.
  std::vector<int> off_taken;
  int on_taken = 0;
  bool contradiction = false;                         // the chaining derived a node both on and off
  int contradiction_on = -1, contradiction_off = -1;  // its two records
  int node_of(int r) const { return records[r].node; }
  bool has(int nd) const { return (node_bits[nd >> 6] >> (nd & 63)) & 1; }
  int rank(int nd) const {
    const int w = nd >> 6;
    return rank_base[w] + std::popcount(node_bits[w] & ((std::uint64_t{1} << (nd & 63)) - 1));
  }
  // The canonical record of node nd, -1 when the chaining did not derive it. The first
  // question is answered by a scan (the first record of nd), the index is built at the
  // second: most chainings asked at all are asked once.
  int record_of(int nd) const {
    if (!has(nd)) return -1;
    if (!asked) {
      asked = true;
      for (int r = 0;; ++r) {
        if (records[r].node == nd) return r;
      }
    }
    if (!indexed) {
      // Every record is canonical but a contradiction's last one, whose node has no bit.
      rank_base.resize(node_bits.size());
      int at = 0;
      for (std::size_t w = 0; w < node_bits.size(); ++w) {
        rank_base[w] = at;
        at += std::popcount(node_bits[w]);
      }
      by_rank.resize(at);
      for (int r = 0; r < static_cast<int>(records.size()); ++r) {
        if (has(records[r].node)) by_rank[rank(records[r].node)] = r;
      }
      indexed = true;
    }
    return by_rank[rank(nd)];
  }
};

}  // namespace sudoforge::grader::detail
