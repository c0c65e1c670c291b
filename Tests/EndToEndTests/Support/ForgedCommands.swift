import Foundation
import XCTest

/// What GitHub's runner would read as a workflow command in a log: a line (split as .NET splits
/// lines, and at U+2028/U+2029/U+0085, which some viewers break at) that, trimmed of whitespace,
/// opens with `::`; `##[` anywhere; and the invisible format characters that make a line read as
/// something else.
enum ForgedCommands {
  static let formatCharacters: [Unicode.Scalar] = [
    "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}",
    "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2060}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{FEFF}",
  ]

  /// Every line of `text` that opens a `::` command, once leading whitespace is trimmed.
  static func commandLines(_ text: String) -> [String] {
    let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if breaks.contains(scalar) {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    lines.append(String(current))
    return lines.filter { line in
      String(line.unicodeScalars.drop { $0.properties.isWhitespace }).hasPrefix("::")
    }
  }

  /// Fails when `text` holds a command a log would obey, a legacy `##[` command, a format
  /// character, ESC or NUL; `allowed` are the tool's own annotation lines, by prefix.
  static func assertNone(
    in text: String, allowing allowed: [String] = [], file: StaticString = #filePath, line: UInt = #line
  ) {
    for command in commandLines(text) where !allowed.contains(where: { command.hasPrefix($0) }) {
      XCTFail("a line the log reads as a workflow command: \(command)", file: file, line: line)
    }
    XCTAssertFalse(text.contains("##["), "a legacy ##[ command passed through", file: file, line: line)
    for scalar in text.unicodeScalars where formatCharacters.contains(scalar) || scalar == "\u{1B}" || scalar == "\u{0}"
    {
      XCTFail("U+\(String(scalar.value, radix: 16, uppercase: true)) passed through raw", file: file, line: line)
    }
  }

  /// The misbehaving runner's `--hostile-text` tail as `String.printable` shows it: one line.
  static let escapedTail =
    #"\n::error::forged by the runner\u{1B}[2J\u{0}\n  ::error file=forged.swift,line=1::indented\n\t::add-mask::secret"#
    + #" #\u{23}[error]legacy #\u{23}[stop-commands]token \u{202E}desrever\u{2069}\u{2028}::warning::separated"#
    + #"\u{200B}\u{FEFF}"#
}
