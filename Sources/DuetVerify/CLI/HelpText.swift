/// `duet-verify help [verb]`: the verbs, and each verb's options.
enum HelpText {
  static let overview = """
    usage: duet-verify <verb> [options]     (verify when no verb is given)

    verbs:
      verify                         lint, replay every recording through the runner, byte-compare, taxonomy gate
      lint                           manifest and fixtures-folder checks only, no runner
      record [--feature F|--chain C] regenerate recordings from scenarios through the runner
      record --check [--write]       drift gate: fail when record would change behaviour (--write applies it)
      explain [<fixture>[#<step>]]   re-render the last run's failures; with a step, replay it and show full trees
      taxonomy [--markdown|--json]   the event taxonomy read out of the recordings, against the declared one
      canonical [--pretty] [FILE|-]  print a JSON document in canonical compact (or pretty) form
      version                        print the version
      help [verb]                    this text, or one verb's options

    exit codes: 0 passed · 1 the gate failed · 2 usage error or nothing to verify
    """

  static let common = """
      --manifest PATH   the manifest (default: manifest.yaml or parity/manifest.yaml, walking up)
    """

  static let runner = """
      --runner CMD      the runner: an executable path or a command line (default: build replayRunner)
      --timeout S       seconds allowed for the handshake and each request (default 10)
    """

  static func text(for verb: String?) -> String? {
    switch verb {
    case nil: return overview
    case "verify":
      return """
        usage: duet-verify verify [options]

        Lint, replay every recording listed in the manifest through runner processes, compare each
        step's state and effects byte for byte, and check the telemetry taxonomy.

        options:
        \(common)
        \(runner)
          --feature F       only feature F's recordings (and chains through it)
          --jobs N          runner processes (default: CPU count)
          --shard K/N       this machine's deterministic share of the recordings
          --json            one JSON object on stdout instead of the human report
          --junit FILE      also write JUnit XML (one test case per recording)
          --quiet           only failures and the verdict
          --no-color        never colour (NO_COLOR is honoured too)
        """
    case "lint":
      return """
        usage: duet-verify lint [--manifest PATH] [--quiet] [--no-color]

        Check the manifest and the fixtures folder without a runner: grammar and rules, paths,
        missing and orphan recordings, owners, chain nodes, dialects, canonical form, taxonomy section.
        """
    case "explain":
      return """
        usage: duet-verify explain [<fixture>[#<step>]] [options]

        Without arguments, print the last run's failure blocks (from .runs/). With a recording,
        print its block. With <fixture>#<step>, replay the recording up to that step through the
        runner and print the full expected and actual state and effects.

        options:
        \(common)
        \(runner)
          --no-color        never colour
        """
    case "record": return RecordHelp.text
    case "canonical":
      return "usage: duet-verify canonical [--pretty] [FILE|-]\n\nPrint a JSON document in canonical compact form "
        + "(or pretty form with --pretty)."
    case "taxonomy":
      return "usage: duet-verify taxonomy [--markdown | --json] [--manifest PATH]\n\nRead every track event out of the "
        + "recordings and show the taxonomy (event, declaring and emitting features, parameters, recordings) against "
        + "the events: each feature declares in the manifest; fails on any taxonomy error."
    case "version": return "usage: duet-verify version\n\nPrint the version."
    case "help": return "usage: duet-verify help [verb]\n\nList the verbs, or one verb's options."
    default: return nil
    }
  }
}
