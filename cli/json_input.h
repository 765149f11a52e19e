#pragma once
// Reading back the JSON that sudoforge writes (an array of objects, one object per line,
// or JSON Lines): each object's `puzzle`, `variant`, `regions` (jigsaw) and `cages`
// (killer: `{"sum": S, "cells": [...]}`, 0-based row-major cells) make one record, read
// and checked as its line form would be; other fields (the solution, ratings) are
// recomputed by the commands. Records carry the line of their object.
#include <functional>
#include <istream>
#include <string>

#include "input.h"
#include "sudoforge/core/record_reader.h"

namespace sudoforge::cli {

// True when the stream's next character opens a JSON array or object (nothing consumed).
bool starts_json(std::istream& in);

// Reads `in` (named `name` in messages) as sudoforge JSON: a line that is not one object
// (after a trailing comma; `[` and `]` lines aside) is a record error FILE:LINE, and the
// other records are still read. Returns false when on_record asked to stop.
bool for_each_json_record(std::istream& in, const std::string& name, const ReaderOptions& options,
                          Diagnostics& diagnostics,
                          const std::function<bool(const Record&, const std::string&)>& on_record);

}  // namespace sudoforge::cli
