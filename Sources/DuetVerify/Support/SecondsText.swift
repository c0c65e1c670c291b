import DuetPlatform

/// A duration in milliseconds written as seconds with a fixed number of decimals ("12.3"),
/// rounded exactly as C's `printf("%.1f")` rounds (what `String(format:)` printed before the
/// verifier stopped linking Foundation; see docs/performance.md, seventh round).
enum SecondsText {
  /// `millis / 1000` with `places` decimals (0 to 9).
  static func of(millis: Int, places: Int) -> String {
    let format = "%.\(min(max(places, 0), 9))f"
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([Double(millis) / 1000]) { arguments in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}
