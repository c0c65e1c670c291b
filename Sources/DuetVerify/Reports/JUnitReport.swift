import DuetPlatform

/// `--junit FILE`: JUnit XML for CI test tabs, rendered from test suites (``TestSuite``): one
/// `<testsuite>`, or several inside `<testsuites>` (a run with several lanes has one per lane,
/// `duet-verify swift`, `duet-verify kotlin`, so CI never merges them).
///
/// Everything is XML-escaped, and characters XML 1.0 cannot carry at all (most control
/// characters, which a runner may well send) are replaced, so the file always parses.
enum JUnitReport {
  /// The XML document of `suites`; `grouped` wraps them in `<testsuites>`.
  static func render(_ suites: [TestSuite], grouped: Bool) -> String {
    let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    guard grouped else { return header + suites.map(suite).joined() }
    return header + "<testsuites name=\"\(Program.name)\">\n" + suites.map(suite).joined() + "</testsuites>\n"
  }

  /// One `<testsuite>` and its cases.
  static func suite(_ suite: TestSuite) -> String {
    var xml =
      "<testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failureCount)\" "
      + "errors=\"0\" skipped=\"0\" time=\"\(seconds(suite.durationMillis))\">\n"
    for test in suite.cases {
      xml += "  <testcase classname=\"\(escape(test.classname))\" name=\"\(escape(test.name))\""
      if let file = test.file { xml += " file=\"\(escape(file))\"" }
      if let millis = test.durationMillis { xml += " time=\"\(seconds(millis))\"" }
      if let failure = test.failure {
        xml += ">\n    <failure message=\"\(escape(failure.message))\" type=\"\(escape(failure.type))\">"
        xml += escape(failure.text) + "</failure>\n  </testcase>\n"
      } else {
        xml += "/>\n"
      }
    }
    return xml + "</testsuite>\n"
  }

  static func seconds(_ millis: Int) -> String {
    SecondsText.of(millis: millis, places: 3)
  }

  /// XML-escapes text for attributes and content; replaces characters XML 1.0 forbids with U+FFFD.
  static func escape(_ text: String) -> String {
    MarkupText.escape(text, apostrophe: "&apos;") { value in
      (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }
  }
}
