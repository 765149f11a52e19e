// Fuzzes the text-format reader: any bytes must either parse into records or raise
// ParseError, and every parsed record must survive a write/read round trip unchanged.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  ReaderOptions options;
  options.max_line_length = 4096;
  RecordReader reader(in, options);
  for (int guard = 0; guard < 100000; ++guard) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) break;
    const std::string text = to_text(r->grid, r->style);
    ReaderOptions again;
    again.size = r->grid.size();
    again.alphabet = r->style.alphabet.kind();
    const Record back = parse_one(text, again);  // must not throw
    if (!(back.grid == r->grid)) std::abort();
  }
  return 0;
}
