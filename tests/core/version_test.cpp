// The version in one place: the CMake project version reaches version() and
// version_numbers() unchanged.
#include "sudoforge/core/version.h"

#include <gtest/gtest.h>

#include <string>

namespace sudoforge {
namespace {

TEST(Version, IsTheProjectVersion) {
  EXPECT_EQ(version(), SUDOFORGE_PROJECT_VERSION);
  const VersionNumbers v = version_numbers();
  EXPECT_EQ(std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch),
            version());
}

}  // namespace
}  // namespace sudoforge
