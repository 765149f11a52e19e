#include "sudoforge/workflow/seeds.h"

#include <random>

#include "sudoforge/generator/generator.h"

namespace sudoforge::workflow {

std::uint64_t draw_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::uint64_t split_seed(std::uint64_t seed, std::uint64_t stream) {
  return puzzle_seed(seed, stream);
}

}  // namespace sudoforge::workflow
