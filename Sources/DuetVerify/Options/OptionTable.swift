import DuetRunner

/// Every option of `duet-verify`, declared once: its name, the value it takes, its help line, the
/// verbs that take it, and whether it may be repeated (docs/commands.md "Conventions").
///
/// Parsing, "did you mean", each verb's usage and help are all derived from this table, so an
/// option cannot be accepted by a verb whose help does not list it, or listed and then refused.
extension Option {
  /// One row of the table.
  struct Row {
    /// What follows the option.
    var value: OptionValue
    /// The help line (after the option and its placeholder).
    var help: String
    /// The verbs that take it. Lists, not `Set<Verb>`: a set's first use costs the runtime a
    /// conformance look-up (~250,000 instructions on every run, docs/performance.md), and a list of
    /// a few verbs is searched as fast.
    var verbs: [Verb]
    /// True when giving it several times accumulates; otherwise a second time is a usage error.
    var repeatable = false
    /// Verbs on which it accumulates although it is single-valued elsewhere (`verify --runner`:
    /// one runner per platform lane).
    var repeatableOn: [Verb] = []

    /// True when `verb` accumulates the option's values.
    func repeats(on verb: Verb) -> Bool { repeatable || repeatableOn.contains(verb) }
  }

  /// The table.
  var row: Row {
    let runs: [Verb] = [.verify, .record, .explain]
    let strength: [Verb] = [.coverage, .mutate]
    let manifestReaders: [Verb] = [.verify, .lint, .record, .explain, .materialize, .taxonomy, .coverage, .mutate]
    switch self {
    case .manifest:
      return Row(
        value: .text("PATH"), help: "the manifest (default: manifest.yaml or parity/manifest.yaml, walking up)",
        verbs: manifestReaders + [.merge])
    case .runner:
      return Row(
        value: .text("CMD"),
        help: "the runner: an executable path or a command line (default: build replayRunner); "
          + "verify: repeat for a lane per platform; coverage, mutate: refused (a built runner cannot be instrumented)",
        verbs: runs + strength, repeatableOn: [.verify, .explain])
    case .rebuild:
      return Row(
        value: .none,
        help: "build replayRunner even when no input changed since its last build (verify: the swift lane's)",
        verbs: runs)
    case .lane:
      return Row(
        value: .text("NAME"),
        help: "only the lane of platform NAME (explain: that lane's report; default: the failing one)",
        verbs: [.verify, .explain])
    case .timeout:
      return Row(
        value: .seconds("S"),
        help: "seconds allowed for the handshake and each request (default \(Int(RunnerLimits().timeout)); "
          + "mutate: per mutant request, default from the baseline)",
        verbs: runs + strength)
    case .feature:
      return Row(
        value: .text("F"), help: "only feature F (verify: and the chains through it); repeat for several",
        verbs: [.verify, .record, .coverage, .mutate], repeatable: true)
    case .chain: return Row(value: .text("C"), help: "only chain C", verbs: [.record])
    case .jobs:
      return Row(
        value: .count("N", 1...256, noun: "runner processes"),
        help: "runner processes (default: CPU count; mutate: mutants run at once)",
        verbs: [.verify, .record, .coverage, .mutate])
    case .shard:
      return Row(
        value: .shard("K/N"),
        help: "this machine's share of the recordings, balanced by cost; auto: from the CI engine's variables",
        verbs: [.verify])
    case .timings:
      return Row(
        value: .text("FILE"), help: "balance --shard shares by the durations measured in FILE (--write-timings)",
        verbs: [.verify])
    case .writeTimings:
      return Row(
        value: .text("FILE"), help: "write each recording's measured duration to FILE, for --timings",
        verbs: [.verify, .merge])
    case .allowEmptyShard:
      return Row(
        value: .none, help: "pass a --shard share that holds no recordings (\"0 recordings in this shard\")",
        verbs: [.verify])
    case .check:
      return Row(value: .none, help: "compare instead of writing: fail on behavioural drift", verbs: [.record])
    case .write: return Row(value: .none, help: "with --check, apply the rewrite", verbs: [.record])
    case .markdown: return Row(value: .none, help: "the taxonomy as a Markdown table", verbs: [.taxonomy])
    case .json:
      return Row(
        value: .none, help: "one JSON object on stdout instead of the human report",
        verbs: [.verify, .lint, .record, .taxonomy, .coverage, .mutate, .merge])
    case .junit:
      return Row(
        value: .text("FILE"),
        help: "also write JUnit XML (one test case per recording; coverage: per feature; mutate: per mutant)",
        verbs: [.verify, .record, .coverage, .mutate, .merge])
    case .html:
      return Row(
        value: .text("FILE"),
        help:
          "also write one self-contained HTML page (matrix, failures, taxonomy; coverage: the marked sources; "
          + "mutate: the mutants and survivors)",
        verbs: [.verify, .coverage, .mutate, .merge])
    case .pretty: return Row(value: .none, help: "pretty form instead of compact", verbs: [.canonical])
    case .out:
      return Row(
        value: .text("PATH"), help: "write the test to this .swift file, or into this folder; default: print it",
        verbs: [.materialize])
    case .module:
      return Row(
        value: .text("M"), help: "the module to @testable import (default: from the swift: path, Sources/<M>/)",
        verbs: [.materialize])
    case .reducer:
      return Row(
        value: .text("R"), help: "the reducer to call (default: Duet's naming, SplashState → splashReducer)",
        verbs: [.materialize])
    case .minLines:
      return Row(
        value: .count("P", 0...100, noun: "percent"), help: "fail (exit 1) when fewer than P% of the lines are reached",
        verbs: [.coverage])
    case .minScore:
      return Row(
        value: .count("P", 0...100, noun: "percent"),
        help: "pass (exit 0) with survivors when the mutation score is at least P%", verbs: [.mutate])
    case .tableOnly:
      return Row(
        value: .none, help: "only the rows of Duet's table (parity/mutations.json), no automatic mutants",
        verbs: [.mutate])
    case .since:
      return Row(
        value: .text("REV"), help: "only mutants on lines changed since git revision REV (a pull request's drill)",
        verbs: [.mutate])
    case .noCache:
      return Row(value: .none, help: "run every mutant again, ignoring the results cached in .runs/", verbs: [.mutate])
    case .buildEach:
      return Row(
        value: .none, help: "build every mutant on its own instead of once for all (slow: to measure the difference)",
        verbs: [.mutate])
    case .quiet:
      return Row(
        value: .none, help: "no counts line: only failures (record: and changes) and the verdict",
        verbs: [.verify, .lint, .record, .merge])
    case .noColor:
      return Row(
        value: .none, help: "never colour (NO_COLOR is honoured too)",
        verbs: [.verify, .lint, .record, .explain, .merge])
    case .help: return Row(value: .none, help: "print this help and exit", verbs: Verb.allCases)
    case .version: return Row(value: .none, help: "print the version and exit", verbs: Verb.allCases)
    }
  }

  /// The one-letter spellings (`-h`).
  static let shortNames: [String: Option] = ["-h": .help]

  /// Options that cannot be combined on a verb, and why.
  static let exclusions: [(verb: Verb, options: (Option, Option), advice: String)] = [
    (.record, (.feature, .chain), "record features or one chain, not both"),
    (.taxonomy, (.markdown, .json), "pick one output format"),
    (.record, (.runner, .rebuild), "--rebuild builds the manifest's replayRunner, and you build a --runner yourself"),
  ]

  /// Options that only mean something beside another one on a verb.
  static let requirements: [(verb: Verb, option: Option, needs: Option, advice: String)] = [
    (.record, .write, .check, "use it as record --check --write (plain record already writes)"),
    (.record, .json, .check, "use it as record --check --json"),
    (.record, .junit, .check, "use it as record --check --junit FILE"),
    (.verify, .allowEmptyShard, .shard, "use it as verify --shard K/N --allow-empty-shard"),
    (.verify, .timings, .shard, "use it as verify --shard K/N --timings FILE (it balances shares)"),
  ]

  /// The option as a sentence writes it: its name and placeholder (`--timeout S`), or the name
  /// alone for a switch.
  var spelled: String { row.value.placeholder.map { "\(rawValue) \($0)" } ?? rawValue }

  /// The options `verb` takes, in table order.
  static func taken(by verb: Verb) -> [Option] {
    allCases.filter { $0.row.verbs.contains(verb) }
  }

  /// The verbs taking this option, in verb order, for sentences.
  var verbNames: String {
    Verb.allCases.filter(row.verbs.contains).map(\.rawValue).joined(separator: ", ")
  }
}
