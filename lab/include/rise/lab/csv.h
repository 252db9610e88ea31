// CSV fields as RFC 4180 writes them, for every CSV the lab and `rise sim` write (docs/lab.md).
#pragma once

#include <string>
#include <string_view>

namespace rise::lab {

// When a field is enclosed in double quotes: kWhenNeeded only when it holds a comma, a double
// quote, CR or LF (card names); kAlways for columns of free text (end reasons, player specs),
// so that a reader sees them as text whatever they hold.
enum class CsvQuoting { kWhenNeeded, kAlways };

// `text` as one CSV field (RFC 4180, section 2): enclosed in double quotes per `quoting`, its
// double quotes doubled when enclosed. E.g. csv_field("a,b") == "\"a,b\"", csv_field("Crow")
// == "Crow", csv_field("say \"hi\"", CsvQuoting::kAlways) == "\"say \"\"hi\"\"\"". Never throws.
std::string csv_field(std::string_view text, CsvQuoting quoting = CsvQuoting::kWhenNeeded);

}  // namespace rise::lab
