#include "rise/lab/csv.h"

namespace rise::lab {

std::string csv_field(std::string_view text, CsvQuoting quoting) {
  if (quoting == CsvQuoting::kWhenNeeded && text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace rise::lab
