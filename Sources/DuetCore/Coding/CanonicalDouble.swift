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

  /// The number as Duet's Kotlin core writes it (`Double.toString` on the JVM): the shortest
  /// digits that round-trip, plain between 10^-3 and 10^7 (`1.5`, `2.0`, `0.001`), otherwise in
  /// E-notation with one digit before the point (`1.0E-7`, `1.2345678E7`). Both cores must write
  /// one spelling, or a Kotlin recording would drift when Swift re-writes it.
  public var canonicalText: String {
    guard value != 0 else { return value.sign == .minus ? "-0.0" : "0.0" }
    let (digits, exponent) = Self.shortestDigits(of: value.magnitude)
    let sign = value < 0 ? "-" : ""
    // `exponent` is the power of ten of the first digit: d.ddd × 10^exponent.
    if exponent >= -3 && exponent < 7 {
      if exponent < 0 {
        return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
      }
      let whole = exponent + 1
      if digits.count <= whole {
        return sign + digits + String(repeating: "0", count: whole - digits.count) + ".0"
      }
      return sign + digits.prefix(whole) + "." + digits.dropFirst(whole)
    }
    let fraction = digits.count > 1 ? String(digits.dropFirst()) : "0"
    return sign + digits.prefix(1) + "." + fraction + "E" + String(exponent)
  }

  /// The shortest round-tripping significant digits of a positive finite number (Swift's own
  /// `description` computes them) and the decimal exponent of the first digit.
  private static func shortestDigits(of magnitude: Double) -> (digits: String, exponent: Int) {
    let text = magnitude.description
    var mantissa = Substring(text)
    var exponent = 0
    if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<marker]
      exponent = Int(text[text.index(after: marker)...]) ?? 0
    }
    let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
    let integerPart = mantissa[..<point]
    let fractionPart = point < mantissa.endIndex ? mantissa[mantissa.index(after: point)...] : ""
    var digits = String(integerPart + fractionPart)
    exponent += integerPart.count - 1
    while digits.first == "0", digits.count > 1 {
      digits.removeFirst()
      exponent -= 1
    }
    while digits.last == "0", digits.count > 1 { digits.removeLast() }
    return (digits, exponent)
  }

  /// The canonical text for a parsed non-integer lexeme; `nil` when it is not finite.
  static func shortestText(forLexeme lexeme: String) -> String? {
    guard let number = Double(lexeme), let double = CanonicalDouble(number) else { return nil }
    return double.canonicalText
  }
}
