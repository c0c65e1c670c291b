/// One change a mutation drill makes to a reducer source, located in the user's runner package.
///
/// The drill never edits the user's tree: a ``MutationPlan`` rewrites a scratch copy so that
/// every schematized mutant is compiled into one build, chosen at run time by
/// ``Mutant/activeVariable``; a mutant that cannot be schematized (``schematized`` false) is
/// applied on its own copy with ``applied(to:)`` and built alone.
struct Mutant: Hashable, Codable, Sendable {
  /// The environment variable a mutated runner reads: the ``id`` of the active mutant. Unset or
  /// any other value runs the original code.
  static let activeVariable = "DUET_VERIFY_MUTANT"
  /// The environment variable naming a trace file prefix: a runner started with it appends each
  /// mutant id whose site it evaluates, the first time in that process, one per line, to
  /// `<prefix>-<pid>` (so a baseline replay learns which mutants any recording reaches).
  static let traceVariable = "DUET_VERIFY_MUTANT_TRACE"
  /// With ``traceVariable``: what the runner's start-up evaluates, so the trace leaves it out. Its
  /// value ``startupProbe`` makes a runner write every evaluation (the drill starts one with no
  /// request to count its start-up); otherwise it lists `id:count` pairs (`4:1,9:2`), and a site
  /// is written only when evaluated more often than start-up does, i.e. once a request reached it.
  /// Every runner builds its whole registry (every scenario's `Given` state) before the first
  /// request, so without this start-up code would be credited to every feature.
  static let startupVariable = "DUET_VERIFY_MUTANT_TRACE_STARTUP"
  /// The value of ``startupVariable`` that writes every evaluation.
  static let startupProbe = "count"

  /// Unique within one plan: a short decimal string ("1", "2", …), in source order.
  var id: String
  var mutationOperator: MutationOperator
  /// The file, relative to the runner package's root (`Sources/Logic/Counter.swift`).
  var file: String
  /// Where the replaced text starts and ends in the original file: 1-based line and column
  /// (column counted in Unicode scalars, as the compiler counts them); `end` is exclusive.
  var start: SourcePosition
  var end: SourcePosition
  /// The original text at that range, and what the mutant puts there.
  var original: String
  var replacement: String
  /// The whole original source line and the same line mutated: the survivor block's one-line diff.
  var originalLine: String
  var mutatedLine: String
  /// False: the runtime switch cannot hold this change; it needs a build of its own.
  var schematized: Bool
  /// For ``MutationOperator/table`` rows: the row's `name` (and its `seeds`, when given).
  var tableRow: String? = nil
  var seeds: [String]? = nil
  /// What the planner knows of the code the site sits in; nil when no planner read it (a table
  /// row, a hand-made plan), which reads as ordinary code.
  var siteKind: SiteKind? = nil

  /// The context of a site that changes what a report advises: read by the planner from the
  /// tokens, so no report has to guess it again from the line's text.
  enum SiteKind: String, Codable, Sendable {
    /// Code that runs when a reducer is called: a reducer's body, a helper it calls, a constant.
    case code
    /// The initial value of a stored instance property (`var isOpen = false` in a `struct`,
    /// `class` or `actor`): a replay decodes each recording's whole starting state, so the value
    /// is seen only where a reducer builds a fresh value of the type.
    case storedPropertyDefault
  }

  /// `source` (the original file's text) with this one change made, for a build of its own.
  func applied(to source: String) -> String? {
    guard let range = SourcePosition.range(start, end, in: source), String(source[range]) == original else {
      return nil
    }
    var changed = source
    changed.replaceSubrange(range, with: replacement)
    return changed
  }
}
