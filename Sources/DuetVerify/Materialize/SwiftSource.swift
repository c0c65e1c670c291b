import DuetCore

/// Text that is safe to paste into generated Swift: string literals, comment lines and identifiers.
///
/// Recordings, labels and manifest values are hostile input to a code generator: a label with a
/// newline would end a comment and run as code, and a string holding `"#` would end a raw literal
/// early. Everything that reaches a generated file passes through here.
enum SwiftSource {
  /// A raw string literal whose value is exactly `text`.
  ///
  /// The delimiter has one `#` more than the longest run of `#` in the text, so neither `"#…` nor
  /// `\#…` inside it can end the literal or start an escape or interpolation. Printable ASCII is
  /// copied as is, so a JSON literal stays readable; every other scalar (line breaks, controls,
  /// bidirectional overrides, non-ASCII letters) is written as a `\#…u{XXXX}` escape, so the
  /// literal is one line and shows what it holds; so is the second `#` of `##[` (a workflow
  /// command wherever it stands in a printed line). A leading `"` is escaped too: `#""…` must
  /// never read as the opening `#"""` of a multi-line literal.
  static func rawStringLiteral(_ text: String) -> String {
    var longestRun = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "#" ? run + 1 : 0
      longestRun = max(longestRun, run)
    }
    let hashes = String(repeating: "#", count: longestRun + 1)
    var offset = 0
    let body = PrintableText.rewriting(text) { previous, scalar, next in
      defer { offset += 1 }
      // The second `#` of `##[` too: printed, the file must not hold a legacy workflow command.
      let plain =
        isPrintableASCII(scalar) && !(offset == 0 && scalar == "\"")
        && !PrintableText.opensLegacyCommand(scalar, after: previous, before: next)
      return plain ? nil : "\\" + hashes + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
    return hashes + "\"" + body + "\"" + hashes
  }

  /// `text` made safe for the inside of a `//` comment: one line, no control or invisible
  /// formatting characters (each is shown as `\u{XXXX}`), readable letters kept.
  static func commentText(_ text: String) -> String {
    PrintableText.rewriting(text) { previous, scalar, next in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
        return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        return PrintableText.opensLegacyCommand(scalar, after: previous, before: next) ? "\\u{23}" : nil
      }
    }
  }

  /// `fixture.name-3` → `FixtureName3`: the ASCII letters and digits of `text`, each run
  /// capitalised; a leading digit gets `prefix` before it.
  static func upperCamelIdentifier(_ text: String, prefix: String) -> String {
    let words = text.unicodeScalars.split { !isASCIILetterOrDigit($0) }.map { String(String.UnicodeScalarView($0)) }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.unicodeScalars.first, !("0"..."9").contains(first) else { return prefix + joined }
    return joined
  }

  /// True for a Swift name or a dotted path of names (`SplashState`, `Splash.State`,
  /// `splashFeature.reduce`): ASCII letters, digits and `_`, no leading digit, no keywords needed.
  static func isDottedName(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.allSatisfy { isIdentifier(String($0)) }
  }

  /// True for one ASCII Swift identifier (`FoyerFeatures`, `_Module`).
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "_" }
  }

  /// SwiftPM's module name for a target folder (`my-app` → `my_app`): every character that cannot
  /// be in an identifier becomes `_`, and a leading digit gets a `_` before it.
  static func moduleName(forTarget folder: String) -> String {
    var name = String(String.UnicodeScalarView(folder.unicodeScalars.map { isASCIILetterOrDigit($0) ? $0 : "_" }))
    if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
    return name
  }

  static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool { (0x20...0x7E).contains(scalar.value) }

  static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }
}
