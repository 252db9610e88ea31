// read_bot_tokens: the operator's bot token file of `rise serve --bot-tokens` (docs/server.md,
// "Bots").
#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "rise/core/error.h"
#include "rise/server/table_manager.h"

namespace rise::server {

std::map<std::string, std::string> read_bot_tokens(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot read the bot token file");
  std::map<std::string, std::string> tokens;
  std::set<std::string> names;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string name, token, extra;
    if (!(words >> name)) continue;  // blank or a comment
    if (!(words >> token) || (words >> extra)) throw InputError(where + "a line is 'NAME TOKEN'");
    const bool good_name = name.size() <= 24 && std::all_of(name.begin(), name.end(), [](unsigned char c) {
      return std::isalnum(c) || c == '-' || c == '_';
    });
    if (!good_name) throw InputError(where + "the bot name '" + name + "' is not 1 to 24 letters, digits, '-' or '_'");
    const bool good_token = token.size() >= 32 && std::all_of(token.begin(), token.end(), [](unsigned char c) {
      return std::isxdigit(c) != 0;
    });
    if (!good_token) throw InputError(where + "the token of '" + name + "' is not at least 32 hexadecimal digits");
    if (!names.insert(name).second) throw InputError(where + "the bot '" + name + "' is named twice");
    if (!tokens.emplace(token, name).second) throw InputError(where + "the token of '" + name + "' is another bot's too");
  }
  return tokens;
}

}  // namespace rise::server
