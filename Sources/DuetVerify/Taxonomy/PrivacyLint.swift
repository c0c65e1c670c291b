/// Flags string parameter values that look like user content rather than behaviour.
///
/// Parameters describe what happened (`provider: email`), never what the user typed
/// (`provider: ada@example.com`). The lint is a heuristic with published thresholds, tuned to let
/// enumeration labels (`safety_net`, `monthly`, `network_lost`) through:
/// - an **email address**: a word with something before an `@` and a dotted domain after it;
/// - a **phone number**: a run of digits and phone punctuation (`+ - . ( )` and spaces), not glued
///   to letters, holding 9 to 15 digits — or 7 to 15 after a leading `+`. (A date with a time,
///   `2026-07-02 09:30`, can trip it: send times as integers.) Eight-digit dates do not;
/// - **free text**: more than 48 characters, or five words or more. A label is short; a sentence
///   is content.
enum PrivacyLint {
  /// What a value looks like.
  enum Concern: String, Hashable, Sendable, CaseIterable {
    case emailAddress = "an email address"
    case phoneNumber = "a phone number"
    case freeText = "free text (more than 48 characters or five words)"
  }

  static let maximumLength = 48
  static let maximumWords = 4
  static let phoneDigits = 9...15
  static let internationalPhoneDigits = 7...15

  /// The first concern `value` raises, or `nil` when it reads as a behavioural label.
  static func concern(in value: String) -> Concern? {
    if containsEmailAddress(value) { return .emailAddress }
    if containsPhoneNumber(value) { return .phoneNumber }
    if value.count > maximumLength || words(in: value).count > maximumWords { return .freeText }
    return nil
  }

  static func words(in value: String) -> [Substring] {
    value.split(whereSeparator: { $0.isWhitespace })
  }

  static func containsEmailAddress(_ value: String) -> Bool {
    let separators: Set<Character> = ["<", ">", ",", ";", "(", ")", "\"", "'", ":"]
    for word in value.split(whereSeparator: { $0.isWhitespace || separators.contains($0) }) {
      guard let at = word.lastIndex(of: "@") else { continue }
      let local = word[..<at]
      let domain = word[word.index(after: at)...]
      let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
      guard !local.isEmpty, labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { continue }
      let domainCharacters = domain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
      if domainCharacters { return true }
    }
    return false
  }

  static func containsPhoneNumber(_ value: String) -> Bool {
    let punctuation: Set<Character> = ["+", "-", ".", "(", ")", " "]
    let characters = Array(value)
    var index = 0
    while index < characters.count {
      guard characters[index].isASCIIDigitOrPhonePunctuation(punctuation) else {
        index += 1
        continue
      }
      var end = index
      while end < characters.count, characters[end].isASCIIDigitOrPhonePunctuation(punctuation) { end += 1 }
      let gluedBefore = index > 0 && (characters[index - 1].isLetter || characters[index - 1].isNumber)
      let gluedAfter = end < characters.count && (characters[end].isLetter || characters[end].isNumber)
      if !gluedBefore && !gluedAfter {
        let run = characters[index..<end].drop { $0 == " " }
        let digits = run.filter { $0.isASCII && $0.isNumber }.count
        let range = run.first == "+" ? internationalPhoneDigits : phoneDigits
        if range.contains(digits) { return true }
      }
      index = end
    }
    return false
  }
}

extension Character {
  fileprivate func isASCIIDigitOrPhonePunctuation(_ punctuation: Set<Character>) -> Bool {
    (isASCII && isNumber) || punctuation.contains(self)
  }
}
