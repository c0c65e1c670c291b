import Foundation

/// `--junit FILE`: JUnit XML for CI test tabs: one testsuite, one testcase per recording, the
/// failure block as the failure's text. A run with several lanes has one testsuite per lane
/// (`duet-verify swift`, `duet-verify kotlin`) inside `<testsuites>`, so CI never merges them.
///
/// Everything is XML-escaped, and characters XML 1.0 cannot carry at all (most control
/// characters, which a runner may well send) are replaced, so the file always parses.
enum JUnitReport {
  /// The XML document.
  static func render(_ run: RunResult) -> String {
    let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    guard !run.lanes.isEmpty else { return header + suite(run, lane: nil) }
    var xml = header + "<testsuites name=\"\(Program.name)\">\n"
    for lane in run.lanes {
      var part = lane.run(within: run)
      if lane.platform != run.lanes[0].platform {
        // Lint and the taxonomy belong to the recordings: counted once, in the first lane's suite.
        part.lintProblems = []
        part.taxonomyFindings = []
      }
      xml += suite(part, lane: lane.platform)
    }
    return xml + "</testsuites>\n"
  }

  /// One `<testsuite>`: the run's recordings (on `lane`, named in the suite and class names).
  static func suite(_ run: RunResult, lane: String?) -> String {
    let failures = run.fixtures.filter { !$0.passed }.count
    var extra: [(name: String, lines: [String])] = []
    if !run.lintProblems.isEmpty { extra.append(("lint", run.lintProblems.map(\.description))) }
    let taxonomy = run.taxonomyErrors.map(\.message)
    if !taxonomy.isEmpty { extra.append(("taxonomy", taxonomy)) }
    if !run.runnerFailures.isEmpty { extra.append(("runner", run.runnerFailures)) }
    var name = lane.map { Program.name + " " + escape($0) } ?? Program.name
    if let shard = run.shard { name += " shard \(shard.index) of \(shard.count)" }
    let prefix = lane.map { Program.name + "." + escape($0) } ?? Program.name
    var xml =
      "<testsuite name=\"\(name)\" tests=\"\(run.fixtures.count + extra.count)\" "
      + "failures=\"\(failures + extra.count)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(run.durationMillis))\">\n"
    for result in run.fixtures {
      let owner = result.kind == .chain ? "chains" : (result.feature ?? "fixtures")
      xml +=
        "  <testcase classname=\"\(prefix).\(escape(owner))\" name=\"\(escape(result.name))\" "
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
      xml += "  <testcase classname=\"\(prefix)\" name=\"\(name)\" time=\"0.000\">\n"
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
