# The installed sudoforge: headers, the component libraries (static), one shared library
# of all of them, the CLI with its man page and bash completion, a CMake package and a
# pkg-config file. Included at the end of the top-level CMakeLists.txt, once every target
# exists.
#
# Libraries: the shared libsudoforge.so (sudoforge::sudoforge, VERSION and SOVERSION from
# the project version) is made of the component objects; the static libraries installed are
# the components themselves (sudoforge::core, sudoforge::solver, ...), so a static consumer
# links only the components it uses and no second archive of the same objects is built.
include(CMakePackageConfigHelpers)

# The components of the library, in dependency order: each has include/sudoforge/<name>/.
set(SUDOFORGE_COMPONENTS core solver generator grader db workflow book)

if(NOT SUDOFORGE_FUZZ)
  set(_objects "")
  set(_includes "")
  foreach(component IN LISTS SUDOFORGE_COMPONENTS)
    list(APPEND _objects $<TARGET_OBJECTS:sudoforge_${component}>)
    get_target_property(_dirs sudoforge_${component} INTERFACE_INCLUDE_DIRECTORIES)
    list(APPEND _includes ${_dirs})
  endforeach()
  # The C API's entry points live in the same shared library, so C programs and other
  # languages' foreign-function interfaces load one file.
  if(TARGET sudoforge_c)
    list(APPEND _objects $<TARGET_OBJECTS:sudoforge_c>)
    get_target_property(_dirs sudoforge_c INTERFACE_INCLUDE_DIRECTORIES)
    list(APPEND _includes ${_dirs})
  endif()
  list(REMOVE_DUPLICATES _includes)
  add_library(sudoforge_shared SHARED ${_objects})
  add_library(sudoforge::sudoforge ALIAS sudoforge_shared)
  set_target_properties(sudoforge_shared PROPERTIES
    OUTPUT_NAME sudoforge EXPORT_NAME sudoforge
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
  target_include_directories(sudoforge_shared PUBLIC ${_includes})
  target_compile_features(sudoforge_shared PUBLIC cxx_std_20)
  # workflow/testset.h names Boost.Random's engine; the rest is the components' own needs.
  target_link_libraries(sudoforge_shared PUBLIC Boost::headers
                        PRIVATE SQLite::SQLite3 PkgConfig::CAIRO Threads::Threads)
endif()

# Everything exported into the package: the components, the shared library and, once they
# exist, the C API (capi/) and whatever else is added here.
set(SUDOFORGE_EXPORTED_TARGETS "")
foreach(component IN LISTS SUDOFORGE_COMPONENTS)
  set_target_properties(sudoforge_${component} PROPERTIES EXPORT_NAME ${component})
  # The headers need C++20 (the build itself sets CMAKE_CXX_STANDARD).
  target_compile_features(sudoforge_${component} INTERFACE cxx_std_20)
  list(APPEND SUDOFORGE_EXPORTED_TARGETS sudoforge_${component})
endforeach()
foreach(target sudoforge_shared sudoforge_c)
  if(TARGET ${target})
    list(APPEND SUDOFORGE_EXPORTED_TARGETS ${target})
  endif()
endforeach()

install(TARGETS ${SUDOFORGE_EXPORTED_TARGETS} EXPORT sudoforgeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(component IN LISTS SUDOFORGE_COMPONENTS)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${component}/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
if(TARGET sudoforge_c)
  install(FILES ${PROJECT_SOURCE_DIR}/capi/include/sudoforge.h
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
# sudoforge-serve next to sudoforge: `sudoforge serve` runs it from there.
install(TARGETS sudoforge sudoforge-serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(SUDOFORGE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/sudoforge)
install(EXPORT sudoforgeTargets NAMESPACE sudoforge:: DESTINATION ${SUDOFORGE_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/sudoforgeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/sudoforgeConfig.cmake INSTALL_DESTINATION ${SUDOFORGE_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sudoforgeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/sudoforgeConfig.cmake
              ${PROJECT_BINARY_DIR}/sudoforgeConfigVersion.cmake
        DESTINATION ${SUDOFORGE_CMAKE_DIR})

# pkg-config: the shared library. The file finds its prefix from where it lies (pcfiledir),
# so an installed tree can be moved or installed with --prefix.
file(RELATIVE_PATH SUDOFORGE_PC_TO_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
string(REGEX REPLACE "/$" "" SUDOFORGE_PC_TO_PREFIX "${SUDOFORGE_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/sudoforge.pc.in ${PROJECT_BINARY_DIR}/sudoforge.pc
               @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/sudoforge.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The man page and the bash completion, generated from the built CLI's help texts
# (scripts/cli-docs), so they list the commands and options the program has.
find_program(HELP2MAN help2man)
set(_man ${PROJECT_BINARY_DIR}/cli/sudoforge.1)
set(_man_include ${PROJECT_BINARY_DIR}/cli/sudoforge.1.include)
set(_completion ${PROJECT_BINARY_DIR}/cli/sudoforge.bash-completion)
add_custom_command(OUTPUT ${_man_include} ${_completion}
  COMMAND ${PROJECT_SOURCE_DIR}/scripts/cli-docs $<TARGET_FILE:sudoforge> ${_man_include}
          ${_completion}
  DEPENDS sudoforge ${PROJECT_SOURCE_DIR}/scripts/cli-docs
  COMMENT "Bash completion and the man page's command sections from sudoforge's help texts")
set(_docs ${_completion})
if(HELP2MAN)
  add_custom_command(OUTPUT ${_man}
    COMMAND ${HELP2MAN} --no-info --output=${_man} --include=${_man_include}
            "--name=generate, solve, grade and catalogue Sudoku puzzles" $<TARGET_FILE:sudoforge>
    DEPENDS sudoforge ${_man_include}
    COMMENT "Man page sudoforge.1 (help2man)")
  list(APPEND _docs ${_man})
  install(FILES ${_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "help2man not found: no man page (scripts/install-deps installs it)")
endif()
add_custom_target(sudoforge_docs ALL DEPENDS ${_docs})
install(FILES ${_completion} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME sudoforge)
