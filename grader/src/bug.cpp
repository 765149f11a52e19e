#include "engine.h"
namespace sudoforge::grader::detail {
bool find_bug(const Ctx&, Hint&) { return false; }
}
