import Foundation

/// `--junit FILE`: JUnit XML for CI test tabs: one testsuite, one testcase per recording, the
/// failure block as the failure's text.
///
/// Everything is XML-escaped, and characters XML 1.0 cannot carry at all (most control
/// characters, which a runner may well send) are replaced, so the file always parses.
enum JUnitReport {
  /// The XML document.
  static func render(_ run: RunResult) -> String {
    let failures = run.fixtures.filter { !$0.passed }.count
    var extra: [(name: String, lines: [String])] = []
    if !run.lintProblems.isEmpty { extra.append(("lint", run.lintProblems.map(\.description))) }
    let taxonomy = run.taxonomyErrors.map(\.message)
    if !taxonomy.isEmpty { extra.append(("taxonomy", taxonomy)) }
    if !run.runnerFailures.isEmpty { extra.append(("runner", run.runnerFailures)) }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuite name=\"\(run.shard.map { "\(Program.name) shard \($0.index) of \($0.count)" } ?? Program.name)\" tests=\"\(run.fixtures.count + extra.count)\" "
      + "failures=\"\(failures + extra.count)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(run.durationMillis))\">\n"
    for result in run.fixtures {
      let owner = result.kind == .chain ? "chains" : (result.feature ?? "fixtures")
      xml +=
        "  <testcase classname=\"\(Program.name).\(escape(owner))\" name=\"\(escape(result.name))\" "
        + "file=\"\(escape(result.file))\" time=\"\(seconds(result.durationMillis))\""
      if let block = FailureBlock.render(result), let message = FailureBlock.oneLine(result),
        let reason = result.failure?.reason
      {
        xml += ">\n    <failure message=\"\(escape(message))\" type=\"\(reason.rawValue)\">"
        xml += escape(block) + "</failure>\n  </testcase>\n"
      } else {
        xml += "/>\n"
      }
    }
    for (name, lines) in extra {
      let message = lines.count == 1 ? lines[0] : "\(lines.count) problems"
      xml += "  <testcase classname=\"\(Program.name)\" name=\"\(name)\" time=\"0.000\">\n"
      xml += "    <failure message=\"\(escape(message))\" type=\"\(name)\">"
      xml += escape(lines.joined(separator: "\n")) + "</failure>\n  </testcase>\n"
    }
    xml += "</testsuite>\n"
    return xml
  }

  static func seconds(_ millis: Int) -> String {
    String(format: "%.3f", Double(millis) / 1000)
  }

  /// XML-escapes text for attributes and content; replaces characters XML 1.0 forbids with U+FFFD.
  static func escape(_ text: String) -> String {
    MarkupText.escape(text, apostrophe: "&apos;") { value in
      (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }
  }
}
