#include "sudoforge/core/version.h"

#include "version_config.h"

namespace sudoforge {

std::string_view version() {
  return SUDOFORGE_VERSION_STRING;
}

VersionNumbers version_numbers() {
  return {SUDOFORGE_VERSION_MAJOR, SUDOFORGE_VERSION_MINOR, SUDOFORGE_VERSION_PATCH};
}

}  // namespace sudoforge
