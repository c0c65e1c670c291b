import DuetCore

/// The byte gate: a runner's compact string against canonical(expected), byte for byte, and where
/// they first differ when they do.
enum ByteGate {
  /// `nil` when `actualText` is exactly `expectedText`; otherwise the first divergence (and a note
  /// when the runner's text is not JSON, or is the same value in non-canonical bytes).
  static func compare(
    expected: JSONValue, expectedText: String, actualText: String, root: String
  ) -> (divergence: Divergence, note: String?)? {
    if expectedText.utf8.elementsEqual(actualText.utf8) { return nil }
    let actual: JSONValue
    do {
      actual = try JSONParser().parse(actualText)
    } catch {
      return (
        Divergence(path: root, expected: expectedText, actual: preview(actualText)),
        "the runner's \(root == "expectedState" ? "state" : "effects") string is not valid JSON (\(error.message) "
          + "at column \(error.column))"
      )
    }
    if let first = FirstDivergence.between(expected, actual, root: root) {
      return (Divergence(path: first.path.description, expected: first.expectedText, actual: first.actualText), nil)
    }
    return (
      Divergence(path: root, expected: expectedText, actual: preview(actualText)),
      "same value, different bytes: the runner's string is not in canonical compact form, and the gate compares bytes"
    )
  }

  static func preview(_ text: String) -> String {
    text.count > 2_000 ? String(text.prefix(2_000)) + "…" : text
  }
}
