/// The verbs of `duet-verify`, listed once: dispatch, "did you mean", the overview and each verb's
/// help all read this list.
enum Verb: String, CaseIterable, Sendable {
  case verify
  case lint
  case record
  case explain
  case materialize
  case taxonomy
  case coverage
  case mutate
  case merge
  case canonical
  case mcp
  case version
  case help

  /// The verb run when the first argument is an option or there is none.
  static let defaultVerb = Verb.verify

  /// The verb's usage lines, after `duet-verify `; options spelled from the option table.
  var synopsis: [String] {
    let (feature, chain) = (Option.feature.spelled, Option.chain.spelled)
    switch self {
    case .verify: return ["verify [options]"]
    case .lint: return ["lint [options]"]
    case .record:
      return [
        "record [\(feature) ... | \(chain)] [options]",
        "record \(Option.check.spelled) [\(Option.write.spelled)] [options]",
      ]
    case .explain: return ["explain [<fixture>[#<step>]] [options]"]
    case .materialize:
      return [
        "materialize <recording>#<step> [\(Option.out.spelled)] [\(Option.module.spelled)] "
          + "[\(Option.reducer.spelled)] [options]"
      ]
    case .taxonomy: return ["taxonomy [\(Option.markdown.spelled) | \(Option.json.spelled)] [options]"]
    case .coverage: return ["coverage [\(feature) ...] [\(Option.minLines.spelled)] [options]"]
    case .mutate:
      return [
        "mutate [\(feature) ...] [\(Option.since.spelled)] [\(Option.minScore.spelled)] [options]"
      ]
    case .merge:
      return [
        "merge SHARD.json... [\(Option.json.spelled)] [\(Option.junit.spelled)] [\(Option.html.spelled)]"
      ]
    case .canonical: return ["canonical [\(Option.pretty.spelled)] [FILE|-]"]
    case .mcp: return ["mcp"]
    case .version: return ["version"]
    case .help: return ["help [verb]"]
    }
  }

  /// The verb's line in the overview (`duet-verify help`): its shape and what it does.
  var overview: (shape: String, summary: String) {
    let (feature, chain) = (Option.feature.spelled, Option.chain.spelled)
    switch self {
    case .verify: return ("verify", "lint, replay every recording through the runner, byte-compare, taxonomy gate")
    case .lint: return ("lint", "manifest and fixtures-folder checks only, no runner")
    case .record: return ("record [\(feature)|\(chain)]", "regenerate recordings from scenarios through the runner")
    case .explain:
      return (
        "explain [<fixture>[#<step>]]", "re-render the last run's failures; with a step, replay it and show full trees"
      )
    case .materialize:
      return ("materialize <recording>#<step>", "write the step as an XCTest that runs the reducer in-process")
    case .taxonomy:
      return (
        "taxonomy [\(Option.markdown.spelled)|\(Option.json.spelled)]",
        "the event taxonomy read out of the recordings, against the declared one"
      )
    case .coverage:
      return (
        "coverage [\(Option.minLines.spelled)]", "reducer code no recording reaches, from an instrumented scratch build"
      )
    case .mutate:
      return (
        "mutate [\(Option.since.spelled)]",
        "changes to the reducers no recording notices: mutants in one scratch build"
      )
    case .merge:
      return ("merge SHARD.json...", "join the \(Option.json.spelled) reports of a sharded run into one report")
    case .canonical:
      return (
        "canonical [\(Option.pretty.spelled)] [FILE|-]", "print a JSON document in canonical compact (or pretty) form"
      )
    case .mcp: return ("mcp", "serve the verbs to a coding agent: a Model Context Protocol server on stdio")
    case .version: return ("version", "print the version")
    case .help: return ("help [verb]", "this text, or one verb's options")
    }
  }

  /// The paragraph under the usage lines of `duet-verify help <verb>`.
  var description: String {
    switch self {
    case .verify:
      return """
        Lint, replay every recording listed in the manifest through runner processes, compare each
        step's state and effects byte for byte, and check the telemetry taxonomy.
        """
    case .lint:
      return """
        Check the manifest and the fixtures folder without a runner: grammar and rules, paths,
        missing and orphan recordings, owners, chain nodes, dialects, canonical form, taxonomy section.
        """
    case .record:
      return """
        Ask the runner to compile the scenarios of every manifest feature and chain (or the ones named)
        and write each recording in canonical pretty form, atomically. Nothing is written until every
        target has compiled; a runner that fails writes nothing. Only what changed is printed; the
        unchanged count is in the summary. Recordings the manifest does not list, and recordings no
        scenario produces any more, are reported with the manifest lines to change.

        --check compares instead of writing: identical or metadata-only (labels, lines, descriptions)
        passes; a behavioural difference, a new or vanished recording, or an unlisted one fails, naming
        each file and its first divergent path. The fixtures folder stays byte-identical and the
        would-be rewrite is written to .runs/record-check/ for review; --write applies it instead.
        """
    case .explain:
      return """
        Without arguments, print the last run's failure blocks (from .runs/). With a recording,
        print its block. With <fixture>#<step>, replay the recording up to that step through the
        runner and print the full expected and actual state and effects, then the diff around the
        first divergence. Exits 1 when what it shows failed.
        """
    case .materialize:
      return """
        Write one self-contained XCTest file for a recorded step: it seeds the state recorded before
        the step, runs the feature's reducer in-process and asserts the recorded state and effects with
        the canonical encoder, so a failing step becomes a unit test to set a breakpoint in. The types
        come from the feature's state:, action: and effectPayload: keys in the manifest, the module
        from its swift: path (Sources/<Module>/…), the reducer from Duet's naming (SplashState →
        splashReducer). Without --out the file is printed; --out replaces only a file it generated.
        """
    case .taxonomy:
      return """
        Read every track event out of the recordings and show the taxonomy (event, declaring and emitting
        features, parameters, recordings) against the events: each feature declares in the manifest; fails
        on any taxonomy error.
        """
    case .coverage:
      return """
        Copy the manifest's replayRunner package into a scratch folder, build it there with LLVM
        source-based coverage, replay the recordings through it and report, per feature, the lines and
        regions of its reducer module (Sources/<Module>/ of its swift: file) that the recordings reach,
        and each unreached region with file:line, its function and switch case, and the scenario that
        would reach it. Library code is not counted. Your tree and its .build/ are never written; an
        interrupt removes the scratch. Exits 1 below --min-lines P; a --runner cannot be instrumented.
        """
    case .mutate:
      return """
        Copy the manifest's replayRunner package into a scratch folder, compile every mutant of its
        reducer modules (and the rows of Duet's parity/mutations.json) into one build behind a runtime
        switch, replay the recordings once unmutated (the baseline: all must pass, or the drill aborts),
        then replay, per mutant, only the recordings of the features that reach it, stopping at the
        first failing step. Each mutant is Killed, Survived, NoCoverage (no recording reaches it),
        Timeout, RuntimeError or CompileError. Survivors are printed with file:line:column, the diff
        and the scenario to extend. Exits 1 when a mutant survived, unless the score reaches
        --min-score P. Your tree is never written; an interrupt removes the scratch.
        """
    case .merge:
      return """
        Join the --json reports of every shard of one sharded verify (--shard K/N) into one report:
        the summary, JUnit, HTML and JSON of the whole run, lanes and taxonomy included. Fails,
        naming the problem, when a share is missing or given twice, or when the shards ran different
        corpora or runners; exits 1 when any shard failed.
        """
    case .canonical:
      return "Print a JSON document (a file, or standard input for - or none) in canonical compact form."
    case .mcp:
      return """
        Serve verify, lint, explain, record --check, materialize and coverage as Model Context Protocol
        tools to a coding agent: JSON-RPC 2.0 on standard input and output, one message per line, until
        standard input ends. Each tool takes the verb's options as JSON arguments and answers its
        verdict line and the JSON its --json prints. An agent client launches it; nothing else is
        ever written to standard output. Tool calls run in the folder the server was started in.
        """
    case .version: return "Print the version."
    case .help: return "List the verbs, or one verb's options."
    }
  }

  /// How many arguments that are not options the verb takes, and what they are called.
  var operands: (name: String, most: Int)? {
    switch self {
    case .explain: return ("<fixture>[#<step>]", 1)
    case .materialize: return ("<recording>#<step>", 1)
    case .canonical: return ("FILE", 1)
    case .merge: return ("SHARD.json", Int.max)
    case .help: return ("verb", 1)
    case .verify, .lint, .record, .taxonomy, .coverage, .mutate, .mcp, .version: return nil
    }
  }

  /// What to do instead when an argument is given that the verb does not take.
  var operandAdvice: String {
    switch self {
    case .verify: return "Scope a run with \(Option.feature.spelled) instead."
    case .record: return "Scope it with \(Option.feature.spelled) or \(Option.chain.spelled) instead."
    case .lint: return "lint checks the whole repository."
    case .taxonomy: return "It reads every recording."
    case .coverage: return "Scope it with \(Option.feature.spelled) instead."
    case .mutate: return "Scope it with \(Option.feature.spelled) or \(Option.since.spelled) instead."
    case .explain: return "Give one recording (name or name#step), not several."
    case .materialize: return "Give one step (<recording>#<step>); run it again for another."
    case .canonical: return "Give one file (or - for standard input), not several."
    case .merge: return "Give the \(Option.json.spelled) report of every shard."
    case .mcp: return "It takes none: the tools take their arguments as JSON over standard input."
    case .version, .help: return "It takes none."
    }
  }
}
