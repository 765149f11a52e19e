#pragma once
// Internal to the grader: the technique finders below chains (singles to aligned
// exclusion), one function per technique family; the chains are chain_engine.h's.
#include "hint.h"

namespace sudoforge::grader::detail {

// Each finder returns true and fills `out` with the first hint it finds, in SE's order.
bool find_hidden_single(const Ctx&, Hint& out);   // full house 1.0, box 1.2, line 1.5
bool find_direct_locking(const Ctx&, Hint& out);  // 1.7 / 1.9
// Of `digits`, those with a box/line confinement that removes something: in a box or a
// line, two or more places, all in one line or box, which has a place outside them.
// Precondition: g.classic_boxes() (the board's rows, columns and boxes are read as 9-bit
// band words; extra houses are not looked at). The band words locking reads on that
// board, exposed for tests.
Mask confinement_digits(const CandidateGrid& g, Mask digits);
bool find_direct_hidden_set(const Ctx&, int degree, Hint& out);  // 2.0 / 2.5
bool find_naked_single(const Ctx&, Hint& out);                   // 2.3
bool find_locking(const Ctx&, Hint& out);                        // 2.6 / 2.8
bool find_naked_set(const Ctx&, int degree, Hint& out);          // 3.0 / 3.6 / 5.0
bool find_hidden_set(const Ctx&, int degree, Hint& out);         // 3.4 / 4.0 / 5.4
bool find_fish(const Ctx&, int degree, Hint& out);               // 3.2 / 3.8 / 5.2
bool find_xy_wing(const Ctx&, bool xyz, Hint& out);              // 4.2 / 4.4
bool find_unique_loop(const Ctx&, Hint& out);                    // 4.5 ..
// find_unique_loop without its shortcuts (dropping the start cells already searched from
// the pair's core, with the cells they leave without a mate; analysing each loop's cell
// set once): the same hint, for tests.
bool find_unique_loop_plain(const Ctx&, Hint& out);
bool find_bug(const Ctx&, Hint& out);                            // 5.6 ..
// find_bug without its first test (each cell of 3 or more candidates, with its bug values
// taken out, keeps two): the same hint, for tests.
bool find_bug_plain(const Ctx&, Hint& out);
bool find_aligned_pair_exclusion(const Ctx&, Hint& out);         // 6.2
bool find_aligned_triplet_exclusion(const Ctx&, Hint& out);      // 7.5

// Killer boards (grader/src/killer.cpp): the cage rungs, rated on the same scale.
bool find_cage_sum(const Ctx&, Hint& out);           // 1.0: a cage's last empty cell
bool find_cage_combinations(const Ctx&, Hint& out);  // 1.3: digits outside every combination
// The 45 rule: one house, one cell 1.4; several houses, one cell 2.0; two cells whose sum
// is known (pairs) 2.5 on one house, 2.7 on several.
bool find_innies_outies(const Ctx&, bool multi, bool pairs, Hint& out);
bool find_cage_house_overlap(const Ctx&, Hint& out);       // 2.2
bool find_naked_cage_combination(const Ctx&, Hint& out);   // 2.8
bool find_hidden_cage_combination(const Ctx&, Hint& out);  // 3.2
bool find_combination_clash(const Ctx&, Hint& out);        // 3.6
// 9.0: a candidate whose assumption, propagated by singles and cage combinations, leaves
// a cell, a house's digit or a cage without a possibility. Killer boards end their ladder
// with it in place of the nested dynamic chains, which work on houses alone. When no
// assumption fails, 9.3: the candidates every assumption on one cell, or every place of a
// digit in a house, removes. Level L > 1 nests them: the propagation also removes the
// candidates whose assumption fails at level L - 1, rated 0.5 higher a level (9.5 / 9.8
// at level 2).
bool find_cage_forcing_chains(const Ctx&, int level, Hint& out);

}  // namespace sudoforge::grader::detail
