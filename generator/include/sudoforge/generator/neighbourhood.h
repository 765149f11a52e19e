#pragma once
// Neighbourhood moves on unique puzzles ({-n+m}: remove n clues, add m), the step of the
// Patterns Game community's search for very hard puzzles (workflow/hard_search.h).
//
// A move from a unique puzzle P: draw n of P's clues to remove, giving Q; enumerate Q's
// solutions (at most kMoveSolutionCap); draw one of them, T, as the child's solution and
// add m clues of T at cells empty in Q so that no other enumerated solution agrees with
// all of them (the last clue is drawn among the cells that finish the job; when there is
// none, another T is drawn, up to kMoveTargets, then the move fails). Every neighbour
// returned has exactly one solution: the child's solutions are Q's that agree with the
// added clues, so when the enumeration holds all of Q's it is unique by construction; when
// it was capped, the solver checks it. A clue
// added back at a removed cell with its old value is no move and is never drawn; with
// another value it counts as one removed and one added clue.
//
// Every draw comes from the engine passed in (boost::random::mt19937_64 through
// uniform_int_distribution, fixed on every platform), so a move is a function of the
// puzzle, (n, m) and the engine's state.
#include <boost/random/mersenne_twister.hpp>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sudoforge/core/grid.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge {

// Solutions of the puzzle with n clues removed that a move enumerates at most, and how
// many of them it tries as the child's solution before it gives up.
inline constexpr std::uint64_t kMoveSolutionCap = 512;
inline constexpr std::size_t kMoveTargets = 8;

struct Move {
  int remove = 1;  // n
  int add = 1;     // m
};

struct Neighbour {
  Grid puzzle;    // unique
  Grid solution;  // its solution (T above)
  std::vector<int> removed;                  // cells whose clue of the parent went
  std::vector<std::pair<int, int>> added;    // (cell, value) clues the parent did not have
};

// The enumerations of the puzzles a move reduced to, kept for later moves: moves from one
// parent reduce to the same puzzle again and again (a -1 move has one reduced puzzle per
// clue), and the enumeration is most of a move's cost. A draw with a memo gives the same
// neighbour as one without. Entries are kept first come, up to `max_bytes` of solutions;
// one memo per parent keeps them apt. Not thread-safe: one draw at a time.
class MoveMemo {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{4} << 20;
  explicit MoveMemo(std::size_t max_bytes = kDefaultBytes) : max_bytes_(max_bytes) {}
  // Draws that found their reduced puzzle's enumeration here.
  std::uint64_t hits() const { return hits_; }

 private:
  friend std::optional<Neighbour> draw_neighbour(const Grid&, Move, boost::random::mt19937_64&,
                                                 SudokuSolver&, MoveMemo*);
  // The enumeration's own buffer, shrunk to its solutions (realloc: in place, no copy).
  struct Free {
    void operator()(std::uint8_t* p) const { std::free(p); }
  };
  using Bytes = std::unique_ptr<std::uint8_t[], Free>;
  struct Entry {
    Bytes solutions;  // one after the other, a cell a byte
    std::size_t count = 0;
  };
  std::unordered_map<std::string, Entry> entries_;  // by the reduced puzzle's cells
  std::size_t bytes_ = 0, max_bytes_;
  std::uint64_t hits_ = 0;
};

// One {-n+m} neighbour of `puzzle` (a unique puzzle with at least n clues), or nullopt when
// the draw found none (no set of m clues makes the drawn solution unique). Preconditions:
// n >= 0, m >= 0, n + m >= 1. `memo` (optional) keeps and reuses the enumerations.
std::optional<Neighbour> draw_neighbour(const Grid& puzzle, Move move,
                                        boost::random::mt19937_64& engine, SudokuSolver& solver,
                                        MoveMemo* memo = nullptr);

// Removes clues of a unique `puzzle`, in an order drawn from `engine`, while it stays
// unique: the result is minimal (no clue can go). Clues listed in `last` are tried after
// the others, so a move's added clues go only when they are redundant. `solution`
// (optional): the puzzle's solution; on a classic board of up to 128 cells a clue then
// stays without a count when it is the only clue in one of the solution's unavoidable
// rectangles (the same result).
Grid minimize(const Grid& puzzle, boost::random::mt19937_64& engine, SudokuSolver& solver,
              const std::vector<int>& last = {}, const Grid* solution = nullptr);

// True when every clue of the unique `puzzle` is needed.
bool is_minimal_puzzle(const Grid& puzzle, SudokuSolver& solver);

}  // namespace sudoforge
