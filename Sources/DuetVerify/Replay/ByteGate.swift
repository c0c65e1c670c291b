import DuetCore
import DuetPlatform

/// The byte gate: a runner's compact string against canonical(expected), byte for byte, and where
/// they first differ when they do.
enum ByteGate {
  /// True when the two texts are the same bytes (one `memcmp`, no parsing).
  static func same(_ expected: String, _ actual: String) -> Bool {
    var left = expected
    var right = actual
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        guard leftBytes.count == rightBytes.count else { return false }
        guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
        return memcmp(leftBase, rightBase, leftBytes.count) == 0
      }
    }
  }

  /// `nil` when `actualText` is exactly `expectedText`; otherwise the first divergence (and a note
  /// when the runner's text is not JSON, or is the same value in non-canonical bytes).
  static func compare(
    expected: JSONValue, expectedText: String, actualText: String, root: String
  ) -> (divergence: Divergence, note: String?)? {
    if same(expectedText, actualText) { return nil }
    return explain(expected: expected, expectedText: expectedText, actualText: actualText, root: root)
  }

  /// Why two different texts differ: the first divergent path, or a note on the runner's bytes.
  static func explain(
    expected: JSONValue, expectedText: String, actualText: String, root: String
  ) -> (divergence: Divergence, note: String?) {
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
