import DuetPlatform

/// The characters `trimming(_:)` removes, as Foundation's `CharacterSet` names them.
enum TrimmedCharacters {
  /// Spaces (Unicode category Zs) and the tab.
  case whitespaces
  /// U+000A to U+000D, U+0085, U+2028 and U+2029.
  case newlines
  /// Both.
  case whitespacesAndNewlines

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let isNewline = (0x0A...0x0D).contains(scalar.value) || [0x85, 0x2028, 0x2029].contains(scalar.value)
    let isSpace = scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    switch self {
    case .whitespaces: return isSpace
    case .newlines: return isNewline
    case .whitespacesAndNewlines: return isSpace || isNewline
    }
  }
}

/// The few `NSString` text edits the verifier used, over Unicode scalars, so the verifier links
/// no Foundation module that needs ICU (docs/performance.md, seventh round). Scalars, not
/// characters: `"\r\n"` is one `Character`, and escaping its `"\n"` must still find it.
extension StringProtocol {
  /// The text without `characters` at either end (`trimmingCharacters(in:)`).
  func trimming(_ characters: TrimmedCharacters) -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !characters.contains($0) }),
      let last = scalars.lastIndex(where: { !characters.contains($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// Every occurrence of `target` replaced by `replacement`, left to right, never overlapping
  /// (`replacingOccurrences(of:with:)`); the text unchanged for an empty `target`.
  func replacingEvery(_ target: String, with replacement: String) -> String {
    let text = String(self)
    let wanted = Array(target.unicodeScalars)
    guard !wanted.isEmpty else { return text }
    let scalars = text.unicodeScalars
    var result = String.UnicodeScalarView()
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if let end = scalars.matchEnd(of: wanted, at: index) {
        result.append(contentsOf: replacement.unicodeScalars)
        index = end
      } else {
        result.append(scalars[index])
        index = scalars.index(after: index)
      }
    }
    return String(result)
  }

  /// The text padded with spaces, or cut, to `length` UTF-16 units
  /// (`padding(toLength:withPad:startingAt:)` with a one-space pad).
  func padded(toLength length: Int) -> String {
    let units = utf16.count
    guard units < length else { return String(decoding: Array(utf16.prefix(length)), as: UTF16.self) }
    return String(self) + String(repeating: " ", count: length - units)
  }
}

extension Substring {
  /// The range of the first occurrence of `target` (`range(of:)`), matched scalar by scalar.
  func firstRange(ofScalars target: String) -> Range<Index>? {
    let wanted = Array(target.unicodeScalars)
    guard !wanted.isEmpty else { return nil }
    let scalars = unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if let end = scalars.matchEnd(of: wanted, at: index) { return index..<end }
      index = scalars.index(after: index)
    }
    return nil
  }
}

extension BidirectionalCollection where Element == Unicode.Scalar {
  /// Where `wanted` ends when it starts at `start`; nil when it does not start there.
  fileprivate func matchEnd(of wanted: [Unicode.Scalar], at start: Index) -> Index? {
    var index = start
    for scalar in wanted {
      guard index < endIndex, self[index] == scalar else { return nil }
      index = self.index(after: index)
    }
    return index
  }
}

/// An error as a sentence for a message: a file error names the file and the system's reason
/// (`/tmp/x: Permission denied`), where Foundation's `localizedDescription` on Linux said only
/// "The operation could not be completed".
enum ErrorText {
  static func of(_ error: any Error) -> String {
    if let error = error as? CocoaError {
      let reason = (error.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
      switch (error.filePath, reason) {
      case (let path?, let reason?): return path + ": " + reason
      case (let path?, nil): return path + ": " + "\(error.code)"
      default: break
      }
    }
    return "\(error)"
  }
}
