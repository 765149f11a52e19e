#pragma once
// The loop every fuzz target shares: read records from the fuzzer's bytes, skipping the
// malformed ones (ParseError is the reader's documented answer to bad input), at most
// `max_records` of them so one input cannot run for long.
#include <cstdint>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"

namespace sudoforge::fuzz {

template <typename OnRecord>
void for_each_record(const std::uint8_t* data, std::size_t size, const ReaderOptions& options,
                     int max_records, OnRecord on_record) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RecordReader reader(in, options);
  for (int i = 0; i < max_records; ++i) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) return;
    on_record(*r);
  }
}

}  // namespace sudoforge::fuzz
