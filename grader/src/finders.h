#pragma once
// Internal to the grader: the technique finders below chains (singles to aligned
// exclusion), one function per technique family; the chains are chain_engine.h's.
#include "hint.h"

namespace sudoforge::grader::detail {

// Each finder returns true and fills `out` with the first hint it finds, in SE's order.
bool find_hidden_single(const Ctx&, Hint& out);   // full house 1.0, box 1.2, line 1.5
bool find_direct_locking(const Ctx&, Hint& out);  // 1.7 / 1.9
bool find_direct_hidden_set(const Ctx&, int degree, Hint& out);  // 2.0 / 2.5
bool find_naked_single(const Ctx&, Hint& out);                   // 2.3
bool find_locking(const Ctx&, Hint& out);                        // 2.6 / 2.8
bool find_naked_set(const Ctx&, int degree, Hint& out);          // 3.0 / 3.6 / 5.0
bool find_hidden_set(const Ctx&, int degree, Hint& out);         // 3.4 / 4.0 / 5.4
bool find_fish(const Ctx&, int degree, Hint& out);               // 3.2 / 3.8 / 5.2
bool find_xy_wing(const Ctx&, bool xyz, Hint& out);              // 4.2 / 4.4
bool find_unique_loop(const Ctx&, Hint& out);                    // 4.5 ..
bool find_bug(const Ctx&, Hint& out);                            // 5.6 ..
bool find_aligned_pair_exclusion(const Ctx&, Hint& out);         // 6.2
bool find_aligned_triplet_exclusion(const Ctx&, Hint& out);      // 7.5

}  // namespace sudoforge::grader::detail
