/// How an event name is spelled: capitalised words (letters and digits) separated by single
/// spaces — `Session Signed In`.
///
/// One rule for both ends: the manifest lint holds the declared taxonomy to it, and the fan-out
/// holds every runtime `track` to it, so a name that could never be declared (empty, lower case,
/// a control character, a newline that would split the console line) never reaches a dashboard.
public enum EventNameRule {
  /// The sentence a refusal carries, naming the rule.
  public static let requirement =
    "an event name is capitalised words (letters and digits) separated by single spaces, as the taxonomy gate "
    + "requires of every recorded event ('Session Signed In')"

  /// Words separated by single spaces, each starting with an upper-case letter or a digit and made
  /// of letters and digits only.
  public static func isTitleWords(_ text: String) -> Bool {
    // Every `track` asks, so plain ASCII (nearly every name) is checked on its bytes.
    var atWordStart = true
    for byte in text.utf8 {
      guard byte < 0x80 else { return isTitleWordsByScalar(text) }
      if byte == 0x20 {
        if atWordStart { return false }
        atWordStart = true
        continue
      }
      let isDigitOrUpper = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
      if atWordStart {
        guard isDigitOrUpper else { return false }
        atWordStart = false
      } else if !isDigitOrUpper, !(0x61...0x7A).contains(byte) {
        return false
      }
    }
    return !atWordStart
  }

  private static func isTitleWordsByScalar(_ text: String) -> Bool {
    var atWordStart = true
    for scalar in text.unicodeScalars {
      if scalar == " " {
        if atWordStart { return false }
        atWordStart = true
        continue
      }
      let isDigit = ("0"..."9").contains(scalar)
      guard isDigit || scalar.properties.isAlphabetic else { return false }
      if atWordStart {
        guard isDigit || scalar.properties.isUppercase else { return false }
        atWordStart = false
      }
    }
    return !atWordStart
  }

  /// Whether `event`'s `encodedName()` follows the rule (checked on its two halves, without
  /// building the name).
  public static func admits(_ event: TrackedEvent) -> Bool {
    isTitleWords(event.subject) && isTitleWords(event.verb.token)
  }
}
