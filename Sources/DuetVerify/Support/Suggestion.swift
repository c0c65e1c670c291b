/// "Did you mean …?" for a mistyped key: the closest known word within a small edit distance.
enum Suggestion {
  /// The known word closest to `word`, when it is close enough to be a likely typo.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (word: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance <= max(2, candidate.count / 3), distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.word
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// `; did you mean 'state'?` or an empty string.
  static func hint(for word: String, among candidates: [String]) -> String {
    guard let match = closest(to: word, among: candidates) else { return "" }
    return " Did you mean '\(match)'?"
  }
}
