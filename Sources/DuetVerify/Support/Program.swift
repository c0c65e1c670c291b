/// The program's name, written once: every sentence the tool says starts with it
/// (`duet-verify: …`, `duet-verify <verb>: …`), and the commands it suggests begin with it.
enum Program {
  static let name = "duet-verify"

  /// The one rendering of a sentence's prefix: `duet-verify: ` when the program speaks,
  /// `duet-verify <verb>: ` when a verb does (`speaker`: `explain`, `record --check`).
  static func prefix(_ speaker: String? = nil) -> String {
    speaker.map { "\(name) \($0): " } ?? "\(name): "
  }
}
