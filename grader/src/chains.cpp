#include "engine.h"
namespace sudoforge::grader::detail {
struct ChainEngine::Impl {};
ChainEngine::ChainEngine() : impl_(new Impl) {}
ChainEngine::~ChainEngine() { delete impl_; }
bool ChainEngine::find_forcing_chains(const Ctx&, Hint&) { return false; }
bool ChainEngine::find_advanced_chains(const Ctx&, int, Hint&) { return false; }
}
