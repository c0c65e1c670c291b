/// `duet-verify taxonomy [--markdown] [--json]`: rendering and exit code, ready for the verb.
///
/// The verb's wiring (find the manifest, stream the fixtures through a `TaxonomyGate`) lives with
/// the other verbs; this is the part that turns a report into output, so the wiring stays short.
public enum TaxonomyCommand {
  /// The three renderings.
  public enum Format: Equatable, Sendable {
    case table
    case markdown
    case json
  }

  /// The output format the arguments ask for, and the arguments left for the common flags.
  /// Giving both `--markdown` and `--json` is a usage error, returned as a sentence.
  public static func format(from arguments: [String]) -> Result<(Format, [String]), TaxonomyUsageError> {
    var format = Format.table
    var rest: [String] = []
    var chosen: String?
    for argument in arguments {
      let wanted: Format
      switch argument {
      case "--markdown": wanted = .markdown
      case "--json": wanted = .json
      default:
        rest.append(argument)
        continue
      }
      if let chosen, chosen != argument { return .failure(TaxonomyUsageError(first: chosen, second: argument)) }
      chosen = argument
      format = wanted
    }
    return .success((format, rest))
  }

  /// The report in `format`, and the exit code: failed when any finding is an error.
  public static func render(report: TaxonomyReport, format: Format) -> (text: String, exitCode: ExitCode) {
    let text: String
    switch format {
    case .table: text = report.renderTable()
    case .markdown: text = report.renderMarkdown()
    case .json: text = report.renderJSON()
    }
    return (text, report.passed ? .passed : .failed)
  }
}

/// Two output formats asked for at once.
public struct TaxonomyUsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first format flag given.
  public var first: String
  /// The conflicting flag.
  public var second: String

  public var description: String {
    "duet-verify taxonomy: \(first) and \(second) cannot be combined; pick one output format."
  }
}
