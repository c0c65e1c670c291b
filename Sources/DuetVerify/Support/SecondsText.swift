/// A duration in milliseconds written as seconds with a fixed number of decimals ("12.3"),
/// rounded exactly as C's `printf("%.1f")` rounds `Double(millis) / 1000` (what `String(format:)`
/// printed before the verifier stopped linking Foundation; see docs/performance.md, seventh and
/// ninth rounds). The digits are worked out in integers; only a decimal tie (50 ms to one place)
/// looks at the double, which lies above or below the tie as printf sees it (or on it, and then
/// rounds to even). Exact for every duration below 2^50 ms.
enum SecondsText {
  /// `millis / 1000` with `places` decimals (0 to 3: a millisecond has no more).
  static func of(millis: Int, places: Int) -> String {
    let places = min(max(places, 0), 3)
    let magnitude = millis.magnitude
    // The value in units of 10^-places, rounded as printf rounds.
    let divisor: UInt = places == 3 ? 1 : places == 2 ? 10 : places == 1 ? 100 : 1000
    var units = magnitude / divisor
    let rest = magnitude % divisor
    if rest * 2 > divisor {
      units += 1
    } else if rest * 2 == divisor {
      // The double's side of the tie: `double * 1000 - magnitude`, exact through one rounding.
      let side = (-Double(magnitude)).addingProduct(Double(magnitude) / 1000, 1000)
      if side > 0 || (side == 0 && units % 2 == 1) { units += 1 }
    }
    var digits = String(units)
    if places > 0 {
      if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
    }
    return millis < 0 ? "-" + digits : digits
  }
}
