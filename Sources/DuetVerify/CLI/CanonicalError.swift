/// Why `duet-verify canonical` read no document: the facts, rendered to sentences in one place
/// (`message`; `Diagnostic` adds the prefix).
enum CanonicalError: Diagnostic, Equatable, Sendable {
  /// Standard input passed `limit` bytes.
  case inputTooLarge(limit: Int)
  /// The file `name` is `size` bytes, over `limit`.
  case fileTooLarge(String, size: Int, limit: Int)
  /// The path names something other than a file (`kind`: a folder, a link…).
  case notAFile(String, kind: String)
  /// The file could not be read.
  case unreadable(String)

  var speaker: String? { "canonical" }

  var message: String {
    switch self {
    case .inputTooLarge(let limit):
      return "standard input passed the \(limit >> 20) MiB limit (the largest recording the verifier reads), so it "
        + "was not read. Give it a smaller document."
    case .fileTooLarge(let name, let size, let limit):
      return "'\(name)' is \(size >> 20) MiB, over the \(limit >> 20) MiB limit (the largest recording the verifier "
        + "reads), so it was not read."
    case .notAFile(let name, let kind): return "'\(name)' is \(kind), not a JSON file, so it was not read."
    case .unreadable(let name): return "cannot read '\(name)'. Check the path and that the file is readable."
    }
  }
}
