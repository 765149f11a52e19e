#pragma once
// Internal to the grader: the chain techniques, as one engine that keeps its scratch
// buffers (link tables, searches, result tables) from call to call within a puzzle and
// across puzzles. Static chains are chains.cpp's, the advanced ones chains_dynamic.cpp's.
#include <memory>

#include "hint.h"

namespace sudoforge::grader::detail {

class ChainEngine {
 public:
  ChainEngine();
  ~ChainEngine();
  // Forcing chains and bidirectional cycles (X, Y, XY): 6.5 .. 7.x.
  bool find_forcing_chains(const Ctx&, Hint& out);
  // find_forcing_chains with every layer of its cycle searches searched in full (without
  // the closers of their last two layers), pass Y's layers by the general code, no cycle
  // floor above 4 nodes, every cycle step built before the searches, no source left out
  // for the forcing chains its cycles would need, every cycle's eliminations computed
  // (no table of barren cycles), each forcing chain rebuilt by the full single-source
  // search: the same hint, for tests.
  bool find_forcing_chains_plain(const Ctx&, Hint& out);
  // Nishio (7.5+), multiple (8.0+), dynamic (8.5+), dynamic (+) (9.0+), dynamic with
  // nested forcing chains (9.5+), nested multiple chains (10.0+), nested dynamic chains
  // (10.5+), nested dynamic chains with forcing chains inside (11.0+). `max_chain_depth`
  // as in GradeOptions::max_chain_depth (2..6).
  bool find_advanced_chains(const Ctx&, int max_chain_depth, Hint& out);

 private:
  struct Impl;  // chains.cpp
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::grader::detail
