/// The environment variables a package manifest reads, found in its text: a `Package.swift` may
/// choose a `.define` or a dependency by `ProcessInfo.processInfo.environment["X"]` or
/// `getenv("X")`, so `X` is an input of the runner's build like a source file (RunnerFingerprint).
///
/// Names are taken from `environment["X"]` and `getenv("X")` (spaces allowed around the
/// parentheses and brackets; comments are not read). A manifest that otherwise mentions
/// `environment` or `getenv` (a name
/// computed at run time, the whole dictionary) may read anything: then `readsAll` is true and the
/// whole environment counts.
struct ManifestEnvironment: Equatable, Sendable {
  var names: Set<String> = []
  var readsAll = false

  /// What `text` (a manifest's source) reads.
  static func scan(_ text: String) -> ManifestEnvironment {
    var found = ManifestEnvironment()
    let bytes = withoutComments(Array(text.utf8))
    for (word, opener) in [(Array("environment".utf8), UInt8(ascii: "[")), (Array("getenv".utf8), UInt8(ascii: "("))] {
      var index = 0
      while let start = find(word, in: bytes, from: index) {
        index = start + word.count
        if let name = literalArgument(in: bytes, after: index, opener: opener) {
          found.names.insert(name)
        } else {
          found.readsAll = true
        }
      }
    }
    return found
  }

  /// `bytes` with the text of `//` and `/* */` comments blanked (string literals kept), so a comment
  /// that mentions the environment does not make every variable count.
  static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
    var kept = bytes
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
      } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
          kept[index] = UInt8(ascii: " ")
          index += 1
        }
      } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
        while index < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
        {
          kept[index] = UInt8(ascii: " ")
          index += 1
        }
        for end in index..<min(index + 2, bytes.count) { kept[end] = UInt8(ascii: " ") }
        index += 2
      } else {
        index += 1
      }
    }
    return kept
  }

  /// The string literal right after `opener` at `index` (spaces skipped), as in `["X"]`.
  private static func literalArgument(in bytes: [UInt8], after index: Int, opener: UInt8) -> String? {
    var at = skipSpaces(bytes, index)
    guard at < bytes.count, bytes[at] == opener else { return nil }
    at = skipSpaces(bytes, at + 1)
    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
    let start = at + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] != UInt8(ascii: "\n")
    {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > start else { return nil }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private static func skipSpaces(_ bytes: [UInt8], _ index: Int) -> Int {
    var at = index
    while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
    return at
  }

  private static func find(_ word: [UInt8], in bytes: [UInt8], from index: Int) -> Int? {
    guard word.count <= bytes.count else { return nil }
    var at = index
    while at + word.count <= bytes.count {
      if bytes[at] == word[0], bytes[at..<(at + word.count)].elementsEqual(word) { return at }
      at += 1
    }
    return nil
  }
}
