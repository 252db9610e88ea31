#include "rise/lab/html_report.h"

#include "rise/core/text_file.h"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise::lab {
namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1.5em; color: #111; max-width: 80em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #eef; }
table.sortable th { cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \25B2"; }
th[aria-sort="descending"]::after { content: " \25BC"; }
tr:nth-child(even) td { background: #f8f8f8; }
tr.muted td { color: #999; }
dl.settings { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.settings dt { font-weight: bold; } dl.settings dd { margin: 0; font-family: monospace; }
)";

// Sorting: a click on a header sorts the rows by that column (numbers by data-sort, the
// rest by text), ascending first, then descending; the table records its state in
// data-sort-column and data-sort-order.
constexpr const char* kScript = R"(
for (const table of document.querySelectorAll('table.sortable')) {
  const headers = table.querySelectorAll('thead th');
  headers.forEach((th, column) => th.addEventListener('click', () => {
    const order = th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
    headers.forEach((h) => h.removeAttribute('aria-sort'));
    th.setAttribute('aria-sort', order);
    const body = table.tBodies[0];
    const key = (row) => {
      const cell = row.cells[column];
      const n = cell.dataset.sort === undefined ? NaN : Number(cell.dataset.sort);
      return { n, t: cell.textContent };
    };
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      let c;
      if (!isNaN(x.n) && !isNaN(y.n)) c = x.n - y.n;
      else if (!isNaN(x.n)) c = -1;
      else if (!isNaN(y.n)) c = 1;
      else c = x.t.localeCompare(y.t);
      return order === 'ascending' ? c : -c;
    });
    for (const row of rows) body.appendChild(row);
    table.dataset.sortColumn = String(column);
    table.dataset.sortOrder = order;
  }));
}
)";

std::string table_html(const ReportTable& table) {
  std::string s = fmt::format("<table id=\"{}\"{}>\n<thead><tr>", xml_escaped(table.id), table.sortable ? " class=\"sortable\"" : "");
  for (const std::string& c : table.columns) s += "<th>" + xml_escaped(c) + "</th>";
  s += "</tr></thead>\n<tbody>\n";
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const auto& row = table.rows[r];
    s += r < table.muted.size() && table.muted[r] ? "<tr class=\"muted\">" : "<tr>";
    for (const ReportCell& cell : row) {
      if (std::isnan(cell.sort)) s += "<td>" + xml_escaped(cell.text) + "</td>";
      else s += fmt::format("<td data-sort=\"{}\">{}</td>", cell.sort, xml_escaped(cell.text));
    }
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

}  // namespace

std::string report_html(const Report& report) {
  std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  s += "<title>" + xml_escaped(report.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  s += "<h1>" + xml_escaped(report.title) + "</h1>\n";
  s += "<section id=\"settings\">\n<h2>Settings</h2>\n<dl class=\"settings\">\n";
  for (const auto& [name, value] : report.settings) {
    s += "<dt>" + xml_escaped(name) + "</dt><dd>" + xml_escaped(value) + "</dd>\n";
  }
  s += "</dl>\n</section>\n";
  for (const ReportSection& section : report.sections) {
    s += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", xml_escaped(section.id), xml_escaped(section.title));
    for (const std::string& p : section.paragraphs) s += "<p>" + xml_escaped(p) + "</p>\n";
    if (!section.svg.empty()) s += "<div class=\"figure\">\n" + section.svg + "</div>\n";
    for (const ReportTable& table : section.tables) s += table_html(table);
    s += "</section>\n";
  }
  s += "<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return s;
}

void write_report(const std::string& dir, const Report& report) {
  const std::string path = (std::filesystem::path(dir) / "index.html").string();
  write_text_file(path, report_html(report));
}

}  // namespace rise::lab
