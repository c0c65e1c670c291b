import DuetCore

/// A double written as a literal at the call site: `.double(key: "duration_s", value: 1.5)`.
///
/// A literal is finite by construction (one too large for a double stops the program where it is
/// written), so it needs no `CanonicalDouble(1.5)!`. Only literals convert: a computed `Double`
/// still goes through `CanonicalDouble(_:)`, which makes the caller decide what NaN or infinity
/// means instead of a crash deciding it inside analytics.
public struct TrackedDoubleLiteral: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
  /// The literal's value.
  public let value: CanonicalDouble

  public init(floatLiteral literal: Double) {
    guard let double = CanonicalDouble(literal) else { preconditionFailure("\(literal) is not a finite double") }
    value = double
  }

  public init(integerLiteral literal: Int) {
    self.init(floatLiteral: Double(literal))
  }
}

extension TrackedParam {
  /// A measurement from a literal (`.double(key: "duration_s", value: 1.5)`).
  public static func double(key: String, value: TrackedDoubleLiteral) -> TrackedParam {
    .double(key: key, value: value.value)
  }
}
