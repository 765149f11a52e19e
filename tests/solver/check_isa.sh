#!/bin/sh
# Usage: check_isa.sh OBJDUMP BINARY...
# The x86-64-v3 build of the classic count (solver/src/band_isa.h) must stay apart from the
# portable code: in each binary, every function using an instruction beyond x86-64's
# baseline (VEX-encoded: AVX, BMI1/2; POPCNT, LZCNT) must belong to that build (its names
# hold x86_64_v3 or band_v3), and that build must be there (its entry band_v3::count). TZCNT is not counted: the
# portable code may use it, since older CPUs run its encoding as BSF (the same result on
# a non-zero word, the only kind the code passes). POPCNT is allowed in the grader, which
# grader/CMakeLists.txt builds with -mpopcnt on x86-64 of its own accord.
objdump=$1
shift
status=0
for bin in "$@"; do
  "$objdump" -d -C --no-show-raw-insn "$bin" | awk -v bin="$bin" '
    /^[0-9a-f]+ <.*>:$/ {
      fn = substr($0, index($0, "<") + 1); sub(/>:$/, "", fn)
      if (fn ~ /band_v3::count/) v3 = 1
      next
    }
    /^ *[0-9a-f]+:\t/ {
      split($0, part, "\t"); split(part[2], word, " "); m = word[1]
      if (m ~ /^v[a-z]/ && m !~ /^ver[rw]$/ || \
          m ~ /^(andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|lzcnt)$/ || \
          m == "popcnt" && fn !~ /sudoforge::grader::/) {
        if (fn !~ /x86_64_v3|band_v3/ && !(fn in bad)) {
          bad[fn] = m
          nbad++
        }
      }
    }
    END {
      for (f in bad) print bin ": portable function uses " bad[f] ": " f
      if (!v3) print bin ": no x86-64-v3 code of the count found"
      exit (nbad > 0 || !v3)
    }' || status=1
done
exit $status
