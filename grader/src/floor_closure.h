#pragma once
// Internal to the grader: the exact early rejection behind GradeOptions::min_rating. A
// floor F (in tenths) picks a set S of deduction rules; when applying S repeatedly solves
// the puzzle, Sudoku Explainer's path rates every step below F, so ER < F is known
// without following the path (Rating::below).
//
// States. A state is the candidate sets of the empty cells plus the placed cells, placed
// digits removed from their peers. K' <= K: every candidate of K' is one of K and every
// cell placed in K is placed in K' with the same digit. A "singles fixpoint" has no naked
// and no hidden single. Every rule below is sound: it removes only candidates that no
// solution of the state holds (none assumes uniqueness). So when the closure reaches a
// full grid, that grid is the state's only solution.
//
// (M) Monotone modulo singles. If a rule of S removes candidate c from a state K, then
// for every state H <= K that holds the solution, is a singles fixpoint and still holds
// c, some rule of S applies to H. The closure sequence C_0 = G0 (the grader's start
// state), C_1, ... reaches the solution. Claim: a fixpoint H of S with H <= G0 holding
// the solution satisfies H <= C_j for every j. Induction: a single placed in C_j is a
// single of H (H <= C_j), hence placed there; a candidate c removed from C_j by a rule is
// absent from H, else (M) gives a rule applying to H. (Several removals found in one state
// K are each justified by K, so a pass may apply all it finds at once.) Hence H is the
// solution. Now every state Gi of SE's path holds the solution and Gi <= G0, so the
// closure of S from Gi is such an H: Gi is not a fixpoint of S unless solved.
//
// (P) Whenever a rule of S applies to a singles fixpoint, SE's technique covering it has
// a hint there, and that technique and every one before it in SE's order (next_hint in
// grader.cpp) rate below F. At a state that is not a singles fixpoint SE takes a step
// rated 2.3 or less (hidden single, direct locking, direct hidden pair, naked single). So
// every step of SE's path is rated below F, and so is ER.
//
// The rules, with the last rung of SE's ladder each needs (its rating and the highest
// rating of any rung up to it, in tenths):
// - Naked and hidden singles (at most 2.3): a singles fixpoint of K stays one in H, or
//   the single is placed in H.
// - Locking on box and line (pointing 2.6, claiming 2.8; SE's locking visits the box/line
//   pairs on every geometry). (M): digit d of box b confined to line l in K, c = d in
//   l \ b. In H, d is not placed in b (a placement at a cell of l would clear c), and
//   its places in b, a subset of K's, are non-empty (H holds the solution): the same
//   locking removes c.
// - Naked sets of 2..k cells in a row, column or box (3.0 / 3.6 / 5.0). (M): cells X with
//   candidates D, |X| = |D| = k, c = e in z outside X, e in D. In H the cells of X placed
//   hold distinct digits of D, not e (e at z survives); the rest X' keeps candidates in
//   D' = D less the placed digits, |X'| = |D'|, e in D': a naked set of |X'| <= k cells,
//   or a naked single when |X'| = 1 (not at a fixpoint). (P): SE looks for naked sets of
//   k cells only in houses with 2k or more empty cells; in a house of m < 2k empty cells
//   the complement is a hidden set of m - k < k digits with the same removals, and SE's
//   hidden set of a lower degree comes before the naked set and rates lower (hidden pair
//   3.4 < naked triple 3.6, hidden triple 4.0 < naked quad 5.0). Hidden sets mirror it
//   (digits D confined to cells X; in H a cell of X placed holds a digit of D, else D
//   would not fit in the rest of X; the complements: naked pair 3.0 < hidden triple 4.0,
//   naked triple 3.6 < hidden quad 5.4).
// - Fish of 2..k lines (X-wing 3.2, swordfish 3.8, jellyfish 5.2), rows as base or
//   columns. (M): in the solution d of the cover lines lies in the base lines (k base
//   lines take k distinct cover lines), so in H the base lines with d placed and the
//   cover lines with d placed pair up; the rest make a fish of the same or lower degree
//   that removes c (degree 1 would be a hidden single).
// - XY-wings (4.2): a chain of three bivalue cells (below), so in H its cells keep their
//   pairs and it removes c again. XYZ-wings are left out: once their pivot loses a value
//   the removal needs a longer chain.
// - Contradiction chains over SE's static links (forcing chains, rung 6.5: X-chains from
//   6.6, XY from 7.0, cycles from 6.5, each plus SE's length bonus): on(c) -> off(b1) ->
//   on(a1) -> ... -> on(am) -> off(c), where on(a) -> off(b) is a weak link (a and b in
//   one cell, or the same digit in one house) and off(b) -> on(a) a strong one (b and a
//   the only two candidates of a cell, or the only two places of their digit in a house),
//   over every house of the geometry (SE's static links read the same houses). (M): take
//   the first candidate of c, b1, a1, ..., am that H lacks. If it is b_i: b_i is not
//   placed in H (a_{i-1}, which H holds, sees it), so its strong partner a_i is placed
//   (else a single or a dead cell or house); then b_{i+1}, seeing a_i, is absent and not
//   placed, a_{i+1} placed, and so on to a_m placed, which clears c: a contradiction. If
//   it is a_i: a_i is not placed (it would clear b_i, which H holds), so b_i is a single
//   of H: a contradiction. So the chain and its links are intact in H and remove c.
//   (P): the static forcing chains (ChainEngine::find_forcing_chains) search every "on"
//   source of passes X and XY to the end (breadth first, no depth limit but the rating
//   ceiling, which their last round lifts), so they find a hint whenever such a chain
//   exists. Any of their hints has at most twice the state's candidate count of nodes
//   (distinct on/off nodes), so rates at most 7.0 + length_difficulty(2 * candidates);
//   candidates only fall along the path, so G0's count bounds every step's. The rungs
//   before it rate at most 6.2 (unique loops 5.6 with a type 3 set of 7; BUG 6.2 with a
//   type 3 set of 6; aligned pair exclusion 6.2). Used only when the chains are tried
//   (GradeOptions::max_chain_depth >= 1), that bound is below F, and on boards up to 9x9
//   (the ones whose search was checked and tested for this). Naked and hidden
//   pairs, X-wings, XY-wings, X- and XY-chains and cycles are such chains.
// (C) The converse for the static chains: when the chains are in S and the closure from a
// singles fixpoint K ends at K itself, the static forcing chains (rung 6.5) have no hint
// on K. Each of their hints is a removal that a contradiction chain over the same links
// also makes, which the closure would have made: a forcing chain from on(s) to off(s) is
// one; one from off(s) to on(s) (s is true) gives, for each other candidate y of s's
// cell, on(y) -> off(s) -> ... -> on(s) -> off(y) (its first link from off(s) is a
// strong one, the last into on(s) too), so y goes (K is a singles fixpoint, so y
// exists); a cycle removes a candidate z outside its cells that sees a node x "on" and a
// node y "off" of z's digit. A weak link says "not both", a strong one "not neither",
// both symmetric, so the cycle read backwards with every node negated is a cycle over the
// same links, holding off(x) and on(y): on(z) -> off(x) -> ... -> on(y) -> off(z).
// The grader uses it after a failed test that left g as it was, and where g is the last
// test's fixpoint (grader.cpp, rate_once).
// The floors: a rule is in S when the highest rating of the rungs up to its own is below
// F: locking above 2.8, naked / fish / hidden pairs above 3.0 / 3.2 / 3.4, triples above
// 3.6 / 3.8 / 4.0, XY-wings above 4.2, quads above 5.6 (the unique loops come before
// them), the chains above their bound (8.7 at most on 9x9: 729 candidates). Boards with
// cages are not floored (their rungs interleave). The test of all this:
// tests/grader/floor_closure_test.cpp (every rejection against the full grading).
#include "candidate_grid.h"

namespace sudoforge::grader::detail {

// The rules of S for one floor: the largest degree of each family (0: none).
struct FloorRules {
  bool locking = false;
  int naked = 0, hidden = 0, fish = 0;
  bool xy_wing = false;
  bool chains = false;
  bool operator==(const FloorRules&) const = default;
};

// (F) The fixpoint a test that failed ended at, to start a later test of the same path
// from. Let H be the closure of S from a state G, K <= G a later state (of any puzzle:
// with no solution, one, or several). Every rule is sound, so H and K keep every solution
// of G that K keeps; a full grid reached by the closure is a solution, and the only one of
// the state it started from. So when K has no solution or several, the closure solves
// neither K nor the meet M of K and H (M keeps K's solutions). When K has exactly one, s:
// H holds s, and so does M. The closure of K is a fixpoint of S holding s below K and G,
// hence below H (the claim of (M), from G) and below M; the closure of M is one below M,
// hence below K's closure (the claim, from K); and the closure of K, a fixpoint below M
// holding s, is below M's (the claim, from M). They are equal: the closure of M solves
// exactly when K's does. When K >= H, M is H, already a fixpoint: no test is needed.
struct FloorFixpoint {
  std::vector<Mask> cells;  // per cell: its candidates, or its value's bit when placed
  FloorRules rules;         // the rules H is a fixpoint of
  bool valid = false;
};

// The rules whose rungs, and every rung before them, rate below `floor` tenths on g (the
// chains only when `chains_tried`, and while their bound on g is below the floor).
FloorRules floor_rules(const CandidateGrid& g, int floor, bool chains_tried);
// The same on an n x n board of `live` candidates.
FloorRules floor_rules(int n, int live, int floor, bool chains_tried);
// The rules the grader's floor test applies: `rules` when they hold the chains, else
// singles alone (below the chains' bound the other rules' closure costs more than the
// gradings it saves: grader/PERF_NOTES.md, session 20).
FloorRules floor_test_rules(const FloorRules& rules);

// Whether applying `rules` (and naked and hidden singles) repeatedly to g solves it. With
// no rule (FloorRules{}), whether singles alone do: then every step of the ladder has a
// single to take and is rated 2.3 or less.
bool closure_solves(const CandidateGrid& g, const FloorRules& rules);
// The same answer for a state g of a path whose earlier state's test with `rules` ended
// at `fix` when fix.valid (FloorFixpoint): the closure starts from the meet of g and
// fix. When it does not solve g, fix becomes its fixpoint.
bool closure_solves(const CandidateGrid& g, const FloorRules& rules, FloorFixpoint& fix);
// Whether a test of `rules` on g would end at fix without changing it (g >= fix, the same
// rules): it fails then (FloorFixpoint).
bool fixpoint_stands(const CandidateGrid& g, const FloorRules& rules, const FloorFixpoint& fix);
// Whether g's state is fix's (then no rule of fix.rules applies to g; (C)).
bool fixpoint_is(const CandidateGrid& g, const FloorFixpoint& fix);

// What one pass of the closure's chain rule removes from g's state (each cell's removed
// candidates), for the tests.
std::vector<Mask> chain_pass_removals(const CandidateGrid& g);

// The grader's floor test from puzzle's givens, without building its CandidateGrid:
// closure_solves(CandidateGrid(puzzle), floor_test_rules(floor_rules(that grid, floor,
// chains_tried))). False also when the givens are out of range or clash (that grid's
// constructor throws there) or leave a cell without a candidate.
bool floor_rejects(const Grid& puzzle, int floor, bool chains_tried);
// The same; when it does not reject the puzzle, the fixpoint its test ended at goes to fix
// (invalid when the givens clash or leave a cell without a candidate).
bool floor_rejects(const Grid& puzzle, int floor, bool chains_tried, FloorFixpoint& fix);
// The transitive closure of a graph of `nodes` <= 64 nodes, rows[i] bit j set when i has an
// edge to j: afterwards bit j is set when a path of one edge or more leads from i to j.
void close_rows(std::uint64_t* rows, int nodes);

// The state floor_rejects starts from: each cell's candidates (0 for a given), empty when
// the givens are out of range or clash.
std::vector<Mask> givens_candidates(const Grid& puzzle);

}  // namespace sudoforge::grader::detail
