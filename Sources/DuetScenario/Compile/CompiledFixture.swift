import DuetCore

/// One fixture a scenario compiles to: its name and its complete dialect-2 document.
///
/// The document is a tree, not text: the verifier owns writing it through the pretty writer,
/// comparing it with the file on disk and reporting drift.
public struct CompiledFixture: Equatable, Sendable {
  /// `counter-endings.keeps-counting`, `chain-ping-pong`.
  public let name: String
  /// The fixture document, as `record` would write it.
  public let document: JSONValue

  /// A fixture from its name and document (for goldens and for runners that compile elsewhere).
  public init(name: String, document: JSONValue) {
    self.name = name
    self.document = document
  }
}
