// The HTML report of a lab run (`rise lab ... --report DIR`, docs/lab.md): one index.html,
// readable offline (inline CSS, JavaScript and SVG; no network resource), with the run's
// settings and its sections: text, an inline SVG (the round robin heat map) and tables, which
// sort by a column when its header is clicked.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace rise::lab {

// A table cell: its text, and the number it sorts by (NaN: it sorts by its text; numbers
// come before texts).
struct ReportCell {
  std::string text;
  double sort = std::numeric_limits<double>::quiet_NaN();
};

// A number cell: `text` shown, sorted by `value`.
inline ReportCell number_cell(std::string text, double value) { return ReportCell{std::move(text), value}; }

struct ReportTable {
  std::string id;                              // the table's HTML id (e.g. "cards"), unique in the report
  std::vector<std::string> columns;            // header texts
  std::vector<std::vector<ReportCell>> rows;   // each as many cells as columns
  bool sortable = true;                        // headers sort the rows when clicked
  std::vector<bool> muted = {};                // by row (missing: false): shown greyed, class "muted"
};

struct ReportSection {
  std::string id;                       // HTML id of the section
  std::string title;
  std::vector<std::string> paragraphs;  // plain text (escaped)
  std::string svg;                      // an SVG document drawn inline ("" none); trusted markup
  std::vector<ReportTable> tables;
};

struct Report {
  std::string title;
  std::vector<std::pair<std::string, std::string>> settings;  // name, value: the run's settings and seed
  std::vector<ReportSection> sections;
};

// The report as one HTML document.
std::string report_html(const Report& report);

// Writes report_html(report) to DIR/index.html (DIR must exist; check_writable_dir creates
// it). Throws InputError "DIR/index.html: cannot write file".
void write_report(const std::string& dir, const Report& report);

}  // namespace rise::lab
