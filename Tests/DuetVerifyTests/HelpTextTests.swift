import XCTest

@testable import DuetVerify

/// `help [verb]`: every verb's text lists one option per line.
final class HelpTextTests: XCTestCase {
  func help(_ verb: String?) -> String {
    var out = ""
    let output = CommandOutput(out: { out += $0 }, error: { out += $0 })
    _ = DuetVerifyCLI.run(["help"] + (verb.map { [$0] } ?? []), output: output, environment: [:])
    return out
  }

  func testEveryHelpTextListsOneOptionPerLine() {
    for verb in [nil, "verify", "lint", "record", "explain", "materialize", "taxonomy", "canonical", "mcp"] {
      let text = help(verb)
      XCTAssertFalse(text.isEmpty, "help \(verb ?? "")")
      for line in text.split(separator: "\n") {
        let options = line.components(separatedBy: "  --").count - 1
        XCTAssertLessThanOrEqual(options, 1, "help \(verb ?? ""): two options on one line: \(line)")
      }
    }
  }
}
