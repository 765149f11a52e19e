#include "engine.h"
namespace sudoforge::grader::detail {
bool find_aligned_pair_exclusion(const Ctx&, Hint&) { return false; }
}
