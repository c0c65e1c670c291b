/// The program's name, written once: every sentence the tool says starts with it
/// (`duet-verify: …`, `duet-verify <verb>: …`), and the commands it suggests begin with it.
enum Program {
  static let name = "duet-verify"
}
