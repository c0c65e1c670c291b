/// A double that may cross into the dialect: the telemetry `double` parameter, and nothing else.
///
/// The core dialect forbids floating point (Swift and Kotlin print doubles differently), so the
/// canonical encoder refuses `Double` fields. Telemetry needs one exception; wrapping the number
/// in this type is how a type opts into it, visibly, at the one place it is allowed.
public struct CanonicalDouble: Hashable, Sendable, Codable {
  /// The number; always finite.
  public let value: Double

  /// Wraps a finite double; `nil` for NaN and infinity, which have no JSON spelling.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.value = value
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let number = try container.decode(Double.self)
    guard number.isFinite else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a finite number")
    }
    value = number
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }

  /// The shortest text that round-trips the number, always with a fraction or exponent so it
  /// re-parses as a double (`1.5`, `2.0`, `1e-07` → `1e-7`).
  public var canonicalText: String {
    var text = value.description
    if let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      let mantissa = text[..<exponent]
      var power = text[text.index(after: exponent)...]
      var sign = ""
      if power.first == "-" || power.first == "+" {
        if power.first == "-" { sign = "-" }
        power = power.dropFirst()
      }
      while power.count > 1, power.first == "0" { power = power.dropFirst() }
      text = "\(mantissa)e\(sign)\(power)"
    } else if !text.contains(".") {
      text += ".0"
    }
    return text
  }

  /// The canonical text for a parsed non-integer lexeme; `nil` when it is not finite.
  static func shortestText(forLexeme lexeme: String) -> String? {
    guard let number = Double(lexeme), let double = CanonicalDouble(number) else { return nil }
    return double.canonicalText
  }
}
