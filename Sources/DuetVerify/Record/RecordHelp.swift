/// `duet-verify help record`.
enum RecordHelp {
  static let text = """
    usage: duet-verify record [--feature F | --chain C] [options]
           duet-verify record --check [--write] [options]

    Ask the runner to compile the scenarios of every manifest feature and chain (or the one named)
    and write each recording in canonical pretty form, atomically. Nothing is written until every
    target has compiled; a runner that fails writes nothing. Recordings the manifest does not list,
    and recordings no scenario produces any more, are reported with the manifest lines to change.

    --check compares instead of writing: identical or metadata-only (labels, lines, descriptions)
    passes; a behavioural difference, a new or vanished recording, or an unlisted one fails, naming
    each file and its first divergent path. The fixtures folder stays byte-identical and the
    would-be rewrite is written to .runs/record-check/ for review; --write applies it instead.

    options:
    \(HelpText.common)
    \(HelpText.runner)
      --feature F       only feature F's scenarios
      --chain C         only chain C
      --jobs N          runner processes (default: CPU count)
      --quiet           leave out the unchanged recordings
      --no-color        never colour (NO_COLOR is honoured too)
    """
}
