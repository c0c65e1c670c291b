/// The terminal's line for a parity break:
/// `✗ parity break: 'counter' passes on swift but fails on kotlin, first at step 1 expectedState.count`.
enum ParityBreakLine {
  static func render(_ parity: ParityBreak, style: TerminalStyle) -> String {
    var text =
      style.red("✗") + " parity break: '\(parity.fixture.printable)' passes on "
      + parity.passedOn.map(\.printable).joined(separator: ", ") + " but fails on "
      + parity.failedOn.map(\.printable).joined(separator: ", ")
    if let step = parity.step { text += ", first at step \(step)" }
    if let path = parity.path {
      text += (parity.step == nil ? ", first at " : " ") + path.printable
    } else {
      text += " (" + FailureBlock.phrase(parity.reason) + ")"
    }
    return text
  }
}
