/// Where two canonical trees first differ, and what each side holds there.
///
/// A failure report shows one path and two small fragments rather than two whole states: the
/// walk visits object keys in canonical order over the union of both key sets and arrays by
/// index up to the longer length, so the first difference is the same one Duet reports.
public struct FirstDivergence: Equatable, Sendable {
  /// The first divergent path (`expectedEffects[0].payload.value.path`).
  public var path: JSONPath
  /// The expected side's fragment there; `nil` when the key or element is missing (`∅`).
  public var expected: JSONValue?
  /// The actual side's fragment there; `nil` when the key or element is missing (`∅`).
  public var actual: JSONValue?

  public init(path: JSONPath, expected: JSONValue?, actual: JSONValue?) {
    self.path = path
    self.expected = expected
    self.actual = actual
  }

  /// The first place `expected` and `actual` differ, or `nil` when they are equal.
  public static func between(_ expected: JSONValue, _ actual: JSONValue, root: String) -> FirstDivergence? {
    find(expected, actual, path: JSONPath(root: root))
  }

  /// A fragment in compact canonical form, or `∅` for a missing side.
  public static func render(_ fragment: JSONValue?) -> String {
    guard let fragment else { return "∅" }
    return (try? CanonicalWriter.compact(fragment)) ?? Self.lenientCompact(fragment)
  }

  /// The expected fragment, rendered.
  public var expectedText: String { Self.render(expected) }
  /// The actual fragment, rendered.
  public var actualText: String { Self.render(actual) }

  static func find(_ expected: JSONValue, _ actual: JSONValue, path: JSONPath) -> FirstDivergence? {
    switch (expected, actual) {
    case (.object(let left), .object(let right)):
      let keys = Set(left.keys).union(right.keys).sorted(by: JSONValue.canonicalPrecedes)
      for key in keys {
        let childPath = path.appending(key: key)
        guard let leftValue = left[key], let rightValue = right[key] else {
          return FirstDivergence(path: childPath, expected: left[key], actual: right[key])
        }
        if let divergence = find(leftValue, rightValue, path: childPath) { return divergence }
      }
      return nil
    case (.array(let left), .array(let right)):
      for position in 0..<max(left.count, right.count) {
        let childPath = path.appending(index: position)
        guard position < left.count, position < right.count else {
          return FirstDivergence(
            path: childPath,
            expected: position < left.count ? left[position] : nil,
            actual: position < right.count ? right[position] : nil)
        }
        if let divergence = find(left[position], right[position], path: childPath) { return divergence }
      }
      return nil
    default:
      return sameScalar(expected, actual) ? nil : FirstDivergence(path: path, expected: expected, actual: actual)
    }
  }

  /// Scalars compare by their canonical spelling (so UUID case and `-0` never diverge).
  static func sameScalar(_ left: JSONValue, _ right: JSONValue) -> Bool {
    if left == right { return true }
    switch (left, right) {
    case (.string, .string), (.fraction, .fraction): return render(left) == render(right)
    default: return false
    }
  }

  /// A best-effort rendering for fragments the strict writer refuses (e.g. a float a runner sent).
  static func lenientCompact(_ value: JSONValue) -> String {
    switch value {
    case .largeInteger(let lexeme), .fraction(let lexeme): return lexeme
    case .array(let elements): return "[" + elements.map(lenientCompact).joined(separator: ",") + "]"
    case .object(let members):
      let entries = JSONValue.canonicalKeyOrder(members).map {
        CanonicalWriter.quoted($0) + ":" + lenientCompact(members[$0]!)
      }
      return "{" + entries.joined(separator: ",") + "}"
    default: return (try? CanonicalWriter.compact(value)) ?? "?"
    }
  }
}
