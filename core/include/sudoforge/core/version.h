#pragma once
// The version of sudoforge (Semantic Versioning: a new major version may break the API or
// the ABI, minor versions add, patch versions fix; CHANGELOG.md). It is set in one place,
// the CMake project version, which reaches the library through a generated header.
#include <string_view>

namespace sudoforge {

struct VersionNumbers {
  int major = 0, minor = 0, patch = 0;
};

// The version of the library a program runs with: "MAJOR.MINOR.PATCH" and its numbers.
// With the shared library that is the installed one, which may be a later minor or patch
// version than the one the program was built with (the same major version: SONAME).
std::string_view version();
VersionNumbers version_numbers();

}  // namespace sudoforge
